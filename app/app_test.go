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
	"fyne.io/fyne/v2/widget"

	"boardgames/ai/bots"
	"boardgames/app/gamefile"
	"boardgames/app/internal/apptest"
	"boardgames/app/internal/tr"
	applab "boardgames/app/lab"
	"boardgames/app/match"
	"boardgames/rules"
	"boardgames/rules/games"
)

type fixture struct {
	t     *testing.T
	a     fyne.App
	w     fyne.Window
	u     *UI
	q     *apptest.Queue
	bot   match.ThinkFunc
	state string // the autosave folder
}

// newFixture opens the window on game with the given seats ("human" or
// "bot") in a fresh test app, in English, with animations off.
func newFixture(t *testing.T, game string, black, white string, think match.ThinkFunc) *fixture {
	t.Helper()
	apptest.PrivateDirs(t)
	a := test.NewTempApp(t)
	p := a.Preferences()
	p.SetString(PrefGame, game)
	p.SetString(PrefLanguage, tr.English)
	p.SetBool(PrefAnimate, false)
	p.SetInt(PrefDelay, 0)
	p.SetBool(fmt.Sprintf(PrefBotFmt, game, colourKey(rules.Black)), black == "bot")
	p.SetBool(fmt.Sprintf(PrefBotFmt, game, colourKey(rules.White)), white == "bot")
	f := &fixture{t: t, a: a, q: &apptest.Queue{}, bot: think, state: t.TempDir()}
	// Registered first, so run last: after the window's Close has ended
	// its searches and analysis, which read the translations.
	t.Cleanup(func() { tr.Use(tr.English) })
	f.open()
	return f
}

