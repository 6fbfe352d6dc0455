package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"boardgames/app/gamefile"
	"boardgames/app/internal/apptest"
	"boardgames/app/internal/dialogtest"
	"boardgames/app/internal/tr"
)

// The docked lab takes the new language with the window, unless a job
// runs on it: then it keeps its words and its job.
func TestLabFollowsTheLanguage(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	f.shortcut(&desktop.CustomShortcut{KeyName: fyne.KeyL, Modifier: fyne.KeyModifierShortcutDefault})
	old := f.u.Lab()
	if old == nil || old.Tabs().Items[0].Text != "Compare" {
		t.Fatal("no lab in English")
	}
	f.u.setLanguage(tr.Indonesian)
	l := f.u.Lab()
	if l == old || !old.Closed() || l.Language() != tr.Indonesian || l.Tabs().Items[0].Text != "Bandingkan" {
		t.Fatalf("the lab after the switch: %q, the old one closed %v", l.Tabs().Items[0].Text, old.Closed())
	}
	if f.u.labTab == nil || f.u.labTab.Content == nil {
		t.Fatal("the new lab is not docked")
	}
	// A busy lab keeps its language and its job.
	a := l.Tabs().Items[1]
	l.Tabs().Select(a)
	run := findButton(t, a.Content, "Main")
	test.Tap(run)
	if !l.Busy() {
		t.Fatal("no job started")
	}
	f.u.setLanguage(tr.English)
	if f.u.Lab() != l || l.Closed() || !l.Busy() {
		t.Error("the switch replaced a busy lab")
	}
	f.u.closeLab()
	f.q.Drain()
}

// findButton returns the button with text inside o.
func findButton(t *testing.T, o fyne.CanvasObject, text string) *widget.Button {
	t.Helper()
	var found *widget.Button
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok && b.Text == text && found == nil {
			found = b
		}
		switch x := o.(type) {
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		}
	}
	walk(o)
	if found == nil {
		t.Fatalf("no button %q", text)
	}
	return found
}

// Opening, pasting and saving speak Indonesian: the status line, the
// skipped lines of a file (gamefile's warnings) and a failed save; what
// a pasted text got wrong is the rules' English detail in an Indonesian
// frame.
func TestFilesInIndonesian(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	f.u.setLanguage(tr.Indonesian)
	dir := t.TempDir()
	path := filepath.Join(dir, "o"+gamefile.Ext)
	os.WriteFile(path, []byte(gamefile.Magic+"\nGame: othello\nRounds: 3\nColour: purple\n\nf5\n"), 0o644)
	if err := f.u.LoadFrom(path); err != nil {
		t.Fatal(err)
	}
	s := f.u.Status()
	for _, want := range []string{"o.bgame dibuka: Othello, 1 langkah", "Dilewati: baris 3: Rounds bukan pengaturan Othello: diabaikan",
		`baris 4: kunci "Colour" tidak dikenal, diabaikan`} {
		if !strings.Contains(s, want) {
			t.Errorf("status %q lacks %q", s, want)
		}
	}
	if dialogtest.Button(f.w.Canvas(), "OK") == nil {
		t.Error("no dialog lists the skipped lines")
	}

	if err := f.u.PasteText("f5 z9"); err == nil {
		t.Fatal("a bad move list pasted")
	} else if !strings.HasPrefix(err.Error(), "bukan daftar langkah (othello: move 2 (z9)") {
		t.Errorf("paste error %q", err)
	}
	f.u.paste() // an empty clipboard
	if s := f.u.Status(); s != "Tidak bisa menempel: papan klip kosong" {
		t.Errorf("status %q", s)
	}

	if err := f.u.SaveTo(dir); err == nil {
		t.Fatal("saved over a folder")
	}
	if s := f.u.Status(); s != "Tidak bisa menyimpan: tidak bisa menulis "+dir+": itu adalah folder" {
		t.Errorf("status %q", s)
	}
	if err := f.u.SaveTo(path); err != nil {
		t.Fatal(err)
	}
	if s := f.u.Status(); s != "Disimpan ke "+path+"." {
		t.Errorf("status %q", s)
	}
}
