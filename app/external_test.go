package app

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai/bots"
	"boardgames/app/gamefile"
	"boardgames/app/internal/apptest"
	"boardgames/app/internal/dialogtest"
	"boardgames/rules"
)

// The sh bots of package gtp's tests, and the Python starter kit.
var (
	shBots    = filepath.Join("..", "ai", "gtp", "testdata", "bots")
	pythonKit = filepath.Join("..", "examples", "bots", "python")
)

// entries finds the visible entries under o, in order: the dialog's
// program, arguments and name.
func entries(o fyne.CanvasObject) []*widget.Entry {
	var out []*widget.Entry
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		switch w := o.(type) {
		case *widget.Entry:
			out = append(out, w)
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
	return out
}

// seatExternal chooses "External program…" in the seat of p and fills the
// dialog.
func seatExternal(t *testing.T, f *fixture, p rules.Player, program, args, name string) {
	t.Helper()
	s := f.u.seats[p]
	s.algo.SetSelectedIndex(len(s.algos) - 1) // External program…
	top := f.w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog")
	}
	e := entries(top)
	if len(e) < 3 {
		t.Fatalf("%d entries in the dialog", len(e))
	}
	e[0].SetText(program)
	e[1].SetText(args)
	e[2].SetText(name)
	dialogtest.Press(t, f.w.Canvas(), "Seat it")
}

func TestSeatExternalProgram(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the test bots are sh scripts")
	}
	f := newFixture(t, "connect4", "human", "human", apptest.FirstMove)
	f.q.Drain()
	f.u.seats[1].kind.SetSelected("Bot")
	seatExternal(t, f, rules.White, "sh", filepath.Join(shBots, "forker.sh"), "forky")
	seat := f.u.ctl.Seat(rules.White)
	if !seat.Bot || !seat.Spec.IsExternal() || seat.Spec.Name != "forky" || !strings.HasSuffix(seat.Spec.Command, "forker.sh") {
		t.Fatalf("seat %+v", seat)
	}
	if got := f.u.prefs.engines(); len(got) != 1 || got[0].Name != "forky" {
		t.Errorf("remembered %v", got)
	}
	s := f.u.seats[1]
	if s.algo.Selected != "forky (external program)" || !s.param(bots.KeyTime).widget.Visible() || s.param(bots.KeyDepth).widget.Visible() {
		t.Errorf("the seat shows %q", s.algo.Selected)
	}
	// The program plays White's replies: columns 1, 2, ...
	f.tapCell(3)
	f.q.Until(t, "the program's reply", func() bool { return f.len() == 2 })
	if got := f.u.ctl.Record().String(); got != "41" {
		t.Errorf("moves %q", got)
	}
	// A new window remembers it among the choices.
	f.u.seats[1].load()
	if !strings.Contains(strings.Join(f.u.seats[1].algo.Options, "|"), "forky (external program)") {
		t.Errorf("choices %q", f.u.seats[1].algo.Options)
	}
}

func TestExternalProgramRefused(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	f.q.Drain()
	f.u.seats[1].kind.SetSelected("Bot")
	before := f.u.ctl.Seat(rules.White)
	seatExternal(t, f, rules.White, "/no/such/program", "", "")
	if got := f.u.ctl.Seat(rules.White); got.Spec.String() != before.Spec.String() {
		t.Errorf("a missing program was seated: %v", got.Spec)
	}
	if len(f.u.prefs.engines()) != 0 {
		t.Error("a missing program was remembered")
	}
}

