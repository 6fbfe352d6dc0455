package app

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"boardgames/ai/bots"
	"boardgames/app/gamefile"
	"boardgames/app/internal/apptest"
	applab "boardgames/app/lab"
	"boardgames/app/match"
	"boardgames/rules"
	"boardgames/rules/games"
)

type fixture struct {
	t   *testing.T
	a   fyne.App
	w   fyne.Window
	u   *UI
	q   *apptest.Queue
	bot match.ThinkFunc
}

// newFixture opens the window on game with the given seats ("human" or
// "bot") in a fresh test app with animations off.
func newFixture(t *testing.T, game string, black, white string, think match.ThinkFunc) *fixture {
	t.Helper()
	apptest.PrivateDirs(t)
	a := test.NewTempApp(t)
	p := a.Preferences()
	p.SetString(PrefGame, game)
	p.SetBool(PrefAnimate, false)
	p.SetBool(fmt.Sprintf(PrefBotFmt, game, colourKey(rules.Black)), black == "bot")
	p.SetBool(fmt.Sprintf(PrefBotFmt, game, colourKey(rules.White)), white == "bot")
	f := &fixture{t: t, a: a, q: &apptest.Queue{}, bot: think}
	f.open()
	return f
}

// open makes a new window on the fixture's app (and its preferences).
func (f *fixture) open() {
	f.w = test.NewWindow(nil)
	f.u = New(f.a, f.w, Options{Post: f.q.Post, Think: f.bot, Hint: apptest.HintFirst})
	f.w.Resize(fyne.NewSize(1100, 760))
	u := f.u
	f.t.Cleanup(u.Close)
}

func (f *fixture) tapSquare(name string) {
	f.t.Helper()
	i, ok := rules.ParseSquare(name)
	if !ok {
		f.t.Fatalf("bad square %q", name)
	}
	f.tapCell(i)
}

func (f *fixture) tapCell(i int) {
	b := f.u.Board()
	test.TapAt(b, b.CellCenter(i))
}

func (f *fixture) shortcut(s fyne.Shortcut) {
	f.w.Canvas().(fyne.Shortcutable).TypedShortcut(s)
}

func (f *fixture) len() int { return f.u.Controller().Len() }

func TestTapsPlayLegalMoves(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	f.tapSquare("f5")
	if f.len() != 1 {
		t.Fatalf("tap on f5 played %d moves", f.len())
	}
	f.tapSquare("d6")
	if got := f.u.Controller().Record().String(); got != "f5d6" {
		t.Fatalf("moves %q", got)
	}
	if !strings.Contains(f.u.moves.Text, "f5") || !strings.Contains(f.u.turn.Text, "Black") {
		t.Fatalf("move list %q, turn %q", f.u.moves.Text, f.u.turn.Text)
	}
	if v := f.u.Board().View(); len(v.Last) != 1 || len(v.Legal) == 0 {
		t.Fatalf("board marks %+v", v)
	}
}

func TestIllegalTapChangesNothing(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	before := f.u.Controller().Position().String()
	f.tapSquare("a1")
	if f.len() != 0 || f.u.Controller().Position().String() != before {
		t.Fatal("an illegal tap changed the game")
	}
	if f.u.Status() == "" || !strings.Contains(strings.ToLower(f.u.Status()), "a1") {
		t.Fatalf("status %q does not say why", f.u.Status())
	}
	// Outside the board: nothing at all.
	test.TapAt(f.u.Board(), fyne.NewPos(1, 1))
	if f.len() != 0 {
		t.Fatal("a tap on the frame played")
	}
}

func TestBotReplyAndUndoRedo(t *testing.T) {
	f := newFixture(t, "connect4", "human", "bot", apptest.FirstMove)
	f.tapCell(3) // top cell of column 4: the stone drops
	f.q.Until(t, "the bot's reply", func() bool { return f.len() == 2 })
	if got := f.u.Controller().Record().String(); got != "41" {
		t.Fatalf("moves %q", got)
	}
	if !f.u.lastSearch.Visible() || !strings.Contains(f.u.lastSearch.Text, "played 1") {
		t.Fatalf("last search %q", f.u.lastSearch.Text)
	}
	f.shortcut(&fyne.ShortcutUndo{})
	if f.len() != 0 {
		t.Fatalf("undo against a bot left %d moves", f.len())
	}
	f.shortcut(&fyne.ShortcutRedo{})
	f.q.Drain()
	if f.len() != 2 {
		t.Fatalf("redo: %d moves", f.len())
	}
}

