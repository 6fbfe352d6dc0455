// Package app is the Boardgames window: a game chooser, the board, a panel
// per player (human or bot), game and view settings, the live statistics of
// a thinking bot, the move list with browsing, and saving, loading and the
// clipboard. The match itself (record, seats, bot searches) is package
// match, which has no widgets; searches report back through fyne.Do.
//
// Files:
//   - app.go      UI: building the window, the language and size settings
//     that rebuild it, closing
//   - view.go     keeping the window up to date: turn, score, board marks,
//     the search panel (live statistics, the last bot move)
//   - browse.go   the move list and browsing (click a move, ←/→/Home/End),
//     playing from an earlier position (a branch, after a confirmation)
//   - actions.go  what the buttons, menus and keys do; board clicks
//   - safety.go   confirming what would discard a game in progress, the
//     autosave of the game and its seats and its restoring at start
//   - seats.go    the seat panels (human or bot, algorithm, parameters)
//   - settings.go the game, bot and view settings panels
//   - help.go     the Help menu: each game's rules, each algorithm's idea,
//     the keys, About
//   - files.go    save, open, copy and paste
//   - prefs.go    the preference keys and their defaults
//   - theme.go    the light/dark/system theme and the size (scale) setting
//   - quiet.go    quitting without Fyne's racy exit save; a log filter
//   - analysis.go the move values written on the board (a check beside
//     the score, View menu, key V)
//   - external.go External program… in the seats' algorithm lists: its
//     dialog and the programs remembered
//   - predict.go  predict first: bot moves and values hidden until R
//   - editor.go   the position editor (Game menu): pieces, side to move,
//     rounds played, checked before it opens as a new game
//   - labglue.go  the lab on the position browsed to; a lab's game opened
//     on the board
//   - review.go   the game review (Game menu): a Review tab with each
//     side's accuracy, the evaluation graph and the moves' marks
//   - layout.go   the projector-first layout: the board beside the side
//     column, folded into a drawer where it does not fit; lecture.go the
//     Lecture view (F5), lecturetree.go its search tree (T: board, tree,
//     both); form.go forms that put their labels over their fields in a
//     narrow column (package app/internal/form, which the lab uses too)
//   - clicker.go  the clicker's map of keys, one for every view, and the
//     blank screen (B)
//
// The classroom lab (package app/lab) opens from the toolbar's Lab button,
// the Lab menu or Ctrl+L as a tab beside the board, so that the board
// stays in sight (Fyne cannot place a second window beside the first); a
// button in that tab moves it to a window of its own (for a second
// screen). It works on the position on the board.
//
// Words: every text the user reads goes through package app/internal/tr
// (tr.T, tr.F, tr.N), in English and Bahasa Indonesia; the translations
// are assets/lang/en.json and id.json, and tr's test checks that every key
// used in app/... has both. A new text is written in English in a tr call;
// `go test ./app/internal/tr -update` adds it to en.json, and its
// Indonesian goes into id.json by hand. Game, colour and algorithm names
// come from match (GameTitle, ColourName, AlgoTitle). The language
// setting (View menu or Settings tab) rebuilds the window at once; the lab
// docked beside the board is made again in the new language unless a job
// runs on it, and a lab in its own window keeps its language until it is
// opened again. Texts that the lower layers write (the experiments' tables,
// the help of the algorithms and evaluations) are marked there and
// translated here with tr.Known; app/internal/tr's tests also find any text
// under app/ shown without tr.
//
// cmd/boardgames makes the Fyne app and window and calls New.
package app

import (
	"image/color"
	"io"
	"path/filepath"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/app/board"
	"boardgames/app/internal/tr"
	applab "boardgames/app/lab"
	"boardgames/app/match"
	"boardgames/rules"
	"boardgames/rules/games"
)

// Options are for cmd/boardgames and tests.
type Options struct {
	// Post runs f on the UI goroutine; nil means fyne.Do.
	Post func(f func())
	// Think and Hint replace the bots' searches (tests).
	Think match.ThinkFunc
	Hint  match.HintFunc
	// StateDir is the folder of the autosaved game; "" means the folder
	// "autosave" in the app's storage.
	StateDir string
	// Exit ends the process once the window has closed and the
	// preferences are written (see quiet.go); nil means fyne.App.Quit.
	Exit func()
}

