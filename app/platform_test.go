package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"boardgames/app/gamefile"
	"boardgames/app/internal/apptest"
	"boardgames/rules/games"
)

// A file given on the command line opens on the board, another game
// included; over a game in progress (restored from the last session, say)
// it asks first, and a bad file leaves the game as it was.
func TestOpenFile(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	g, rec := apptest.Record(t, "connect4", games.Settings{}, "4453")
	path := filepath.Join(t.TempDir(), "c4"+gamefile.Ext)
	os.WriteFile(path, []byte(gamefile.Format(gamefile.File{Game: g, Record: rec})), 0o644)
	f.u.OpenFile(path)
	if f.u.Controller().Game().Name != "connect4" || f.moves() != "4453" {
		t.Fatalf("opened %s %q", f.u.Controller().Game().Name, f.moves())
	}
	if !strings.Contains(f.u.Status(), "Opened c4.bgame") {
		t.Errorf("status %q", f.u.Status())
	}

	f.u.OpenFile(filepath.Join(t.TempDir(), "missing"+gamefile.Ext))
	if f.button("Open a saved game") == nil {
		t.Fatal("opening over a game in progress did not ask")
	}
	f.answer("Open a saved game")
	if f.moves() != "4453" || !strings.Contains(f.u.Status(), "Could not open the game") {
		t.Fatalf("a missing file: moves %q, status %q", f.moves(), f.u.Status())
	}
}
