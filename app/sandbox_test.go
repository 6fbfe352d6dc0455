package app

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai/gtp/proc"
	"boardgames/app/internal/apptest"
	"boardgames/app/internal/dialogtest"
	"boardgames/rules"
)

// labelTexts returns the texts of the visible labels under o.
func labelTexts(o fyne.CanvasObject) string {
	var out []string
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		switch w := o.(type) {
		case *widget.Label:
			out = append(out, w.Text)
		case *fyne.Container:
			for _, c := range w.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(w).Objects() {
				walk(c)
			}
		}
	}
	walk(o)
	return strings.Join(out, "\n")
}

// Where there is no sandbox, the dialog warns, and the seat's program
// plays all the same.
func TestExternalProgramWithoutSandbox(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the test bots are sh scripts")
	}
	bin := t.TempDir() // a PATH with what the bot needs, and no bwrap
	for _, tool := range []string{"sh", "dirname", "env"} {
		path, err := exec.LookPath(tool)
		if err != nil {
			t.Skip(err)
		}
		if err := os.Symlink(path, filepath.Join(bin, tool)); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", bin)
	t.Setenv(proc.EnvSandbox, "")
	const warning = "There is no sandbox on this computer"

	f := newFixture(t, "connect4", "human", "human", apptest.FirstMove)
	f.q.Drain()
	f.u.seats[1].kind.SetSelected("Bot")
	s := f.u.seats[1]
	s.algo.SetSelectedIndex(len(s.algos) - 1) // External program…
	top := f.w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog")
	}
	if got := labelTexts(top); !strings.Contains(got, warning) {
		t.Fatalf("the dialog does not warn:\n%s", got)
	}
	e := entries(top)
	e[0].SetText("sh")
	e[1].SetText(filepath.Join(shBots, "env.sh"))
	dialogtest.Press(t, f.w.Canvas(), "Seat it")
	if !f.u.ctl.Seat(rules.White).Spec.IsExternal() {
		t.Fatal("the program was not seated")
	}
	f.tapCell(3)
	f.q.Until(t, "the program's reply", func() bool { return f.len() == 2 })
}
