package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// dataFile is a file of the shared test data (see its README), seen from
// this package's folder; the test skips when it is missing.
func dataFile(t *testing.T, game, name string) string {
	t.Helper()
	path := filepath.Join("../../../../shared/data", game, name)
	if _, err := os.Stat(path); err != nil {
		t.Skipf("test data: %v", err)
	}
	return path
}

// headLines writes the first n lines of a data file to a temporary file
// and returns its path and lines.
func headLines(t *testing.T, game, name string, n int) (string, []string) {
	t.Helper()
	b, err := os.ReadFile(dataFile(t, game, name))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")[:n]
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, lines
}

// withStdin runs f with text as the batch's standard input.
func withStdin(t *testing.T, text string, f func()) {
	t.Helper()
	old := batchStdin
	batchStdin = strings.NewReader(text)
	defer func() { batchStdin = old }()
	f()
}

// A batch of Connect Four lines prints each position and its score, the
// file's scores, and nothing else; -score changes nothing in text.
func TestSolveBatchConnect4(t *testing.T) {
	path, lines := headLines(t, "connect4", "Test_L2_R1", 30)
	for _, extra := range [][]string{nil, {"-score"}} {
		code, out, errOut := run(t, append([]string{"solve", "-game", "connect4", "-input", path}, extra...)...)
		if code != ExitOK || errOut != "" {
			t.Fatalf("%v: exit %d, stderr %q", extra, code, errOut)
		}
		if got := strings.Split(strings.TrimSuffix(out, "\n"), "\n"); strings.Join(got, "\n") != strings.Join(lines, "\n") {
			t.Errorf("%v: output\n%s\nwant the file's lines", extra, out)
		}
	}
}

// Othello OBF lines: the board and side to move, then the score; the
// best listed move score is the expected one.
func TestSolveBatchOthello(t *testing.T) {
	_, lines := headLines(t, "othello", "fforum-1-19.obf", 4)
	var in strings.Builder
	for _, l := range lines {
		in.WriteString(l + "\n\n") // blank lines are skipped
	}
	withStdin(t, in.String(), func() {
		code, out, errOut := run(t, "solve", "-game", "othello", "-input", "-", "-score")
		if code != ExitOK || errOut != "" {
			t.Fatalf("exit %d, stderr %q", code, errOut)
		}
		got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(got) != len(lines) {
			t.Fatalf("%d lines for %d positions:\n%s", len(got), len(lines), out)
		}
		for i, l := range lines {
			board, tail, _ := strings.Cut(l, ";")
			first := strings.Split(tail, ";")[0] // " G8:+18": the best move first
			best := strings.TrimPrefix(strings.Split(first, ":")[1], "+")
			if want := strings.TrimSpace(board) + " " + best; got[i] != want {
				t.Errorf("line %d: %q, want %q", i+1, got[i], want)
			}
		}
	})
}

