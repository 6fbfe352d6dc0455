// Package app is the Boardgames window: a game chooser, the board, a panel
// per player (human or bot), game and view settings, the live statistics of
// a thinking bot, the move list, and saving, loading and the clipboard. The
// match itself (record, seats, bot searches) is package match, which has no
// Fyne; searches report back through fyne.Do.
//
// Files:
//   - app.go      UI: building the window and keeping it up to date
//   - actions.go  what the buttons, menus and keys do; board clicks
//   - seats.go    the seat panels (human or bot, algorithm, parameters)
//   - settings.go the game, match and view settings panels
//   - files.go    save, open, copy and paste
//   - prefs.go    the preference keys and their defaults
//   - theme.go    the light/dark/system theme setting
//   - analysis.go the move values written on the board (toolbar Values,
//     View menu, key V)
//
// The classroom lab (package app/lab) opens in a window of its own from the
// toolbar's Lab button, the Lab menu or Ctrl+L, and works on the position
// on the board.
//
// cmd/boardgames makes the Fyne app and window and calls New.
package app

import (
	"fmt"
	"image/color"
	"io"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/app/board"
	applab "boardgames/app/lab"
	"boardgames/app/match"
	"boardgames/rules"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/games"
)

// Options are for tests: they replace the UI goroutine hand-off and the
// searches.
type Options struct {
	// Post runs f on the UI goroutine; nil means fyne.Do.
	Post func(f func())
	// Think and Hint replace the bots' searches.
	Think match.ThinkFunc
	Hint  match.HintFunc
}

// UI is the Boardgames window's content and behaviour.
type UI struct {
	app   fyne.App
	win   fyne.Window
	prefs prefs
	ctl   *match.Controller
	input match.Input
	board *board.Board
	post  func(func())
	lab   *applab.Lab // the lab window, nil until opened

	analysis analysisUI // the move values on the board (analysis.go)

	gameSelect *widget.Select
	turn       *widget.Label
	score      *widget.Label
	status     *widget.Label
	moves      *widget.Label
	movesScrl  *container.Scroll
	lastSearch *widget.Label

	thinkBox   *fyne.Container
	thinkTitle *widget.Label
	thinkStats *widget.Label
	thinkPV    *widget.Label
	thinkBar   *widget.ProgressBar

	newBtn, undoBtn, redoBtn, hintBtn, moveNowBtn, pauseBtn, stepBtn, labBtn *widget.Button

	seats      [2]*seatPanel
	gameBox    *fyne.Container // the current game's settings
	themeRadio *widget.RadioGroup
	themeItems []*fyne.MenuItem
	mainMenu   *fyne.MainMenu
	delay      *widget.Select

	// shown is what the board last showed, to animate only new moves.
	shownGame string
	shownLen  int
	shownPos  string
}

// New builds the window's content for app a and window w, restores the
// settings and starts the last game played.
func New(a fyne.App, w fyne.Window, opts Options) *UI {
	u := &UI{app: a, win: w, prefs: prefs{a.Preferences()}}
	post := opts.Post
	if post == nil {
		post = fyne.Do
	}
	u.post = post
	g := u.prefs.game()
	ctl, err := match.New(g, u.prefs.settings(g), match.Options{Post: post, Think: opts.Think, Hint: opts.Hint})
	if err != nil { // saved settings the game refuses: fall back to its defaults
		ctl, _ = match.New(g, games.Settings{}, match.Options{Post: post, Think: opts.Think, Hint: opts.Hint})
	}
	u.ctl = ctl
	ctl.SetDelay(u.prefs.delay())

	// The theme first, so that every widget is made in its colours.
	a.Settings().SetTheme(themeFor(u.prefs.p.StringWithFallback(PrefTheme, ThemeSystem)))
	u.build()
	u.setReplyDelay()
	u.setTheme(u.prefs.p.StringWithFallback(PrefTheme, ThemeSystem))
	u.loadSeats()
	ctl.OnChange = u.refresh
	ctl.OnProgress = u.showThinking
	u.refresh()
	w.SetContent(u.content())
	w.SetMainMenu(u.menu())
	u.addShortcuts()
	w.SetOnClosed(u.Close)
	return u
}

// Close closes the lab, cancels any search and waits for it to end.
func (u *UI) Close() {
	if u.lab != nil {
		u.lab.CloseWindow()
	}
	u.stopAnalysis()
	u.ctl.Close()
}

// Lab returns the lab window's lab, nil if it was never opened.
func (u *UI) Lab() *applab.Lab { return u.lab }

// Controller returns the match behind the window.
func (u *UI) Controller() *match.Controller { return u.ctl }

