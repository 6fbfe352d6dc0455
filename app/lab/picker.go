package lab

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai/bots"
	ailab "boardgames/ai/lab"
	"boardgames/app/internal/tr"
)

// botPicker chooses a bot two ways: pickers (algorithm, depth, evaluation,
// move ordering, time) that write the bot's spec into a text entry, or the
// spec typed in the entry ("alphabeta:depth=4,eval=positional",
// "mcts:iterations=2000"), which is checked as it is typed. The entry is
// the bot: what the pickers cannot say (mcts's iterations, a seed) is typed
// there.
type botPicker struct {
	game  string
	algo  *widget.Select // the algorithms by their titles
	algos []string       // the algorithms' names, as algo offers them
	depth *widget.SelectEntry
	// depths are the depths offered: every one up to pickerDepths.
	depths []string
	eval   *evalSelect
	order  *widget.Check
	limit  *timeSelect // time budget
	text   *widget.Entry
	msg    *widget.Label // what is wrong with the text, if anything
	form   fyne.CanvasObject
	quiet  bool
}

// pickerDepths is the deepest search a picker offers (a deeper one can be
// typed).
const pickerDepths = 10

// pickerTimes are the time budgets a picker offers (another can be typed).
var pickerTimes = []time.Duration{0, 50 * time.Millisecond, 100 * time.Millisecond, 250 * time.Millisecond,
	500 * time.Millisecond, time.Second, 2 * time.Second, 5 * time.Second}

func newBotPicker(game string, spec bots.Spec) *botPicker {
	p := &botPicker{game: game, quiet: true} // until set below
	p.algo = widget.NewSelect(nil, func(string) { p.fromPickers() })
	p.setAlgos(game)
	p.depths = numbers(1, pickerDepths)
	p.depth = widget.NewSelectEntry(p.depths)
	p.depth.OnChanged = func(string) { p.fromPickers() }
	p.eval = newEvalSelect(game, p.fromPickers)
	p.order = widget.NewCheck(tr.T("greedy"), func(bool) { p.fromPickers() })
	p.limit = newTimeSelect(pickerTimes, p.fromPickers)
	p.text = widget.NewEntry()
	p.text.OnChanged = func(string) { p.fromText() }
	p.msg = errorLabel()
	p.form = container.NewVBox(
		form(
			widget.NewLabel(tr.T("Algorithm")), p.algo,
			widget.NewLabel(tr.T("Depth")), p.depth,
			widget.NewLabel(tr.T("Evaluation")), p.eval.Select,
			widget.NewLabel(tr.T("Time")), p.limit.Select,
			widget.NewLabel(tr.T("Ordering")), p.order,
			widget.NewLabel(tr.T("Spec")), p.text,
		),
		p.msg,
	)
	p.set(spec)
	return p
}

// pairForm lays out two pickers side by side, P1 and P2, with their
// spec entries and messages below.
func pairForm(p1, p2 *botPicker) fyne.CanvasObject {
	label := widget.NewLabel
	grid := container.New(&pairLayout{},
		label(""), heading(tr.T("P1")), heading(tr.T("P2")),
		label(tr.T("Algorithm")), p1.algo, p2.algo,
		label(tr.T("Depth")), p1.depth, p2.depth,
		label(tr.T("Evaluation")), p1.eval.Select, p2.eval.Select,
		label(tr.T("Time")), p1.limit.Select, p2.limit.Select,
		label(tr.T("Ordering")), p1.order, p2.order,
	)
	specs := form(label(tr.T("P1 spec")), p1.text, label(tr.T("P2 spec")), p2.text)
	return container.NewVBox(grid, specs, p1.msg, p2.msg)
}

// pairLayout lays out rows of three: a label and P1's and P2's fields
// (the first row: the players' headings). Where the width holds the
// label's column beside two columns of fields, the rows are a grid; where
// it does not (a narrow side panel, large text), each label goes on a line
// of its own above its two fields, so that P2's column is never cut.
// MinSize is the narrow form's width, and the height of the form the last
// layout chose.
type pairLayout struct {
	narrow bool
	// changed, if set, is called when the form changed, so that the
	// scroll around can take the new height.
	changed func()
}

func (p *pairLayout) SetChanged(f func()) { p.changed = f }

