package main

import (
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// The smoke tests' view of the window: the texts drawn, hidden ones and
// empty ones left out, dialogs included.
func TestShownTexts(t *testing.T) {
	test.NewTempApp(t)
	hidden := widget.NewLabel("Tersembunyi")
	hidden.Hide()
	w := test.NewWindow(container.NewVBox(widget.NewButton("Petunjuk", nil), widget.NewLabel(""), hidden,
		container.NewAppTabs(container.NewTabItem("Permainan", widget.NewLabel("Giliran Hitam")))))
	defer w.Close()
	widget.ShowPopUp(widget.NewLabel("Batal"), w.Canvas())
	got := shownTexts(w.Canvas())
	if got != "Petunjuk\nPermainan\nGiliran Hitam\nBatal\n" {
		t.Errorf("shownTexts = %q", got)
	}
	if strings.Contains(got, "Tersembunyi") {
		t.Error("a hidden label is listed")
	}
}

// `boardgames FILE` opens a saved game; subcommands, flags and a
// mistyped subcommand are not files.
func TestIsGameFile(t *testing.T) {
	dir := t.TempDir()
	txt := dir + "/game.txt"
	os.WriteFile(txt, []byte("x"), 0o644)
	for _, c := range []struct {
		args []string
		want bool
	}{
		{[]string{"game.bgame"}, true}, // missing: the window says so
		{[]string{dir + "/My Game.BGAME"}, true},
		{[]string{txt}, true},
		{[]string{dir}, false}, // a folder
		{[]string{"perft"}, false},
		{[]string{"pertf"}, false}, // unknown command
		{[]string{"-x.bgame"}, false},
		{[]string{"a.bgame", "b.bgame"}, false},
		{[]string{"help"}, false},
	} {
		if got := isGameFile(c.args); got != c.want {
			t.Errorf("isGameFile(%q) = %v", c.args, got)
		}
	}
}