// Board returns the board widget.
func (u *UI) Board() *board.Board { return u.board }

// Status returns the text of the status line.
func (u *UI) Status() string { return u.status.Text }

// RenderPNG writes a PNG diagram of pos drawn as the window draws it (see
// board.RenderPNG); it needs no display.
func RenderPNG(w io.Writer, pos games.Position, size int) error {
	return board.RenderPNG(w, pos, size)
}

func (u *UI) build() {
	u.board = board.New()
	u.board.Animate = u.prefs.p.BoolWithFallback(PrefAnimate, true)
	u.board.OnTapped = u.tapped
	u.buildAnalysis()

	titles := make([]string, len(games.All))
	for i, g := range games.All {
		titles[i] = g.Title
	}
	u.gameSelect = widget.NewSelect(titles, func(title string) {
		for _, g := range games.All {
			if g.Title == title && g != u.ctl.Game() {
				u.switchGame(g)
			}
		}
	})
	u.gameSelect.SetSelected(u.ctl.Game().Title)

	u.turn = widget.NewLabel("")
	u.turn.TextStyle.Bold = true
	u.turn.Wrapping = fyne.TextWrapWord
	u.score = widget.NewLabel("")
	u.status = widget.NewLabel("")
	u.status.Truncation = fyne.TextTruncateEllipsis
	u.moves = widget.NewLabel("")
	u.moves.Wrapping = fyne.TextWrapWord
	u.moves.TextStyle.Monospace = true
	u.movesScrl = container.NewVScroll(u.moves)
	u.movesScrl.SetMinSize(fyne.NewSize(0, 160))
	u.lastSearch = widget.NewLabel("")
	u.lastSearch.Wrapping = fyne.TextWrapWord
	u.lastSearch.SizeName = theme.SizeNameCaptionText

	u.thinkTitle = widget.NewLabel("")
	u.thinkTitle.TextStyle.Bold = true
	u.thinkStats = widget.NewLabel("")
	u.thinkStats.Wrapping = fyne.TextWrapWord
	u.thinkPV = widget.NewLabel("")
	u.thinkPV.Wrapping = fyne.TextWrapWord
	u.thinkBar = widget.NewProgressBar()
	u.moveNowBtn = widget.NewButtonWithIcon("Move now", theme.MediaFastForwardIcon(), u.moveNow)
	u.moveNowBtn.Importance = widget.HighImportance
	u.thinkBox = container.NewVBox(
		container.NewBorder(nil, nil, nil, u.moveNowBtn, u.thinkTitle),
		u.thinkBar, u.thinkStats, u.thinkPV)
	u.thinkBox.Hide()

	u.newBtn = widget.NewButtonWithIcon("New", theme.ContentAddIcon(), u.newGame)
	u.undoBtn = widget.NewButtonWithIcon("Undo", theme.ContentUndoIcon(), u.undo)
	u.redoBtn = widget.NewButtonWithIcon("Redo", theme.ContentRedoIcon(), u.redo)
	u.hintBtn = widget.NewButtonWithIcon("Hint", theme.HelpIcon(), u.hint)
	u.pauseBtn = widget.NewButtonWithIcon("Pause", theme.MediaPauseIcon(), u.togglePause)
	u.stepBtn = widget.NewButtonWithIcon("Step", theme.MediaSkipNextIcon(), u.step)
	u.labBtn = widget.NewButtonWithIcon("Lab", theme.GridIcon(), u.openLab)

	u.seats[0] = newSeatPanel(u, rules.Black)
	u.seats[1] = newSeatPanel(u, rules.White)
	u.gameBox = container.NewVBox()
	u.buildGameSettings()
}