// -json prints one object per line with the line number, the position,
// the expected score, the best moves and every move's score.
func TestSolveBatchJSON(t *testing.T) {
	path, lines := headLines(t, "connect4", "Test_L3_R1", 5)
	code, out, errOut := run(t, "solve", "-game", "connect4", "-input", path, "-json")
	if code != ExitOK {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(got) != len(lines) {
		t.Fatalf("%d JSON lines for %d positions", len(got), len(lines))
	}
	for i, text := range got {
		var v struct {
			Line     int    `json:"line"`
			Position string `json:"position"`
			Game     string `json:"game"`
			Score    int    `json:"score"`
			Expected *int   `json:"expected"`
			Best     []string
			Moves    []struct {
				Move  string `json:"move"`
				Score int    `json:"score"`
			} `json:"moves"`
			Nodes uint64 `json:"nodes"`
		}
		if err := json.Unmarshal([]byte(text), &v); err != nil {
			t.Fatalf("line %d: %v: %s", i+1, err, text)
		}
		fields := strings.Fields(lines[i])
		if v.Line != i+1 || v.Position != fields[0] || v.Game != "connect4" || v.Expected == nil ||
			v.Score != *v.Expected || len(v.Best) == 0 || len(v.Moves) == 0 || v.Moves[0].Score != v.Score {
			t.Errorf("line %d: %+v, file %q", i+1, v, lines[i])
		}
	}
}

// Bad lines are bad input, named by their numbers, before anything runs.
func TestSolveBatchBadInput(t *testing.T) {
	for name, tc := range map[string]struct {
		game, input string
		want        []string
	}{
		"column":   {"connect4", "4453 -2\n44x\n1234 0\n", []string{"line 2", "column"}},
		"score":    {"connect4", "4453 minus\n", []string{"line 1", "not an integer"}},
		"over":     {"connect4", "4453\n1212121\n", []string{"line 2", "over"}},
		"fields":   {"connect4", "4453 -2 7\n", []string{"line 1"}},
		"many":     {"connect4", "x\nx\nx\nx\nx\nx\nx\n", []string{"line 1", "line 5", "2 more bad lines"}},
		"empty":    {"connect4", "\n\n", []string{"no positions"}},
		"board":    {"othello", "XO X\n", []string{"line 1"}},
		"obf":      {"othello", strings.Repeat("-", 27) + "OX------XO" + strings.Repeat("-", 27) + " X; d3:x\n", []string{"line 1", "not an integer"}},
		"obf move": {"othello", strings.Repeat("-", 27) + "OX------XO" + strings.Repeat("-", 27) + " X; a1:+2\n", []string{"line 1"}},
		"empties":  {"othello", strings.Repeat("-", 27) + "OX------XO" + strings.Repeat("-", 27) + " X\n", []string{"60 empty squares"}},
		"checkers": {"checkers", "11-15\n", []string{"connect4 and othello"}},
	} {
		withStdin(t, tc.input, func() {
			code, out, errOut := run(t, "solve", "-game", tc.game, "-input", "-")
			if code != ExitUsage || out != "" {
				t.Errorf("%s: exit %d, stdout %q", name, code, out)
			}
			for _, w := range tc.want {
				if !strings.Contains(errOut, w) {
					t.Errorf("%s: stderr %q does not mention %q", name, errOut, w)
				}
			}
		})
	}
	for _, args := range [][]string{
		{"-input", "/nonexistent/file"},
		{"-input", "-", "-moves", "44"},
		{"-input", "-", "-time", "-1s"},
	} {
		code, _, errOut := run(t, append([]string{"solve", "-game", "connect4"}, args...)...)
		if code != ExitUsage || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
}

// A score that differs from the line's is reported, and the exit status
// is 1; the other lines are still solved and printed.
func TestSolveBatchWrongScore(t *testing.T) {
	// Test_L3_R1 lines 1 and 2: scores -1 and 1.
	const a, b = "2252576253462244111563365343671351441", "7422341735647741166133573473242566"
	withStdin(t, a+" -1\n"+a+" 5\n"+b+" 1\n", func() {
		code, out, errOut := run(t, "solve", "-game", "connect4", "-input", "-")
		if code != ExitError {
			t.Errorf("exit %d, want %d", code, ExitError)
		}
		if out != a+" -1\n"+a+" -1\n"+b+" 1\n" {
			t.Errorf("stdout %q", out)
		}
		if !strings.Contains(errOut, "line 2") || !strings.Contains(errOut, "expects 5") || strings.Contains(errOut, "line 3") {
			t.Errorf("stderr %q", errOut)
		}
	})
}

// cancelAfter is a writer that cancels a context once it has written n
// lines: an interrupt after n results.
type cancelAfter struct {
	strings.Builder
	n      int
	cancel context.CancelFunc
}

func (w *cancelAfter) Write(p []byte) (int, error) {
	w.n -= strings.Count(string(p), "\n")
	if w.n <= 0 {
		w.cancel()
	}
	return w.Builder.Write(p)
}

// Ctrl+C ends a batch with the finished lines printed and exit status 130.
func TestSolveBatchInterrupted(t *testing.T) {
	path, lines := headLines(t, "connect4", "Test_L2_R1", 20)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	old := batchContext
	batchContext = func() (context.Context, context.CancelFunc) { return ctx, cancel }
	defer func() { batchContext = old }()
	out := &cancelAfter{n: 3, cancel: cancel}
	var errOut strings.Builder
	code := Run([]string{"solve", "-game", "connect4", "-input", path}, out, &errOut)
	if code != ExitInterrupted {
		t.Errorf("exit %d, want %d", code, ExitInterrupted)
	}
	if want := strings.Join(lines[:3], "\n") + "\n"; out.String() != want {
		t.Errorf("stdout %q, want the first 3 lines", out.String())
	}
	if !strings.Contains(errOut.String(), "interrupted") || !strings.Contains(errOut.String(), "3 of 20") {
		t.Errorf("stderr %q", errOut.String())
	}
}

// One position: -score prints the value alone; the default prints every
// move, and its JSON keeps the fields of before.
func TestSolveOne(t *testing.T) {
	code, out, _ := run(t, "solve", "-game", "connect4", "-moves", "2252576253462244111563365343671351441", "-score")
	if code != ExitOK || out != "-1\n" {
		t.Errorf("-score: exit %d, %q", code, out)
	}
	var v map[string]any
	runJSON(t, &v, "solve", "-game", "connect4", "-moves", "7422341735647741166133573473242566", "-json")
	for _, k := range []string{"game", "score", "best", "moves", "nodes", "seconds", "nodesPerSecond"} {
		if _, ok := v[k]; !ok {
			t.Errorf("JSON has no %q: %v", k, v)
		}
	}
	if moves, _ := v["moves"].([]any); len(moves) != 4 { // three columns are full
		t.Errorf("every move: %v", v["moves"])
	}
	var s map[string]any
	runJSON(t, &s, "solve", "-game", "othello", "-position", strings.TrimSpace(strings.Split(firstLine(t, "othello", "fforum-1-19.obf"), ";")[0]), "-json", "-score")
	if s["score"] != 18.0 {
		t.Errorf("FFO #1: %v", s)
	}
	code, out, _ = run(t, "solve", "-game", "othello", "-position", strings.TrimSpace(strings.Split(firstLine(t, "othello", "fforum-1-19.obf"), ";")[0]))
	if code != ExitOK || !strings.Contains(out, "score: +18") || !strings.Contains(out, "G8=+18") && !strings.Contains(out, "g8=+18") {
		t.Errorf("FFO #1: exit %d\n%s", code, out)
	}
}

func firstLine(t *testing.T, game, name string) string {
	t.Helper()
	b, err := os.ReadFile(dataFile(t, game, name))
	if err != nil {
		t.Fatal(err)
	}
	return strings.SplitN(string(b), "\n", 2)[0]
}
