package lab

import (
	"errors"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai/bots"
	appform "boardgames/app/internal/form"
	"boardgames/app/internal/tr"
	"boardgames/app/match"
	"boardgames/rules/games"
)

// intField is a number typed or picked from a list, checked when read.
type intField struct {
	name   string // for messages, the field's label (translated): "Games"
	lo, hi int
	e      *widget.SelectEntry
	opts   []string // the choices offered
}

func newIntField(name string, lo, hi int, value string, options ...string) *intField {
	f := &intField{name: name, lo: lo, hi: hi, e: widget.NewSelectEntry(options), opts: options}
	f.e.SetText(value)
	return f
}

// value reads the field.
func (f *intField) value() (int, error) {
	s := strings.TrimSpace(f.e.Text)
	n, err := strconv.Atoi(s)
	if err != nil || n < f.lo || n > f.hi {
		return 0, errors.New(tr.F("%s: %q is not a whole number from %d to %d.", f.name, s, f.lo, f.hi))
	}
	return n, nil
}

// seedField is a random seed: a non-negative integer.
type seedField struct{ e *widget.Entry }

func newSeedField() *seedField {
	f := &seedField{e: widget.NewEntry()}
	f.e.SetText("1")
	return f
}

func (f *seedField) value() (uint64, error) {
	s := strings.TrimSpace(f.e.Text)
	if s == "" {
		return 0, nil
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, errors.New(tr.F("Seed: %q is not a whole number from 0 up.", s))
	}
	return n, nil
}

// parallelOptions are the choices of games played at once: 1..NumCPU.
func parallelOptions() []string {
	var out []string
	for n := 1; n <= runtime.NumCPU(); n++ {
		out = append(out, strconv.Itoa(n))
	}
	return out
}

func numbers(lo, hi int) []string {
	var out []string
	for n := lo; n <= hi; n++ {
		out = append(out, strconv.Itoa(n))
	}
	return out
}

// matchFields are the settings shared by the arena and the tournament:
// the number of games (the screen's own field), openings, parallel games,
// seed, the round limit of Adjacency, and whether the games start from
// the main window's position.
type matchFields struct {
	l          *Lab
	games      *intField
	gamesLabel string
	openings   *intField
	parallel   *intField
	seed       *seedField
	rounds     *intField
	roundsRow  []fyne.CanvasObject // label and field, shown for Adjacency
	fromBoard  *widget.Check
}

// newMatchFields makes the shared fields around the screen's own games
// field, which the form shows first, labelled with its name.
func newMatchFields(l *Lab, games *intField) *matchFields {
	f := &matchFields{l: l, games: games, gamesLabel: games.name}
	f.openings = newIntField(tr.T("Random opening moves"), 0, 60, "2", "0", "2", "4", "6", "8")
	f.parallel = newIntField(tr.T("Games at once"), 1, 4*runtime.NumCPU(), strconv.Itoa(runtime.NumCPU()), parallelOptions()...)
	f.seed = newSeedField()
	f.rounds = newIntField(tr.T("Round limit"), 1, 28, "28", "8", "10", "12", "16", "20", "28")
	f.roundsRow = []fyne.CanvasObject{widget.NewLabel(f.rounds.name), f.rounds.e}
	f.fromBoard = widget.NewCheck(tr.T("Start from the board's position"), nil)
	f.setGame(l.game)
	return f
}

// form lays out the fields but fromBoard, label then field.
func (f *matchFields) form() *fyne.Container {
	rows := []fyne.CanvasObject{
		widget.NewLabel(f.gamesLabel), f.games.e,
		widget.NewLabel(f.openings.name), f.openings.e,
		widget.NewLabel(f.parallel.name), f.parallel.e,
		widget.NewLabel(tr.T("Seed")), f.seed.e,
	}
	return form(append(rows, f.roundsRow...)...)
}

// setGame shows the round limit for Adjacency, with the main window's.
func (f *matchFields) setGame(game string) {
	g := gameOf(game)
	if g.Has(games.SettingRounds) {
		st := f.l.src.Settings()
		if st.Rounds > 0 {
			f.rounds.e.SetText(strconv.Itoa(st.Rounds))
		}
		for _, o := range f.roundsRow {
			o.Show()
		}
	} else {
		for _, o := range f.roundsRow {
			o.Hide()
		}
	}
}

