package lab

import (
	"context"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/app/board"
	"boardgames/app/internal/tr"
	"boardgames/rules/games"
)

// Source is the main window's game, which the lab reads when a job starts
// (on the UI goroutine). *match.Controller is one.
type Source interface {
	// Position is the current position.
	Position() games.Position
	// Settings are the current game's settings.
	Settings() games.Settings
	// Len is the number of moves played to reach Position.
	Len() int
}

// Options are for tests.
type Options struct {
	// Post runs f on the UI goroutine; nil means fyne.Do.
	Post func(f func())
	// ProgressEvery is the least time between two progress updates of a
	// job (0 means 100 ms).
	ProgressEvery time.Duration
	// CloseWait bounds how long Close waits for the jobs' goroutines to
	// end (0 means 5 s). They end at once on cancellation; it is only a
	// safety net.
	CloseWait time.Duration
	// ShowNode, if set, shows the inspector's selected node on the main
	// board (nil: the game again); see NodeView.
	ShowNode func(*NodeView)
	// OpenGame, if set, opens a game of the lab (an arena game clicked in
	// its table) on the main window's board; what names it ("Arena game
	// 3").
	OpenGame func(g *games.Game, s games.Settings, rec games.Record, what string)
	// OnKey and OnRune, if set, get the keys and characters that the
	// inspector, focused, does not step with: the main window's clicker
	// map (F5, Escape, B, R, M), so that it is the same there.
	OnKey  func(*fyne.KeyEvent)
	OnRune func(rune)
}

// Title is the lab window's title.
func Title() string { return tr.T("Boardgames Lab") }

// WindowSize is the size of the lab's own window: the room its tables and
// charts need at the default text size. The app makes it no larger than
// the main window.
var WindowSize = fyne.NewSize(1100, 740)

// Lab is the classroom lab: its window (when in one of its own), its tabs
// and the jobs they run.
type Lab struct {
	src  Source
	opts Options
	win  fyne.Window
	ctx  context.Context // cancelled by Close: every job derives from it
	stop context.CancelFunc
	wg   sync.WaitGroup // the jobs' goroutines
	once sync.Once
	// closed is set by Close; posted functions check it (UI goroutine).
	closed    bool
	winClosed bool

	lang     string // the language of its words (tr.Language when it was made)
	game     string // the game the screens are set up for
	shownPos string // what the header shows
	header   *widget.Label
	thumb    *board.Board // the main window's board, small, in the header
	thumbBox *fyne.Container
	hint     *widget.Label // what the header's position is for
	tabs     *container.AppTabs
	content  fyne.CanvasObject

	compare    *compareScreen
	arena      *arenaScreen
	tournament *tournamentScreen
	experiment *experimentScreen
	traces     *traceScreen
	inspect    *inspectScreen
}

// New builds the lab's content for the game of src. Put Content in a
// window and call SetWindow for the file dialogs.
func New(src Source, opts Options) *Lab {
	if opts.Post == nil {
		opts.Post = fyne.Do
	}
	if opts.ProgressEvery <= 0 {
		opts.ProgressEvery = 100 * time.Millisecond
	}
	if opts.CloseWait <= 0 {
		opts.CloseWait = 5 * time.Second
	}
	l := &Lab{src: src, opts: opts, lang: tr.Language()}
	l.ctx, l.stop = context.WithCancel(context.Background())
	l.game = src.Position().Game()

	l.header = widget.NewLabel("")
	l.header.Wrapping = fyne.TextWrapWord
	l.header.TextStyle.Bold = true
	l.thumb = board.New()
	l.thumb.Animate = false
	l.thumb.MinSide = 3 // as small as the header's square (squareLayout)
	hint := note(tr.T("Compare, Traces and the Inspector work on this position: change it in the main window."))
	hint.SizeName = theme.SizeNameCaptionText
	l.compare = newCompareScreen(l)
	l.arena = newArenaScreen(l)
	l.tournament = newTournamentScreen(l)
	l.experiment = newExperimentScreen(l)
	l.traces = newTraceScreen(l)
	l.inspect = newInspectScreen(l)
	l.tabs = container.NewAppTabs(
		container.NewTabItem(tr.T("Compare"), l.compare.content),
		container.NewTabItem(tr.T("Arena"), l.arena.content),
		container.NewTabItem(tr.T("Tournament"), l.tournament.content),
		container.NewTabItem(tr.T("Experiments"), l.experiment.content),
		container.NewTabItem(tr.T("Traces"), l.traces.content),
		container.NewTabItem(tr.T("Inspector"), l.inspect.content),
	)
	// A screen not shown forgets that it went one above the other: the
	// tabs are as tall as their tallest screen, and a screen laid out in
	// a narrow column once would keep the lab that tall in a wide one.
	l.tabs.OnSelected = func(shown *container.TabItem) {
		for _, it := range l.tabs.Items {
			if c, ok := it.Content.(*fyne.Container); ok && it != shown {
				if s, ok := c.Layout.(*sideLayout); ok {
					s.unstack()
				}
			}
		}
	}
	// The board in the header: the lab's window may well hide the main
	// window, and every result says which position it is about; the
	// header shows that position, live.
	l.thumbBox = container.New(squareLayout{}, l.thumb)
	l.hint = hint
	head := container.NewBorder(nil, nil, l.thumbBox, nil, container.NewVBox(l.header, hint))
	l.content = container.NewBorder(container.NewVBox(head, widget.NewSeparator()), nil, nil, nil, l.tabs)
	l.Refresh()
	return l
}

