package lab

import (
	"errors"
	"image/color"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/app/board"
	"boardgames/app/chart"
	"boardgames/app/internal/tr"
	"boardgames/rules/connect4"
	"boardgames/rules/games"
)

// traceAlgo is an algorithm the Traces screen shows, with the spec it
// offers first, what it traces ("annealing", "genetic" or "mcts") and the
// game it plays ("" for every game).
type traceAlgo struct{ algo, spec, kind, game string }

// The algorithms the Traces screen shows: ours, and the papers' simulated
// annealing and genetic algorithm in their game.
var traceAlgos = []traceAlgo{
	{"annealing", "annealing:seed=1", "annealing", ""},
	{"genetic", "genetic:seed=1", "genetic", ""},
	{"mcts", "mcts:iterations=5000,seed=1", "mcts", ""},
	{"paper002-annealing", "paper002-annealing:seed=1", "annealing", "adjacency"},
	{"paper002-genetic", "paper002-genetic:seed=1", "genetic", "adjacency"},
	{"paper002-genetic-intended", "paper002-genetic-intended:seed=1", "genetic", "adjacency"},
}

// traceKind is what the algorithm algo traces, "" for none.
func traceKind(algo string) string {
	for _, a := range traceAlgos {
		if a.algo == algo {
			return a.kind
		}
	}
	return ""
}

// traceLabels are the labels of the algorithms traced in game.
func traceLabels(game string) []string {
	var labels []string
	for _, a := range traceAlgos {
		if a.game == "" || a.game == game {
			labels = append(labels, algoName(a.algo))
		}
	}
	return labels
}

// traceScreen runs annealing, genetic or MCTS on the current position and
// charts how it searched.
type traceScreen struct {
	l      *Lab
	algo   *widget.RadioGroup
	text   *widget.Entry
	msg    *widget.Label
	params *widget.Label // the algorithm's parameters and their defaults
	log    *widget.Check
	task   *task
	texts  map[string]string // the spec typed for each algorithm, by its label
	save   *exportMenu

	summary *widget.Label
	temp    *chart.Chart // annealing's temperature
	score   *chart.Chart // annealing's scores, genetic's fitness
	charts  *fyne.Container
	heat    *chart.HeatMap
	board   *board.Board
	moves   *dataTable
	mcts    fyne.CanvasObject
	content fyne.CanvasObject

	kind    string      // what is shown: "annealing", "genetic", "mcts" or ""
	trace   []ai.Sample // the trace shown
	csvRows [][]string  // the MCTS moves, for CSV
}

func movesHeader() []string {
	return []string{tr.T("move"), tr.T("visits"), tr.T("share of the visits"), tr.T("win rate")}
}

func newTraceScreen(l *Lab) *traceScreen {
	s := &traceScreen{l: l, texts: map[string]string{}}
	for _, a := range traceAlgos {
		s.texts[algoName(a.algo)] = a.spec
	}
	labels := traceLabels(l.game)
	s.text = widget.NewEntry()
	s.msg = errorLabel()
	s.params = note("")
	s.text.OnChanged = func(t string) {
		if s.algo.Selected != "" {
			s.texts[s.algo.Selected] = t
		}
		s.spec()
	}
	s.algo = widget.NewRadioGroup(labels, func(label string) {
		for _, a := range traceAlgos {
			if algoName(a.algo) == label {
				s.text.SetText(s.texts[label])
				s.params.SetText(paramHelp(a.algo))
			}
		}
	})
	s.algo.Required = true
	s.algo.SetSelected(labels[0])
	s.log = widget.NewCheck(tr.T("Log colour scale"), func(on bool) { s.heat.SetLogScale(on) })
	s.task = newTask(l, tr.T("Run"), s.run)

	s.summary = note(tr.T("Run an algorithm on the main window's position to see how it searched."))
	s.summary.TextStyle.Bold = true
	s.temp = chart.NewLine(tr.T("Temperature"), tr.T("iteration"), tr.T("temperature (log scale)"))
	s.temp.SetLogY(true)
	s.score = chart.NewLine(tr.T("Score"), tr.T("iteration"), tr.F("score (%s)", unitName(points)))
	s.charts = container.NewGridWithRows(2, s.temp, s.score)
	s.heat = chart.NewHeatMap(8, 8)
	s.board = board.New()
	s.board.Animate = false
	s.moves = newDataTable(movesHeader()...)
	boardBox := container.NewStack(minBox(220, 220), s.board)
	right := container.NewBorder(container.NewVBox(boardBox, heading(tr.T("Root moves"))), nil, nil, nil, s.moves)
	mcts := container.NewHSplit(s.heat, right)
	mcts.Offset = 0.6
	s.mcts = mcts
	s.mcts.Hide()

	s.save = newExportMenu(l, s.task,
		chartPNG(tr.T("Chart as PNG…"), "trace.png", s.visible, func() bool { return s.kind != "" }),
		export{label: tr.T("Data as CSV…"), name: "trace.csv", write: s.writeCSV, ready: func() bool { return s.kind != "" },
			nameFn: func() string { return fileName("trace", s.kind) + ".csv" }},
	)
	side := sidePanel(s.task,
		heading(tr.T("Algorithm")), s.algo,
		form(widget.NewLabel(tr.T("Spec")), s.text),
		s.msg,
		s.params,
		s.log,
	)
	s.content = screen(side, 300, titleBar(s.summary, s.save), container.NewStack(s.charts, s.mcts))
	return s
}