// matchSetup is what matchFields read.
type matchSetup struct {
	games    int // games to play (per pairing in a tournament)
	game     string
	settings games.Settings
	start    games.Position // nil: the game's start position
	openings int
	parallel int
	seed     uint64
	// where is the game and the start in words: "Othello from the start",
	// "from the board's position (Othello after 4 moves, Black to move)".
	where string
}

// read reads the fields and the main window's game.
func (f *matchFields) read() (matchSetup, error) {
	pos, desc := f.l.current()
	g := gameOf(pos.Game())
	m := matchSetup{game: pos.Game(), settings: f.l.src.Settings(), where: tr.F("%s from the start", match.GameTitle(g))}
	var err error
	if m.games, err = f.games.value(); err != nil {
		return m, err
	}
	if m.openings, err = f.openings.value(); err != nil {
		return m, err
	}
	if m.parallel, err = f.parallel.value(); err != nil {
		return m, err
	}
	if m.seed, err = f.seed.value(); err != nil {
		return m, err
	}
	if f.fromBoard.Checked {
		if pos.Result().Over() {
			return m, errors.New(tr.F("The board's game is over: untick %q.", f.fromBoard.Text))
		}
		m.start, m.where = pos, tr.F("from the board's position (%s)", desc)
	} else if g.Has(games.SettingRounds) {
		if m.settings.Rounds, err = f.rounds.value(); err != nil {
			return m, err
		}
		m.where = tr.N("%[1]s from the start, %[2]d round", m.settings.Rounds, match.GameTitle(g), m.settings.Rounds)
	}
	return m, nil
}

// timeSelect picks a time budget among durations, 0 for no limit, each
// shown in words ("250 ms", "no limit").
type timeSelect struct {
	*widget.Select
	ds []time.Duration
}

func newTimeSelect(ds []time.Duration, changed func()) *timeSelect {
	t := &timeSelect{ds: slices.Clone(ds)}
	var labels []string
	for _, d := range ds {
		labels = append(labels, duration(d))
	}
	t.Select = widget.NewSelect(labels, func(string) {
		if changed != nil {
			changed()
		}
	})
	return t
}

// value is the budget chosen, 0 for none.
func (t *timeSelect) value() time.Duration {
	if i := t.SelectedIndex(); i >= 0 && i < len(t.ds) {
		return t.ds[i]
	}
	return 0
}

// set chooses d, adding it to the choices if it is not one of them.
func (t *timeSelect) set(d time.Duration) {
	i := slices.Index(t.ds, d)
	if i < 0 {
		t.ds = append(t.ds, d)
		t.Options = append(t.Options, duration(d))
		i = len(t.ds) - 1
	}
	t.SetSelectedIndex(i)
}

// evalSelect picks one of a game's evaluations, each shown by its title
// (match.EvalTitle), the game's default first.
type evalSelect struct {
	*widget.Select
	game  string
	names []string // bots.Evals(game)
}

func newEvalSelect(game string, changed func()) *evalSelect {
	e := &evalSelect{}
	e.Select = widget.NewSelect(nil, func(string) {
		if changed != nil {
			changed()
		}
	})
	e.setGame(game)
	return e
}

// setGame offers game's evaluations, the default chosen.
func (e *evalSelect) setGame(game string) {
	e.game, e.names = game, bots.Evals(game)
	e.Options = nil
	for _, n := range e.names {
		e.Options = append(e.Options, match.EvalTitle(game, n))
	}
	e.ClearSelected()
	if len(e.names) > 0 {
		e.SetSelectedIndex(0)
	}
	e.Refresh()
}

// name is the evaluation chosen, by name: the game's default when none is.
func (e *evalSelect) name() string {
	if i := e.SelectedIndex(); i >= 0 && i < len(e.names) {
		return e.names[i]
	}
	return chosenEvalName(e.game, "")
}

// spec is the evaluation chosen as a bot spec has it: empty for the
// game's default (the first of bots.Evals).
func (e *evalSelect) spec() string {
	if i := e.SelectedIndex(); i > 0 && i < len(e.names) {
		return e.names[i]
	}
	return ""
}

// set chooses the evaluation called name (any case), the default for "".
func (e *evalSelect) set(name string) {
	for i, n := range e.names {
		if strings.EqualFold(n, name) || (name == "" && i == 0) {
			e.SetSelectedIndex(i)
			return
		}
	}
}