// SetDocked shows the header's board and its note (in a window of its
// own), or leaves them out (docked beside the main board, which is in
// sight: the lab's screens get their room).
func (l *Lab) SetDocked(on bool) {
	if on {
		l.thumbBox.Hide()
		l.hint.Hide()
	} else {
		l.thumbBox.Show()
		l.hint.Show()
	}
}

// SetWindow sets the window the lab's dialogs open over.
func (l *Lab) SetWindow(w fyne.Window) { l.win = w }

// Window returns the lab's window (nil before SetWindow).
func (l *Lab) Window() fyne.Window { return l.win }

// Content returns the lab's content: the header and the tabs.
func (l *Lab) Content() fyne.CanvasObject { return l.content }

// Tabs returns the lab's tabs.
func (l *Lab) Tabs() *container.AppTabs { return l.tabs }

// Header returns the text above the tabs: the position the lab works on.
func (l *Lab) Header() string { return l.header.Text }

// Language is the language of the lab's words: the one in use when it
// was made (widgets take their words when they are made).
func (l *Lab) Language() string { return l.lang }

// Busy reports whether a job runs on one of the screens.
func (l *Lab) Busy() bool {
	for _, t := range []*task{l.compare.task, l.arena.task, l.tournament.task, l.experiment.task, l.traces.task, l.inspect.task} {
		if t.running() {
			return true
		}
	}
	return false
}

// Closed reports whether Close was called.
func (l *Lab) Closed() bool { return l.closed }

// Close cancels every job and waits (a little, see Options.CloseWait) for
// their goroutines to end. Call it on the UI goroutine; a second call does
// nothing. It does not close the window (closing the window calls it).
func (l *Lab) Close() {
	l.once.Do(func() {
		l.closed = true
		l.stop()
		done := make(chan struct{})
		go func() { l.wg.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(l.opts.CloseWait):
		}
	})
}

// CloseWindow closes the lab and its window.
func (l *Lab) CloseWindow() {
	l.Close()
	if l.win != nil && !l.winClosed {
		l.winClosed = true
		l.win.Close()
	}
}

// Refresh brings the lab up to date with the main window: the header, and
// the game-dependent choices (evaluations, the round limit) when the game
// changed. The app calls it after every change; it is cheap.
func (l *Lab) Refresh() {
	if l.closed {
		return
	}
	pos := l.src.Position()
	if g := pos.Game(); g != l.game {
		l.game = g
		l.compare.setGame(g)
		l.arena.setGame(g)
		l.tournament.setGame(g)
		l.traces.setGame(g)
		l.inspect.setGame(g)
	}
	text := describe(pos, l.src.Len())
	if key := text + "|" + pos.String(); key != l.shownPos {
		l.shownPos = key
		l.inspect.showPosition(pos)
		l.thumb.SetView(board.View{Game: pos.Game(), Rows: pos.Rows()})
		l.header.SetText(tr.F("Position: %s.", text))
	}
}

// Reveal shows what predict first hid in the lab (the moves and scores
// of a comparison); it reports whether anything was hidden.
func (l *Lab) Reveal() bool {
	if l.closed {
		return false
	}
	return l.compare.doReveal()
}

// ToggleNegamax switches the inspector between the MIN/MAX and the
// negamax view (a clicker's M); it reports whether a search is inspected.
func (l *Lab) ToggleNegamax() bool {
	if l.closed || l.inspect == nil || l.inspect.in == nil || l.inspect.in.Steps() == 0 {
		return false
	}
	l.inspect.in.SetNegamax(!l.inspect.in.Negamax())
	return true
}

// current returns the main window's position and its description.
func (l *Lab) current() (games.Position, string) {
	pos := l.src.Position()
	return pos, describe(pos, l.src.Len())
}

// gameOf returns the game called name (one of games.All).
func gameOf(name string) *games.Game {
	g, err := games.Lookup(name)
	if err != nil {
		return games.All[0]
	}
	return g
}