// paramHelp lists the parameters of algo that its spec takes, each with
// its default value (package ai's) and what it does, one per line.
func paramHelp(algo string) string {
	d := ai.Params{}.Defaults(algo)
	num := func(v float64) string { return strconv.FormatFloat(v, 'g', 3, 64) }
	var lines []string
	switch algo {
	case "annealing":
		lines = []string{
			tr.T("iterations: by default as many as it takes to cool from t0 to t1"),
			tr.F("t0 = %s: the start temperature", num(d.T0)),
			tr.F("t1 = %s: the end temperature", num(d.T1)),
			tr.F("cooling = %s: the temperature's factor per iteration", num(d.Cooling)),
			tr.F("depth = %d: the search that scores each move", d.Depth),
		}
	case "genetic":
		lines = []string{
			tr.F("population = %d: plans per generation", d.Population),
			tr.F("generations = %d", d.Generations),
			tr.F("mutation = %s: the chance each move of a plan changes", num(d.Mutation)),
			tr.F("depth = %d: the moves of a plan", d.Depth),
		}
	case "mcts":
		lines = []string{
			tr.F("iterations = %d: the simulations (unless a time is set)", d.Iterations),
			tr.T("time: a time budget such as 500ms or 2s (none by default)"),
			tr.F("c = %s: the exploration constant", num(d.Exploration)),
			tr.F("playout = %s: random or greedy playouts", d.Playout),
		}
	}
	switch {
	case strings.HasPrefix(algo, "paper"):
		lines = append(lines, tr.T("the paper fixes every other parameter (its authors' values)"))
	case algo != "mcts":
		lines = append(lines, tr.T("eval: the evaluation (the game's first by default)"))
	}
	lines = append(lines, tr.T("seed: the random seed (the same seed, the same search)"))
	return tr.F("Parameters of the spec, with their defaults:\n%s", strings.Join(lines, "\n"))
}

// minBox is an invisible rectangle of a minimum size.
func minBox(w, h float32) fyne.CanvasObject {
	r := canvas.NewRectangle(color.Transparent)
	r.SetMinSize(fyne.NewSize(w, h))
	return r
}

// setGame offers the algorithms traced in game (the papers' own in
// theirs), keeping the choice when it stays.
func (s *traceScreen) setGame(game string) {
	labels := traceLabels(game)
	if !slices.Equal(labels, s.algo.Options) {
		chosen := s.algo.Selected
		s.algo.Options = labels
		s.algo.Refresh()
		if !slices.Contains(labels, chosen) {
			s.algo.SetSelected(labels[0])
		}
	}
	s.spec()
}

// spec reads the entry and shows what is wrong with it.
func (s *traceScreen) spec() (bots.Spec, error) {
	spec, err := parseBot(s.l.game, s.text.Text)
	if err == nil && traceKind(spec.Algo) == "" {
		err = errors.New(tr.F("Traces show annealing, genetic or mcts (and paper 002's annealing and genetic algorithm), not %s.", spec.Algo))
	}
	return spec, showError(s.msg, err)
}

