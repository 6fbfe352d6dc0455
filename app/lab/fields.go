package lab

import (
	"fmt"
	"math"
	"runtime"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai/bots"
	"boardgames/rules/games"
)

// intField is a number typed or picked from a list, checked when read.
type intField struct {
	name   string // for messages, the field's label: "Games"
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
		return 0, fmt.Errorf("%s: %q is not a whole number from %d to %d.", f.name, s, f.lo, f.hi)
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
		return 0, fmt.Errorf("Seed: %q is not a whole number from 0 up.", s)
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
// field, which the form shows first, labelled gamesLabel.
func newMatchFields(l *Lab, games *intField, gamesLabel string) *matchFields {
	f := &matchFields{l: l, games: games, gamesLabel: gamesLabel}
	f.openings = newIntField("Random opening moves", 0, 60, "2", "0", "2", "4", "6", "8")
	f.parallel = newIntField("Games at once", 1, 4*runtime.NumCPU(), strconv.Itoa(runtime.NumCPU()), parallelOptions()...)
	f.seed = newSeedField()
	f.rounds = newIntField("Round limit", 1, 28, "28", "8", "10", "12", "16", "20", "28")
	f.roundsRow = []fyne.CanvasObject{widget.NewLabel("Round limit"), f.rounds.e}
	f.fromBoard = widget.NewCheck("Start from the board's position", nil)
	f.setGame(l.game)
	return f
}

// form lays out the fields but fromBoard, label then field.
func (f *matchFields) form() *fyne.Container {
	rows := []fyne.CanvasObject{
		widget.NewLabel(f.gamesLabel), f.games.e,
		widget.NewLabel("Random opening moves"), f.openings.e,
		widget.NewLabel("Games at once"), f.parallel.e,
		widget.NewLabel("Seed"), f.seed.e,
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
	m := matchSetup{game: pos.Game(), settings: f.l.src.Settings(), where: fmt.Sprintf("%s from the start", g.Title)}
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
			return m, fmt.Errorf("The board's game is over: untick %q.", f.fromBoard.Text)
		}
		m.start, m.where = pos, fmt.Sprintf("from the board's position (%s)", desc)
	} else if g.Has(games.SettingRounds) {
		if m.settings.Rounds, err = f.rounds.value(); err != nil {
			return m, err
		}
		m.where = fmt.Sprintf(plural(m.settings.Rounds, "%s from the start, %d round", "%s from the start, %d rounds"),
			g.Title, m.settings.Rounds)
	}
	return m, nil
}

// noTime is the choice of no time limit in a time-budget picker.
const noTime = "no limit"

// timeLimit reads a time-budget picker's choice: 0 for noTime.
func timeLimit(choice string) time.Duration {
	if choice == noTime {
		return 0
	}
	d, _ := time.ParseDuration(choice)
	return d
}

// setEvals offers game's evaluations in sel, the game's default chosen.
func setEvals(sel *widget.Select, game string) {
	evals := bots.Evals(game)
	sel.Options = evals
	if len(evals) > 0 {
		sel.SetSelected(evals[0])
	}
	sel.Refresh()
}

// chosenEval is the evaluation chosen for game as a bot spec has it: empty
// for the game's default (the first of bots.Evals).
func chosenEval(game, chosen string) string {
	if evals := bots.Evals(game); len(evals) > 0 && chosen != evals[0] {
		return chosen
	}
	return ""
}

// chosenEvalName is the evaluation chosen for game by name, the game's
// default when none is.
func chosenEvalName(game, chosen string) string {
	if chosen == "" {
		if evals := bots.Evals(game); len(evals) > 0 {
			return evals[0]
		}
	}
	return chosen
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

// form lays out labels and fields in two columns.
func form(objs ...fyne.CanvasObject) *fyne.Container {
	return container.New(layout.NewFormLayout(), objs...)
}

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
	label   *widget.Label
	save    fyne.CanvasObject // nil for none
	scroll  *container.Scroll
	content fyne.CanvasObject
}

func newTextBox(label *widget.Label, save *exportMenu) *textBox {
	b := &textBox{label: label}
	b.ExtendBaseWidget(b)
	b.scroll = container.NewVScroll(label)
	var right fyne.CanvasObject
	if save != nil {
		b.save = save.btn
		right = container.NewVBox(save.btn)
	}
	b.content = container.NewBorder(nil, nil, nil, right, b.scroll)
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
	if r.b.save != nil {
		line = max(line, r.b.save.MinSize().Height)
	}
	return fyne.NewSize(m.Width, line)
}

// wantHeight is the height that shows all the text.
func (b *textBox) wantHeight() float32 {
	h := b.label.MinSize().Height
	if b.save != nil {
		h = max(h, b.save.MinSize().Height)
	}
	return h
}

// titleBar is a screen's summary with the Save menu at its right end.
func titleBar(summary *widget.Label, save *exportMenu) *textBox { return newTextBox(summary, save) }

// signed formats a number with its sign: +12, −3, 0.
func signed(v float64, prec int) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "—"
	}
	s := strconv.FormatFloat(math.Abs(v), 'f', prec, 64)
	switch {
	case s == strconv.FormatFloat(0, 'f', prec, 64):
		return s
	case v < 0:
		return "−" + s
	}
	return "+" + s
}

// percent formats points out of games as a score: 62.5%, or "—" for no
// game.
func percent(points float64, games int) string {
	if games <= 0 {
		return "—"
	}
	return strconv.FormatFloat(100*points/float64(games), 'f', 1, 64) + "%"
}

// count formats a count compactly: 950, 12.3k, 4.56M.
func count(n float64) string {
	switch {
	case n >= 10_000_000:
		return fmt.Sprintf("%.1fM", n/1e6)
	case n >= 1_000_000:
		return fmt.Sprintf("%.2fM", n/1e6)
	case n >= 10_000:
		return fmt.Sprintf("%.0fk", n/1e3)
	case n >= 1_000:
		return fmt.Sprintf("%.1fk", n/1e3)
	}
	return fmt.Sprintf("%.0f", n)
}

// ms formats seconds as milliseconds.
func ms(s float64) string {
	switch {
	case s >= 10:
		return fmt.Sprintf("%.0f s", s)
	case s >= 1:
		return fmt.Sprintf("%.2f s", s)
	}
	if s < 0.001 {
		return fmt.Sprintf("%.0f µs", s*1e6)
	}
	return fmt.Sprintf("%.1f ms", s*1000)
}
