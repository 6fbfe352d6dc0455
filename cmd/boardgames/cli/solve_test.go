package cli

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
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

// Bad lines are bad input, named by their numbers on stderr and skipped;
// the good lines are solved; the exit status is 2.
func TestSolveBatchBadInput(t *testing.T) {
	const a, b = "2252576253462244111563365343671351441", "7422341735647741166133573473242566" // Test_L3_R1: -1, 1
	start := strings.Repeat("-", 27) + "OX------XO" + strings.Repeat("-", 27) + " X"
	for name, tc := range map[string]struct {
		game, input, out string
		want             []string
	}{
		"column":   {"connect4", a + " -1\n44x\n" + b + "\n", a + " -1\n" + b + " 1\n", []string{"line 2", "column", "1 bad line skipped (2), 2 solved"}},
		"score":    {"connect4", "4453 minus\n", "", []string{"line 1", "not an integer"}},
		"over":     {"connect4", a + "\n1212121\n", a + " -1\n", []string{"line 2", "over"}},
		"fields":   {"connect4", "4453 -2 7\n", "", []string{"line 1"}},
		"many":     {"connect4", "x\nx\nx\nx\nx\nx\nx\n", "", []string{"line 1", "line 5", "more than 5 bad lines (1, 2, 3, 4, 5, 6): stopped at line 6"}},
		"empty":    {"connect4", "\n\n", "", []string{"no positions"}},
		"board":    {"othello", "XO X\n", "", []string{"line 1"}},
		"obf":      {"othello", start + "; d3:x\n", "", []string{"line 1", "not an integer"}},
		"obf move": {"othello", start + "; a1:+2\n", "", []string{"line 1"}},
		"empties":  {"othello", start + "\n", "", []string{"line 1: 60 empty squares"}},
		"checkers": {"checkers", "11-15\n", "", []string{"connect4 and othello"}},
	} {
		withStdin(t, tc.input, func() {
			code, out, errOut := run(t, "solve", "-game", tc.game, "-input", "-", "-score")
			if code != ExitUsage || out != tc.out {
				t.Errorf("%s: exit %d, stdout %q, want %q", name, code, out, tc.out)
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
		{"-input", "/"},
		{"-input", "-", "-moves", "44"},
		{"-input", "-", "-time", "-1s"},
	} {
		code, _, errOut := run(t, append([]string{"solve", "-game", "connect4"}, args...)...)
		if code != ExitUsage || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
}

// syncBuffer is a buffer that a test may read while a command writes it.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Item 5 of issue 20: a batch solves as it reads: the answer to a line
// comes before the next line is written (the whole input is never held).
func TestSolveBatchStreams(t *testing.T) {
	r, w := io.Pipe()
	old := batchStdin
	batchStdin = r
	defer func() { batchStdin = old }()
	var out, errOut syncBuffer
	done := make(chan int, 1)
	go func() { done <- Run([]string{"solve", "-game", "connect4", "-input", "-"}, &out, &errOut) }()
	const a, b = "2252576253462244111563365343671351441", "7422341735647741166133573473242566" // Test_L3_R1: -1, 1
	io.WriteString(w, a+"\n")
	deadline := time.Now().Add(20 * time.Second)
	for out.String() != a+" -1\n" {
		if time.Now().After(deadline) {
			w.Close()
			t.Fatalf("no answer to line 1 before the input ends: stdout %q", out.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	io.WriteString(w, b+"\n")
	w.Close()
	if code := <-done; code != ExitOK || out.String() != a+" -1\n"+b+" 1\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
}

// Item 5 of issue 20: what cannot be a file of positions stops the batch
// at once, naming the line: a line too long, binary data, /dev/urandom.
func TestSolveBatchLimits(t *testing.T) {
	const a = "2252576253462244111563365343671351441" // Test_L3_R1: -1
	long := a + "\n" + strings.Repeat("4", 1<<20) + "\n"
	withStdin(t, long, func() {
		code, out, errOut := run(t, "solve", "-game", "connect4", "-input", "-")
		if code != ExitUsage || out != a+" -1\n" || !strings.Contains(errOut, "line 2 is longer than 4096 bytes") {
			t.Errorf("a 1 MiB line: exit %d, stdout %q, stderr %q", code, out, errOut)
		}
	})
	withStdin(t, a+"\n44\x00\n", func() {
		code, _, errOut := run(t, "solve", "-game", "connect4", "-input", "-")
		if code != ExitUsage || !strings.Contains(errOut, "line 2 is not text") {
			t.Errorf("a NUL: exit %d, stderr %q", code, errOut)
		}
	})
	if _, err := os.Stat("/dev/urandom"); err != nil {
		t.Skip("no /dev/urandom")
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		code, out, errOut := run(t, "solve", "-game", "othello", "-input", "/dev/urandom")
		if code != ExitUsage || out != "" || !strings.Contains(errOut, "-input /dev/urandom: a device, not a regular file") {
			t.Errorf("/dev/urandom: exit %d, stdout %q, stderr %q", code, out, errOut)
		}
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("solve -input /dev/urandom reads on")
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
	if !strings.Contains(errOut.String(), "interrupted") || !strings.Contains(errOut.String(), "the 3 lines above") {
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