// visible is what the PNG export draws.
func (s *traceScreen) visible() fyne.CanvasObject {
	if s.kind == "mcts" {
		return s.heat
	}
	if s.kind == "genetic" {
		return s.score
	}
	return s.charts
}

func (s *traceScreen) run() {
	spec, err := s.spec()
	if err != nil {
		s.task.fail(err.Error())
		return
	}
	pos, where := s.l.current()
	if pos.Result().Over() {
		s.task.fail(tr.T("The game on the board is over: there is nothing to search. Undo a move or start a new game."))
		return
	}
	s.summary.SetText(tr.F("%s on %s…", spec, where))
	s.task.start(tr.T("Searching"), func(r *run) func() {
		info, err := bots.Think(r.ctx, pos, spec)
		stopped := r.ctx.Err() // Think answers with its best so far when cancelled
		return func() {
			if err != nil {
				s.task.fail(runError(err))
				return
			}
			s.show(pos, spec, info, where)
			s.task.finish(stopped, r.j.start, tr.T("The search is done."))
		}
	})
}

// show draws what the search did.
func (s *traceScreen) show(pos games.Position, spec bots.Spec, info ai.Info, where string) {
	s.kind = traceKind(spec.Algo)
	s.trace = slices.Clone(info.Trace)
	move := pos.MoveString(info.Move)
	line := func(name string, y func(ai.Sample) float64) chart.Series {
		out := chart.Series{Name: name}
		for _, t := range info.Trace {
			out.X, out.Y = append(out.X, float64(t.Step)), append(out.Y, y(t))
		}
		return out
	}
	current := func(t ai.Sample) float64 { return t.Current }
	best := func(t ai.Sample) float64 { return t.Best }
	mean := func(t ai.Sample) float64 { return t.Mean }
	steps := 0 // iterations or generations: the last sample's, counted from 1
	if n := len(info.Trace); n > 0 {
		steps = info.Trace[n-1].Step + 1
	}
	unit := scoreUnit(pos.Game(), chosenEvalName(pos.Game(), spec.Eval))
	tempAxis := tr.T("temperature, in units of the spread of the moves' values (log scale)")
	if strings.HasPrefix(spec.Algo, "paper002-") {
		unit = marks // the paper's objective: the bot's own marks after the move
		tempAxis = tr.T("temperature, in marks (log scale)")
	}
	took := ms(info.Elapsed.Seconds())
	switch s.kind {
	case "annealing":
		s.temp.SetTitle(tr.F("Temperature: %s", where), tr.T("iteration"), tempAxis)
		s.temp.SetSeries([]chart.Series{line(tr.T("temperature"), func(t ai.Sample) float64 { return t.Temperature })})
		s.score.SetTitle(tr.T("Score of the current and the best move"), tr.T("iteration"), tr.F("score (%s)", unitName(unit)))
		s.score.SetSeries([]chart.Series{line(tr.T("best so far"), best), line(tr.T("current"), current),
			line(tr.T("mean of the current"), mean)})
		s.temp.Show()
		s.showCharts(s.temp, s.score)
		s.summary.SetText(tr.N("Simulated annealing (%[1]s) on %[2]s chose %[3]s, scoring %[4]s, after %[5]d iteration in %[6]s.",
			steps, spec, where, move, scoreWithUnit(info.Score, unit), steps, took))
	case "genetic":
		s.temp.SetSeries(nil)
		s.temp.Hide()
		s.score.SetTitle(tr.F("Fitness per generation: %s", where), tr.T("generation"), tr.F("fitness (%s)", unitName(unit)))
		s.score.SetSeries([]chart.Series{line(tr.T("best so far"), best), line(tr.T("best of the generation"), current),
			line(tr.T("mean of the generation"), mean)})
		s.showCharts(s.score)
		s.summary.SetText(tr.N("Genetic algorithm (%[1]s) on %[2]s chose %[3]s, fitness %[4]s, after %[5]d generation in %[6]s.",
			steps, spec, where, move, scoreWithUnit(info.Score, unit), steps, took))
	case "mcts":
		s.showMCTS(pos, info)
		s.charts.Hide()
		s.mcts.Show()
		n := visits(info)
		s.summary.SetText(tr.N("MCTS (%[1]s) on %[2]s chose %[3]s, win rate %[4]s, after %[5]d simulation in %[6]s.",
			n, spec, where, move, winRate(info.Score), n, took))
	}
}

