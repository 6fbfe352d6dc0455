package app

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai/bots"
	"boardgames/app/internal/tr"
	"boardgames/app/match"
	"boardgames/rules"
)

// param is one algorithm parameter's row in a seat panel.
type param struct {
	key    string
	label  *widget.Label
	widget fyne.CanvasObject
	get    func() string
	set    func(string)
	// hint shows the value the algorithm uses when the field is empty.
	hint func(string)
}

// seatPanel sets who plays one colour: a human, or a bot with its algorithm
// and only the parameters that apply to it. Its choices show words (level,
// algorithm and evaluation names in the language in use); the spec keeps
// the code names.
type seatPanel struct {
	u      *UI
	player rules.Player
	card   *widget.Card
	kind   *widget.RadioGroup
	level  *widget.Select
	algo   *widget.Select
	help   *widget.Label // what the algorithm does
	eval   *widget.Select
	params []*param
	botBox *fyne.Container
	form   *fyne.Container
	spec   bots.Spec
	// algos and evals are the code names behind the choices, in order.
	algos, evals []string
	// quiet is set while the panel fills its widgets itself.
	quiet bool
}

// The depths offered: every depth up to 16, then a few deep ones.
var depthChoices = []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "20", "24", "32", "64"}

// levelIDs are the presets of a game's seats: the levels, the papers' bots
// of the game (by their algorithm names) and Custom.
func levelIDs(game string) []string {
	ids := bots.LevelsFor(game)
	for _, p := range bots.PaperPresets(game) {
		ids = append(ids, p.Spec.Algo)
	}
	return append(ids, Custom)
}

// levelSpec is the bot of a preset that is not Custom.
func levelSpec(game, id string) bots.Spec {
	if slices.Contains(bots.LevelsFor(game), id) {
		return bots.Preset(game, id)
	}
	return bots.Spec{Algo: id} // a paper's bot, as its paper publishes it
}

// levelTitle is a preset's name in words.
func levelTitle(l string) string {
	switch l {
	case bots.Easy:
		return tr.T("Easy")
	case bots.Medium:
		return tr.T("Medium")
	case bots.Hard:
		return tr.T("Hard")
	case bots.Perfect:
		return tr.T("Perfect")
	case Custom:
		return tr.T("Custom")
	}
	return match.AlgoTitle(l)
}

func newSeatPanel(u *UI, p rules.Player) *seatPanel {
	s := &seatPanel{u: u, player: p}
	s.kind = widget.NewRadioGroup([]string{tr.T("Human"), tr.T("Bot")}, func(string) { s.changed(false) })
	s.kind.Horizontal = true
	s.kind.Required = true
	s.level = widget.NewSelect(nil, func(string) {
		l := s.levelName()
		if s.quiet || l == Custom {
			return
		}
		s.fill(levelSpec(s.u.ctl.Game().Name, l))
		s.changed(false)
	})
	s.algo = widget.NewSelect(nil, func(string) {
		if !s.quiet && s.pickExternal() {
			return
		}
		s.changed(true)
	})
	s.help = widget.NewLabel("")
	s.help.Wrapping = fyne.TextWrapWord
	s.help.TextStyle.Italic = true
	s.eval = widget.NewSelect(nil, func(string) { s.changed(true) })

	entry := func(key, label string) *param {
		e := widget.NewEntry()
		e.OnChanged = func(string) { s.changed(true) }
		return &param{key: key, label: widget.NewLabel(label), widget: e, get: func() string { return e.Text }, set: e.SetText,
			hint: e.SetPlaceHolder}
	}
	choice := func(key, label string, options []string) *param {
		e := widget.NewSelectEntry(options)
		e.OnChanged = func(string) { s.changed(true) }
		return &param{key: key, label: widget.NewLabel(label), widget: e, get: func() string { return e.Text }, set: e.SetText,
			hint: e.SetPlaceHolder}
	}
	order := widget.NewCheck(tr.T("greedy move ordering"), func(bool) { s.changed(true) })
	playouts := []string{tr.T("random"), tr.T("greedy")}
	playout := widget.NewSelect(playouts, func(string) { s.changed(true) })
	s.params = []*param{
		{key: bots.KeyEval, label: widget.NewLabel(tr.T("Evaluation")), widget: s.eval,
			get: func() string { return s.evalName() },
			set: func(v string) {
				if i := slices.Index(s.evals, v); i >= 0 {
					s.eval.SetSelectedIndex(i)
				}
			}},
		choice(bots.KeyDepth, tr.T("Depth"), depthChoices),
		choice(bots.KeyTime, tr.T("Time budget"), []string{"100ms", "250ms", "500ms", "1s", "2s", "5s", "10s", "30s"}),
		{key: bots.KeyOrder, label: widget.NewLabel(tr.T("Ordering")), widget: order,
			get: func() string { return strconv.FormatBool(order.Checked) },
			set: func(v string) { order.SetChecked(v == "true") }},
		entry(bots.KeyIterations, tr.T("Iterations")),
		entry(bots.KeyC, tr.T("Exploration c")),
		{key: bots.KeyPlayout, label: widget.NewLabel(tr.T("Playouts")), widget: playout,
			get: func() string {
				if playout.SelectedIndex() == 1 {
					return "greedy"
				}
				return "random"
			},
			set: func(v string) {
				if v == "greedy" {
					playout.SetSelectedIndex(1)
				} else {
					playout.SetSelectedIndex(0)
				}
			}},
		entry(bots.KeyT0, tr.T("Start temperature")),
		entry(bots.KeyT1, tr.T("End temperature")),
		entry(bots.KeyCooling, tr.T("Cooling rate")),
		entry(bots.KeyPopulation, tr.T("Population")),
		entry(bots.KeyGenerations, tr.T("Generations")),
		entry(bots.KeyMutation, tr.T("Mutation rate")),
		entry(bots.KeyTT, tr.T("Hash table (MiB)")),
		entry(bots.KeyThreads, tr.T("Threads")),
		choice(bots.KeyProbCut, tr.T("ProbCut confidence"), []string{tr.T("off"), "0.5", "1", "1.5", "2"}),
		entry(bots.KeyEmpties, tr.T("Exact from empties")),
		entry(bots.KeySeed, tr.T("Random seed")),
	}
	objs := []fyne.CanvasObject{widget.NewLabel(tr.T("Level")), s.level, widget.NewLabel(tr.T("Algorithm")), s.algo}
	for _, p := range s.params {
		objs = append(objs, p.label, p.widget)
	}
	s.form = u.newForm(objs...)
	s.botBox = container.NewVBox(s.form, s.help)
	s.card = widget.NewCard(u.playerTitle(p), "", container.NewVBox(s.kind, s.botBox))
	return s
}

