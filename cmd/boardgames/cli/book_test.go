package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
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