func TestNewGameCancelsThinkingBot(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.SlowBot)
	f.q.Drain()
	time.Sleep(20 * time.Millisecond)
	base := runtime.NumGoroutine()
	f.u.seats[0].kind.SetSelected(kindBot) // Black becomes a bot and thinks
	f.q.Until(t, "live statistics", func() bool { return f.u.thinkPV.Text != "" && f.u.thinkBox.Visible() })
	if !strings.Contains(f.u.thinkPV.Text, "PV") || f.u.moveNowBtn.Disabled() {
		t.Fatalf("indicator: %q %q", f.u.thinkPV.Text, f.u.thinkStats.Text)
	}
	f.shortcut(ctrlN)
	// The new game's bot starts again: move it to human to stop it.
	f.u.seats[0].kind.SetSelected(kindHuman)
	f.q.Drain()
	if f.len() != 0 {
		t.Fatal("the cancelled search played")
	}
	apptest.WaitGoroutines(t, base, 2*time.Second)
	if f.u.thinkBox.Visible() {
		t.Fatal("indicator still shown")
	}
}

func TestMoveNow(t *testing.T) {
	f := newFixture(t, "checkers", "bot", "human", apptest.SlowBot)
	f.q.Until(t, "the bot thinking", func() bool { return f.u.thinkBox.Visible() })
	test.Tap(f.u.moveNowBtn)
	f.q.Until(t, "the move", func() bool { return f.len() == 1 })
}

func TestCheckersClicks(t *testing.T) {
	f := newFixture(t, "checkers", "human", "human", apptest.FirstMove)
	f.tapCell(pdn(11))
	if v := f.u.Board().View(); len(v.Selected) != 1 || len(v.Legal) != 2 {
		t.Fatalf("after selecting 11: %+v", v)
	}
	f.tapCell(pdn(15))
	if got := f.u.Controller().Record().String(); got != "11-15" {
		t.Fatalf("moves %q", got)
	}
	f.tapCell(pdn(1)) // White to move: a black piece
	if f.len() != 1 || f.u.Status() == "" {
		t.Fatalf("status %q", f.u.Status())
	}
}

func pdn(n int) int {
	r := (n - 1) / 4
	c := ((n-1)%4)*2 + 1 - r%2
	return r*8 + c
}

func TestConnectFourWin(t *testing.T) {
	f := newFixture(t, "connect4", "human", "human", apptest.FirstMove)
	for _, col := range []int{0, 1, 0, 1, 0, 1, 0} {
		f.tapCell(col)
	}
	c := f.u.Controller()
	if !c.Result().Over() || !strings.Contains(f.u.turn.Text, "wins") {
		t.Fatalf("result %v, turn %q", c.Result(), f.u.turn.Text)
	}
	if v := f.u.Board().View(); len(v.Win) != 4 {
		t.Fatalf("winning four %v", v.Win)
	}
	f.tapCell(5)
	if f.len() != 7 || !strings.Contains(f.u.Status(), "over") {
		t.Fatalf("tap after the end: %q", f.u.Status())
	}
}

func TestHintKey(t *testing.T) {
	f := newFixture(t, "adjacency", "human", "human", apptest.FirstMove)
	test.TypeOnCanvas(f.w.Canvas(), "h")
	f.q.Until(t, "the hint", func() bool { return f.u.Controller().CurrentHint() != nil })
	if !strings.HasPrefix(f.u.Status(), "Hint:") || len(f.u.Board().View().Hint) != 1 {
		t.Fatalf("status %q", f.u.Status())
	}
}