// open makes a new window on the fixture's app (and its preferences).
func (f *fixture) open() {
	f.w = test.NewWindow(nil)
	f.u = New(f.a, f.w, Options{Post: f.q.Post, Think: f.bot, Hint: apptest.HintFirst, StateDir: f.state})
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

func (f *fixture) key(k fyne.KeyName) {
	f.w.Canvas().(interface{ OnTypedKey() func(*fyne.KeyEvent) }).OnTypedKey()(&fyne.KeyEvent{Name: k})
}

func (f *fixture) len() int { return f.u.Controller().Len() }

func (f *fixture) moves() string { return f.u.Controller().Record().String() }

// button finds a button by its text in the window's top overlay (a
// dialog), or nil.
func (f *fixture) button(text string) *widget.Button {
	top := f.w.Canvas().Overlays().Top()
	if top == nil {
		return nil
	}
	for _, o := range test.LaidOutObjects(top) {
		if b, ok := o.(*widget.Button); ok && b.Text == text {
			return b
		}
	}
	return nil
}

// answer taps the button of the dialog shown, failing when there is none.
func (f *fixture) answer(text string) {
	f.t.Helper()
	b := f.button(text)
	if b == nil {
		f.t.Fatalf("no dialog with a %q button", text)
	}
	test.Tap(b)
}

func TestTapsPlayLegalMoves(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	f.tapSquare("f5")
	if f.len() != 1 {
		t.Fatalf("tap on f5 played %d moves", f.len())
	}
	f.tapSquare("d6")
	if got := f.moves(); got != "f5d6" {
		t.Fatalf("moves %q", got)
	}
	if row := f.u.moveRow(1); !strings.Contains(row, "Black") || !strings.Contains(row, "f5") {
		t.Fatalf("move list row %q", row)
	}
	if !strings.Contains(f.u.turn.Text, "Black") || !strings.Contains(f.u.score.Text, "discs") {
		t.Fatalf("turn %q, score %q", f.u.turn.Text, f.u.score.Text)
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
	if !strings.Contains(f.u.Status(), "a1") || !strings.Contains(f.u.Status(), "White discs") {
		t.Fatalf("status %q does not say why", f.u.Status())
	}
	f.tapSquare("d4")
	if !strings.Contains(f.u.Status(), "d4 is taken") {
		t.Fatalf("status %q", f.u.Status())
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
	if got := f.moves(); got != "41" {
		t.Fatalf("moves %q", got)
	}
	if !strings.Contains(f.u.thinkTitle.Text, "Yellow played 1") {
		t.Fatalf("last search %q", f.u.thinkTitle.Text)
	}
	f.shortcut(&fyne.ShortcutUndo{})
	if f.len() != 0 || !strings.Contains(f.u.Status(), "Took back 2 moves: 0 left") {
		t.Fatalf("undo against a bot left %d moves: %q", f.len(), f.u.Status())
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
	f.u.seats[0].kind.SetSelected("Bot") // Black becomes a bot and thinks
	f.q.Until(t, "live statistics", func() bool { return strings.Contains(f.u.thinkPV.Text, "Best so far") })
	if f.u.moveNowBtn.Disabled() || !strings.Contains(f.u.thinkTitle.Text, "is thinking") {
		t.Fatalf("indicator: %q %q", f.u.thinkTitle.Text, f.u.thinkStats.Text)
	}
	f.shortcut(ctrlN) // no move yet: nothing to confirm
	// The new game's bot starts again: move it to human to stop it.
	f.u.seats[0].kind.SetSelected("Human")
	f.q.Drain()
	if f.len() != 0 {
		t.Fatal("the cancelled search played")
	}
	apptest.WaitGoroutines(t, base, 2*time.Second)
	if !f.u.moveNowBtn.Disabled() || !strings.Contains(f.u.thinkTitle.Text, "No bot") {
		t.Fatalf("indicator still on: %q", f.u.thinkTitle.Text)
	}
}

func TestMoveNow(t *testing.T) {
	f := newFixture(t, "checkers", "bot", "human", apptest.SlowBot)
	f.q.Until(t, "the bot thinking", func() bool { return !f.u.moveNowBtn.Disabled() })
	test.Tap(f.u.moveNowBtn)
	f.q.Until(t, "the move", func() bool { return f.len() == 1 })
}

// A real minimax search at depth 12 shows its progress while it is inside
// its one iteration, and Move now says why it plays the greedy move.
func TestMinimaxLiveStatisticsAndMoveNow(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", nil)
	p := f.a.Preferences()
	p.SetString(fmt.Sprintf(PrefSpecFmt, "othello", "black"), "minimax:depth=12")
	p.SetString(fmt.Sprintf(PrefLevelFmt, "othello", "black"), Custom)
	f.u.seats[0].load()
	var stats []string
	f.u.ctl.OnProgress = func(th match.Thinking) {
		f.u.showThinking(th)
		stats = append(stats, f.u.thinkStats.Text)
	}
	f.u.seats[0].kind.SetSelected("Bot")
	f.q.Until(t, "two live reports", func() bool {
		return len(stats) >= 2 && strings.Contains(stats[len(stats)-1], "Depth 12: 0 of 4 root moves done")
	})
	last := stats[len(stats)-1]
	if !strings.Contains(last, "nodes/s") || strings.Contains(last, " 0 nodes ·") {
		t.Fatalf("live statistics %q", last)
	}
	if !strings.Contains(f.u.thinkPV.Text, "greedy") {
		t.Fatalf("no word on what Move now would do: %q", f.u.thinkPV.Text)
	}
	test.Tap(f.u.moveNowBtn)
	f.q.Until(t, "the move", func() bool { return f.len() == 1 })
	want := "had not finished one root move at depth 12; it played the greedy move"
	if !strings.Contains(f.u.Status(), want) || !strings.Contains(f.u.thinkTitle.Text, want) {
		t.Fatalf("status %q, panel %q", f.u.Status(), f.u.thinkTitle.Text)
	}
}

func TestCheckersClicks(t *testing.T) {
	f := newFixture(t, "checkers", "human", "human", apptest.FirstMove)
	f.tapCell(pdn(11))
	if v := f.u.Board().View(); len(v.Selected) != 1 || len(v.Legal) != 2 || !v.Numbers {
		t.Fatalf("after selecting 11: %+v", v)
	}
	if !strings.Contains(f.u.Status(), "square 11") {
		t.Fatalf("status %q", f.u.Status())
	}
	f.tapCell(pdn(15))
	if got := f.moves(); got != "11-15" {
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
	if !c.Result().Over() || !strings.Contains(f.u.turn.Text, "Red wins") {
		t.Fatalf("result %v, turn %q", c.Result(), f.u.turn.Text)
	}
	if v := f.u.Board().View(); len(v.Win) != 4 {
		t.Fatalf("winning four %v", v.Win)
	}
	f.tapCell(5)
	if f.len() != 7 || !strings.Contains(f.u.Status(), "over") {
		t.Fatalf("tap after the end: %q", f.u.Status())
	}
	// A finished game is not in progress: a new one needs no confirmation.
	f.shortcut(ctrlN)
	if f.len() != 0 {
		t.Fatal("no new game after a finished one")
	}
}

func TestHintKey(t *testing.T) {
	f := newFixture(t, "adjacency", "human", "human", apptest.FirstMove)
	test.TypeOnCanvas(f.w.Canvas(), "h")
	f.q.Until(t, "the hint", func() bool { return f.u.Controller().CurrentHint() != nil })
	if !strings.HasPrefix(f.u.Status(), "Hint:") || !strings.Contains(f.u.Status(), "for Blue") || len(f.u.Board().View().Hint) != 1 {
		t.Fatalf("status %q", f.u.Status())
	}
}

// H works at once after a game is chosen in the drop-down, which would
// otherwise keep the keyboard.
func TestKeysAfterChoosingAGame(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	f.w.Canvas().Focus(f.u.gameSelect)
	f.u.gameSelect.SetSelected("Adjacency")
	if f.w.Canvas().Focused() != nil {
		t.Fatal("the game drop-down kept the focus")
	}
	test.TypeOnCanvas(f.w.Canvas(), "h")
	f.q.Until(t, "the hint", func() bool { return f.u.Controller().CurrentHint() != nil })
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
	f.answer("New game")
	if f.len() != 0 {
		t.Fatal("new game kept moves")
	}
	if err := f.u.LoadFrom(path); err != nil {
		t.Fatal(err)
	}
	if got := f.moves(); got != "f5d6c3" {
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
		if f.moves() != "f5" || f.u.Controller().Game().Name != "othello" {
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
	f.u.themeRadio.SetSelected("Dark")
	f.u.seats[1].kind.SetSelected("Bot")
	f.u.seats[1].level.SetSelected("Easy")
	f.u.seats[1].algo.SetSelected("Alpha-beta")
	f.u.seats[1].param(bots.KeyDepth).set("3")
	f.u.seats[1].kind.SetSelected("Human") // keep the bot's settings, play as a human
	f.u.seats[1].kind.SetSelected("Bot")
	f.u.prefs.p.SetInt(PrefRounds, 5)
	f.u.newGame()
	if left, _ := match.RoundsLeft(f.u.Controller().Position()); left != 5 {
		t.Fatalf("rounds left %d", left)
	}
	f.u.Close()

	f.open() // a new window reads the same preferences
	p := f.a.Preferences()
	if p.String(PrefTheme) != ThemeDark || f.u.themeRadio.Selected != "Dark" {
		t.Fatalf("theme %q", p.String(PrefTheme))
	}
	s := f.u.Controller().Seat(rules.White)
	if !s.Bot || s.Spec.Algo != "alphabeta" || s.Spec.Params.Depth != 3 {
		t.Fatalf("white seat %+v", s)
	}
	if f.u.seats[1].level.Selected != "Custom" {
		t.Fatalf("level %q", f.u.seats[1].level.Selected)
	}
	if left, _ := match.RoundsLeft(f.u.Controller().Position()); left != 5 {
		t.Fatalf("rounds left %d after reopening", left)
	}
	// Only the parameters that apply are shown.
	if !f.u.seats[1].param(bots.KeyDepth).widget.Visible() || f.u.seats[1].param(bots.KeyPopulation).widget.Visible() {
		t.Fatal("parameters shown for alphabeta are wrong")
	}
}

// The fields left empty show the value the algorithm uses; the depth list
// has every depth up to 16.
func TestParameterDefaultsShown(t *testing.T) {
	f := newFixture(t, "adjacency", "human", "bot", apptest.FirstMove)
	s := f.u.seats[1]
	placeholder := func(key string) string { return s.param(key).widget.(*widget.Entry).PlaceHolder }
	s.algo.SetSelected("Simulated annealing")
	if placeholder(bots.KeyT0) != "10" || placeholder(bots.KeyT1) != "0.01" || placeholder(bots.KeyCooling) != "0.95" ||
		placeholder(bots.KeyIterations) != "136" {
		t.Fatalf("annealing: %q %q %q %q", placeholder(bots.KeyT0), placeholder(bots.KeyT1), placeholder(bots.KeyCooling), placeholder(bots.KeyIterations))
	}
	s.param(bots.KeyCooling).set("0.5")
	if placeholder(bots.KeyIterations) != "11" { // 1 + ceil(log(0.001)/log(0.5))
		t.Fatalf("iterations after cooling 0.5: %q", placeholder(bots.KeyIterations))
	}
	s.algo.SetSelected("Genetic algorithm")
	if placeholder(bots.KeyPopulation) != "30" || placeholder(bots.KeyGenerations) != "30" || placeholder(bots.KeyMutation) != "0.1" {
		t.Fatalf("genetic: %q %q %q", placeholder(bots.KeyPopulation), placeholder(bots.KeyGenerations), placeholder(bots.KeyMutation))
	}
	depths := s.param(bots.KeyDepth).widget.(*widget.SelectEntry)
	for d := 1; d <= 16; d++ {
		found := false
		for _, o := range depthChoices {
			found = found || o == fmt.Sprint(d)
		}
		if !found {
			t.Fatalf("depth %d is not offered", d)
		}
	}
	if depths.PlaceHolder != "3" { // genetic: plans of 3 moves
		t.Fatalf("genetic depth %q", depths.PlaceHolder)
	}
	if strings.Contains(strings.Join(s.algo.Options, " "), "alphabeta") {
		t.Fatalf("code names offered: %v", s.algo.Options)
	}
}

func TestSwitchGames(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	for _, g := range games.All {
		f.u.gameSelect.SetSelected(match.GameTitle(g))
		if f.u.Controller().Game() != g || f.a.Preferences().String(PrefGame) != g.Name {
			t.Fatalf("switch to %s", g.Title)
		}
		if v := f.u.Board().View(); v.Game != g.Name || len(v.Rows) != g.Height {
			t.Fatalf("%s board %+v", g.Name, v)
		}
	}
}

// Every action that would replace a game in progress asks first.
func TestConfirmBeforeDiscarding(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	f.tapSquare("f5")
	f.tapSquare("d6")
	f.shortcut(ctrlN)
	if f.len() != 2 {
		t.Fatal("Ctrl+N discarded the game without asking")
	}
	f.answer("Cancel")
	if f.len() != 2 {
		t.Fatal("cancelled, the game was lost")
	}
	f.shortcut(ctrlN)
	f.key(fyne.KeyEscape) // Escape cancels too
	if f.len() != 2 || f.u.asking != nil || f.button("New game") != nil {
		t.Fatal("Escape did not cancel")
	}
	// Another game: cancelled, the drop-down comes back.
	f.u.gameSelect.SetSelected("Checkers")
	if f.u.Controller().Game().Name != "othello" {
		t.Fatal("switched games without asking")
	}
	f.answer("Cancel")
	if f.u.gameSelect.Selected != "Othello" || f.moves() != "f5d6" {
		t.Fatalf("after cancel: select %q, moves %q", f.u.gameSelect.Selected, f.moves())
	}
	f.u.gameSelect.SetSelected("Checkers")
	f.answer("Play Checkers")
	if f.u.Controller().Game().Name != "checkers" {
		t.Fatal("confirmed, the game did not switch")
	}
	// A setting that would restart waits for the next game instead.
	f.tapCell(pdn(11))
	f.tapCell(pdn(15))
	f.u.prefs.p.SetInt(PrefDraw, 20)
	f.u.settingChanged()
	if f.len() != 1 {
		t.Fatal("a setting discarded the game")
	}
	// Opening a file over a game in progress asks too.
	f.shortcut(ctrlO)
	if f.button("Open a saved game") == nil {
		t.Fatal("Ctrl+O did not ask first")
	}
	f.answer("Cancel")
	f.shortcut(ctrlN)
	f.answer("New game")
	if f.len() != 0 {
		t.Fatal("confirmed, no new game")
	}
}

// ←, →, Home and End and a click in the move list browse the game; a
// move on an earlier position branches there after a confirmation.
func TestBrowsing(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	for _, s := range []string{"f5", "d6", "c3"} {
		f.tapSquare(s)
	}
	c := f.u.Controller()
	rows := func(ply int) string { return strings.Join(c.At(ply).Rows(), "/") }
	shown := func() string { return strings.Join(f.u.Board().View().Rows, "/") }
	f.key(fyne.KeyLeft)
	if shown() != rows(2) || !strings.Contains(f.u.turn.Text, "Viewing move 2 of 3") || f.len() != 3 {
		t.Fatalf("after ←: turn %q", f.u.turn.Text)
	}
	f.key(fyne.KeyHome)
	if shown() != rows(0) || f.u.moveList.Length() != 4 || !strings.Contains(f.u.score.Text, "Black 2 discs · White 2 discs") {
		t.Fatalf("Home did not show the start: %q", f.u.score.Text)
	}
	f.key(fyne.KeyRight)
	if shown() != rows(1) {
		t.Fatal("→ did not show move 1")
	}
	f.key(fyne.KeyEnd)
	if shown() != rows(3) || f.u.browsing() {
		t.Fatal("End did not come back")
	}
	// A click in the list.
	f.u.moveList.Select(1)
	if shown() != rows(1) || f.w.Canvas().Focused() != nil {
		t.Fatal("a click on move 1 did not show it, or kept the focus")
	}
	if v := f.u.Board().View(); len(v.Last) != 1 || v.Last[0] != cellOf(t, "f5") {
		t.Fatalf("the move shown is not outlined: %v", v.Last)
	}
	// The game's own move steps forward; another one branches, once confirmed.
	f.tapSquare("d6")
	if !f.u.browsing() || shown() != rows(2) || f.moves() != "f5d6c3" {
		t.Fatal("playing the game's move did not step forward")
	}
	f.u.browseTo(1)
	f.tapSquare("f6")
	if f.moves() != "f5d6c3" {
		t.Fatal("branched without asking")
	}
	f.answer("Play from here")
	if f.moves() != "f5f6" || f.u.browsing() {
		t.Fatalf("after the branch: %q", f.moves())
	}
}

func cellOf(t *testing.T, sq string) int {
	i, ok := rules.ParseSquare(sq)
	if !ok {
		t.Fatalf("bad square %s", sq)
	}
	return i
}

// The board turns half a turn, and clicks still reach the right cell.
func TestFlip(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	before := f.u.Board().CellCenter(cellOf(t, "f5"))
	test.Tap(f.u.flipBtn)
	if !f.u.Board().View().Flipped || !f.a.Preferences().Bool("othello.flipped") {
		t.Fatal("not flipped, or not remembered")
	}
	after := f.u.Board().CellCenter(cellOf(t, "f5"))
	if after == before {
		t.Fatal("f5 did not move on the screen")
	}
	f.tapSquare("f5")
	if f.moves() != "f5" {
		t.Fatalf("a tap on the turned board played %q", f.moves())
	}
	f.u.gameSelect.SetSelected("Connect Four")
	f.answer("Play Connect Four")
	if !f.u.flipBtn.Disabled() {
		t.Fatal("Connect Four can be flipped")
	}
}

// The board marks what the last move of each side changed.
func TestChangeMarks(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	f.tapSquare("f5") // flips e5
	v := f.u.Board().View()
	if len(v.Changed) != 1 || v.Changed[0] != cellOf(t, "e5") {
		t.Fatalf("changed %v", v.Changed)
	}
	f.tapSquare("d6") // flips d5
	v = f.u.Board().View()
	if len(v.Prev) != 1 || v.Prev[0] != cellOf(t, "f5") || len(v.PrevChanged) != 1 || v.PrevChanged[0] != cellOf(t, "e5") ||
		len(v.Changed) != 1 || v.Changed[0] != cellOf(t, "d5") {
		t.Fatalf("marks %+v", v)
	}
}

// The pause before a bot moves applies against a person too.
func TestReplyDelay(t *testing.T) {
	f := newFixture(t, "connect4", "human", "bot", apptest.SlowBot)
	f.u.delay.SetSelected(f.u.delay.Options[4]) // 2 s
	f.tapCell(3)
	th, ok := f.u.Controller().Thinking()
	if !ok || !th.Waiting || th.Delay != 2*time.Second || !strings.Contains(f.u.thinkStats.Text, "pause of 2.00 s") {
		t.Fatalf("thinking %+v %v, %q", th, ok, f.u.thinkStats.Text)
	}
	if f.a.Preferences().Int(PrefDelay) != 2000 {
		t.Fatal("delay not remembered")
	}
}

// The size setting scales the theme (so every window) and the board.
func TestScale(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	text := theme.DefaultTheme().Size(theme.SizeNameText)
	board := f.u.Board().MinSize()
	f.u.sizeSelect.SetSelected("175 %")
	if got := f.a.Settings().Theme().Size(theme.SizeNameText); got != text*1.75 {
		t.Fatalf("text size %v, want %v", got, text*1.75)
	}
	if got := f.u.Board().MinSize(); got.Width != board.Width*1.75 {
		t.Fatalf("board %v, was %v", got, board)
	}
	if f.u.sizeSelect.Selected != "175 %" {
		t.Fatalf("the rebuilt setting shows %q", f.u.sizeSelect.Selected)
	}
	f.shortcut(ctrl(fyne.KeyMinus))
	if f.u.prefs.scale() != 150 {
		t.Fatalf("Ctrl+- gave %d %%", f.u.prefs.scale())
	}
	f.u.Close()
	f.open()
	if got := f.a.Settings().Theme().Size(theme.SizeNameText); got != text*1.5 {
		t.Fatalf("after reopening: text size %v", got)
	}
}

// Buttons keep their place: Pause becoming Resume moves nothing beside
// it, and the progress bar of a thinking bot moves neither Move now nor
// the move list.
func TestStableButtons(t *testing.T) {
	f := newFixture(t, "othello", "bot", "human", apptest.SlowBot)
	d := fyne.CurrentApp().Driver()
	pos := func(o fyne.CanvasObject) fyne.Position { return d.AbsolutePositionForObject(o) }
	f.q.Until(t, "the bot thinking", func() bool { return !f.u.moveNowBtn.Disabled() })
	f.u.seats[0].param(bots.KeyTime).set("30s") // a budget: the bar will show
	f.u.togglePause()
	if f.u.thinkBar.Visible() {
		t.Fatal("a bar while paused")
	}
	step, moveNow, list := pos(f.u.stepBtn), pos(f.u.moveNowBtn), pos(f.u.moveList)
	if f.u.pauseBtn.Text != "Resume" {
		t.Fatalf("pause button %q", f.u.pauseBtn.Text)
	}
	f.u.togglePause()
	f.q.Until(t, "the bar", func() bool { return f.u.thinkBar.Visible() })
	if f.u.pauseBtn.Text != "Pause" || pos(f.u.stepBtn) != step {
		t.Fatalf("Step moved from %v to %v", step, pos(f.u.stepBtn))
	}
	if pos(f.u.moveNowBtn) != moveNow || pos(f.u.moveList) != list {
		t.Fatalf("Move now %v -> %v, list %v -> %v", moveNow, pos(f.u.moveNowBtn), list, pos(f.u.moveList))
	}
}

// At 175 % the window still fits a 1280x800 projector: the toolbar goes
// over the side column and wraps there rather than grow the window; at
// 100 % it spans the window and drops its last labels when it has to.
func TestFitsAProjector(t *testing.T) {
	f := newFixture(t, "checkers", "human", "bot", apptest.FirstMove)
	for _, lang := range []string{"English", "Bahasa Indonesia"} {
		f.u.langSelect.SetSelected(lang)
		f.u.sizeSelect.SetSelected("175 %")
		if m := f.w.Content().MinSize(); m.Width > 1280 || m.Height > 760 {
			t.Fatalf("%s: the window needs %v", lang, m)
		}
		f.w.Resize(fyne.NewSize(1280, 760))
		d := fyne.CurrentApp().Driver()
		if x := d.AbsolutePositionForObject(f.u.newBtn).X; x < d.AbsolutePositionForObject(f.u.tabs).X {
			t.Fatalf("%s: the toolbar is not over the side column at 175 %%", lang)
		}
		if f.u.Board().Size().Height < 700 {
			t.Fatalf("%s: the board is %v high, not the window's height", lang, f.u.Board().Size().Height)
		}
		f.u.sizeSelect.SetSelected("100 %")
		f.w.Resize(fyne.NewSize(1280, 760))
		if f.u.newBtn.Text == "" || f.u.hintBtn.Text == "" {
			t.Fatalf("%s: the first labels dropped at 1280 wide", lang)
		}
		f.w.Resize(fyne.NewSize(700, 760))
		if f.u.labBtn.Text != "" || f.u.flipBtn.Text != "" {
			t.Fatalf("%s: the last labels kept at 700 wide", lang)
		}
		f.w.Resize(fyne.NewSize(1100, 760))
	}
}

// The window in Indonesian: every text the window built is translated,
// and switching back restores English.
func TestIndonesian(t *testing.T) {
	f := newFixture(t, "othello", "human", "bot", apptest.FirstMove)
	f.u.langSelect.SetSelected("Bahasa Indonesia")
	if tr.Language() != tr.Indonesian || f.a.Preferences().String(PrefLanguage) != tr.Indonesian {
		t.Fatal("language not set")
	}
	if f.u.newBtn.Text != "Baru" || f.u.undoBtn.Text != "Batalkan" || !strings.Contains(f.u.turn.Text, "Giliran Hitam") {
		t.Fatalf("toolbar %q %q, turn %q", f.u.newBtn.Text, f.u.undoBtn.Text, f.u.turn.Text)
	}
	if f.u.mainMenu.Items[0].Label != "Berkas" || !strings.Contains(f.u.score.Text, "keping") {
		t.Fatalf("menu %q, score %q", f.u.mainMenu.Items[0].Label, f.u.score.Text)
	}
	if f.u.seats[1].kind.Selected != "Bot" || f.u.seats[0].kind.Selected != "Manusia" {
		t.Fatalf("seats %q %q", f.u.seats[0].kind.Selected, f.u.seats[1].kind.Selected)
	}
	if !f.u.Controller().Seat(rules.White).Bot {
		t.Fatal("the rebuild lost a seat")
	}
	f.tapSquare("f5")
	f.q.Until(t, "the reply", func() bool { return f.len() == 2 })
	if !strings.Contains(f.u.thinkTitle.Text, "Putih memainkan") {
		t.Fatalf("last bot move %q", f.u.thinkTitle.Text)
	}
	f.u.langSelect.SetSelected("English")
	if f.u.newBtn.Text != "New" || tr.Language() != tr.English {
		t.Fatalf("back in English: %q", f.u.newBtn.Text)
	}
}

// The game in progress and its seats survive a restart.
func TestAutosaveAndRestore(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	f.u.seats[1].algo.SetSelected("Alpha-beta")
	f.u.seats[1].param(bots.KeyDepth).set("2")
	for _, s := range []string{"f5", "d6", "c3"} {
		f.tapSquare(s)
	}
	f.u.seats[1].kind.SetSelected("Bot")
	f.q.Until(t, "White's move", func() bool { return f.len() == 4 })
	spec := f.u.Controller().Seat(rules.White).Spec.String()
	saved, err := gamefile.Load(filepath.Join(f.state, autosaveName))
	if err != nil || saved.Record.Len() != 4 || saved.Players != [2]string{"human", spec} || !strings.Contains(spec, "depth=2") {
		t.Fatalf("autosave: %v %+v", err, saved.Players)
	}
	want := f.moves()
	f.u.Close()
	// The seat in the preferences changes meanwhile: the file's wins.
	f.a.Preferences().SetBool(fmt.Sprintf(PrefBotFmt, "othello", "white"), false)
	f.a.Preferences().SetString(PrefGame, "connect4")
	f.open()
	if f.moves() != want || f.u.Controller().Game().Name != "othello" {
		t.Fatalf("restored %q of %s, want %q", f.moves(), f.u.Controller().Game().Name, want)
	}
	if s := f.u.Controller().Seat(rules.White); !s.Bot || s.Spec.String() != spec || f.u.seats[1].kind.Selected != "Bot" {
		t.Fatalf("white seat %+v", s)
	}
	if !strings.Contains(f.u.Status(), "restored (4 moves)") {
		t.Fatalf("status %q", f.u.Status())
	}
	// A new game (confirmed) leaves nothing to restore.
	f.shortcut(ctrlN)
	f.answer("New game")
	if _, err := os.Stat(filepath.Join(f.state, autosaveName)); !os.IsNotExist(err) {
		t.Fatalf("the autosave of a replaced game is still there: %v", err)
	}
}

func TestHelpMenu(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	help := f.u.mainMenu.Items[len(f.u.mainMenu.Items)-1]
	if help.Label != "Help" || len(help.Items) != 4+1+2+1+1 {
		t.Fatalf("help menu %q with %d items", help.Label, len(help.Items))
	}
	for _, g := range games.All {
		if gameRules(g) == "" {
			t.Errorf("no rules for %s", g.Name)
		}
	}
	help.Items[1].Action() // checkers
	if !strings.Contains(f.u.lastHelp, "compulsory") || f.button("Close") == nil {
		t.Fatalf("checkers rules %q", f.u.lastHelp)
	}
	f.answer("Close")
	f.u.showAlgorithms()
	for _, name := range []string{"Minimax", "Alpha-beta", "NegaScout", "Monte-Carlo", "Simulated annealing", "Genetic"} {
		if !strings.Contains(f.u.lastHelp, name) {
			t.Errorf("algorithms: no %s", name)
		}
	}
	f.u.showAbout()
	if !strings.Contains(f.u.lastHelp, "Boardgames") || !strings.Contains(f.u.lastHelp, "MIT licence") {
		t.Fatalf("about %q", f.u.lastHelp)
	}
}

// ctrlN and ctrlO are Ctrl+N and Ctrl+O as the desktop driver sends them.
var (
	ctrlN = &desktop.CustomShortcut{KeyName: fyne.KeyN, Modifier: fyne.KeyModifierShortcutDefault}
	ctrlO = &desktop.CustomShortcut{KeyName: fyne.KeyO, Modifier: fyne.KeyModifierShortcutDefault}
)

func TestThemeChoices(t *testing.T) {
	bg := theme.ColorNameBackground
	def := theme.DefaultTheme()
	if got, want := themeFor(ThemeDark, 100).Color(bg, theme.VariantLight), def.Color(bg, theme.VariantDark); got != want {
		t.Errorf("dark theme background %v, want %v", got, want)
	}
	if got, want := themeFor(ThemeLight, 100).Color(bg, theme.VariantDark), def.Color(bg, theme.VariantLight); got != want {
		t.Errorf("light theme background %v, want %v", got, want)
	}
	if themeFor(ThemeSystem, 100) != def {
		t.Error("the system choice is not the default theme")
	}
	if got := themeFor(ThemeDark, 200).Size(theme.SizeNamePadding); got != 2*def.Size(theme.SizeNamePadding) {
		t.Errorf("padding at 200 %%: %v", got)
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

// Ctrl+L opens the lab beside the board (a tab of the side panel), so the
// board stays in sight; it can move to a window of its own.
func TestLab(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	ctrlL := &desktop.CustomShortcut{KeyName: fyne.KeyL, Modifier: fyne.KeyModifierShortcutDefault}
	f.shortcut(ctrlL)
	l := f.u.Lab()
	if l == nil || f.u.tabs.Selected() != f.u.labTab || l.Window() != f.w {
		t.Fatal("Ctrl+L did not show the lab beside the board")
	}
	if w := f.u.Board().Size().Width; w > 0.5*f.w.Canvas().Size().Width || !f.u.Board().Visible() {
		t.Fatalf("the board is hidden or the lab has no room: the board is %v wide", w)
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
	f.u.tabs.SelectIndex(0)
	if w := f.u.Board().Size().Width; w < 0.5*f.w.Canvas().Size().Width {
		t.Errorf("the board did not get its room back: %v wide", w)
	}
	// Its own window; on a 1024x768 projector the start fitted the main
	// window to the screen, and the lab's window is no larger.
	f.w.Resize(fyne.NewSize(1008, 720))
	f.u.openLabWindow()
	if f.u.labWin == nil || f.u.labWin.Title() != applab.Title() || l.Window() != f.u.labWin || f.u.labTab != nil {
		t.Fatal("the lab did not move to its own window")
	}
	if lw, mw := f.u.labWin.Canvas().Size(), f.w.Canvas().Size(); lw.Width > mw.Width || lw.Height > mw.Height {
		t.Errorf("the lab's window %v is larger than the main window %v", lw, mw)
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
	test.Tap(f.button2(t, "Close the lab"))
	if f.u.Lab() != nil || len(f.u.tabs.Items) != 3 {
		t.Error("the lab did not close")
	}
}

// button2 finds a button by its text anywhere in the window.
func (f *fixture) button2(t *testing.T, text string) *widget.Button {
	t.Helper()
	for _, o := range test.LaidOutObjects(f.w.Content()) {
		if b, ok := o.(*widget.Button); ok && b.Text == text {
			return b
		}
	}
	t.Fatalf("no %q button", text)
	return nil
}

func TestQuietLog(t *testing.T) {
	var out strings.Builder
	f := &logFilter{w: &out}
	for _, line := range []string{
		"2026/01/01 10:00:00 Fyne error:  Getting favorite locations\n",
		"2026/01/01 10:00:00   Cause: this computer does not define a DOCUMENTS folder\n",
		"2026/01/01 10:00:00   At: /x/dialog/file.go:396\n",
		"2026/01/01 10:00:00 Fyne error:  Something else\n",
		"2026/01/01 10:00:00   Cause: a real problem\n",
	} {
		f.Write([]byte(line))
	}
	if got := out.String(); strings.Contains(got, "favorite") || strings.Contains(got, "DOCUMENTS") ||
		!strings.Contains(got, "Something else") || !strings.Contains(got, "a real problem") {
		t.Fatalf("filtered log:\n%s", got)
	}
}
