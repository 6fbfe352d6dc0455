package app

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai/bots"
	"boardgames/app/match"
	"boardgames/rules"
)

// Seat kinds.
const (
	kindHuman = "Human"
	kindBot   = "Bot"
)

// param is one algorithm parameter's row in a seat panel.
type param struct {
	key    string
	label  *widget.Label
	widget fyne.CanvasObject
	get    func() string
	set    func(string)
}

// seatPanel sets who plays one colour: a human, or a bot with its algorithm
// and only the parameters that apply to it.
type seatPanel struct {
	u      *UI
	player rules.Player
	card   *widget.Card
	kind   *widget.RadioGroup
	level  *widget.Select
	algo   *widget.Select
	eval   *widget.Select
	params []*param
	botBox *fyne.Container
	form   *fyne.Container
	spec   bots.Spec
	// quiet is set while the panel fills its widgets itself.
	quiet bool
}

func newSeatPanel(u *UI, p rules.Player) *seatPanel {
	s := &seatPanel{u: u, player: p}
	s.kind = widget.NewRadioGroup([]string{kindHuman, kindBot}, func(string) { s.changed(false) })
	s.kind.Horizontal = true
	s.kind.Required = true
	s.level = widget.NewSelect(append(bots.Levels(), Custom), func(l string) {
		if s.quiet || l == Custom {
			return
		}
		s.fill(bots.Preset(s.u.ctl.Game().Name, l))
		s.changed(false)
	})
	s.algo = widget.NewSelect(nil, func(string) { s.changed(true) })
	s.eval = widget.NewSelect(nil, func(string) { s.changed(true) })

	entry := func(key, label, placeholder string) *param {
		e := widget.NewEntry()
		e.SetPlaceHolder(placeholder)
		e.OnChanged = func(string) { s.changed(true) }
		return &param{key: key, label: widget.NewLabel(label), widget: e, get: func() string { return e.Text }, set: e.SetText}
	}
	choice := func(key, label, placeholder string, options []string) *param {
		e := widget.NewSelectEntry(options)
		e.SetPlaceHolder(placeholder)
		e.OnChanged = func(string) { s.changed(true) }
		return &param{key: key, label: widget.NewLabel(label), widget: e, get: func() string { return e.Text }, set: e.SetText}
	}
	order := widget.NewCheck("greedy move ordering", func(bool) { s.changed(true) })
	playout := widget.NewSelect([]string{"random", "greedy"}, func(string) { s.changed(true) })
	s.params = []*param{
		{key: bots.KeyEval, label: widget.NewLabel("Evaluation"), widget: s.eval,
			get: func() string { return s.eval.Selected }, set: s.eval.SetSelected},
		choice(bots.KeyDepth, "Depth", "default", []string{"1", "2", "3", "4", "5", "6", "7", "8", "10", "12", "16", "64"}),
		choice(bots.KeyTime, "Time budget", "none", []string{"100ms", "250ms", "500ms", "1s", "2s", "5s", "10s", "30s"}),
		{key: bots.KeyOrder, label: widget.NewLabel("Ordering"), widget: order,
			get: func() string { return strconv.FormatBool(order.Checked) },
			set: func(v string) { order.SetChecked(v == "true") }},
		entry(bots.KeyIterations, "Iterations", "default"),
		entry(bots.KeyC, "Exploration c", "1.414"),
		{key: bots.KeyPlayout, label: widget.NewLabel("Playouts"), widget: playout,
			get: func() string { return playout.Selected }, set: playout.SetSelected},
		entry(bots.KeyT0, "Start temperature", "default"),
		entry(bots.KeyT1, "End temperature", "default"),
		entry(bots.KeyCooling, "Cooling rate", "default"),
		entry(bots.KeyPopulation, "Population", "default"),
		entry(bots.KeyGenerations, "Generations", "default"),
		entry(bots.KeyMutation, "Mutation rate", "default"),
		entry(bots.KeyTT, "Hash table MiB", "16"),
		entry(bots.KeyThreads, "Threads", "1"),
		entry(bots.KeyEmpties, "Exact from empties", strconv.Itoa(bots.PerfectEmpties)),
		entry(bots.KeySeed, "Random seed", "0"),
	}
	objs := []fyne.CanvasObject{widget.NewLabel("Level"), s.level, widget.NewLabel("Algorithm"), s.algo}
	for _, p := range s.params {
		objs = append(objs, p.label, p.widget)
	}
	s.form = container.New(layout.NewFormLayout(), objs...)
	s.botBox = container.NewVBox(s.form)
	s.card = widget.NewCard(u.playerTitle(p), "", container.NewVBox(s.kind, s.botBox))
	return s
}

