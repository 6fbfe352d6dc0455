package bots

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"boardgames/ai"
	"boardgames/ai/solve/c4solver"
	"boardgames/rules"
	"boardgames/rules/connect4"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

// ponsScore turns a perfect move's score (plies to the end, as the
// searches count) back into Pons' score: the winner's stone count at the
// win.
func ponsScore(played, score int) int {
	if !ai.IsDecided(score) {
		return 0
	}
	plies := ai.WinScore - max(score, -score)
	n := played + plies // stones on the board after the winning one
	s := 22 - (n+1)/2
	if score < 0 {
		return -s
	}
	return s
}

// perfectNodes bounds the nodes of a solve during a game: about 0.6 s on
// one core of the project's machine (13 M nodes/s). The book leaves out
// only positions solved in at most c4solver.DefaultBookLimit nodes from an
// empty table.
const perfectNodes = 4 * c4solver.DefaultBookLimit

// c4Game is one game of the perfect player against an opponent.
type c4Game struct {
	opening string       // moves played before (by both sides, as opponents)
	perfect [2]bool      // which colours the perfect player plays
	other   Spec         // the opponent's bot
	forced  []rules.Move // the opponent's first moves, then its bot
}

// playConnect4 plays g and checks every perfect move: from checkFrom
// stones on, a solver (another table, another Solver) must list it among
// the best moves; before, its score must be at least the score it
// claimed at its previous move (an opponent can only do worse than
// perfect); and the game must end as its last claim said. It returns the
// moves and the longest time and most nodes of a perfect move.
func playConnect4(t *testing.T, g c4Game, check *c4solver.Solver, checkFrom int) (string, time.Duration, uint64) {
	t.Helper()
	ctx := context.Background()
	gm, _ := games.Lookup("connect4")
	rec, err := gm.ParseMoves(nil, g.opening, games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	var (
		worst   time.Duration
		nodes   uint64
		claimed [2]int
		claims  [2]bool
		forced  = slices.Clone(g.forced)
	)
	for !rec.Result().Over() {
		pos := rec.Position()
		p := pos.Native().(connect4.Position)
		side := pos.ToMove()
		var m rules.Move
		if g.perfect[side] {
			info, err := Think(ctx, pos, Spec{Algo: "perfect"})
			if err != nil {
				t.Fatalf("%s: %v", rec, err)
			}
			m = info.Move
			worst, nodes = max(worst, info.Elapsed), max(nodes, info.Nodes)
			if !info.Exact || info.Nodes > perfectNodes {
				t.Errorf("%s: a move of %d nodes, exact %v", rec, info.Nodes, info.Exact)
			}
			s := ponsScore(p.Played(), info.Score)
			if claims[side] && s < claimed[side] {
				t.Errorf("%s: claims %d, after %d at its previous move", rec, s, claimed[side])
			}
			claimed[side], claims[side] = s, true
			if p.Played() >= checkFrom {
				r, err := check.SolveBest(ctx, p)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Contains(r.Best, m) || m != c4solver.Choose(p, r.Best) || r.Score != s {
					t.Errorf("%s: plays %d claiming %d; the solver scores %d with %v", rec, m+1, s, r.Score, r.Best)
				}
			}
		} else if len(forced) > 0 {
			m, forced = forced[0], forced[1:]
		} else {
			info, err := Think(ctx, pos, g.other)
			if err != nil {
				t.Fatal(err)
			}
			m = info.Move
		}
		if err := rec.Play(m); err != nil {
			t.Fatalf("%s: %v", rec, err)
		}
	}
	// The claims come true: the winner, and the stone it wins with.
	n := rec.Position().Native().(connect4.Position).Played()
	for side := range 2 {
		if !claims[side] {
			continue
		}
		want := 0
		if w, ok := rec.Result().Winner(); ok {
			want = 22 - (n+1)/2
			if w != rules.Player(side) {
				want = -want
			}
		}
		if claimed[side] != want {
			t.Errorf("%s: %s claimed %d at its last move, the game scores %d for it", rec, gm.Players[side], claimed[side], want)
		}
	}
	return rec.String(), worst, nodes
}

// TestPerfectConnect4 plays the perfect player against itself, the engine
// and a random player, both colours, from many openings (the opponent's
// first moves), and checks every move against the solver.
func TestPerfectConnect4(t *testing.T) {
	book, err := Connect4Book()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("book: %d positions", book.Len())
	check := c4solver.New(64)
	checkFrom := 8
	var list []c4Game
	// Perfect against perfect: the first player wins with its 21st stone.
	list = append(list, c4Game{perfect: [2]bool{true, true}})
	engine := Spec{Algo: "engine", Params: ai.Params{Depth: 8}}
	random := func(seed uint64) Spec { return Spec{Algo: "random", Params: ai.Params{Seed: seed}} }
	openings := 7
	if testing.Short() || raceEnabled {
		openings, checkFrom = 2, 18
	}
	for i := range openings {
		c := rules.Move(i)
		list = append(list,
			c4Game{perfect: [2]bool{true, false}, other: engine, forced: []rules.Move{c}},
			c4Game{perfect: [2]bool{false, true}, other: engine, forced: []rules.Move{c}},
			c4Game{perfect: [2]bool{true, false}, other: random(uint64(i)), forced: []rules.Move{c, (c + 3) % 7}},
			c4Game{perfect: [2]bool{false, true}, other: random(uint64(i)), forced: []rules.Move{c, (c + 2) % 7}},
		)
	}
	var worst time.Duration
	var nodes uint64
	for _, g := range list {
		moves, w, n := playConnect4(t, g, check, checkFrom)
		worst, nodes = max(worst, w), max(nodes, n)
		if g.perfect == [2]bool{true, true} && len(moves) != 41 {
			t.Errorf("perfect play %s: %d stones, want the first player's win with stone 21", moves, len(moves))
		}
	}
	t.Logf("%d games; the longest perfect move took %v and %d nodes", len(list), worst, nodes)
}

// A perfect player taking over a position that is not in the book (a
// later opening) still plays the solver's best move, and one whose
// context ends plays a legal move at once.
func TestPerfectConnect4OffBook(t *testing.T) {
	gm, _ := games.Lookup("connect4")
	// Test_L2_R2 line 1: 15 stones, a draw; its best move is column 4.
	rec, _ := gm.ParseMoves(nil, "274552224131661", games.Settings{})
	info, err := Think(context.Background(), rec.Position(), Spec{Algo: "perfect"})
	if err != nil || info.Move != 3 || info.Score != 0 || !info.Exact || info.Unproven {
		t.Errorf("move %d score %d exact %v unproven %v, %v; want column 4, a draw, proven", info.Move+1, info.Score, info.Exact, info.Unproven, err)
	}
	// After 1 1 (the speed issue's example: a solve of minutes) and its
	// mirror image 7 7, the answer is in the book: exact, no solve.
	for _, moves := range []string{"11", "77"} {
		rec, _ = gm.ParseMoves(nil, moves, games.Settings{})
		info, err = Think(context.Background(), rec.Position(), Spec{Algo: "perfect"})
		if err != nil || !info.Exact || info.Unproven || info.Nodes != 0 {
			t.Errorf("%s: %+v %v; want the book's exact answer", moves, info, err)
		}
	}
	// Five stones (beyond the complete book of the first 4 plies): a long
	// solve, stopped at once.
	rec, _ = gm.ParseMoves(nil, "17322", games.Settings{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	info, err = Think(ctx, rec.Position(), Spec{Algo: "perfect"})
	if err != nil || info.Exact || !info.Unproven || info.Algo != "perfect" || !slices.Contains(rec.Position().Legal(), info.Move) {
		t.Errorf("cancelled: %+v %v", info, err)
	}
	// A time budget: the engine's move when the solve would take longer,
	// said to be unproven, with the depth the engine reached.
	start := time.Now()
	info, err = Think(context.Background(), rec.Position(), Spec{Algo: "perfect", Params: ai.Params{Time: 200 * time.Millisecond}})
	if err != nil || info.Exact || !info.Unproven || info.Algo != "perfect" || !slices.Contains(rec.Position().Legal(), info.Move) || time.Since(start) > 5*time.Second {
		t.Errorf("budget: %+v %v after %v", info, err, time.Since(start))
	}
	if !info.Fallback && info.Depth == 0 {
		t.Errorf("budget: an engine move without a depth: %+v", info)
	}
	// The nodes count the solve's too (it looks at its clock every 2^14).
	if info.Nodes < 1<<14 {
		t.Errorf("budget: %d nodes, fewer than the solve's", info.Nodes)
	}
}

// The Othello player's solve that does not finish within the budget is
// said to be unproven too.
func TestPerfectOthelloUnproven(t *testing.T) {
	gm, _ := games.Lookup("othello")
	// FFO #45: 24 empty squares, far more than 10 ms of solving.
	pos, err := gm.Parse("---XXXX-X-XXXO--XXOXOO--XXXOXO--XXOXXO---OXXXOO-O-OOOO------OO-- X", games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	info, err := Think(context.Background(), pos, Spec{Algo: "perfect", Empties: 24, Params: ai.Params{Time: 10 * time.Millisecond}})
	if err != nil || info.Exact || !info.Unproven || info.Algo != "perfect" || !slices.Contains(pos.Legal(), info.Move) {
		t.Errorf("%+v %v", info, err)
	}
}

// The perfect Othello player solves from the given number of empty
// squares: from FForum positions it gets at least their exact score
// against the engine, and exactly it against itself.
func TestPerfectOthelloEndgames(t *testing.T) {
	gm, _ := games.Lookup("othello")
	lines := fforumLines(t)
	n := len(lines)
	if testing.Short() || raceEnabled {
		n = 4
	}
	engine := Spec{Algo: "engine", Params: ai.Params{Depth: 4}}
	for _, l := range lines[:n] {
		pos, err := gm.Parse(l.pos, games.Settings{})
		if err != nil {
			t.Fatal(err)
		}
		me := pos.ToMove()
		for _, opponent := range []Spec{engine, {Algo: "perfect"}} {
			rec, _ := gm.ParseMoves(pos, "", games.Settings{})
			for !rec.Result().Over() {
				p := rec.Position()
				spec := opponent
				if p.ToMove() == me {
					spec = Spec{Algo: "perfect"}
				}
				info, err := Think(context.Background(), p, spec)
				if err != nil {
					t.Fatal(err)
				}
				if spec.Algo == "perfect" && !info.Exact {
					t.Fatalf("%s: a perfect move that is not exact at %d empties", l.pos, p.Native().(othello.Position).Empties())
				}
				if err := rec.Play(info.Move); err != nil {
					t.Fatal(err)
				}
			}
			final := rec.Position().Score() // Black minus White
			if me == rules.White {
				final = -final
			}
			if final < l.score || opponent.Algo == "perfect" && final != l.score {
				t.Errorf("%s against %s: ends %+d, the position is worth %+d", l.pos, opponent.Algo, final, l.score)
			}
		}
	}
	// Above the switch the engine plays; the empties parameter moves it.
	pos, _ := gm.Parse(lines[0].pos, games.Settings{})
	info, err := Think(context.Background(), pos, Spec{Algo: "perfect", Empties: 10, Params: ai.Params{Time: 50 * time.Millisecond}})
	if err != nil || info.Exact || info.Algo != "engine" {
		t.Errorf("14 empties with empties=10: %+v %v", info, err)
	}
}

// The default perfect Othello player is exact from 22 empty squares: on
// the speed issue's example (FForum, 20 empties) it plays the only move
// worth -2, where the engine, which played until 17 empties, lost four
// discs more with b1.
func TestPerfectOthelloExactFrom22(t *testing.T) {
	gm, _ := games.Lookup("othello")
	pos, err := gm.Parse("--XO-O----OOOO--OOXOXXO-OOOOXXOOOOOXXOX-OXOXXXXX--XXXX----X-O-X- X", games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	info, err := Think(context.Background(), pos, Spec{Algo: "perfect"})
	if err != nil || !info.Exact || info.Unproven || pos.MoveString(info.Move) != "b7" || info.Score != -2 {
		t.Errorf("%s %+v, %v; want b7, exactly -2", pos.MoveString(info.Move), info, err)
	}
}

// fforumEmpties bounds the empty squares of the positions of
// TestPerfectOthelloEndgames, whose games (two from each) solve every move.
const fforumEmpties = 17

// fforumLine is a position of the FForum files and its exact score.
type fforumLine struct {
	pos   string
	score int
}

// fforumLines reads the FForum positions of at most fforumEmpties empty
// squares (shared/data/othello), skipping the test when they are missing.
func fforumLines(t *testing.T) []fforumLine {
	t.Helper()
	var out []fforumLine
	for _, name := range []string{"fforum-1-19.obf", "fforum-20-39.obf"} {
		data, err := readData("othello", name)
		if err != nil {
			t.Skipf("test data: %v", err)
		}
		for _, line := range strings.Split(data, "\n") {
			board, tail, ok := strings.Cut(line, ";")
			if !ok || strings.Count(board, "-") > fforumEmpties {
				continue
			}
			var mv string
			var score int
			if _, err := fmt.Sscanf(strings.TrimSpace(strings.SplitN(tail, ";", 2)[0]), "%2s:%d", &mv, &score); err != nil {
				t.Fatalf("%s: %q: %v", name, line, err)
			}
			out = append(out, fforumLine{strings.TrimSpace(board), score})
		}
	}
	return out
}

// The perfect presets and the spec's parameters.
func TestPerfectSpec(t *testing.T) {
	for game, want := range map[string]bool{"connect4": true, "othello": true, "checkers": true, "adjacency": false} {
		if got := slices.Contains(LevelsFor(game), Perfect); got != want {
			t.Errorf("%s: Perfect level %v", game, got)
		}
		if s := Preset(game, Perfect); (s.Algo == "perfect") != want || s.Validate(game) != nil {
			t.Errorf("%s: Perfect preset %+v", game, s)
		}
		if got := slices.Contains(Names(game), "perfect"); got != want {
			t.Errorf("%s: perfect listed %v", game, got)
		}
	}
	s, err := ParseSpec("perfect:empties=20,time=2s")
	if err != nil || s.Empties != 20 || s.String() != "perfect:empties=20,time=2s" {
		t.Errorf("%+v %v", s, err)
	}
	for _, bad := range []string{"perfect:empties=-1", "perfect:empties=40", "perfect:depth=3", "perfect:tt=100000"} {
		if _, err := ParseSpec(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	if err := (Spec{Algo: "perfect"}).Validate("adjacency"); err == nil {
		t.Error("perfect plays adjacency")
	}
}

// readData reads a file of the shared test data (see its README).
func readData(game, name string) (string, error) {
	b, err := os.ReadFile(filepath.Join("../../../shared/data", game, name))
	return string(b), err
}