func (u *UI) content() fyne.CanvasObject {
	wide := canvas.NewRectangle(color.Transparent)
	wide.SetMinSize(fyne.NewSize(170, 0))
	toolbar := container.NewHBox(
		widget.NewLabel("Game"), container.NewStack(wide, u.gameSelect),
		u.newBtn, u.undoBtn, u.redoBtn, u.hintBtn, u.pauseBtn, u.stepBtn,
		widget.NewSeparator(), u.labBtn, u.analysis.button,
	)
	gameTab := container.NewVBox(
		u.turn, u.score, u.analysis.progress,
		widget.NewSeparator(),
		u.thinkBox,
		u.lastSearch,
		widget.NewSeparator(),
		widget.NewLabelWithStyle("Moves", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
	)
	gamePane := container.NewBorder(gameTab, nil, nil, nil, u.movesScrl)
	players := container.NewVScroll(container.NewVBox(u.seats[0].card, u.seats[1].card, u.matchCard()))
	settings := container.NewVScroll(container.NewVBox(u.gameBox, u.viewCard()))
	tabs := container.NewAppTabs(
		container.NewTabItem("Game", gamePane),
		container.NewTabItem("Players", players),
		container.NewTabItem("Settings", settings),
	)
	split := container.NewHSplit(container.NewPadded(u.boardView()), tabs)
	split.Offset = 0.6
	bottom := container.NewVBox(widget.NewSeparator(), u.status)
	return container.NewBorder(container.NewVBox(toolbar, widget.NewSeparator()), bottom, nil, nil, split)
}

// playerTitle is a seat card's title, such as "Black (moves first)".
func (u *UI) playerTitle(p rules.Player) string {
	name := u.playerName(p)
	if u.ctl.Position() != nil && u.ctl.Record().Start().ToMove() == p {
		return name + " · moves first"
	}
	return name
}

// playerName is a colour's name, with the colour of its pieces where the
// name does not say it: "First (red)".
func (u *UI) playerName(p rules.Player) string {
	g := u.ctl.Game()
	if c := board.ColourNames(g.Name)[p]; c != "" && !strings.EqualFold(c, g.Players[p]) {
		return g.Players[p] + " (" + c + ")"
	}
	return g.Players[p]
}

// loadSeats shows and applies the saved seats of the current game.
func (u *UI) loadSeats() {
	for _, s := range u.seats {
		s.load()
		seat := match.Seat{Bot: s.kind.Selected == kindBot, Spec: s.spec}
		u.ctl.SetSeat(s.player, seat)
	}
}

// setReplyDelay lets the human's move animate before the bot answers.
func (u *UI) setReplyDelay() {
	if u.board.Animate {
		u.ctl.SetReplyDelay(u.board.Duration + 50*time.Millisecond)
	} else {
		u.ctl.SetReplyDelay(0)
	}
}

// refresh shows the state of the match; the controller calls it after
// every change.
func (u *UI) refresh() {
	c := u.ctl
	g := c.Game()
	pos := c.Position()
	if u.gameSelect.Selected != g.Title {
		u.gameSelect.SetSelected(g.Title)
	}
	u.refreshBoard()
	u.refreshAnalysis()

	u.turn.SetText(c.TurnText())
	if c.Result().Over() {
		u.turn.Importance = widget.SuccessImportance
	} else {
		u.turn.Importance = widget.MediumImportance
	}
	u.turn.Refresh()
	u.score.SetText(c.ScoreLine())
	u.status.SetText(c.Note())
	u.moves.SetText(u.moveText())
	u.movesScrl.ScrollToBottom()

	if lb := c.LastBotMove(); lb != nil {
		i := lb.Info
		u.lastSearch.SetText(fmt.Sprintf("%s (%s) played %s: score %s, depth %d, %s nodes in %s (%s nodes/s)%s",
			c.PlayerName(lb.Player), lb.Spec.String(), lb.Move, match.ScoreText(i.Score, i.Exact), i.Depth,
			count(i.Nodes), seconds(i.Elapsed), count(uint64(i.NodesPerSecond())), fallback(i.Fallback)))
		u.lastSearch.Show()
	} else {
		u.lastSearch.Hide()
	}

	th, thinking := c.Thinking()
	enable(u.moveNowBtn, thinking)
	if thinking {
		u.showThinking(th)
		u.thinkBox.Show()
	} else {
		u.thinkBox.Hide()
	}
	enable(u.undoBtn, c.CanUndo())
	enable(u.redoBtn, c.CanRedo())
	enable(u.hintBtn, c.HumanToMove() && !c.HintRunning())
	anyBot := c.Seat(rules.Black).Bot || c.Seat(rules.White).Bot
	enable(u.pauseBtn, anyBot && !c.Result().Over())
	if c.Paused() {
		u.pauseBtn.SetText("Resume")
		u.pauseBtn.SetIcon(theme.MediaPlayIcon())
	} else {
		u.pauseBtn.SetText("Pause")
		u.pauseBtn.SetIcon(theme.MediaPauseIcon())
	}
	enable(u.stepBtn, c.Paused() && !thinking && !c.Result().Over() && c.Seat(pos.ToMove()).Bot)
	for _, s := range u.seats {
		s.card.SetTitle(u.playerTitle(s.player))
	}
	if u.lab != nil {
		u.lab.Refresh()
	}
}

func fallback(f bool) string {
	if f {
		return " — fallback move"
	}
	return ""
}

func enable(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

// refreshBoard shows the position with its marks, animating a new move.
func (u *UI) refreshBoard() {
	c := u.ctl
	pos := c.Position()
	g := c.Game()
	last, before, changed := c.LastMove()
	v := board.View{
		Game: g.Name, Rows: pos.Rows(), Last: last,
		Coords:  u.prefs.p.BoolWithFallback(PrefCoords, true),
		Numbers: u.prefs.p.BoolWithFallback(PrefNumbers, false),
	}
	if c.HumanToMove() {
		legal := pos.Legal()
		starts, next := u.input.Targets(pos, legal)
		switch {
		case g.Name != checkers.Name:
			v.Legal = starts
		case len(u.input.Path()) > 0:
			v.Selected = u.input.Path()
			v.Legal = next
		default:
			v.Movable = starts
		}
		if h := c.CurrentHint(); h != nil {
			v.Hint = pos.Squares(h.Move)
		}
	} else {
		u.input.Reset()
	}
	if c.Result().Over() && g.Name == connect4.Name {
		v.Win = match.WinningLine(v.Rows)
	}
	key := pos.String()
	if g.Name == u.shownGame && c.Len() == u.shownLen+1 && key != u.shownPos {
		u.board.ShowMove(v, before, last, changed)
	} else if g.Name != u.shownGame || c.Len() != u.shownLen || key != u.shownPos {
		u.board.SetView(v)
	} else {
		u.board.Update(v)
	}
	u.shownGame, u.shownLen, u.shownPos = g.Name, c.Len(), key
}

// moveText is the move list, numbered by move pairs.
func (u *UI) moveText() string {
	list := u.ctl.MoveList()
	if len(list) == 0 {
		return "(no moves yet)"
	}
	first := u.ctl.Record().Start().ToMove()
	var b strings.Builder
	n := 1
	i := 0
	if first == rules.White {
		fmt.Fprintf(&b, "%3d. %-7s %s\n", n, "…", list[0])
		i, n = 1, 2
	}
	for ; i < len(list); i += 2 {
		fmt.Fprintf(&b, "%3d. %-7s", n, list[i])
		if i+1 < len(list) {
			b.WriteString(" " + list[i+1])
		}
		b.WriteString("\n")
		n++
	}
	return strings.TrimRight(b.String(), "\n")
}

// showThinking updates the thinking indicator (live search statistics).
func (u *UI) showThinking(t match.Thinking) {
	name := u.playerName(t.Player)
	if t.Waiting {
		u.thinkTitle.SetText(fmt.Sprintf("%s (%s) is about to move…", name, t.Spec.Algo))
	} else {
		u.thinkTitle.SetText(fmt.Sprintf("%s (%s) is thinking…", name, t.Spec.Algo))
	}
	budget := t.Spec.Params.Time
	el := t.Elapsed
	if budget > 0 {
		u.thinkBar.Max = budget.Seconds()
		u.thinkBar.SetValue(min(el.Seconds(), budget.Seconds()))
		u.thinkBar.TextFormatter = func() string { return seconds(el) + " / " + seconds(budget) }
		u.thinkBar.Show()
		u.thinkBar.Refresh()
	} else {
		u.thinkBar.Hide()
	}
	i := t.Info
	if t.Waiting {
		u.thinkStats.SetText(fmt.Sprintf("starts after a pause of %s", seconds(t.Delay)))
		u.thinkPV.Hide()
		return
	}
	stats := fmt.Sprintf("depth %d · %s nodes · %s nodes/s · %s", i.Depth, count(i.Nodes),
		count(uint64(i.NodesPerSecond())), seconds(el))
	if i.Nodes > 0 {
		stats += " · score " + match.ScoreText(i.Score, i.Exact)
	}
	u.thinkStats.SetText(stats)
	if t.PV != "" {
		u.thinkPV.SetText("PV: " + t.PV)
		u.thinkPV.Show()
	} else {
		u.thinkPV.Hide()
	}
}

// count formats a count compactly: 950, 12.3k, 4.56M.
func count(n uint64) string {
	switch {
	case n >= 10_000_000:
		return fmt.Sprintf("%.1fM", float64(n)/1e6)
	case n >= 1_000_000:
		return fmt.Sprintf("%.2fM", float64(n)/1e6)
	case n >= 10_000:
		return fmt.Sprintf("%.0fk", float64(n)/1e3)
	case n >= 1_000:
		return fmt.Sprintf("%.1fk", float64(n)/1e3)
	}
	return fmt.Sprint(n)
}

func seconds(d time.Duration) string {
	if d < 10*time.Second {
		return fmt.Sprintf("%.2fs", d.Seconds())
	}
	return fmt.Sprintf("%.0fs", d.Seconds())
}
