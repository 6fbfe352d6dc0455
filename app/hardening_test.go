//go:build unix

package app

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"boardgames/app/internal/apptest"
)

// within fails the test if f takes longer than d: the window must never
// wait on a file.
func within(t *testing.T, d time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("%s waits (more than %v)", what, d)
	}
}

// Item 4 of issue 20: a named pipe in place of the autosave neither hangs
// the start (the restore) nor the autosaves after each move.
func TestAutosavePipeDoesNotHang(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	f.u.Close()
	path := filepath.Join(f.state, autosaveName)
	os.Remove(path)
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skip("no named pipes:", err)
	}
	within(t, 10*time.Second, "starting with a pipe as the autosave", f.open)
	if s := f.u.Status(); !strings.Contains(s, "could not be restored") || !strings.Contains(s, "not a regular file") {
		t.Errorf("status %q", s)
	}
	within(t, 10*time.Second, "a move (and its autosave) with a pipe as the autosave", func() { f.tapSquare("f5") })
	if f.len() != 1 {
		t.Errorf("%d moves", f.len())
	}
}

// The warnings of a restored game (an autosave of an older version, which
// cannot show that it is whole) are shown.
func TestRestoreShowsWarnings(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	f.u.Close()
	old := "Boardgames game 1\nGame: othello\nBlack: human\nWhite: human\nResult: Game in progress\n\nf5 d6\n"
	if err := os.WriteFile(filepath.Join(f.state, autosaveName), []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	f.open()
	if s := f.u.Status(); !strings.Contains(s, "restored (2 moves)") || !strings.Contains(s, "Warnings: the file has no Moves line") {
		t.Errorf("status %q", s)
	}
}

// Item 6 of issue 32: an autosave that fails is told in the window (the
// game would be lost if the program ended), once, not only logged.
func TestAutosaveFailureIsShown(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	path := filepath.Join(f.state, autosaveName)
	os.Remove(path)
	if err := os.Mkdir(path, 0o700); err != nil { // a folder where the autosave goes
		t.Fatal(err)
	}
	f.tapSquare("f5")
	if s := f.u.Status(); !strings.Contains(s, "The game in progress cannot be kept") {
		t.Errorf("status after a failed autosave: %q", s)
	}
	f.tapSquare("d6")
	if s := f.u.Status(); strings.Contains(s, "cannot be kept") {
		t.Errorf("the same failure is told again after the next move: %q", s)
	}
	os.Remove(path)
	f.tapSquare("c3")
	if _, err := os.Stat(path); err != nil {
		t.Errorf("no autosave once the folder is gone: %v", err)
	}
}