// isBot reports whether the panel seats a bot.
func (s *seatPanel) isBot() bool { return s.kind.Selected == tr.T("Bot") }

// levelName is the preset chosen (bots.Easy ..., a paper's bot, or
// Custom).
func (s *seatPanel) levelName() string {
	levels := levelIDs(s.u.ctl.Game().Name)
	if i := s.level.SelectedIndex(); i >= 0 && i < len(levels) {
		return levels[i]
	}
	return Custom
}

// algoName and evalName are the code names of the choices.
func (s *seatPanel) algoName() string {
	if _, ok := s.externalEntry(); ok {
		return bots.GTP
	}
	if i := s.algo.SelectedIndex(); i >= 0 && i < len(s.algos) {
		return s.algos[i]
	}
	return ""
}

func (s *seatPanel) evalName() string {
	if i := s.eval.SelectedIndex(); i >= 0 && i < len(s.evals) {
		return s.evals[i]
	}
	return ""
}

// load shows the saved seat of the current game and applies it.
func (s *seatPanel) load() {
	g := s.u.ctl.Game()
	seat, level := s.u.prefs.seat(g, s.player)
	s.quiet = true
	s.card.SetTitle(s.u.playerTitle(s.player))
	s.algos = bots.Names(g.Name)
	s.algo.Options = nil
	for _, a := range s.algos {
		s.algo.Options = append(s.algo.Options, match.AlgoTitle(a))
	}
	s.addExternalChoices(seat.Spec)
	s.evals = bots.Evals(g.Name)
	s.eval.Options = nil
	for _, e := range s.evals {
		s.eval.Options = append(s.eval.Options, match.EvalTitle(g.Name, e))
	}
	s.level.Options = nil
	for _, l := range levelIDs(g.Name) {
		s.level.Options = append(s.level.Options, levelTitle(l))
	}
	s.fill(seat.Spec)
	if seat.Bot {
		s.kind.SetSelected(tr.T("Bot"))
	} else {
		s.kind.SetSelected(tr.T("Human"))
	}
	if i := slices.Index(levelIDs(g.Name), level); i >= 0 {
		s.level.SetSelectedIndex(i)
	}
	s.quiet = false
	s.showParams()
}