// A program that crashes mid-game loses it: the match stops, the note says
// why, and the saved game keeps its last lines on stderr.
func TestExternalProgramForfeits(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the test bots are sh scripts")
	}
	f := newFixture(t, "connect4", "human", "human", apptest.FirstMove)
	f.q.Drain()
	f.u.seats[1].kind.SetSelected("Bot")
	seatExternal(t, f, rules.White, "sh", filepath.Join(shBots, "exiter.sh"), "")
	for _, col := range []int{3, 4, 5} {
		f.tapCell(col)
		f.q.Until(t, "the reply", func() bool { return f.u.ctl.HumanToMove() || f.u.ctl.Paused() })
	}
	if !f.u.ctl.Paused() || !strings.Contains(f.u.ctl.Note(), "Yellow's program loses the game: crash") ||
		!strings.Contains(f.u.ctl.Note(), "bye: giving up after 2 moves") {
		t.Fatalf("note %q", f.u.ctl.Note())
	}
	text := gamefile.Format(f.u.current())
	if !strings.Contains(text, "# Yellow (gtp:") || !strings.Contains(text, "#   bye: giving up after 2 moves") {
		t.Errorf("saved game:\n%s", text)
	}
	// The forfeit is the game's result: in the side panel, in the saved
	// game, and in the game opened again.
	if got := f.u.turn.Text; !strings.HasPrefix(got, "Red wins by forfeit. Yellow (gtp:") || !strings.Contains(got, "): crash") {
		t.Errorf("the side panel says %q", got)
	}
	if !f.u.ctl.Result().Over() || f.u.ctl.HumanToMove() {
		t.Errorf("the game goes on after the forfeit: %v", f.u.ctl.Result())
	}
	if !strings.Contains(text, "Result: Red wins\n") || !strings.Contains(text, "Termination: forfeit: Yellow (gtp:") {
		t.Errorf("the saved game does not give the forfeit as its result:\n%s", text)
	}
	path := filepath.Join(t.TempDir(), "forfeit.bgame")
	if err := f.u.SaveTo(path); err != nil {
		t.Fatal(err)
	}
	f.u.ctl.NewGame(f.u.ctl.Game(), f.u.ctl.Settings())
	if err := f.u.LoadFrom(path); err != nil {
		t.Fatal(err)
	}
	f.q.Drain()
	if f.u.ctl.Result() != rules.BlackWins || f.len() != 5 || !strings.HasPrefix(f.u.turn.Text, "Red wins by forfeit.") {
		t.Errorf("opened again: %v after %d moves, %q", f.u.ctl.Result(), f.len(), f.u.turn.Text)
	}
}

// The Python starter kit's Adjacency bot plays a whole game against the
// paper002-minimax preset in the window.
func TestPythonBotAgainstPaperBot(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a whole game with a Python program")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	f := newFixture(t, "adjacency", "human", "human", nil)
	f.q.Timeout = 2 * time.Minute
	p := f.a.Preferences()
	p.SetString(fmt.Sprintf(PrefSpecFmt, "adjacency", "white"), "paper002-minimax")
	p.SetString(fmt.Sprintf(PrefLevelFmt, "adjacency", "white"), "paper002-minimax")
	f.u.seats[1].load()
	f.u.seats[0].kind.SetSelected("Bot")
	// The bot thinks 0.1 s a move (its --max-seconds) on a budget of 5 s, so
	// that a busy machine cannot make it lose on time.
	seatExternal(t, f, rules.Black, "python3", filepath.Join(pythonKit, "adjacency_alphabeta.py")+" --max-seconds 0.1", "")
	f.u.seats[0].param(bots.KeyTime).set("5s")
	f.u.seats[1].kind.SetSelected("Bot")
	f.q.Until(t, "the end of the game", func() bool { return f.u.ctl.Result().Over() || f.u.ctl.Paused() })
	if !f.u.ctl.Result().Over() || f.len() != 56 {
		t.Fatalf("after %d moves: %v, note %q", f.len(), f.u.ctl.Result(), f.u.ctl.Note())
	}
	t.Logf("%s after %s", f.u.ctl.ResultText(), f.u.ctl.Record())
}

// Move now stops a thinking program, which has no best move so far: the
// match pauses with a clear note instead of waiting.
func TestMoveNowStopsExternalProgram(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the test bots are sh scripts")
	}
	f := newFixture(t, "connect4", "human", "human", apptest.FirstMove)
	f.q.Drain()
	f.u.seats[1].kind.SetSelected("Bot")
	seatExternal(t, f, rules.White, "sh", filepath.Join(shBots, "sleeper.sh"), "")
	f.tapCell(3)
	f.q.Until(t, "the program thinking", func() bool { return !f.u.moveNowBtn.Disabled() })
	time.Sleep(200 * time.Millisecond) // it has started and sleeps
	test.Tap(f.u.moveNowBtn)
	f.q.Until(t, "the stop", func() bool { return f.u.ctl.Paused() })
	if !strings.Contains(f.u.ctl.Note(), "no best move so far") || f.len() != 1 {
		t.Errorf("note %q after %d moves", f.u.ctl.Note(), f.len())
	}
}
