package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"boardgames/ai/eval"
)

// run runs the command line and returns its exit status and outputs.
func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// runJSON runs a command that must succeed and decodes its JSON output.
func runJSON(t *testing.T, v any, args ...string) {
	t.Helper()
	code, out, errOut := run(t, args...)
	if code != ExitOK {
		t.Fatalf("%v: exit %d, stderr %q", args, code, errOut)
	}
	if err := json.Unmarshal([]byte(out), v); err != nil {
		t.Fatalf("%v: output is not JSON: %v\n%s", args, err, out)
	}
}

func TestPerftJSON(t *testing.T) {
	tests := []struct {
		args  []string
		nodes uint64
	}{
		{[]string{"-game", "othello", "-depth", "5"}, 1396},
		{[]string{"-game", "checkers", "-depth", "6"}, 36768},
		{[]string{"-game", "connect4", "-depth", "5"}, 16807},
		{[]string{"-game", "adjacency", "-depth", "2"}, 56 * 55},
		{[]string{"-game", "adjacency", "-depth", "3", "-rounds", "1"}, 56 * 55},
		{[]string{"-game", "othello", "-depth", "3", "-moves", "f5"}, perftAfterF5},
	}
	for _, tc := range tests {
		var got struct {
			Nodes   uint64  `json:"nodes"`
			Depth   int     `json:"depth"`
			Seconds float64 `json:"seconds"`
		}
		runJSON(t, &got, append(append([]string{"perft"}, tc.args...), "-json")...)
		if got.Nodes != tc.nodes {
			t.Errorf("perft %v = %d nodes, want %d", tc.args, got.Nodes, tc.nodes)
		}
	}
}

// perftAfterF5 is perft 3 after 1.f5: the four first moves of Othello are
// equivalent by symmetry, so it is perft 4 from the start divided by 4.
const perftAfterF5 = 244 / 4

func TestPerftDivideSumsUp(t *testing.T) {
	var got struct {
		Nodes  uint64 `json:"nodes"`
		Divide []struct {
			Move  string `json:"move"`
			Nodes uint64 `json:"nodes"`
		} `json:"divide"`
	}
	runJSON(t, &got, "perft", "-game", "checkers", "-depth", "4", "-divide", "-json")
	if len(got.Divide) != 7 {
		t.Fatalf("checkers has 7 first moves, divide shows %d", len(got.Divide))
	}
	var sum uint64
	for _, d := range got.Divide {
		sum += d.Nodes
	}
	if sum != got.Nodes || sum != 1469 {
		t.Errorf("divide sums to %d, total %d, want 1469", sum, got.Nodes)
	}
}

type showJSON struct {
	ToMove string   `json:"toMove"`
	Legal  []string `json:"legal"`
	Over   bool     `json:"over"`
	Result string   `json:"result"`
	Board  []string `json:"board"`
}

func TestShowJSON(t *testing.T) {
	var s showJSON
	runJSON(t, &s, "show", "-game", "othello", "-json")
	if s.Over || s.ToMove != "Black" || strings.Join(s.Legal, " ") != "d3 c4 f5 e6" || len(s.Board) != 8 {
		t.Errorf("othello start: %+v", s)
	}
	// A position where Black has no move but White has: Black must pass.
	pass := strings.Repeat("-", 56) + "OX------ X"
	runJSON(t, &s, "show", "-game", "othello", "-position", pass, "-json")
	if s.Over || len(s.Legal) != 1 || s.Legal[0] != "pass" {
		t.Errorf("forced pass: legal %v over %v", s.Legal, s.Over)
	}
	// Connect Four: four in a column ends the game.
	runJSON(t, &s, "show", "-game", "connect4", "-moves", "4343434", "-json")
	if !s.Over || len(s.Legal) != 0 || s.Result != "Red wins" || len(s.Board) != 6 {
		t.Errorf("connect4 vertical win: %+v", s)
	}
	runJSON(t, &s, "show", "-game", "checkers", "-moves", "11-15 23-19", "-json")
	if s.ToMove != "Black" || s.Over || len(s.Board) != 8 {
		t.Errorf("checkers: %+v", s)
	}
	runJSON(t, &s, "show", "-game", "adjacency", "-rounds", "1", "-moves", "c6 f3", "-json")
	if !s.Over || s.Result == "ongoing" || len(s.Legal) != 0 {
		t.Errorf("adjacency after the only round: %+v", s)
	}
}

func TestShowText(t *testing.T) {
	code, out, _ := run(t, "show", "-game", "connect4", "-moves", "44")
	if code != ExitOK || !strings.Contains(out, "1 2 3 4 5 6 7") || !strings.Contains(out, "To move:  Red") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"perft", "-game", "chess", "-depth", "2"}, "unknown game"},
		{[]string{"perft", "-game", "othello"}, "-depth"},
		{[]string{"perft", "-depth", "2"}, "-game is required"},
		{[]string{"show", "-game", "othello", "-moves", "f5e3"}, "e3"},
		{[]string{"show", "-game", "checkers", "-moves", "11-17"}, "11-17"},
		{[]string{"show", "-game", "connect4", "-moves", "48"}, "8"},
		{[]string{"show", "-game", "adjacency", "-rounds", "40"}, "40"},
		{[]string{"show", "-game", "othello", "-rounds", "4"}, "adjacency only"},
		{[]string{"show", "-game", "othello", "-position", "XO"}, "64"},
		{[]string{"show", "-game", "checkers", "-position", "B:W99"}, "99"},
		{[]string{"show", "-bogus"}, "bogus"},
		{[]string{"frobnicate"}, "unknown command"},
	}
	for _, tc := range tests {
		code, out, errOut := run(t, tc.args...)
		if code != ExitUsage {
			t.Errorf("%v: exit %d, want %d (stderr %q)", tc.args, code, ExitUsage, errOut)
		}
		if out != "" {
			t.Errorf("%v: printed %q on stdout", tc.args, out)
		}
		if strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: stderr %q, want one line mentioning %q", tc.args, errOut, tc.want)
		}
	}
}

