package bots

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"boardgames/ai"
	"boardgames/ai/eval"
	"boardgames/ai/solve/egdb"
	"boardgames/rules/checkers"
	"boardgames/rules/games"
)

// The 3-piece databases, built once for the tests that need them.
var (
	smallOnce sync.Once
	smallDB   *egdb.DB
	smallErr  error
)

// TestMain keeps the tests off the databases a developer may have built in
// the cache folder: those that want databases build their own.
func TestMain(m *testing.M) {
	os.Setenv(EnvDB, "off")
	os.Exit(m.Run())
}

func small(t *testing.T) *egdb.DB {
	t.Helper()
	smallOnce.Do(func() {
		dir, err := os.MkdirTemp("", "bots-egdb")
		if err != nil {
			smallErr = err
			return
		}
		dir = filepath.Join(dir, "db")
		if _, smallErr = egdb.Build(context.Background(), dir, egdb.BuildOptions{Pieces: 3}); smallErr == nil {
			smallDB, smallErr = egdb.Open(dir, 0)
		}
	})
	if smallErr != nil {
		t.Fatal(smallErr)
	}
	return smallDB
}

func checkersPos(t *testing.T, fen string) games.Position {
	t.Helper()
	g, err := games.Lookup("checkers")
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.Parse(fen, games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCheckersEngineAsksTheDatabases(t *testing.T) {
	db := small(t)
	UseCheckersDB(db)
	defer UseCheckersDB(nil)
	pos := checkersPos(t, "B:WK10:BK1,K3") // 2 kings against 1: won in 29 plies
	info, err := Think(context.Background(), pos, Spec{Algo: "engine", Params: ai.Params{Depth: 3}})
	if err != nil {
		t.Fatal(err)
	}
	// The positions after each move are in the databases: a depth of 1
	// would do, and the value is exact.
	if info.Score != ai.WinScore-29 || !info.Exact || info.Note != "" {
		t.Errorf("engine with the databases: score %d exact %v note %q", info.Score, info.Exact, info.Note)
	}
	UseCheckersDB(nil)
	info, err = Think(context.Background(), pos, Spec{Algo: "engine", Params: ai.Params{Depth: 3}})
	if err != nil {
		t.Fatal(err)
	}
	if ai.IsDecided(info.Score) || info.Note != NoDatabaseNote {
		t.Errorf("engine without databases: score %d note %q", info.Score, info.Note)
	}
}

func TestPerfectCheckers(t *testing.T) {
	if !slicesContains(LevelsFor("checkers"), Perfect) {
		t.Fatal("no Perfect level for checkers")
	}
	db := small(t)
	UseCheckersDB(db)
	defer UseCheckersDB(nil)
	// The kings win against the lone king, move after move, against the
	// engine's defence, within the 29 plies the databases promise.
	g, _ := games.Lookup("checkers")
	pos := checkersPos(t, "B:WK10:BK1,K3")
	rec := games.NewRecord(pos)
	for rec.Len() < 40 && !rec.Result().Over() {
		p := rec.Position()
		spec := Spec{Algo: "engine", Params: ai.Params{Depth: 6}}
		if p.ToMove() == 0 {
			spec = Spec{Algo: "perfect"}
		}
		info, err := Think(context.Background(), p, spec)
		if err != nil {
			t.Fatal(err)
		}
		if spec.Algo == "perfect" {
			// The defence can only shorten the win.
			if want := ai.WinScore - (29 - rec.Len()); !info.Exact || info.Score < want {
				t.Fatalf("%s: perfect scores %d (exact %v), want at least %d", rec, info.Score, info.Exact, want)
			}
		}
		if err := rec.Play(info.Move); err != nil {
			t.Fatal(err)
		}
	}
	if w, ok := rec.Result().Winner(); !ok || w != 0 {
		t.Fatalf("%s: %s, want Black's win", rec, g.ResultText(rec.Result()))
	}
	if rec.Len() > 29 {
		t.Errorf("the win took %d plies, the databases said 29", rec.Len())
	}
	// Without the databases it plays on, and says why it is not exact.
	UseCheckersDB(nil)
	info, err := Think(context.Background(), pos, Spec{Algo: "perfect", Params: ai.Params{Time: 200 * time.Millisecond}})
	if err != nil || info.Note != NoDatabaseNote {
		t.Errorf("perfect without databases: %v, note %q", err, info.Note)
	}
}

func slicesContains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// The reference engine is the engine of commit 80e5c44, frozen: at a fixed
// depth it gives that engine's move, score and node count (measured with
// `boardgames analyze -algo engine -depth 11 -json` built from 80e5c44).
func TestReferenceEngineIsFrozen(t *testing.T) {
	g, _ := games.Lookup("checkers")
	for _, c := range []struct {
		moves, position, move string
		score                 int
		nodes                 uint64
	}{
		{"", "", "11-16", 6, 64586},
		{"11-15 23-19 8-11 22-17", "", "9-14", 14, 62558},
		{"", "W:W18,20,21,22,23,28,29,30,32:B1,3,4,5,7,9,10,12,19", "23x16", 6, 32273},
		{"", "W:W7,24,29,32:B4,5,13,26", "24-19", 0, 42968},
		{"", "W:WK10,K11,29,32:B4,5,K18,K22", "11-16", 0, 222370},
	} {
		pos, err := g.Start(games.Settings{})
		if c.position != "" {
			pos, err = g.Parse(c.position, games.Settings{})
		}
		if err != nil {
			t.Fatal(err)
		}
		rec, err := g.ParseMoves(pos, c.moves, games.Settings{})
		if err != nil {
			t.Fatal(err)
		}
		p := rec.Position()
		info, err := Think(context.Background(), p, Spec{Algo: ReferenceEngine, Params: ai.Params{Depth: 11}})
		if err != nil {
			t.Fatal(err)
		}
		if got := p.MoveString(info.Move); got != c.move || info.Score != c.score || info.Nodes != c.nodes {
			t.Errorf("%s %s: %s %d, %d nodes; the engine of 80e5c44: %s %d, %d nodes", c.position, c.moves,
				got, info.Score, info.Nodes, c.move, c.score, c.nodes)
		}
	}
}

// The checkers engine prunes by the default evaluation's Multi-ProbCut
// statistics (tuned's) unless told otherwise: probcut=off searches the full tree
// (the nodes of a search given no statistics), a higher confidence
// prunes less than the default.
func TestCheckersEngineProbCut(t *testing.T) {
	g, _ := games.Lookup("checkers")
	start, _ := g.Start(games.Settings{})
	rec, err := g.ParseMoves(start, "11-15 23-19 8-11 22-17 9-13 17-14 10x17 21x14", games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	p := rec.Position()
	nodes := map[string]uint64{}
	for _, spec := range []string{"engine:depth=11", "engine:depth=11,probcut=2", "engine:depth=11,probcut=off"} {
		s, err := ParseSpec(spec)
		if err != nil {
			t.Fatal(err)
		}
		info, err := Think(context.Background(), p, s)
		if err != nil {
			t.Fatal(err)
		}
		nodes[spec] = info.Nodes
	}
	ev, _ := eval.Checkers("")
	full, err := ai.Search(context.Background(), "engine", p.Native().(checkers.Position), ev, ai.Params{Depth: 11}) // TestMain turns the databases off
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("nodes: %v; with no statistics %d", nodes, full.Nodes)
	if nodes["engine:depth=11,probcut=off"] != full.Nodes {
		t.Errorf("probcut=off searched %d nodes, the engine given no statistics %d", nodes["engine:depth=11,probcut=off"], full.Nodes)
	}
	if !(nodes["engine:depth=11"] < nodes["engine:depth=11,probcut=2"] && nodes["engine:depth=11,probcut=2"] < full.Nodes) {
		t.Errorf("nodes at depth 11: %v; with no statistics %d", nodes, full.Nodes)
	}
}

// Each evaluation prunes by its own statistics; probcut=EVAL prunes by
// EVAL's (for the A/B of tuned's statistics against strong's), and only an
// evaluation of the game with statistics is taken.
func TestCheckersProbCutStatsOf(t *testing.T) {
	for spec, want := range map[string]string{
		"engine:depth=5,eval=tuned":                "tuned",
		"engine:depth=5,eval=pattern":              "tuned",
		"engine:depth=5":                           "tuned",
		"engine:depth=5,eval=strong":               "strong",
		"engine:depth=5,eval=tuned,probcut=strong": "strong",
		"engine:depth=5,eval=strong,probcut=tuned": "tuned",
	} {
		s, err := ParseSpec(spec)
		if err != nil {
			t.Fatal(err)
		}
		got := selectivity[checkers.Position](s, ai.Params{})
		if _, ok := got.(ai.ProbCut[checkers.Position]); !ok || got != eval.Selectivity[checkers.Position](want) {
			t.Errorf("%s prunes by %T, not %s's statistics", spec, got, want)
		}
	}
	if s, _ := ParseSpec("engine:depth=5,eval=tuned,probcut=strong"); s.Validate("othello") == nil {
		t.Error("othello took probcut=strong, which has no statistics there")
	} else if s.Validate("checkers") != nil {
		t.Error("checkers refused probcut=strong")
	}
}

// repetitionGame is a game's first 114 plies, the engine Black against an
// outside engine (/work/shared/data/repro/checkers-repetition-while-ahead.moves):
// Black, with 5 kings against 3 kings and a man, played 15-19 and White's
// 1-6 repeated B:WK6,12,K13,K14:BK11,K19,K22,K23,K28 a third time (plies
// 108, 112, 116), a draw.
const repetitionGame = "9-14 21-17 14x21 22-17 12-16 17-14 10x17 25-22 16-20 22x13 7-10 24-19 11-15 19-16 8-12 29-25 12x19 23x16 10-14 27-23 15-18 23-19 4-8 16-12 6-10 32-27 5-9 13x6 2x9 19-16 1-6 27-24 20x27 31x24 9-13 26-22 18-23 22-18 6-9 24-19 14-17 18-15 10-14 15-10 14-18 19-15 9-14 16-11 17-22 11x4 22x29 10-6 23-26 30x23 18x27 4-8 27-31 28-24 21-25 6-1 25-30 15-10 14-18 24-19 18-23 10-6 23-27 6-2 27-32 19-15 30-26 15-10 13-17 1-5 17-21 10-6 21-25 6-1 25-30 1-6 26-23 5-9 29-25 8-11 25-22 6-10 23-18 2-7 31-27 7-2 32-28 9-5 30-25 2-6 27-24 10-15 3-7 11x2 18x11 6-9 24-19 9-14 25-30 5-9 30-26 2-6 26-23 9-13 19-15 6-1 15-19 1-6 19-15 6-1"

// TestPerfectCheckersAvoidsRepetitionWhileAhead: told the game, the perfect
// player, ahead, plays no move after which the opponent can repeat a
// position the third time.
func TestPerfectCheckersAvoidsRepetitionWhileAhead(t *testing.T) {
	g, _ := games.Lookup("checkers")
	rec, err := g.ParseMoves(nil, repetitionGame, games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	if rec.Len() != 114 {
		t.Fatalf("%d plies, want 114", rec.Len())
	}
	spec := Spec{Algo: "perfect", Params: ai.Params{Time: 500 * time.Millisecond, Past: games.Past(rec)}}
	info, err := Think(context.Background(), rec.Position(), spec)
	if err != nil {
		t.Fatal(err)
	}
	if info.Score <= 0 {
		t.Errorf("perfect scores %d, want the advantage it has", info.Score)
	}
	after := rec.Clone()
	if err := after.Play(info.Move); err != nil {
		t.Fatal(err)
	}
	for _, reply := range after.Legal() {
		r := after.Clone()
		if err := r.Play(reply); err != nil {
			t.Fatal(err)
		}
		if res := r.Result(); res.Over() {
			t.Errorf("perfect plays %s, and %s ends the game: %s", rec.Position().MoveString(info.Move), after.Position().MoveString(reply), g.ResultText(res))
		}
	}
}