// UI is the Boardgames window's content and behaviour.
type UI struct {
	app   fyne.App
	win   fyne.Window
	opts  Options
	prefs prefs
	ctl   *match.Controller
	input match.Input
	board *board.Board
	post  func(func())
	lab   *applab.Lab // the lab, nil until opened
	// labWin is the lab's own window when it is not docked.
	labWin fyne.Window

	analysis analysisUI // the move values on the board (analysis.go)
	follow   follow     // the inspector's node on the board (follow.go)
	predict  predictUI  // predict first (predict.go)
	review   reviewUI   // the game review (review.go)

	gameSelect *widget.Select
	turn       *widget.Label
	score      *widget.Label
	status     *widget.Label

	// The move list and browsing (browse.go).
	moveList  *widget.List
	viewLabel *widget.Label
	view      int // the move shown: the position after view moves; -1 follows the game
	listQuiet bool
	navBtns   [4]*widget.Button
	// notedRows are the heights given to the rows that show a comment,
	// for the list's width notesWidth (notesResizing: a new sizing is
	// posted).
	notedRows     map[int]float32
	notesWidth    float32
	notesResizing bool
	// loading stops the reading of a file of games (records.go).
	loading func()

	// The search panel: the thinking bot, or the last bot move.
	thinkTitle *widget.Label
	thinkStats *widget.Label
	thinkPV    *widget.Label
	thinkBar   *widget.ProgressBar
	searchBox  *fyne.Container // the search panel with its separator
	barSlot    *fyne.Container // the room of the progress bar
	gamePane   *cappedTop      // the Game tab: the texts over the move list

	newBtn, undoBtn, redoBtn, hintBtn, moveNowBtn, pauseBtn, stepBtn, flipBtn, labBtn *widget.Button
	toolbar                                                                           *fyne.Container

	seats      [2]*seatPanel
	gameBox    *fyne.Container // the current game's settings
	themeRadio *widget.RadioGroup
	themeItems []*fyne.MenuItem
	sizeSelect *widget.Select
	langSelect *widget.Select
	mainMenu   *fyne.MainMenu
	delay      *widget.Select
	tabs       *container.AppTabs // nil in the Lecture view
	labTab     *container.TabItem
	row        *fyne.Container // the board and the side column (layout.go)
	asideBar   *fyne.Container // the toolbar over the side column, from 150 %
	lecture    bool            // the Lecture view is shown (lecture.go)
	ltree      lectureTree     // the Lecture view's tree (lecturetree.go)
	// lectureBtns pairs the Lecture view's icons with the toolbar's
	// buttons they stand for.
	lectureBtns [][2]*widget.Button
	// editing is the position editor shown (editor.go).
	editing *editor
	// formScrolls refresh the scrolls around the forms (form.go).
	formScrolls []func()

	// shown is what the board last showed, to animate only new moves.
	shownGame string
	shownLen  int
	shownPos  string
	// saved is the text of the last autosave.
	saved string
	// saveErr is the last autosave's error, told once in the status line.
	saveErr string
	// closed is set by Close.
	closed bool
	// lastHelp is the text of the last help dialog (tests).
	lastHelp string
	// asking is the confirmation shown, which Escape cancels.
	asking dialog.Dialog
	// The clicker's map (clicker.go): the view of a search that the
	// clicker steps (nil: the game's moves), the blank screen, and the
	// widgets made to give the keyboard back after a click.
	stepper   Stepper
	blankRect *canvas.Rectangle
	released  map[fyne.CanvasObject]bool
}

// New builds the window's content for app a and window w, restores the
// settings and the game in progress (autosaved), or starts the last game
// played.
func New(a fyne.App, w fyne.Window, opts Options) *UI {
	u := &UI{app: a, win: w, opts: opts, prefs: prefs{a.Preferences()}, view: -1, released: map[fyne.CanvasObject]bool{}}
	post := opts.Post
	if post == nil {
		post = fyne.Do
	}
	u.post = post
	if _, err := tr.Use(u.prefs.language()); err != nil {
		fyne.LogError("Loading the translations", err)
	}
	g := u.prefs.game()
	ctl, err := match.New(g, u.prefs.settings(g), match.Options{Post: post, Think: opts.Think, Hint: opts.Hint})
	if err != nil { // saved settings the game refuses: fall back to its defaults
		ctl, _ = match.New(g, games.Settings{}, match.Options{Post: post, Think: opts.Think, Hint: opts.Hint})
	}
	u.ctl = ctl

	// The theme first, so that every widget is made in its colours and size.
	u.applyTheme()
	u.build()
	u.setDelays()
	u.loadSeats()
	ctl.OnChange = u.refresh
	ctl.OnProgress = u.showThinking
	u.restore()
	u.refresh()
	w.SetContent(u.content())
	w.SetMainMenu(u.menu())
	u.addShortcuts()
	w.SetCloseIntercept(u.quit)
	w.SetOnClosed(u.Close)
	return u
}