// columns are the label column's width and a field column's.
func (p *pairLayout) columns(objs []fyne.CanvasObject) (label, field float32) {
	for i, o := range objs {
		if i%3 == 0 {
			label = max(label, o.MinSize().Width)
		} else {
			field = max(field, o.MinSize().Width)
		}
	}
	return label, field
}

// rowHeight is the height of row r's fields (with the label beside them,
// if wide).
func rowHeight(objs []fyne.CanvasObject, r int, withLabel bool) float32 {
	h := max(objs[3*r+1].MinSize().Height, objs[3*r+2].MinSize().Height)
	if withLabel {
		h = max(h, objs[3*r].MinSize().Height)
	}
	return h
}

func (p *pairLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding()
	lw, fw := p.columns(objs)
	narrow := size.Width+0.5 < lw+2*(fw+pad)
	if narrow != p.narrow {
		p.narrow = narrow
		if p.changed != nil {
			defer p.changed()
		}
	}
	y := float32(0)
	if !narrow {
		f := (size.Width - lw - 2*pad) / 2
		for r := 0; r < len(objs)/3; r++ {
			h := rowHeight(objs, r, true)
			for c, x := range []float32{0, lw + pad, lw + f + 2*pad} {
				w := f
				if c == 0 {
					w = lw
				}
				objs[3*r+c].Move(fyne.NewPos(x, y))
				objs[3*r+c].Resize(fyne.NewSize(w, h))
			}
			y += h + pad
		}
		return
	}
	f := (size.Width - pad) / 2
	for r := 0; r < len(objs)/3; r++ {
		l := objs[3*r]
		if r > 0 { // the headings' row has no label
			l.Show()
			l.Move(fyne.NewPos(0, y))
			l.Resize(fyne.NewSize(size.Width, l.MinSize().Height))
			y += l.MinSize().Height
		}
		h := rowHeight(objs, r, false)
		objs[3*r+1].Move(fyne.NewPos(0, y))
		objs[3*r+1].Resize(fyne.NewSize(f, h))
		objs[3*r+2].Move(fyne.NewPos(f+pad, y))
		objs[3*r+2].Resize(fyne.NewSize(f, h))
		y += h + pad
	}
	if len(objs) > 0 { // the headings' blank corner, under P1's heading
		objs[0].Move(fyne.NewPos(0, 0))
		objs[0].Resize(objs[0].MinSize())
	}
}

func (p *pairLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	pad := theme.Padding()
	_, fw := p.columns(objs)
	h := float32(0)
	for r := 0; r < len(objs)/3; r++ {
		h += rowHeight(objs, r, !p.narrow) + pad
		if p.narrow && r > 0 {
			h += objs[3*r].MinSize().Height
		}
	}
	return fyne.NewSize(2*fw+pad, max(h-pad, 0))
}

// set shows spec in the pickers and the entry.
func (p *botPicker) set(spec bots.Spec) {
	p.quiet = true
	p.text.SetText(spec.String())
	p.quiet = false
	p.fromText()
}

// fromPickers writes the pickers' bot into the entry.
func (p *botPicker) fromPickers() {
	if p.quiet {
		return
	}
	spec := bots.Spec{Algo: p.algoName()}
	takes := bots.ParamsFor(spec.Algo)
	if slices.Contains(takes, bots.KeyDepth) {
		if d, err := strconv.Atoi(strings.TrimSpace(p.depth.Text)); err == nil {
			spec.Params.Depth = d
		}
	}
	if slices.Contains(takes, bots.KeyEval) {
		spec.Eval = p.eval.spec()
	}
	if slices.Contains(takes, bots.KeyOrder) {
		spec.Params.Ordering = p.order.Checked
	}
	if slices.Contains(takes, bots.KeyTime) {
		spec.Params.Time = p.limit.value()
	}
	// Keep what only the text says (iterations, seed, ...) when the
	// algorithm stays.
	if old, err := bots.ParseSpec(p.text.Text); err == nil && old.Algo == spec.Algo {
		q := old.Params
		spec.Params.Seed, spec.Params.Iterations, spec.Params.Exploration = q.Seed, q.Iterations, q.Exploration
		spec.Params.Playout, spec.Params.T0, spec.Params.T1, spec.Params.Cooling = q.Playout, q.T0, q.T1, q.Cooling
		spec.Params.Population, spec.Params.Generations, spec.Params.Mutation = q.Population, q.Generations, q.Mutation
		spec.Params.TTMiB = q.TTMiB
		spec.Variant = old.Variant
	}
	p.quiet = true
	p.text.SetText(spec.String())
	p.quiet = false
	p.check()
	p.enable(spec.Algo)
}