// showCharts shows the given charts, one above the other, instead of the
// MCTS view.
func (s *traceScreen) showCharts(charts ...fyne.CanvasObject) {
	s.charts.Objects = charts
	s.charts.Layout = layout.NewGridLayoutWithRows(len(charts))
	s.charts.Refresh()
	s.charts.Show()
	s.mcts.Hide()
}

// visits is the number of simulations of an MCTS search: its root moves'
// visits.
func visits(info ai.Info) int {
	total := 0
	for _, m := range info.Moves {
		total += m.Visits
	}
	return total
}

// showMCTS draws the root's visit counts on the board's cells: each root
// move counts on the cell it plays to (a checkers move on its last
// square).
func (s *traceScreen) showMCTS(pos games.Position, info ai.Info) {
	g := gameOf(pos.Game())
	if c, r := s.heat.Dims(); c != g.Width || r != g.Height {
		s.heat.SetDims(g.Width, g.Height)
	}
	s.heat.SetCoordinates(coordinates(g))
	vals := make([]float64, g.Width*g.Height)
	for i := range vals {
		vals[i] = math.NaN()
	}
	total := visits(info)
	var rows, csvRows [][]string
	for _, m := range info.Moves {
		name := pos.MoveString(m.Move)
		share := 0.0
		if total > 0 {
			share = 100 * float64(m.Visits) / float64(total)
		}
		rows = append(rows, []string{name, strconv.Itoa(m.Visits), pct(share, 1), winRate(m.Score)})
		cell := -1
		if sq := pos.Squares(m.Move); len(sq) > 0 {
			cell = sq[len(sq)-1] // the only square, or checkers' last
		}
		csvRows = append(csvRows, []string{name, strconv.Itoa(cell), strconv.Itoa(m.Visits),
			strconv.FormatFloat(float64(m.Score)/1000, 'f', 4, 64)})
		if cell < 0 || cell >= len(vals) {
			continue
		}
		if math.IsNaN(vals[cell]) {
			vals[cell] = 0
		}
		vals[cell] += float64(m.Visits)
	}
	labels := make([]string, len(vals))
	for i, v := range vals {
		if !math.IsNaN(v) {
			labels[i] = strconv.Itoa(int(v))
		}
	}
	s.heat.SetValues(vals)
	s.heat.SetLabels(labels)
	s.moves.set(movesHeader(), rows)
	s.csvRows = csvRows
	v := board.View{Game: pos.Game(), Rows: pos.Rows(), Coords: true}
	if best := pos.Squares(info.Move); len(best) > 0 {
		v.Hint = best
	}
	s.board.SetView(v)
}

// coordinates are the names of a board's columns and rows as the board
// draws them along its edges: a-h and 1-8 from the top left; Connect
// Four's columns 1-7 and no row names.
func coordinates(g *games.Game) (cols, rows []string) {
	for c := range g.Width {
		if g.Name == connect4.Name {
			cols = append(cols, strconv.Itoa(c+1))
		} else {
			cols = append(cols, string(rune('a'+c)))
		}
	}
	if g.Name != connect4.Name {
		for r := range g.Height {
			rows = append(rows, strconv.Itoa(r+1))
		}
	}
	return cols, rows
}

// writeCSV writes the data shown: the trace, or MCTS's root moves.
func (s *traceScreen) writeCSV(w io.Writer) error {
	if s.kind == "mcts" {
		return chart.WriteCSV(w, []string{tr.T("move"), tr.T("cell"), tr.T("visits"), tr.T("win rate")}, s.csvRows)
	}
	var rows [][]string
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', 8, 64) }
	for _, t := range s.trace {
		rows = append(rows, []string{strconv.Itoa(t.Step), f(t.Temperature), f(t.Current), f(t.Best), f(t.Mean)})
	}
	return chart.WriteCSV(w, []string{tr.T("step"), tr.T("temperature"), tr.T("current"), tr.T("best"), tr.T("mean")}, rows)
}
