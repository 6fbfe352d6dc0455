package records

import (
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"boardgames/rules"
	"boardgames/rules/games"
)

func mustGame(t *testing.T, name string) *games.Game {
	t.Helper()
	g, err := games.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustRead(t *testing.T, f Format, text string, g *games.Game) []Game {
	t.Helper()
	gs, err := Read(f, text, g, games.Settings{})
	if err != nil {
		t.Fatalf("Read(%s): %v\n%s", f, err, text)
	}
	return gs
}

func write(t *testing.T, f Format, gs []Game) string {
	t.Helper()
	var b strings.Builder
	if err := Write(&b, f, gs); err != nil {
		t.Fatalf("Write(%s): %v", f, err)
	}
	return b.String()
}

// sameGames fails unless a and b hold the same games: start positions,
// moves, tags, recorded results.
func sameGames(t *testing.T, a, b []Game) {
	t.Helper()
	if len(a) != len(b) {
		t.Fatalf("%d games, then %d", len(a), len(b))
	}
	for i := range a {
		x, y := &a[i], &b[i]
		switch {
		case x.Game != y.Game:
			t.Errorf("game %d: %s, then %s", i+1, x.Game.Name, y.Game.Name)
		case x.Record.Start().String() != y.Record.Start().String():
			t.Errorf("game %d: start %s, then %s", i+1, x.Record.Start(), y.Record.Start())
		case !slices.Equal(x.Record.Moves(), y.Record.Moves()):
			t.Errorf("game %d: moves %s, then %s", i+1, x.Record, y.Record)
		case !slices.Equal(x.Tags, y.Tags):
			t.Errorf("game %d: tags %v, then %v", i+1, x.Tags, y.Tags)
		case x.Final() != y.Final():
			t.Errorf("game %d: result %s, then %s", i+1, x.Final(), y.Final())
		case x.Ending != y.Ending:
			t.Errorf("game %d: ending %+v, then %+v", i+1, x.Ending, y.Ending)
		}
	}
}

// roundTrip writes games, reads them back, checks they are the same, and
// checks that writing them again gives the same text (the written form is
// the normal form).
func roundTrip(t *testing.T, f Format, gs []Game, g *games.Game) {
	t.Helper()
	text := write(t, f, gs)
	back := mustRead(t, f, text, g)
	sameGames(t, gs, back)
	if again := write(t, f, back); again != text {
		t.Errorf("written twice, the texts differ:\n%s\n---\n%s", text, again)
	}
}

func TestReadPDNFile(t *testing.T) {
	data, err := os.ReadFile("testdata/club.pdn")
	if err != nil {
		t.Fatal(err)
	}
	gs := mustRead(t, PDN, string(data), nil)
	if len(gs) != 3 {
		t.Fatalf("%d games, want 3", len(gs))
	}
	want := []struct {
		moves  string
		start  string
		result rules.Result
		tags   int
		warn   []string
	}{
		{"11-15 23-19 8-11 22-17 4-8 17-13 15-18 24-20 9-14 20-16 11x20 28-24", "", rules.BlackWins, 6,
			[]string{"1 variation(s)", "1 annotation(s)"}},
		{"22-18 31-26 23x30 32-27", "W:WK22,K23,K24:BK31,K32", rules.Draw, 3, nil},
		{"12-16 24-20 8-12", "", rules.Ongoing, 0, nil},
	}
	for i, w := range want {
		g := gs[i]
		if got := g.Record.String(); got != w.moves {
			t.Errorf("game %d: moves %q, want %q", i+1, got, w.moves)
		}
		if w.start != "" && g.Record.Start().String() != w.start {
			t.Errorf("game %d: start %s, want %s", i+1, g.Record.Start(), w.start)
		}
		if g.Final() != w.result {
			t.Errorf("game %d: result %s, want %s", i+1, g.Final(), w.result)
		}
		if len(g.Tags) != w.tags {
			t.Errorf("game %d: tags %v, want %d", i+1, g.Tags, w.tags)
		}
		for _, s := range w.warn {
			if !strings.Contains(strings.Join(g.Warnings, "; "), s) {
				t.Errorf("game %d: warnings %q lack %q", i+1, g.Warnings, s)
			}
		}
	}
	if len(gs[0].Comments) != 1 || gs[0].Comments[0] != (Comment{4, "Old Fourteenth"}) {
		t.Errorf("comments of game 1: %v, want Old Fourteenth after 4 moves", gs[0].Comments)
	}
	if gs[0].Tag("Black") != "Sari" || gs[0].Tag("Event") != "Club night" {
		t.Errorf("tags of game 1: %v", gs[0].Tags)
	}
	roundTrip(t, PDN, gs, nil)
}

// randomGame plays up to plies random moves from start (to the end when
// plies < 0).
func randomGame(t *testing.T, g *games.Game, start games.Position, r *rand.Rand, plies int) Game {
	t.Helper()
	rec := games.NewRecord(start)
	for n := 0; plies < 0 || n < plies; n++ {
		legal := rec.Legal()
		if len(legal) == 0 {
			break
		}
		if err := rec.Play(legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	return NewGame(g, games.Settings{}, rec)
}

func TestRoundTripRandomGames(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	cases := []struct {
		game   string
		format Format
		setups []string // positions to start some games from
	}{
		{"checkers", PDN, []string{"W:WK22,K23,K24:BK31,K32", "B:W18,22,25,K29:B1,5,6,K14"}},
		{"othello", GGF, []string{"---------------------------OX------XO--------------------------- O",
			"--XXXX----OOOX--XOOOXXO-XXXOOOOOXXOXOOOO-XOOXOO---OOOXO---OOOO-- X"}},
		{"othello", Transcript, nil},
		{"checkers", Transcript, nil},
		{"connect4", Transcript, nil},
		{"adjacency", Transcript, nil},
	}
	for _, c := range cases {
		g := mustGame(t, c.game)
		var gs []Game
		std, _ := g.Start(games.Settings{})
		for i := range 40 {
			plies := -1
			if i%4 == 3 {
				plies = 1 + r.IntN(30) // unfinished games too
			}
			gs = append(gs, randomGame(t, g, std, r, plies))
		}
		for _, pos := range c.setups {
			p, err := g.Parse(pos, games.Settings{})
			if err != nil {
				t.Fatal(err)
			}
			gs = append(gs, randomGame(t, g, p, r, -1))
		}
		if c.format != Transcript {
			// Tags, and a result decided before the end (a resignation).
			gs[0].Tags = []Tag{{"Event", `Kelas "AI" \ 2026`}, {"Black", "Ana"}, {"White", "Bo"}}
			if c.format == GGF {
				gs[0].Tags = []Tag{{"PC", "Kelas AI 2026"}, {"PB", "Ana"}, {"PW", "Bo"}}
			}
			gs[3].Result = rules.WhiteWins
		}
		t.Run(c.game+"/"+string(c.format), func(t *testing.T) { roundTrip(t, c.format, gs, g) })
	}
}

// TestPDNCaptureForms reads the captures of random games written three
// ways, whole (22x15x6), by their ends (22x6) where that is not
// ambiguous, and jump by jump (22x15 15x6), and checks all give the same
// game.
func TestPDNCaptureForms(t *testing.T) {
	g := mustGame(t, "checkers")
	r := rand.New(rand.NewPCG(3, 4))
	std, _ := g.Start(games.Settings{})
	multi := 0
	for range 60 {
		game := randomGame(t, g, std, r, -1)
		var ends, steps []string
		p := game.Record.Start()
		for _, m := range game.Record.Moves() {
			s := p.MoveString(m)
			sq := strings.Split(s, "x")
			if len(sq) > 2 {
				multi++
				short := sq[0] + "x" + sq[len(sq)-1]
				if pm, err := p.ParseMove(short); err == nil && pm == m {
					ends = append(ends, short)
				} else {
					ends = append(ends, s)
				}
				var jumps []string
				for i := 1; i < len(sq); i++ {
					jumps = append(jumps, sq[i-1]+"x"+sq[i])
				}
				steps = append(steps, strings.Join(jumps, " "))
			} else {
				ends = append(ends, s)
				steps = append(steps, s)
			}
			p = p.Play(m)
		}
		for _, text := range []string{strings.Join(ends, " "), strings.Join(steps, " ")} {
			back := mustRead(t, PDN, "1. "+text+" *", nil)
			if !slices.Equal(back[0].Record.Moves(), game.Record.Moves()) {
				t.Fatalf("read %q as %s, want %s", text, back[0].Record, game.Record)
			}
		}
	}
	if multi == 0 {
		t.Fatal("no multi-jump in 60 random games: the test proves nothing")
	}
}

func TestReadGGF(t *testing.T) {
	text := `(;GM[Othello]PC[GGS/os]DT[2003.12.15_03:27:44.CET]PB[Ann]PW[Bob]RB[2000.1]RW[1980.5]TI[05:00//02:00]TY[8]RE[+12.000:r]
BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[F5//0.01]W[d6/-2.00/1.20]B[c3];)
(;GM[Othello]TY[8r]BO[8 -------- -------- ---*---- ---**--- ---*O--- -------- -------- -------- O]W[e3];)`
	gs := mustRead(t, GGF, text, nil)
	if len(gs) != 2 {
		t.Fatalf("%d games", len(gs))
	}
	if gs[0].Record.String() != "f5d6c3" || gs[0].Final() != rules.BlackWins || gs[0].Margin != 12 {
		t.Errorf("game 1: %s, %s, margin %v", gs[0].Record, gs[0].Final(), gs[0].Margin)
	}
	if gs[0].Tag("PB") != "Ann" || gs[0].Tag("TI") != "05:00//02:00" || gs[0].Tag("TY") != "" {
		t.Errorf("game 1 tags: %v", gs[0].Tags)
	}
	if gs[1].Record.Start().ToMove() != rules.White || gs[1].Record.Len() != 1 {
		t.Errorf("game 2: start %s, %d moves", gs[1].Record.Start(), gs[1].Record.Len())
	}
	roundTrip(t, GGF, gs, nil)
}

// TestGGFPasses reads a game whose pass is written (PA) and the same game
// with the pass left out, and writes it with the pass.
func TestGGFPasses(t *testing.T) {
	g := mustGame(t, "othello")
	r := rand.New(rand.NewPCG(5, 6))
	std, _ := g.Start(games.Settings{})
	for range 300 {
		game := randomGame(t, g, std, r, -1)
		p := game.Record.Start()
		var with, without strings.Builder
		passes := 0
		for _, m := range game.Record.Moves() {
			side := "B"
			if p.ToMove() == rules.White {
				side = "W"
			}
			s := p.MoveString(m)
			if s == "pass" {
				passes++
				with.WriteString(side + "[PA]")
			} else {
				with.WriteString(side + "[" + strings.ToUpper(s) + "]")
				without.WriteString(side + "[" + s + "]")
			}
			p = p.Play(m)
		}
		if passes == 0 {
			continue
		}
		for _, moves := range []string{with.String(), without.String()} {
			back := mustRead(t, GGF, "(;GM[Othello]"+moves+";)", nil)
			if !slices.Equal(back[0].Record.Moves(), game.Record.Moves()) {
				t.Fatalf("read %s as %s, want %s", moves, back[0].Record, game.Record)
			}
		}
		if out := write(t, GGF, []Game{game}); !strings.Contains(out, "[PA]") {
			t.Fatalf("a game with a pass written without PA: %s", out)
		}
		return
	}
	t.Fatal("no pass in 300 random games: the test proves nothing")
}

func TestReadErrors(t *testing.T) {
	cases := []struct {
		format Format
		game   string
		text   string
		want   string
	}{
		{PDN, "", "1. 11-15 {never closed", "line 1: a comment { is never closed"},
		{PDN, "", "[Event \"x\n1. 11-15 *", "the value of the tag Event is never closed"},
		{PDN, "", "[Event x]\n1. 11-15 *", "the tag Event has no value in double quotes"},
		{PDN, "", "1. 11-15 (2. 9-14", "a variation ( is never closed"},
		{PDN, "", "1. 11-15 ) *", "closes nothing"},
		{PDN, "", "[GameType \"20\"]\n1. 32-28 *", "game 1 (line 1): GameType 20 is not English checkers (21)"},
		{PDN, "", "[FEN \"B:W33:B1\"]\n*", "FEN"},
		{PDN, "", "1. 11-15 23-19 *\n\n1. 11-15 24-20\n2. 9-14 22-17\n3. 5-1 *", "game 2 (line 5): move 5 (5-1): 5-1 is not legal: 1 is occupied"},
		{PDN, "", "1. 11-15 b3-c4 *", "move 2 (b3-c4)"},
		{PDN, "", "", "no game found"},
		{GGF, "", "(;GM[Go]SZ[19];)", "GM[Go] is not Othello"},
		{GGF, "", "(;GM[Othello]TY[10];)", "only 8x8 boards"},
		{GGF, "", "(;GM[Othello]TY[8a];)", "anti-Othello"},
		{GGF, "", "(;GM[Othello]B[f5]", "never closed with ;)"},
		{GGF, "", "(;GM[Othello]B[f5;)", "never closed with ]"},
		{GGF, "", "(;GM[Othello]BO[8 ---- *];)", "the rows hold 4 squares"},
		{GGF, "", "(;GM[Othello]B[f5]B[d6];)", "move 2 (B[d6]): it is white's turn"},
		{GGF, "", "(;GM[Othello]B[a1];)", "move 1 (B[a1])"},
		{GGF, "", "junk (;GM[Othello];)", "line 1: junk is outside any game"},
		{Transcript, "connect4", "4453\n44444444", "game 2 (line 2)"},
		{Transcript, "othello", "f5d6\n\nf5f5", "game 2 (line 3)"},
		{Transcript, "", "f5", "does not say its game"},
	}
	for _, c := range cases {
		var g *games.Game
		if c.game != "" {
			g = mustGame(t, c.game)
		}
		_, err := Read(c.format, c.text, g, games.Settings{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Read(%s, %q): %v, want an error with %q", c.format, c.text, err, c.want)
		}
	}
}

func TestResultDisagreement(t *testing.T) {
	// Black's last piece is taken: the moves end in a White win, whatever
	// the file says.
	gs := mustRead(t, PDN, "[FEN \"W:W14:B9\"]\n[Result \"1-0\"]\n1... 14x5 1-0", nil)
	g := gs[0]
	if g.Final() != rules.WhiteWins {
		t.Errorf("result %s, want the moves' white wins", g.Final())
	}
	if !strings.Contains(strings.Join(g.Warnings, ";"), "the file records black wins, but the moves end in white wins") {
		t.Errorf("warnings %q", g.Warnings)
	}
	gs = mustRead(t, PDN, "[Result \"0-1\"]\n1. 11-15 1-0", nil)
	if !strings.Contains(strings.Join(gs[0].Warnings, ";"), "the Result tag says 0-1, the move text ends with 1-0") || gs[0].Final() != rules.BlackWins {
		t.Errorf("tag against move text: %s, %q", gs[0].Final(), gs[0].Warnings)
	}
}

func TestWriteRefuses(t *testing.T) {
	c4 := mustGame(t, "connect4")
	std, _ := c4.Start(games.Settings{})
	game := NewGame(c4, games.Settings{}, games.NewRecord(std))
	var b strings.Builder
	if err := Write(&b, PDN, []Game{game}); err == nil || !strings.Contains(err.Error(), "PDN holds no Connect Four games") {
		t.Errorf("PDN of Connect Four: %v", err)
	}
	p, _ := c4.Parse("-------/-------/-------/-------/-------/---X---", games.Settings{})
	set := NewGame(c4, games.Settings{}, games.NewRecord(p))
	if err := Write(&b, Transcript, []Game{set}); err == nil || !strings.Contains(err.Error(), "set-up position") {
		t.Errorf("a transcript from a set-up position: %v", err)
	}
}

func TestDetect(t *testing.T) {
	cases := map[string]Format{
		"[Event \"x\"]\n1. 11-15 *":            PDN,
		"\ufeff  1. 11-15 23-19 2. 8-11 *":     PDN,
		"(;GM[Othello]PB[x]B[f5];)":            GGF,
		"(;BO[8 -------- *];)":                 GGF,
		"f5d6c3d3c4":                           Transcript,
		"4453":                                 Transcript,
		"11-15 23-19":                          Transcript,
		"Boardgames game 1\nGame: othello\n\n": Transcript,
	}
	for text, want := range cases {
		if got := Detect(text); got != want {
			t.Errorf("Detect(%q) = %s, want %s", text, got, want)
		}
	}
}

func TestFormats(t *testing.T) {
	for _, name := range []string{"pdn", "GGF", "moves", "transcript", "txt"} {
		if _, err := ParseFormat(name); err != nil {
			t.Errorf("ParseFormat(%q): %v", name, err)
		}
	}
	if _, err := ParseFormat("sgf"); err == nil {
		t.Error("ParseFormat(sgf) accepted")
	}
	if For(mustGame(t, "checkers")) != PDN || For(mustGame(t, "othello")) != GGF || For(mustGame(t, "connect4")) != Transcript {
		t.Error("For: wrong format")
	}
}

func TestLimits(t *testing.T) {
	long := "1. " + strings.Repeat("11-15 15-11 ", MaxMoves)
	if _, err := Read(PDN, long, nil, games.Settings{}); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Errorf("a game of %d moves: %v", 2*MaxMoves, err)
	}
	if _, err := Read(PDN, strings.Repeat(" ", MaxSize+1), nil, games.Settings{}); err == nil || !strings.Contains(err.Error(), "MiB") {
		t.Errorf("a text over MaxSize: %v", err)
	}
}