func TestSaveLoadRoundTrip(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	for _, s := range []string{"f5", "d6", "c3"} {
		f.tapSquare(s)
	}
	path := filepath.Join(t.TempDir(), "game"+gamefile.Ext)
	if err := f.u.SaveTo(path); err != nil {
		t.Fatal(err)
	}
	f.shortcut(ctrlN)
	if f.len() != 0 {
		t.Fatal("new game kept moves")
	}
	if err := f.u.LoadFrom(path); err != nil {
		t.Fatal(err)
	}
	if got := f.u.Controller().Record().String(); got != "f5d6c3" {
		t.Fatalf("loaded %q", got)
	}
	// A saved game of another game switches the game.
	g, rec := apptest.Record(t, "connect4", games.Settings{}, "4453")
	os.WriteFile(path, []byte(gamefile.Format(gamefile.File{Game: g, Record: rec})), 0o644)
	if err := f.u.LoadFrom(path); err != nil {
		t.Fatal(err)
	}
	if f.u.Controller().Game().Name != "connect4" || f.u.gameSelect.Selected != "Connect Four" || f.len() != 4 {
		t.Fatalf("game %s, select %q, %d moves", f.u.Controller().Game().Name, f.u.gameSelect.Selected, f.len())
	}
}

func TestCorruptFileKeepsGame(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	f.tapSquare("f5")
	dir := t.TempDir()
	for name, text := range map[string]string{
		"garbage.bgame": "\x00\x01 not a game",
		"illegal.bgame": gamefile.Magic + "\nGame: othello\n\nf5 f5\n",
		"unknown.bgame": gamefile.Magic + "\nGame: go\n\n",
	} {
		path := filepath.Join(dir, name)
		os.WriteFile(path, []byte(text), 0o644)
		if err := f.u.LoadFrom(path); err == nil {
			t.Fatalf("%s loaded", name)
		}
		if f.u.Controller().Record().String() != "f5" || f.u.Controller().Game().Name != "othello" {
			t.Fatalf("%s changed the game", name)
		}
		if !strings.Contains(f.u.Status(), "Could not open") {
			t.Fatalf("%s: status %q", name, f.u.Status())
		}
	}
	if err := f.u.LoadFrom(filepath.Join(dir, "missing.bgame")); err == nil {
		t.Fatal("a missing file loaded")
	}
}

func TestCopyPaste(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	f.tapSquare("f5")
	f.u.copyMoves()
	if got := f.a.Clipboard().Content(); got != "f5" {
		t.Fatalf("clipboard %q", got)
	}
	f.a.Clipboard().SetContent("f5d6c3")
	f.u.paste()
	if f.len() != 3 {
		t.Fatalf("pasted %d moves", f.len())
	}
	f.u.copyPosition()
	pos := f.a.Clipboard().Content()
	f.a.Clipboard().SetContent("rubbish")
	f.u.paste()
	if f.len() != 3 || !strings.Contains(f.u.Status(), "Could not paste") {
		t.Fatalf("bad paste: %d moves, %q", f.len(), f.u.Status())
	}
	f.a.Clipboard().SetContent(pos)
	f.u.paste()
	if f.len() != 0 || f.u.Controller().Position().String() != pos {
		t.Fatal("position paste")
	}
}

func TestSettingsPersist(t *testing.T) {
	f := newFixture(t, "adjacency", "human", "human", apptest.FirstMove)
	f.u.themeRadio.SetSelected(ThemeDark)
	f.u.seats[1].kind.SetSelected(kindBot)
	f.u.seats[1].level.SetSelected(bots.Easy)
	f.u.seats[1].algo.SetSelected("alphabeta")
	f.u.seats[1].param(bots.KeyDepth).set("3")
	f.u.seats[1].kind.SetSelected(kindHuman) // keep the bot's settings, play as a human
	f.u.seats[1].kind.SetSelected(kindBot)
	f.u.Controller().SetSeat(rules.White, f.u.Controller().Seat(rules.White))
	f.u.prefs.p.SetInt(PrefRounds, 5)
	f.u.newGame()
	if left, _ := match.RoundsLeft(f.u.Controller().Position()); left != 5 {
		t.Fatalf("rounds left %d", left)
	}
	f.u.Close()

	f.open() // a new window reads the same preferences
	p := f.a.Preferences()
	if p.String(PrefTheme) != ThemeDark || f.u.themeRadio.Selected != ThemeDark {
		t.Fatalf("theme %q", p.String(PrefTheme))
	}
	s := f.u.Controller().Seat(rules.White)
	if !s.Bot || s.Spec.Algo != "alphabeta" || s.Spec.Params.Depth != 3 {
		t.Fatalf("white seat %+v", s)
	}
	if f.u.seats[1].level.Selected != Custom {
		t.Fatalf("level %q", f.u.seats[1].level.Selected)
	}
	if left, _ := match.RoundsLeft(f.u.Controller().Position()); left != 5 {
		t.Fatalf("rounds left %d after reopening", left)
	}
	// Only the parameters that apply are shown.
	if f.u.seats[1].param(bots.KeyDepth).widget.Visible() != true || f.u.seats[1].param(bots.KeyPopulation).widget.Visible() {
		t.Fatal("parameters shown for alphabeta are wrong")
	}
}