// load shows the saved seat of the current game and applies it.
func (s *seatPanel) load() {
	g := s.u.ctl.Game()
	seat, level := s.u.prefs.seat(g, s.player)
	s.quiet = true
	s.card.SetTitle(s.u.playerTitle(s.player))
	s.algo.Options = bots.Names(g.Name)
	s.level.Options = append(bots.LevelsFor(g.Name), Custom)
	s.eval.Options = bots.Evals(g.Name)
	s.fill(seat.Spec)
	if seat.Bot {
		s.kind.SetSelected(kindBot)
	} else {
		s.kind.SetSelected(kindHuman)
	}
	s.level.SetSelected(level)
	s.quiet = false
	s.showParams()
}

// fill puts a spec into the widgets.
func (s *seatPanel) fill(spec bots.Spec) {
	quiet := s.quiet
	s.quiet = true
	defer func() { s.quiet = quiet }()
	s.algo.SetSelected(spec.Algo)
	p := spec.Params
	num := func(v int) string {
		if v == 0 {
			return ""
		}
		return strconv.Itoa(v)
	}
	flt := func(v float64) string {
		if v == 0 {
			return ""
		}
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	values := map[string]string{
		bots.KeyEval: spec.Eval, bots.KeyDepth: num(p.Depth), bots.KeyOrder: strconv.FormatBool(p.Ordering),
		bots.KeyIterations: num(p.Iterations), bots.KeyC: flt(p.Exploration), bots.KeyPlayout: p.Playout,
		bots.KeyT0: flt(p.T0), bots.KeyT1: flt(p.T1), bots.KeyCooling: flt(p.Cooling),
		bots.KeyPopulation: num(p.Population), bots.KeyGenerations: num(p.Generations), bots.KeyMutation: flt(p.Mutation),
		bots.KeyTT: num(p.TTMiB), bots.KeyThreads: num(p.Threads), bots.KeySeed: "", bots.KeyEmpties: num(spec.Empties),
	}
	if p.Time > 0 {
		values[bots.KeyTime] = p.Time.String()
	} else {
		values[bots.KeyTime] = ""
	}
	if p.Seed != 0 {
		values[bots.KeySeed] = strconv.FormatUint(p.Seed, 10)
	}
	if values[bots.KeyEval] == "" && len(s.eval.Options) > 0 {
		values[bots.KeyEval] = s.eval.Options[0]
	}
	if values[bots.KeyPlayout] == "" {
		values[bots.KeyPlayout] = "random"
	}
	for _, prm := range s.params {
		prm.set(values[prm.key])
	}
	s.spec = spec
}

// read builds the spec the widgets describe.
func (s *seatPanel) read() (bots.Spec, error) {
	spec := bots.Spec{Algo: s.algo.Selected}
	for _, key := range bots.ParamsFor(spec.Algo) {
		prm := s.param(key)
		if prm == nil {
			continue
		}
		v := strings.TrimSpace(prm.get())
		if v == "" {
			continue
		}
		// The widgets' "no choice" values mean the algorithm's default.
		switch {
		case key == bots.KeyEval && len(s.eval.Options) > 0 && v == s.eval.Options[0],
			key == bots.KeyTime && v == "none",
			key == bots.KeyPlayout && v == "random":
			continue
		}
		if err := spec.Set(key, v); err != nil {
			return spec, fmt.Errorf("%s: %v", s.u.playerName(s.player), err)
		}
	}
	if err := spec.Validate(s.u.ctl.Game().Name); err != nil {
		return spec, fmt.Errorf("%s: %v", s.u.playerName(s.player), err)
	}
	return spec, nil
}

func (s *seatPanel) param(key string) *param {
	for _, p := range s.params {
		if p.key == key {
			return p
		}
	}
	return nil
}

// showParams shows the bot's settings, and of them only the ones that
// apply to its algorithm.
func (s *seatPanel) showParams() {
	if s.kind.Selected == kindBot {
		s.botBox.Show()
	} else {
		s.botBox.Hide()
	}
	uses := map[string]bool{}
	for _, k := range bots.ParamsFor(s.algo.Selected) {
		uses[k] = true
	}
	for _, p := range s.params {
		if uses[p.key] {
			p.label.Show()
			p.widget.Show()
		} else {
			p.label.Hide()
			p.widget.Hide()
		}
	}
	s.form.Refresh()
	s.card.Refresh()
}

// changed applies the panel to the match; custom is true when a setting was
// edited by hand (the level becomes Custom).
func (s *seatPanel) changed(custom bool) {
	if s.quiet {
		return
	}
	s.showParams()
	seat := match.Seat{Bot: s.kind.Selected == kindBot}
	spec, err := s.read()
	if err != nil {
		if seat.Bot {
			s.u.ctl.Say("%v", err)
			return
		}
		spec = s.spec
	}
	if custom && s.level.Selected != Custom {
		s.quiet = true
		s.level.SetSelected(Custom)
		s.quiet = false
	}
	s.spec = spec
	seat.Spec = spec
	s.u.prefs.setSeat(s.u.ctl.Game(), s.player, seat, s.level.Selected)
	old := s.u.ctl.Seat(s.player)
	if old.Bot == seat.Bot && old.Spec.String() == seat.Spec.String() {
		return
	}
	s.u.input.Reset()
	s.u.ctl.SetSeat(s.player, seat)
}