// Close saves the game in progress, closes the lab, cancels any search and
// waits for it to end. A second call does nothing.
func (u *UI) Close() {
	if u.closed {
		return
	}
	u.autosave()
	u.closed = true
	u.stopLoading()
	u.closeLab()
	u.stopAnalysis()
	u.stopReview()
	u.ctl.Close()
}

// Lab returns the lab, nil if it was never opened.
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

// build makes the widgets, in the language in use.
func (u *UI) build() {
	u.board = board.New()
	u.board.Animate = u.prefs.p.BoolWithFallback(PrefAnimate, true)
	u.board.OnTapped = u.tapped
	u.follow = follow{} // its overlay goes with the old board
	u.shownGame = ""
	u.buildAnalysis()
	u.buildPredict()

	titles := make([]string, len(games.All))
	for i, g := range games.All {
		titles[i] = match.GameTitle(g)
	}
	u.gameSelect = widget.NewSelect(titles, func(title string) {
		u.win.Canvas().Unfocus() // so that H, the arrows and the shortcuts work at once
		for _, g := range games.All {
			if match.GameTitle(g) == title && g != u.ctl.Game() {
				u.switchGame(g)
			}
		}
	})
	u.gameSelect.SetSelected(match.GameTitle(u.ctl.Game()))

	u.turn = widget.NewLabel("")
	u.turn.TextStyle.Bold = true
	u.turn.Wrapping = fyne.TextWrapWord
	u.score = widget.NewLabel("")
	u.score.Wrapping = fyne.TextWrapWord
	u.status = widget.NewLabel("")
	u.status.Truncation = fyne.TextTruncateEllipsis

	u.thinkTitle = widget.NewLabel("")
	u.thinkTitle.TextStyle.Bold = true
	u.thinkTitle.Wrapping = fyne.TextWrapWord
	u.thinkStats = widget.NewLabel("")
	u.thinkStats.Wrapping = fyne.TextWrapWord
	u.thinkPV = widget.NewLabel("")
	u.thinkPV.Wrapping = fyne.TextWrapWord
	u.thinkBar = widget.NewProgressBar()
	u.moveNowBtn = widget.NewButtonWithIcon(tr.T("Move now"), theme.MediaFastForwardIcon(), u.moveNow)
	u.moveNowBtn.Importance = widget.HighImportance
	// The search panel keeps its place and size: the Move now button
	// stays where it is and the progress bar has its room reserved.
	u.barSlot = container.NewStack(spacer(0, u.thinkBar.MinSize().Height), u.thinkBar)
	u.newBtn = widget.NewButtonWithIcon(tr.T("New"), theme.ContentAddIcon(), u.newGame)
	u.undoBtn = widget.NewButtonWithIcon(tr.T("Undo"), theme.ContentUndoIcon(), u.undo)
	u.redoBtn = widget.NewButtonWithIcon(tr.T("Redo"), theme.ContentRedoIcon(), u.redo)
	u.hintBtn = widget.NewButtonWithIcon(tr.T("Hint"), theme.HelpIcon(), u.hint)
	u.pauseBtn = widget.NewButtonWithIcon(tr.T("Pause"), theme.MediaPauseIcon(), u.togglePause)
	u.stepBtn = widget.NewButtonWithIcon(tr.T("Step"), theme.MediaSkipNextIcon(), u.step)
	u.flipBtn = widget.NewButtonWithIcon(tr.T("Flip"), theme.ViewRefreshIcon(), u.flip)
	u.labBtn = widget.NewButtonWithIcon(tr.T("Lab"), theme.GridIcon(), u.openLab)
	u.toolbar = newToolbar([]fyne.CanvasObject{
		container.NewStack(spacer(10*theme.TextSize(), 0), u.gameSelect),
		u.newBtn, u.undoBtn, u.redoBtn, u.hintBtn, u.pauseBtn, u.stepBtn,
		widget.NewSeparator(), u.flipBtn, u.labBtn,
	}, map[*widget.Button][]string{u.pauseBtn: {u.pauseBtn.Text, tr.T("Pause"), tr.T("Resume")}})

	u.buildMoveList()
	u.seats[0] = newSeatPanel(u, rules.Black)
	u.seats[1] = newSeatPanel(u, rules.White)
	u.gameBox = container.NewVBox()
	u.buildGameSettings()
}

