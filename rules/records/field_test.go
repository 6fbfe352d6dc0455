package records

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"boardgames/rules"
	"boardgames/rules/games"
)

// testdata/tinsley_excerpt.pdn holds games 1, 307, 541 and 623 of
// CheckerBoard's sample database games/tinsley.pdn (Marion Tinsley's
// games, github.com/eygilbert/CheckerBoard): game 1 writes steps with x
// ("4. 10x14"), game 307 goes on for 30 plies after a threefold
// repetition, game 541 moves from an empty square (62. 32-28) and game
// 623 has words glued to its last move.
func TestTinsleyExcerpt(t *testing.T) {
	data, err := os.ReadFile("testdata/tinsley_excerpt.pdn")
	if err != nil {
		t.Fatal(err)
	}
	gs, bad, err := ReadEach(PDN, string(data), nil, games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	if len(gs) != 2 || len(bad) != 2 {
		t.Fatalf("%d games and %d rejected, want 2 and 2: %v", len(gs), len(bad), bad)
	}
	if gs[0].N != 1 || gs[1].N != 2 {
		t.Errorf("numbers %d, %d, want 1, 2", gs[0].N, gs[1].N)
	}
	if !strings.Contains(gs[0].Record.String(), "10-14 19x10") {
		t.Errorf("game 1's 4th move (10x14, a step) is not 10-14: %s", gs[0].Record)
	}
	if gs[0].Final() != rules.Draw || gs[1].Final() != rules.Draw {
		t.Errorf("results %s, %s, want draws", gs[0].Final(), gs[1].Final())
	}
	if w := strings.Join(gs[1].Warnings, "; "); !strings.Contains(w, "threefold repetition at move 119") {
		t.Errorf("game 2's warnings %q do not note the repetition", w)
	}
	if gs[1].Record.Len() != 149 {
		t.Errorf("game 2 has %d plies, want 149 (30 after the repetition)", gs[1].Record.Len())
	}
	want := []struct {
		n, line int
		reason  string
	}{
		{3, 32, "move 123 (32-28): 32-28 is not legal: there is no piece on 32"},
		{4, 50, `"11Redoversteppedthetimecontrolonthismove." is not a square number`},
	}
	for i, w := range want {
		if bad[i].N != w.n || bad[i].Line != w.line || !strings.Contains(bad[i].Reason(), w.reason) {
			t.Errorf("rejected %d: game %d line %d %q, want game %d line %d %q", i, bad[i].N, bad[i].Line, bad[i].Reason(), w.n, w.line, w.reason)
		}
	}
	if _, err := Read(PDN, string(data), nil, games.Settings{}); err == nil || !strings.Contains(err.Error(), "game 3 (line") {
		t.Errorf("Read (strict) = %v, want game 3's fault", err)
	}
	roundTrip(t, PDN, gs, nil)
}

// tinsleyPath is CheckerBoard's games/tinsley.pdn: $BOARDGAMES_TINSLEY, or
// /work/peers/checkerboard/tinsley.pdn.
func tinsleyPath(t *testing.T) string {
	p := os.Getenv("BOARDGAMES_TINSLEY")
	if p == "" {
		p = filepath.FromSlash("/work/peers/checkerboard/tinsley.pdn")
	}
	if _, err := os.Stat(p); err != nil {
		t.Skipf("CheckerBoard's tinsley.pdn is not here (%v): set BOARDGAMES_TINSLEY to its path", err)
	}
	return p
}

// The whole of tinsley.pdn: 721 of its 724 games load, the 3 others are
// rejected for faults of the file, and the good ones round-trip PDN→PDN.
func TestTinsleyFile(t *testing.T) {
	data, err := os.ReadFile(tinsleyPath(t))
	if err != nil {
		t.Fatal(err)
	}
	gs, bad, err := ReadEach(PDN, string(data), nil, games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	if len(gs) != 721 || len(bad) != 3 {
		t.Fatalf("%d games and %d rejected, want 721 and 3: %v", len(gs), len(bad), bad)
	}
	for i, w := range []struct {
		n      int
		reason string
	}{
		{541, "there is no piece on 32"},
		{623, "Redoversteppedthetimecontrolonthismove"},
		{693, "Whiteoversteppedthetimecontrolonthismove"},
	} {
		if bad[i].N != w.n || !strings.Contains(bad[i].Reason(), w.reason) {
			t.Errorf("rejected %d: game %d %q, want game %d %q", i, bad[i].N, bad[i].Reason(), w.n, w.reason)
		}
	}
	repeated := 0
	for _, g := range gs {
		if strings.Contains(strings.Join(g.Warnings, " "), "threefold repetition") {
			repeated++
		}
		if g.Final() == rules.Ongoing && g.Result == rules.Ongoing && g.Tag("Black") == "" {
			t.Errorf("game %d: no result and no players", g.N)
		}
	}
	if repeated != 4 {
		t.Errorf("%d games go on after a repetition, want 4 (307, 648, 677, 681)", repeated)
	}
	roundTrip(t, PDN, gs, nil)
}

// A file with a bad game gives its good games and the bad one with its
// line; Read alone refuses the file.
func TestReadEachMoveList(t *testing.T) {
	c4, err := games.Lookup("connect4")
	if err != nil {
		t.Fatal(err)
	}
	gs, bad, err := ReadEach(Transcript, "4453\n44444\n\n4444444\n", c4, games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	if len(gs) != 2 || len(bad) != 1 || bad[0].N != 3 || bad[0].Line != 4 {
		t.Fatalf("games %d, rejected %+v; want 2 and game 3 on line 4", len(gs), bad)
	}
	if gs[1].N != 2 || gs[1].Record.String() != "44444" {
		t.Errorf("game 2: N %d, moves %s", gs[1].N, gs[1].Record)
	}
	if _, err := Read(Transcript, "4453\n4444444\n", c4, games.Settings{}); err == nil {
		t.Error("Read took a file with a bad game")
	}
}

// A PDN text with a broken tag and a bad move loses those games only.
func TestReadEachPDN(t *testing.T) {
	text := `[Event "a"]
1. 11-15 23-19 *

[Event "b
1. 11-15 *

[Event "c"]
1. 11-15 23-18 2. 15-19x *

[Event "d"]
1. 9-13 {a quiet start} 22-18 {White answers} 2. 13-17 21-14 {a capture written with -} 10x17 *
`
	gs, bad, err := ReadEach(PDN, text, nil, games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	if len(gs) != 2 || len(bad) != 2 {
		t.Fatalf("%d games, rejected %v; want 2 and 2", len(gs), bad)
	}
	if bad[0].N != 2 || bad[0].Line != 4 || !strings.Contains(bad[0].Reason(), "never closed") {
		t.Errorf("first rejected: %d line %d %q", bad[0].N, bad[0].Line, bad[0].Reason())
	}
	if bad[1].N != 3 || bad[1].Line != 7 {
		t.Errorf("second rejected: %d line %d %q", bad[1].N, bad[1].Line, bad[1].Reason())
	}
	d := gs[1]
	if d.N != 4 || d.Tag("Event") != "d" || d.Record.String() != "9-13 22-18 13-17 21x14 10x17" {
		t.Fatalf("game d: N %d, tags %v, moves %s", d.N, d.Tags, d.Record)
	}
	want := []Comment{{1, "a quiet start"}, {2, "White answers"}, {4, "a capture written with -"}}
	if len(d.Comments) != len(want) {
		t.Fatalf("comments %v, want %v", d.Comments, want)
	}
	for i := range want {
		if d.Comments[i] != want[i] {
			t.Errorf("comment %d: %v, want %v", i, d.Comments[i], want[i])
		}
	}
	text2 := write(t, PDN, gs)
	back := mustRead(t, PDN, text2, nil)
	if len(back[1].Comments) != 3 || back[1].Comments[2] != want[2] {
		t.Errorf("comments after PDN→PDN: %v\n%s", back[1].Comments, text2)
	}
}

// GGS archives: a count before each game, komi games, evaluations and
// times after the moves.
func TestGGSArchive(t *testing.T) {
	text := "1 (;GM[Othello]PC[GGS/os]PB[ann]PW[bob]TY[8k]KM[-1.5]RE[+3.5]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5/1.23/4.5]W[d6//0.01]B[c3];)\n" +
		"2 (;GM[Othello]PB[cid]PW[dan]TY[8]RE[?]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5]W[zz];)\n" +
		"3 (;GM[Othello]PB[eve]PW[fay]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5]W[f6/-0.5];)\n"
	if f := Detect(text); f != GGF {
		t.Fatalf("Detect: %s, want GGF", f)
	}
	gs, bad, err := ReadEach(GGF, text, nil, games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	if len(gs) != 2 || len(bad) != 1 || bad[0].N != 2 || bad[0].Line != 2 {
		t.Fatalf("%d games, rejected %v; want 2 and game 2 on line 2", len(gs), bad)
	}
	a := gs[0]
	if a.Tag("KM") != "-1.5" || a.Final() != rules.BlackWins || a.Record.String() != "f5d6c3" {
		t.Errorf("komi game: KM %q, result %s, moves %s", a.Tag("KM"), a.Final(), a.Record)
	}
	want := []Comment{{0, "1.23/4.5"}, {1, "/0.01"}}
	if len(a.Evals) != 2 || a.Evals[0] != want[0] || a.Evals[1] != want[1] {
		t.Errorf("evaluations %v, want %v", a.Evals, want)
	}
	out := write(t, GGF, gs)
	if !strings.Contains(out, "B[f5/1.23/4.5]W[d6//0.01]B[c3]") || !strings.Contains(out, "W[f6/-0.5]") {
		t.Errorf("GGF→GGF lost the evaluations:\n%s", out)
	}
	roundTrip(t, GGF, gs, nil)
}

func TestFilter(t *testing.T) {
	data, err := os.ReadFile("testdata/tinsley_excerpt.pdn")
	if err != nil {
		t.Fatal(err)
	}
	gs, _, err := ReadEach(PDN, string(data), nil, games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		filter string
		want   []int
	}{
		{"", []int{1, 2}},
		{"player=tinsley", []int{1, 2}},
		{"player=Rex", []int{1}},
		{"year=1958", []int{2}},
		{"event=ohio_state, result=draw", []int{1}},
		{"result=1-0", nil},
		{"London", []int{2}},
		{"Ohio player=Oldbury", nil},
	} {
		f, err := ParseFilter(c.filter)
		if err != nil {
			t.Fatalf("%q: %v", c.filter, err)
		}
		var got []int
		for i := range gs {
			if f.Match(&gs[i]) {
				got = append(got, gs[i].N)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%q matches %v, want %v", c.filter, got, c.want)
		}
	}
	for _, bad := range []string{"colour=black", "result=win", "player="} {
		if _, err := ParseFilter(bad); err == nil {
			t.Errorf("ParseFilter(%q) took it", bad)
		}
	}
}

// Two kings shuffle for 84 plies without a capture: past a threefold
// repetition and past the 40-move rule, which a record's players may claim
// but did not. The game replays whole, with the rule at 200 moves and a
// warning for each claim they left.
func TestPlayOnPastTheDrawRule(t *testing.T) {
	var b strings.Builder
	b.WriteString("[SetUp \"1\"]\n[FEN \"B:WK32:BK1\"]\n")
	for i := range 21 {
		fmt.Fprintf(&b, "%d. 1-5 32-28 %d. 5-1 28-32\n", 2*i+1, 2*i+2)
	}
	b.WriteString("1/2-1/2\n")
	gs := mustRead(t, PDN, b.String(), nil)
	g := gs[0]
	if g.Record.Len() != 84 || g.Settings.DrawMoves != 200 || g.Final() != rules.Draw {
		t.Fatalf("%d plies, draw rule %d, result %s; want 84, 200, a draw", g.Record.Len(), g.Settings.DrawMoves, g.Final())
	}
	w := strings.Join(g.Warnings, "; ")
	if !strings.Contains(w, "after the 40-move draw rule") || !strings.Contains(w, "threefold repetition at move 8") {
		t.Errorf("warnings %q", w)
	}
	// 80 plies stay within the rule: no warning, the rule as it is.
	short := strings.Replace(b.String(), "41. 1-5 32-28 42. 5-1 28-32\n", "", 1)
	g = mustRead(t, PDN, short, nil)[0]
	if g.Record.Len() != 80 || g.Settings.DrawMoves != 0 || strings.Contains(strings.Join(g.Warnings, " "), "draw rule") {
		t.Errorf("80 plies: %d, draw rule %d, warnings %v", g.Record.Len(), g.Settings.DrawMoves, g.Warnings)
	}
}

// A GGS archive's synchro match: two games on one line after its count,
// TY[s8], moves in capitals with an empty evaluation before the time
// (B[D3//3.95]), and the types GGS writes.
func TestGGSSynchroLine(t *testing.T) {
	bo := "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]"
	text := "7 (;GM[Othello]PC[GGS/os]PB[ann]PW[bob]TY[s8]RE[+0.000]" + bo + "B[D3//3.95]W[c5/-1.40/0.10]B[E6//2.30];)" +
		"(;GM[Othello]PC[GGS/os]PB[bob]PW[ann]TY[s8]RE[+0.000]" + bo + "B[F5//0.01]W[d6/0.62/0.01];)\n"
	gs, bad, err := ReadEach(GGF, text, nil, games.Settings{})
	if err != nil || len(bad) > 0 || len(gs) != 2 {
		t.Fatalf("%d games, rejected %v, %v", len(gs), bad, err)
	}
	if gs[0].Record.String() != "d3c5e6" || gs[1].Tag("PB") != "bob" || len(gs[0].Evals) != 3 || gs[0].Evals[0].Text != "/3.95" {
		t.Errorf("games %s, %v; evaluations %v", gs[0].Record, gs[1].Tags, gs[0].Evals)
	}
	for ty, ok := range map[string]bool{"8": true, "s8": true, "8r": true, "s8r20": true, "k8": true, "8k": true, "a8": false, "10": false, "8r8": true, "88": false} {
		if err := checkGGFType(ty); (err == nil) != ok {
			t.Errorf("TY[%s]: %v, want accepted %v", ty, err, ok)
		}
	}
}