// fromText shows the entry's bot in the pickers, or what is wrong with it.
func (p *botPicker) fromText() {
	if p.quiet {
		return
	}
	spec, err := p.check()
	if err != nil {
		return
	}
	p.quiet = true
	defer func() { p.quiet = false }()
	if i := slices.Index(p.algos, spec.Algo); i >= 0 {
		p.algo.SetSelectedIndex(i)
	}
	if spec.Params.Depth > 0 {
		p.depth.SetText(strconv.Itoa(spec.Params.Depth))
	} else {
		p.depth.SetText("")
	}
	p.eval.set(spec.Eval)
	p.order.SetChecked(spec.Params.Ordering)
	p.limit.set(spec.Params.Time)
	p.enable(spec.Algo)
}

// enable greys out the pickers the algorithm does not use.
func (p *botPicker) enable(algo string) {
	takes := bots.ParamsFor(algo)
	for _, w := range []struct {
		key string
		w   fyne.Disableable
	}{{bots.KeyDepth, p.depth}, {bots.KeyEval, p.eval.Select}, {bots.KeyOrder, p.order}, {bots.KeyTime, p.limit.Select}} {
		if slices.Contains(takes, w.key) {
			w.w.Enable()
		} else {
			w.w.Disable()
		}
	}
}

// check reads the entry, shows what is wrong with it (or hides the
// message) and returns the bot.
func (p *botPicker) check() (bots.Spec, error) {
	spec, err := parseBot(p.game, p.text.Text)
	return spec, showError(p.msg, err)
}

// Spec returns the bot, or an error (also shown under the entry).
func (p *botPicker) Spec() (bots.Spec, error) { return p.check() }

// setGame changes the game: the evaluations offered; a bot the new game
// cannot play is rewritten from the pickers with the default evaluation.
func (p *botPicker) setGame(game string) {
	p.game = game
	p.quiet = true
	old := p.algoName()
	p.setAlgos(game)
	if i := slices.Index(p.algos, old); i >= 0 {
		p.algo.SetSelectedIndex(i)
	}
	p.eval.setGame(game)
	p.quiet = false
	if _, err := parseBot(game, p.text.Text); err != nil {
		p.fromPickers()
	}
}

// setAlgos offers the algorithms of game, by their titles, none chosen.
// The caller sets quiet.
func (p *botPicker) setAlgos(game string) {
	p.algos = bots.Names(game)
	var titles []string
	for _, a := range p.algos {
		titles = append(titles, algoName(a))
	}
	p.algo.Options = titles
	p.algo.ClearSelected()
	p.algo.Refresh()
}

// algoName is the name of the algorithm chosen ("" for none).
func (p *botPicker) algoName() string {
	if i := p.algo.SelectedIndex(); i >= 0 && i < len(p.algos) {
		return p.algos[i]
	}
	return ""
}

// parseBot reads a bot's spec and checks that it can play game, with a
// message a student can act on.
func parseBot(game, text string) (bots.Spec, error) {
	if strings.TrimSpace(text) == "" {
		return bots.Spec{}, errors.New(tr.T("No bot: choose an algorithm or type a spec such as alphabeta:depth=3."))
	}
	spec, err := bots.ParseSpec(text)
	if err != nil {
		return spec, errors.New(specError(err))
	}
	if err := ailab.CheckSpec(game, spec); err != nil {
		return spec, errors.New(specError(err))
	}
	return spec, nil
}

// specError words what is wrong with a bot's spec: the message of
// packages ai/bots and ai/lab, which speak English (they serve the
// command line, and the spec's words are English: depth=, eval=), in a
// translated frame.
func specError(err error) string {
	return tr.F("The spec cannot be used: %s", strings.TrimPrefix(err.Error(), "lab: "))
}
