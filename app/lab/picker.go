package lab

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai/bots"
	ailab "boardgames/ai/lab"
)

// botPicker chooses a bot two ways: pickers (algorithm, depth, evaluation,
// move ordering, time) that write the bot's spec into a text entry, or the
// spec typed in the entry ("alphabeta:depth=4,eval=positional",
// "mcts:iterations=2000"), which is checked as it is typed. The entry is
// the bot: what the pickers cannot say (mcts's iterations, a seed) is typed
// there.
type botPicker struct {
	game  string
	algo  *widget.Select
	depth *widget.SelectEntry
	// depths are the depths offered: every one up to pickerDepths.
	depths []string
	eval   *widget.Select
	order  *widget.Check
	limit  *widget.Select // time budget
	text   *widget.Entry
	msg    *widget.Label // what is wrong with the text, if anything
	form   fyne.CanvasObject
	quiet  bool
}

// pickerDepths is the deepest search a picker offers (a deeper one can be
// typed).
const pickerDepths = 10

func newBotPicker(game string, spec bots.Spec) *botPicker {
	p := &botPicker{game: game}
	p.algo = widget.NewSelect(bots.Names(game), func(string) { p.fromPickers() })
	p.depths = numbers(1, pickerDepths)
	p.depth = widget.NewSelectEntry(p.depths)
	p.depth.OnChanged = func(string) { p.fromPickers() }
	p.eval = widget.NewSelect(bots.Evals(game), func(string) { p.fromPickers() })
	p.order = widget.NewCheck("greedy", func(bool) { p.fromPickers() })
	p.limit = widget.NewSelect([]string{noTime, "50ms", "100ms", "250ms", "500ms", "1s", "2s", "5s"}, func(string) { p.fromPickers() })
	p.text = widget.NewEntry()
	p.text.OnChanged = func(string) { p.fromText() }
	p.msg = errorLabel()
	p.form = container.NewVBox(
		form(
			widget.NewLabel("Algorithm"), p.algo,
			widget.NewLabel("Depth"), p.depth,
			widget.NewLabel("Evaluation"), p.eval,
			widget.NewLabel("Time"), p.limit,
			widget.NewLabel("Ordering"), p.order,
			widget.NewLabel("Spec"), p.text,
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
	grid := container.NewGridWithColumns(3,
		label(""), heading("P1"), heading("P2"),
		label("Algorithm"), p1.algo, p2.algo,
		label("Depth"), p1.depth, p2.depth,
		label("Evaluation"), p1.eval, p2.eval,
		label("Time"), p1.limit, p2.limit,
		label("Ordering"), p1.order, p2.order,
	)
	specs := form(label("P1 spec"), p1.text, label("P2 spec"), p2.text)
	return container.NewVBox(grid, specs, p1.msg, p2.msg)
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
	spec := bots.Spec{Algo: p.algo.Selected}
	takes := bots.ParamsFor(spec.Algo)
	if slices.Contains(takes, bots.KeyDepth) {
		if d, err := strconv.Atoi(strings.TrimSpace(p.depth.Text)); err == nil {
			spec.Params.Depth = d
		}
	}
	if slices.Contains(takes, bots.KeyEval) {
		spec.Eval = chosenEval(p.game, p.eval.Selected)
	}
	if slices.Contains(takes, bots.KeyOrder) {
		spec.Params.Ordering = p.order.Checked
	}
	if slices.Contains(takes, bots.KeyTime) {
		spec.Params.Time = timeLimit(p.limit.Selected)
	}
	// Keep what only the text says (iterations, seed, ...) when the
	// algorithm stays.
	if old, err := bots.ParseSpec(p.text.Text); err == nil && old.Algo == spec.Algo {
		q := old.Params
		spec.Params.Seed, spec.Params.Iterations, spec.Params.Exploration = q.Seed, q.Iterations, q.Exploration
		spec.Params.Playout, spec.Params.T0, spec.Params.T1, spec.Params.Cooling = q.Playout, q.T0, q.T1, q.Cooling
		spec.Params.Population, spec.Params.Generations, spec.Params.Mutation = q.Population, q.Generations, q.Mutation
		spec.Params.TTMiB = q.TTMiB
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
	p.algo.SetSelected(spec.Algo)
	if spec.Params.Depth > 0 {
		p.depth.SetText(strconv.Itoa(spec.Params.Depth))
	} else {
		p.depth.SetText("")
	}
	evals := bots.Evals(p.game)
	switch {
	case spec.Eval != "":
		for _, e := range evals {
			if strings.EqualFold(e, spec.Eval) {
				p.eval.SetSelected(e)
			}
		}
	case len(evals) > 0:
		p.eval.SetSelected(evals[0])
	}
	p.order.SetChecked(spec.Params.Ordering)
	if spec.Params.Time > 0 {
		p.limit.SetSelected(spec.Params.Time.String())
	} else {
		p.limit.SetSelected(noTime)
	}
	p.enable(spec.Algo)
}

// enable greys out the pickers the algorithm does not use.
func (p *botPicker) enable(algo string) {
	takes := bots.ParamsFor(algo)
	for _, w := range []struct {
		key string
		w   fyne.Disableable
	}{{bots.KeyDepth, p.depth}, {bots.KeyEval, p.eval}, {bots.KeyOrder, p.order}, {bots.KeyTime, p.limit}} {
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
	evals := bots.Evals(game)
	p.eval.Options = evals
	if !slices.Contains(evals, p.eval.Selected) && len(evals) > 0 {
		p.eval.SetSelected(evals[0])
	}
	p.eval.Refresh()
	p.quiet = false
	if _, err := parseBot(game, p.text.Text); err != nil {
		p.fromPickers()
	}
}

// parseBot reads a bot's spec and checks that it can play game, with a
// message a student can act on.
func parseBot(game, text string) (bots.Spec, error) {
	if strings.TrimSpace(text) == "" {
		return bots.Spec{}, errors.New("No bot: choose an algorithm or type a spec such as alphabeta:depth=3.")
	}
	spec, err := bots.ParseSpec(text)
	if err != nil {
		return spec, fmt.Errorf("%v", err)
	}
	if err := ailab.CheckSpec(game, spec); err != nil {
		return spec, fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "lab: "))
	}
	return spec, nil
}