// fill puts a spec into the widgets.
func (s *seatPanel) fill(spec bots.Spec) {
	quiet := s.quiet
	s.quiet = true
	defer func() { s.quiet = quiet }()
	s.selectAlgo(spec)
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
		bots.KeyProbCut: spec.ProbCut,
	}
	if spec.ProbCut == "off" {
		values[bots.KeyProbCut] = tr.T("off")
	}
	if p.Time > 0 {
		values[bots.KeyTime] = p.Time.String()
	} else {
		values[bots.KeyTime] = ""
	}
	if p.Seed != 0 {
		values[bots.KeySeed] = strconv.FormatUint(p.Seed, 10)
	}
	if values[bots.KeyEval] == "" && len(s.evals) > 0 {
		values[bots.KeyEval] = s.evals[0]
	}
	for _, prm := range s.params {
		prm.set(values[prm.key])
	}
	s.spec = spec
	s.showDefaults()
}

// showDefaults writes, in every empty field, the value the algorithm
// uses for it (as the field's placeholder).
func (s *seatPanel) showDefaults() {
	spec, _ := s.read()
	d := spec.Params.Defaults(spec.Algo)
	flt := func(v float64) string { return strconv.FormatFloat(v, 'g', 4, 64) }
	noLimit := tr.T("no limit")
	if spec.IsExternal() {
		noLimit = bots.DefaultExternalTime.String()
	}
	hints := map[string]string{
		bots.KeyTime: noLimit, bots.KeyC: flt(d.Exploration),
		bots.KeyT0: flt(d.T0), bots.KeyT1: flt(d.T1), bots.KeyCooling: flt(d.Cooling),
		bots.KeyPopulation: strconv.Itoa(d.Population), bots.KeyGenerations: strconv.Itoa(d.Generations),
		bots.KeyMutation: flt(d.Mutation), bots.KeyTT: strconv.Itoa(d.TTMiB), bots.KeyThreads: strconv.Itoa(d.Threads),
		bots.KeySeed: "0", bots.KeyEmpties: strconv.Itoa(bots.PerfectEmpties),
		bots.KeyProbCut: tr.T("the evaluation's, if it has statistics"),
	}
	switch {
	case d.Depth > 0:
		hints[bots.KeyDepth] = strconv.Itoa(d.Depth)
	case spec.Algo == "engine":
		hints[bots.KeyDepth] = tr.T("no limit: until the time runs out")
	default:
		hints[bots.KeyDepth] = tr.T("deepening until the time runs out")
	}
	switch {
	case d.Iterations > 0:
		hints[bots.KeyIterations] = strconv.Itoa(d.Iterations)
	default:
		hints[bots.KeyIterations] = tr.T("until the time runs out")
	}
	for _, p := range s.params {
		if p.hint != nil {
			p.hint(hints[p.key])
		}
	}
}

// read builds the spec the widgets describe.
func (s *seatPanel) read() (bots.Spec, error) {
	spec := bots.Spec{Algo: s.algoName()}
	if ext, ok := s.externalEntry(); ok {
		spec = ext
	}
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
		case key == bots.KeyEval && len(s.evals) > 0 && v == s.evals[0],
			key == bots.KeyPlayout && v == "random":
			continue
		}
		if key == bots.KeyProbCut && v == tr.T("off") {
			v = "off"
		}
		if err := spec.Set(key, v); err != nil {
			return spec, errors.New(tr.F("%s's bot: %v", s.u.playerName(s.player), err))
		}
	}
	if err := spec.Validate(s.u.ctl.Game().Name); err != nil {
		return spec, errors.New(tr.F("%s's bot: %v", s.u.playerName(s.player), err))
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
	if s.isBot() {
		s.botBox.Show()
	} else {
		s.botBox.Hide()
	}
	s.help.SetText(match.AlgoHelp(s.algoName()))
	uses := map[string]bool{}
	for _, k := range bots.ParamsFor(s.algoName()) {
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
	seat := match.Seat{Bot: s.isBot()}
	spec, err := s.read()
	if err != nil {
		if seat.Bot {
			s.u.ctl.Tell(err.Error())
			return
		}
		spec = s.spec
	}
	if custom && s.levelName() != Custom {
		s.quiet = true
		s.level.SetSelectedIndex(len(levelIDs(s.u.ctl.Game().Name)) - 1)
		s.quiet = false
	}
	s.spec = spec
	s.showDefaults()
	seat.Spec = spec
	s.u.prefs.setSeat(s.u.ctl.Game(), s.player, seat, s.levelName())
	old := s.u.ctl.Seat(s.player)
	if old.Bot == seat.Bot && old.Spec.String() == seat.Spec.String() {
		return
	}
	s.u.input.Reset()
	s.u.ctl.SetSeat(s.player, seat)
}