func TestUsage(t *testing.T) {
	code, out, _ := run(t)
	if code != ExitOK || !strings.Contains(out, "perft") || !strings.Contains(out, "show") {
		t.Errorf("usage: exit %d\n%s", code, out)
	}
	code, out, _ = run(t, "perft", "-h")
	if code != ExitOK || !strings.Contains(out, "-depth") {
		t.Errorf("perft -h: exit %d\n%s", code, out)
	}
}

// A decided score says what it means: a win or a loss, so many plies away.
func TestAnalyzeDecidedScore(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-moves", "445566", "-algo", "alphabeta", "-depth", "4"}, "score: 999999 (a win in 1 ply)"},
		{[]string{"-moves", "44", "-algo", "perfect"}, "score: 999961 (exact: a win in 39 plies)"},
		{[]string{"-moves", "4455661", "-algo", "alphabeta", "-depth", "4"}, "(a loss in 2 plies)"},
		{[]string{"-moves", "4", "-algo", "alphabeta", "-depth", "2"}, "score: "},
	} {
		code, out, errOut := run(t, append([]string{"analyze", "-game", "connect4"}, c.args...)...)
		if code != ExitOK || !strings.Contains(out, c.want) {
			t.Errorf("%v: exit %d, %q lacks %q (%s)", c.args, code, out, c.want, errOut)
		}
		if c.want == "score: " && strings.Contains(out, "plies") {
			t.Errorf("%v: an undecided score called decided: %q", c.args, out)
		}
	}
}

// An Othello search's score is also said in discs, the final margin its
// evaluation estimates (the learned one eval.DiscUnit points a disc, the
// strong one eval.StrongPerDisc), within ±64; not for the positional
// table (points) nor an exact solve (already discs).
func TestAnalyzeOthelloDiscs(t *testing.T) {
	moves := []string{"analyze", "-game", "othello", "-moves", "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7", "-depth", "4"}
	for _, c := range []struct {
		args    []string
		perDisc int // 0: no estimate
	}{
		{[]string{"-algo", "engine", "-eval", "pattern"}, eval.DiscUnit},
		{[]string{"-algo", "alphabeta"}, eval.StrongPerDisc},
		{[]string{"-algo", "alphabeta", "-eval", "positional"}, 0},
	} {
		var got struct {
			Score int      `json:"score"`
			Discs *float64 `json:"discs"`
		}
		runJSON(t, &got, append(append(slices.Clone(moves), c.args...), "-json")...)
		switch {
		case c.perDisc == 0 && got.Discs != nil:
			t.Errorf("%v: %v discs for a table's points", c.args, *got.Discs)
		case c.perDisc == 0:
		case got.Discs == nil || math.Abs(*got.Discs-float64(got.Score)/float64(c.perDisc)) > 0.051 || math.Abs(*got.Discs) > 64:
			t.Errorf("%v: score %d, discs %v; want the score over %d", c.args, got.Score, got.Discs, c.perDisc)
		default:
			code, out, _ := run(t, append(slices.Clone(moves), c.args...)...)
			if want := fmt.Sprintf("(%+.1f discs, estimated)", *got.Discs); code != ExitOK || !strings.Contains(out, want) {
				t.Errorf("%v: %q lacks %q", c.args, out, want)
			}
		}
	}
	var exact struct {
		Exact bool     `json:"exact"`
		Discs *float64 `json:"discs"`
	}
	runJSON(t, &exact, "analyze", "-game", "othello", "-position",
		"--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X", "-algo", "perfect", "-json")
	if !exact.Exact || exact.Discs != nil {
		t.Errorf("an exact solve: %+v", exact)
	}
}

// The perfect player whose solve does not finish in its time says that its
// move is not proven and what it rests on, in words and in JSON.
func TestAnalyzePerfectUnproven(t *testing.T) {
	// After 1 7 3 2 2 no book entry (5 stones: the complete book of the
	// first plies stops at 4) and a solve of seconds: 100 ms is not enough.
	args := []string{"analyze", "-game", "connect4", "-moves", "17322", "-algo", "perfect", "-time", "100ms"}
	code, out, errOut := run(t, args...)
	if code != ExitOK || !strings.Contains(out, "(not proven: the exact solver did not finish in time") || strings.Contains(out, "exact") && !strings.Contains(out, "exact solver") {
		t.Errorf("exit %d, %q (%s)", code, out, errOut)
	}
	var got struct {
		Algo     string `json:"algo"`
		Exact    bool   `json:"exact"`
		Unproven bool   `json:"unproven"`
	}
	runJSON(t, &got, append(args, "-json")...)
	if got.Algo != "perfect" || got.Exact || !got.Unproven {
		t.Errorf("JSON %+v", got)
	}
	// A proven move says nothing of the kind.
	got.Unproven = false
	runJSON(t, &got, "analyze", "-game", "connect4", "-moves", "44", "-algo", "perfect", "-json")
	if !got.Exact || got.Unproven {
		t.Errorf("book move: JSON %+v", got)
	}
}