// chosenEvalName is an evaluation of game by name, the game's default
// for "".
func chosenEvalName(game, eval string) string {
	if eval == "" {
		if evals := bots.Evals(game); len(evals) > 0 {
			return evals[0]
		}
	}
	return eval
}

// errorLabel is a hidden label for what is wrong with an entry.
func errorLabel() *widget.Label {
	l := widget.NewLabel("")
	l.Wrapping = fyne.TextWrapWord
	l.Importance = widget.DangerImportance
	l.Hide()
	return l
}

// showError shows err in an errorLabel, or hides the label when err is
// nil, and returns err.
func showError(l *widget.Label, err error) error {
	if err != nil {
		l.SetText(err.Error())
		l.Show()
		return err
	}
	l.Hide()
	return nil
}

// form lays out labels and fields in two columns, or each label above its
// field in a narrow side panel (package app/internal/form).
func form(objs ...fyne.CanvasObject) *fyne.Container { return appform.New(objs...) }

// checkLine shows check c with its text wrapped on the lines beside it
// (a check box's own text never wraps: a long one made a narrow side
// panel wider than the lab at large text); a click on the text ticks it
// too.
type checkLine struct {
	widget.BaseWidget
	check *widget.Check
	label *widget.Label
	box   *fyne.Container
}

func newCheckLine(c *widget.Check) *checkLine {
	l := &checkLine{check: c, label: note(c.Text)}
	c.Text = ""
	l.box = container.NewBorder(nil, nil, container.NewVBox(c), nil, l.label)
	l.ExtendBaseWidget(l)
	return l
}

// Tapped ticks the check (or clears it) when it is enabled.
func (l *checkLine) Tapped(*fyne.PointEvent) {
	if !l.check.Disabled() {
		l.check.SetChecked(!l.check.Checked)
	}
}

// CreateRenderer is part of fyne.Widget.
func (l *checkLine) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(l.box) }

// heading is a bold label.
func heading(text string) *widget.Label {
	return widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
}

// note is a wrapped label.
func note(text string) *widget.Label {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	return l
}

// textBox is a screen's wrapped text above its results (a summary, an
// experiment's notes), with the Save menu at its right end if there is
// one. It keeps at least a line and scrolls beyond what the screen can
// give it; in a fit layout it asks for all its lines.
type textBox struct {
	widget.BaseWidget
	label *widget.Label
	// right is the column of buttons at the right end (Reveal above Save…),
	// nil for none: the box is at least as tall as it.
	right   fyne.CanvasObject
	scroll  *container.Scroll
	content fyne.CanvasObject
}

// newTextBox is a text box of label with the Save menu (save, if not nil)
// and the buttons btns at its right end, in a column: btns first.
func newTextBox(label *widget.Label, save *exportMenu, btns ...fyne.CanvasObject) *textBox {
	b := &textBox{label: label}
	b.ExtendBaseWidget(b)
	b.scroll = container.NewVScroll(label)
	if save != nil {
		btns = append(btns, save.btn)
	}
	if len(btns) > 0 {
		b.right = container.NewVBox(btns...)
	}
	b.content = container.NewBorder(nil, nil, nil, b.right, b.scroll)
	return b
}

// CreateRenderer is part of fyne.Widget.
func (b *textBox) CreateRenderer() fyne.WidgetRenderer {
	return &textBoxRenderer{WidgetRenderer: widget.NewSimpleRenderer(b.content), b: b}
}

// textBoxRenderer keeps the room of a line of text at least.
type textBoxRenderer struct {
	fyne.WidgetRenderer
	b *textBox
}

func (r *textBoxRenderer) MinSize() fyne.Size {
	m := r.WidgetRenderer.MinSize()
	line := widget.NewLabel("").MinSize().Height
	if r.b.right != nil {
		// Every button shown (Reveal, while it is, over Save…).
		line = max(line, r.b.right.MinSize().Height)
	}
	return fyne.NewSize(m.Width, line)
}

// wantHeight is the height that shows all the text and the buttons.
func (b *textBox) wantHeight() float32 {
	h := b.label.MinSize().Height
	if b.right != nil {
		h = max(h, b.right.MinSize().Height)
	}
	return h
}

// titleBar is a screen's summary with the buttons btns over the Save menu
// at its right end.
func titleBar(summary *widget.Label, save *exportMenu, btns ...fyne.CanvasObject) *textBox {
	return newTextBox(summary, save, btns...)
}
