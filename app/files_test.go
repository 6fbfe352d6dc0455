package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"boardgames/app/gamefile"
	"boardgames/app/internal/apptest"
	"boardgames/app/internal/dialogtest"
	"boardgames/app/safefile/safefiletest"
	"boardgames/rules"
	"boardgames/rules/games"
)

// oldGame writes a saved game of 4 Othello moves to path and returns its
// bytes.
func oldGame(t *testing.T, path string) []byte {
	t.Helper()
	g, rec := apptest.Record(t, "othello", games.Settings{}, "f5d6c3d3")
	b := []byte(gamefile.Format(gamefile.File{Game: g, Record: rec, Players: [2]string{"human", "human"}}))
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return b
}

func same(t *testing.T, path string, want []byte) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Fatalf("%s changed: %d bytes, was %d:\n%s", filepath.Base(path), len(got), len(want), got)
	}
}

// Saving over a file in a folder the user cannot write in fails, and the
// file keeps every byte: the dialog never opens it for writing.
func TestSaveDialogFailureKeepsTheFile(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	f.tapSquare("f5")
	dir := t.TempDir()
	path := filepath.Join(dir, "game"+gamefile.Ext)
	old := oldGame(t, path)
	f.u.prefs.p.SetString(PrefFolder, dir)
	safefiletest.ReadOnly(t, dir)
	c := f.w.Canvas()
	f.u.save()
	dialogtest.SaveAs(t, c, "game"+gamefile.Ext)
	dialogtest.Press(t, c, "Yes") // Fyne's "Overwrite?"
	same(t, path, old)
	if s := f.u.Status(); !strings.Contains(s, "Could not save") || !strings.Contains(s, "unchanged") {
		t.Errorf("status %q", s)
	}
}

// A name typed without the extension is saved with it; the file of that
// name is what the user is asked about, and the file named as typed is
// never touched.
func TestSaveAddsTheExtensionAndAsksAboutThatFile(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	f.tapSquare("f5")
	dir := t.TempDir()
	f.u.prefs.p.SetString(PrefFolder, dir)
	notes := filepath.Join(dir, "NAME")
	if err := os.WriteFile(notes, []byte("the user's notes, not a game"), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "NAME"+gamefile.Ext)
	old := oldGame(t, path)
	c := f.w.Canvas()

	f.u.save()
	dialogtest.SaveAs(t, c, "NAME")
	dialogtest.Press(t, c, "Yes") // Fyne asks about NAME
	dialogtest.Press(t, c, "No")  // we ask about NAME.bgame: keep it
	same(t, path, old)
	same(t, notes, []byte("the user's notes, not a game"))

	f.u.save()
	dialogtest.SaveAs(t, c, "NAME")
	dialogtest.Press(t, c, "Yes")
	dialogtest.Press(t, c, "Yes")
	if got, _ := gamefile.Load(path); got.Record == nil || got.Record.String() != "f5" {
		t.Fatalf("NAME.bgame does not hold the game on the board")
	}
	same(t, notes, []byte("the user's notes, not a game"))

	// No NAME.bgame: nothing to ask about.
	os.Remove(path)
	f.u.save()
	dialogtest.SaveAs(t, c, "NAME")
	dialogtest.Press(t, c, "Yes")
	if dialogtest.Button(c, "No") != nil {
		t.Fatal("asked about a file that does not exist")
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	same(t, notes, []byte("the user's notes, not a game"))
}

func TestSaveDialogCancelTouchesNothing(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	dir := t.TempDir()
	path := filepath.Join(dir, "game"+gamefile.Ext)
	old := oldGame(t, path)
	f.u.prefs.p.SetString(PrefFolder, dir)
	c := f.w.Canvas()
	f.u.save()
	dialogtest.SaveAs(t, c, "game"+gamefile.Ext)
	dialogtest.Press(t, c, "No") // Fyne's "Overwrite?"
	dialogtest.Press(t, c, "Cancel")
	same(t, path, old)
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("files in the folder: %v", entries)
	}
}

// Saving keeps the file's permissions and writes through a symbolic link.
func TestSaveKeepsPermissionsAndLinks(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	f.tapSquare("f5")
	dir := t.TempDir()
	real := filepath.Join(dir, "real"+gamefile.Ext)
	oldGame(t, real)
	os.Chmod(real, 0o600)
	link := filepath.Join(dir, "link"+gamefile.Ext)
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	if err := f.u.SaveTo(link); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the link became a file")
	}
	if fi, _ := os.Stat(real); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", fi.Mode().Perm())
	}
	if got, err := gamefile.Load(real); err != nil || got.Record.String() != "f5" {
		t.Fatalf("the link's target: %v", err)
	}
}

// A setting of another game in a file reaches neither the game nor the
// preferences, and what was skipped is shown.
func TestLoadSkipsOtherGamesSettingsAndWarns(t *testing.T) {
	f := newFixture(t, "adjacency", "human", "human", apptest.FirstMove)
	f.u.prefs.p.SetInt(PrefRounds, 10)
	path := filepath.Join(t.TempDir(), "o"+gamefile.Ext)
	os.WriteFile(path, []byte(gamefile.Magic+"\nGame: othello\nRounds: 3\nColour: purple\n\nf5\n"), 0o644)
	if err := f.u.LoadFrom(path); err != nil {
		t.Fatal(err)
	}
	if got := f.u.prefs.p.Int(PrefRounds); got != 10 {
		t.Errorf("the Adjacency round limit became %d", got)
	}
	s := f.u.Status()
	if !strings.Contains(s, "line 3: Rounds is not a setting of Othello") || !strings.Contains(s, `line 4: unknown key "Colour"`) {
		t.Errorf("status %q", s)
	}
	if dialogtest.Button(f.w.Canvas(), "OK") == nil {
		t.Error("no dialog lists the skipped lines")
	}
}

// Loading seats the players the file names.
func TestLoadRestoresSeats(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	g, rec := apptest.Record(t, "othello", games.Settings{}, "f5")
	path := filepath.Join(t.TempDir(), "g"+gamefile.Ext)
	os.WriteFile(path, []byte(gamefile.Format(gamefile.File{Game: g, Record: rec,
		Players: [2]string{"human", "alphabeta:depth=2,eval=positional"}})), 0o644)
	if err := f.u.LoadFrom(path); err != nil {
		t.Fatal(err)
	}
	seat := f.u.Controller().Seat(rules.White)
	if !seat.Bot || seat.Spec.String() != "alphabeta:depth=2,eval=positional" {
		t.Fatalf("White's seat %+v", seat)
	}
	if !f.u.seats[1].isBot() || f.u.seats[1].algoName() != "alphabeta" {
		t.Errorf("the seat panel shows %q %q", f.u.seats[1].kind.Selected, f.u.seats[1].algo.Selected)
	}
	f.q.Until(t, "White's reply", func() bool { return f.len() == 2 })
	// Saved as it was loaded.
	out := filepath.Join(t.TempDir(), "again"+gamefile.Ext)
	f.u.SaveTo(out)
	if again, err := gamefile.Load(out); err != nil || again.Players[1] != "alphabeta:depth=2,eval=positional" {
		t.Fatalf("saved players %q, %v", again.Players, err)
	}
}