func TestSwitchGames(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	for _, g := range games.All {
		f.u.gameSelect.SetSelected(g.Title)
		if f.u.Controller().Game() != g || f.a.Preferences().String(PrefGame) != g.Name {
			t.Fatalf("switch to %s", g.Title)
		}
		if v := f.u.Board().View(); v.Game != g.Name || len(v.Rows) != g.Height {
			t.Fatalf("%s board %+v", g.Name, v)
		}
	}
}

// ctrlN is Ctrl+N as the desktop driver sends it.
var ctrlN = &desktop.CustomShortcut{KeyName: fyne.KeyN, Modifier: fyne.KeyModifierShortcutDefault}

func TestThemeChoices(t *testing.T) {
	bg := theme.ColorNameBackground
	def := theme.DefaultTheme()
	if got, want := themeFor(ThemeDark).Color(bg, theme.VariantLight), def.Color(bg, theme.VariantDark); got != want {
		t.Errorf("dark theme background %v, want %v", got, want)
	}
	if got, want := themeFor(ThemeLight).Color(bg, theme.VariantDark), def.Color(bg, theme.VariantLight); got != want {
		t.Errorf("light theme background %v, want %v", got, want)
	}
	if themeFor(ThemeSystem) != def {
		t.Error("the system choice is not the default theme")
	}
	f := newFixture(t, "connect4", "human", "human", apptest.FirstMove)
	f.u.setTheme(ThemeLight)
	if f.a.Preferences().String(PrefTheme) != ThemeLight || !f.u.themeItems[1].Checked {
		t.Fatal("light theme not remembered or not ticked in the menu")
	}
}

func TestRenderPNG(t *testing.T) {
	test.NewTempApp(t)
	pos := apptest.Start(t, "checkers")
	var buf strings.Builder
	if err := RenderPNG(&buf, pos, 200); err != nil || !strings.HasPrefix(buf.String(), "\x89PNG") {
		t.Fatalf("render: %v", err)
	}
}

func TestLabWindow(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	ctrlL := &desktop.CustomShortcut{KeyName: fyne.KeyL, Modifier: fyne.KeyModifierShortcutDefault}
	f.shortcut(ctrlL)
	l := f.u.Lab()
	if l == nil || l.Window() == nil || l.Window().Title() != applab.Title {
		t.Fatal("Ctrl+L opened no lab window")
	}
	if !strings.Contains(l.Header(), "Othello at the start, Black to move") {
		t.Errorf("header %q", l.Header())
	}
	test.Tap(f.u.labBtn)
	if f.u.Lab() != l {
		t.Error("a second lab opened")
	}
	f.tapSquare("f5")
	if !strings.Contains(l.Header(), "Othello after 1 move, White to move") {
		t.Errorf("the lab did not follow the board: %q", l.Header())
	}
	found := false
	for _, m := range f.u.mainMenu.Items {
		for _, it := range m.Items {
			found = found || (m.Label == "Lab" && it.Shortcut != nil)
		}
	}
	if !found {
		t.Error("no Lab menu with its shortcut")
	}
	f.u.Close()
	if !l.Closed() {
		t.Error("closing the main window left the lab open")
	}
	// Closed, the lab opens anew.
	f.open()
	f.shortcut(ctrlL)
	if f.u.Lab() == nil || f.u.Lab() == l || f.u.Lab().Closed() {
		t.Error("the lab did not open again")
	}
}