// lines holds the room of n lines of text for a label (more if its text
// needs more).
func lines(n int, l *widget.Label) fyne.CanvasObject {
	probe := widget.NewLabel(strings.Repeat("A\n", n-1) + "A")
	probe.TextStyle = l.TextStyle
	return container.NewStack(spacer(0, probe.MinSize().Height), l)
}

// spacer is an invisible rectangle of a minimum size.
func spacer(w, h float32) fyne.CanvasObject {
	r := canvas.NewRectangle(color.Transparent)
	r.SetMinSize(fyne.NewSize(w, h))
	return r
}

// content is the window's content in the view in use (layout.go,
// lecture.go).
func (u *UI) content() fyne.CanvasObject {
	var c fyne.CanvasObject
	if u.lecture {
		c = u.lectureContent()
	} else {
		c = u.normalContent()
	}
	u.releaseAfter(c)
	return u.withBlank(c)
}

// rebuild makes the window again, after a change of language or size; the
// game, the seats and the lab's work stay.
func (u *UI) rebuild() {
	selected := 0
	if u.tabs != nil {
		selected = u.tabs.SelectedIndex()
	}
	u.build()
	u.loadSeats()
	u.relabel()
	u.win.SetContent(u.content())
	if !u.lecture {
		u.win.SetMainMenu(u.menu())
	}
	if u.tabs != nil && selected < len(u.tabs.Items) {
		u.tabs.SelectIndex(selected)
	}
	u.refresh()
}

// relabel makes the docked lab again in the language in use, when it was
// made in another and runs no job: its words are set when it is made. Its
// results go (a click makes them again, in the new words); a lab that is
// busy keeps its language and its job, and so does a lab in its own
// window, until it is opened again.
func (u *UI) relabel() {
	if u.lab == nil || u.labWin != nil || u.lab.Language() == tr.Language() || u.lab.Busy() {
		return
	}
	old := u.lab
	u.lab = u.newLab()
	u.lab.SetWindow(u.win)
	old.Close()
}

// playerName is a colour's name in the language in use: "Black", "Red".
func (u *UI) playerName(p rules.Player) string { return match.ColourName(u.ctl.Game(), p) }

// playerTitle is a seat card's title, such as "Black · moves first".
func (u *UI) playerTitle(p rules.Player) string {
	name := u.playerName(p)
	if u.ctl.Position() != nil && u.ctl.At(0).ToMove() == p {
		return tr.F("%s · moves first", name)
	}
	return name
}

// loadSeats shows and applies the saved seats of the current game.
func (u *UI) loadSeats() {
	for _, s := range u.seats {
		s.load()
		seat := match.Seat{Bot: s.isBot(), Spec: s.spec}
		if old := u.ctl.Seat(s.player); old.Bot != seat.Bot || old.Spec.String() != seat.Spec.String() {
			u.ctl.SetSeat(s.player, seat)
		}
	}
}

// setDelays sets the pause before a bot moves: the setting, and at least
// the time the last move takes to animate.
func (u *UI) setDelays() {
	d := u.prefs.delay()
	u.ctl.SetDelay(d)
	if u.board.Animate {
		d = max(d, u.board.Duration+50*time.Millisecond)
	}
	u.ctl.SetReplyDelay(d)
}

// stateDir is the folder of the autosave.
func (u *UI) stateDir() string {
	if u.opts.StateDir != "" {
		return u.opts.StateDir
	}
	root := u.app.Storage().RootURI()
	if root == nil || root.Scheme() != "file" {
		return ""
	}
	// A folder of its own: Fyne watches the storage folder itself for
	// changes of its preferences file.
	return filepath.Join(root.Path(), "autosave")
}
