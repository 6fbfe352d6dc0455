package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"boardgames/ai/solve/c4solver"
)

// Item 2 of issue 32: a book whose positions would not fit is refused
// before any work, with the most plies that fit; nothing is written.
func TestBookIsBounded(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.book")
	for _, plies := range []string{"4", "8"} {
		code, stdout, errOut := run(t, "book", "-game", "adjacency", "-plies", plies, "-bot", "random", "-o", out)
		want := "more than 400000 positions within 4 plies of the start (a book holds at most 400000): the most for adjacency is -plies 3"
		if code != ExitUsage || !strings.Contains(errOut, want) || stdout != "" {
			t.Errorf("-plies %s: exit %d, %q, output %q; want %d, %q", plies, code, errOut, stdout, ExitUsage, want)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a refused book wrote its file: %v", err)
	}
}

// Ctrl+C stops a book, whether it is listing its positions or searching
// them, with exit status 130.
func TestBookStopsOnCtrlC(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.book")
	for _, d := range []time.Duration{100 * time.Millisecond, 2 * time.Second} {
		_, stderr, code := signalProcess(t, []string{"book", "-game", "adjacency", "-plies", "3", "-bot", "alphabeta:depth=3", "-o", out}, d, syscall.SIGINT, nil)
		if code != ExitInterrupted || !strings.Contains(stderr, "boardgames book: interrupted") {
			t.Errorf("Ctrl+C after %v: exit %d, %q", d, code, stderr)
		}
	}
}

// The exact Connect Four book (-bot perfect): a tiny one from a late
// position, as CI builds it. It holds every position within the plies,
// mirror images folded; run again it solves nothing; a file of other
// options and the flags of the exact book elsewhere are refused.
func TestBookConnect4Exact(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "c4.book")
	args := []string{"book", "-game", "connect4", "-bot", "perfect", "-moves", "274552224131661", "-plies", "2",
		"-parallel", "2", "-tt", "8", "-nice", "0", "-o", out}
	code, stdout, errOut := run(t, args...)
	if code != ExitOK || !strings.Contains(stdout, "done: ") {
		t.Fatalf("exit %d, %q, %q", code, stdout, errOut)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	b, err := c4solver.LoadBook(data)
	if err != nil {
		t.Fatal(err)
	}
	if i := b.Info(); b.Len() < 20 || i.Limit != 0 || i.Openings != 17 {
		t.Errorf("%d entries, %+v", b.Len(), i)
	}
	if _, err := os.Stat(out + ".part"); !os.IsNotExist(err) {
		t.Errorf("the checkpoint is left: %v", err)
	}
	if code, stdout, errOut := run(t, args...); code != ExitOK || !strings.Contains(stdout, ", 0 solved now") {
		t.Errorf("again: exit %d, %q, %q", code, stdout, errOut)
	}
	if again, _ := os.ReadFile(out); string(again) != string(data) {
		t.Error("run again, the book changed")
	}

	for _, bad := range [][]string{
		{"-game", "connect4", "-bot", "perfect", "-moves", "274552224131661", "-plies", "1", "-o", out}, // built with 2
		{"-game", "connect4", "-bot", "perfect", "-parallel", "0", "-o", filepath.Join(dir, "x")},
		{"-game", "connect4", "-bot", "perfect", "-plies", "11", "-o", filepath.Join(dir, "x")},
		{"-game", "connect4", "-bot", "perfect", "-moves", "1212121", "-o", filepath.Join(dir, "x")},
		{"-game", "othello", "-parallel", "2", "-o", filepath.Join(dir, "x")},
	} {
		code, stdout, errOut := run(t, append([]string{"book"}, bad...)...)
		if code != ExitUsage || stdout != "" || errOut == "" || strings.Count(strings.TrimSpace(errOut), "\n") > 0 {
			t.Errorf("%v: exit %d, %q, %q; want %d and one line", bad, code, stdout, errOut, ExitUsage)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "x")); !os.IsNotExist(err) {
		t.Errorf("a refused book wrote its file: %v", err)
	}
}
