package lab

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/app/board"
	"boardgames/app/chart"
	"boardgames/rules/games"
)

// The algorithms the Traces screen shows, with their radio labels.
var traceAlgos = []struct{ label, algo, spec string }{
	{"Simulated annealing", "annealing", "annealing:seed=1"},
	{"Genetic algorithm", "genetic", "genetic:seed=1"},
	{"MCTS", "mcts", "mcts:iterations=5000,seed=1"},
}

// traceScreen runs annealing, genetic or MCTS on the current position and
// charts how it searched.
type traceScreen struct {
	l     *Lab
	algo  *widget.RadioGroup
	text  *widget.Entry
	msg   *widget.Label
	log   *widget.Check
	task  *task
	texts map[string]string // the spec typed for each algorithm

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

var movesHeader = []string{"move", "visits", "share", "win rate"}

func newTraceScreen(l *Lab) *traceScreen {
	s := &traceScreen{l: l, texts: map[string]string{}}
	var labels []string
	for _, a := range traceAlgos {
		labels = append(labels, a.label)
		s.texts[a.label] = a.spec
	}
	s.text = widget.NewEntry()
	s.msg = errorLabel()
	s.text.OnChanged = func(t string) {
		if s.algo.Selected != "" {
			s.texts[s.algo.Selected] = t
		}
		s.spec()
	}
	s.algo = widget.NewRadioGroup(labels, func(label string) {
		if label != "" {
			s.text.SetText(s.texts[label])
		}
	})
	s.algo.Required = true
	s.algo.SetSelected(labels[0])
	s.log = widget.NewCheck("Log colour scale", func(on bool) { s.heat.SetLogScale(on) })
	s.task = newTask(l, "Run", s.run)

	s.summary = note("Run an algorithm on the main window's position to see how it searched.")
	s.summary.TextStyle.Bold = true
	s.temp = chart.NewLine("Temperature", "iteration", "temperature (log scale)")
	s.temp.SetLogY(true)
	s.score = chart.NewLine("Score", "iteration", "score")
	s.charts = container.NewGridWithRows(2, s.temp, s.score)
	s.heat = chart.NewHeatMap(8, 8)
	s.board = board.New()
	s.board.Animate = false
	s.moves = newDataTable(movesHeader...)
	boardBox := container.NewStack(minBox(220, 220), s.board)
	right := container.NewBorder(container.NewVBox(boardBox, heading("Root moves")), nil, nil, nil, s.moves.w)
	mcts := container.NewHSplit(s.heat, right)
	mcts.Offset = 0.6
	s.mcts = mcts
	s.mcts.Hide()

	exports := l.exportButtons(s.task,
		chartPNG("Chart PNG…", "trace.png", s.visible, func() bool { return s.kind != "" }),
		export{label: "Data CSV…", name: "trace.csv", write: s.writeCSV, ready: func() bool { return s.kind != "" },
			nameFn: func() string { return "trace-" + s.kind + ".csv" }},
	)
	side := sidePanel(s.task, 300,
		heading("Algorithm"), s.algo,
		form(widget.NewLabel("Spec"), s.text),
		s.msg,
		note("Type parameters in the spec: annealing takes iterations, t0, t1, cooling, depth, eval, seed; "+
			"genetic population, generations, mutation, depth, eval, seed; mcts iterations, time, c, playout, seed."),
		s.log,
	)
	s.content = screen(side, titleBar(s.summary, exports), container.NewStack(s.charts, s.mcts))
	return s
}

// minBox is an invisible rectangle of a minimum size.
func minBox(w, h float32) fyne.CanvasObject {
	r := canvas.NewRectangle(color.Transparent)
	r.SetMinSize(fyne.NewSize(w, h))
	return r
}

func (s *traceScreen) setGame(string) { s.spec() }

// spec reads the entry and shows what is wrong with it.
func (s *traceScreen) spec() (bots.Spec, error) {
	spec, err := parseBot(s.l.game, s.text.Text)
	if err == nil && !slices.ContainsFunc(traceAlgos, func(a struct{ label, algo, spec string }) bool { return a.algo == spec.Algo }) {
		err = fmt.Errorf("traces show annealing, genetic or mcts, not %s", spec.Algo)
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
		s.task.fail("%v", err)
		return
	}
	pos, where := s.l.current()
	if pos.Result().Over() {
		s.task.fail("The game on the board is over: there is nothing to search.")
		return
	}
	s.summary.SetText(fmt.Sprintf("%s on %s…", spec, where))
	s.task.start("Searching", func(r *run) func() {
		info, err := bots.Think(r.ctx, pos, spec)
		stopped := r.ctx.Err() // Think answers with its best so far when cancelled
		return func() {
			if err != nil {
				s.task.fail("%v", err)
				return
			}
			s.show(pos, spec, info, where)
			s.task.finish(stopped, r.j.start, "Done")
		}
	})
}

// show draws what the search did.
func (s *traceScreen) show(pos games.Position, spec bots.Spec, info ai.Info, where string) {
	s.kind = spec.Algo
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
	switch spec.Algo {
	case "annealing":
		s.temp.SetSeries([]chart.Series{line("temperature", func(t ai.Sample) float64 { return t.Temperature })})
		s.score.SetTitle("Score of the current and best plan", "iteration", "score")
		s.score.SetSeries([]chart.Series{line("current", current), line("best", best), line("mean", mean)})
		s.temp.Show()
		s.showCharts(s.temp, s.score)
		s.summary.SetText(fmt.Sprintf("Simulated annealing (%s) on %s chose %s, score %d, after %d iterations in %s.",
			spec, where, move, info.Score, len(info.Trace), ms(info.Elapsed.Seconds())))
	case "genetic":
		s.temp.SetSeries(nil)
		s.temp.Hide()
		s.score.SetTitle("Fitness per generation", "generation", "fitness")
		s.score.SetSeries([]chart.Series{line("best so far", best), line("generation's best", current), line("mean", mean)})
		s.showCharts(s.score)
		s.summary.SetText(fmt.Sprintf("Genetic algorithm (%s) on %s chose %s, fitness %d, after %d generations in %s.",
			spec, where, move, info.Score, len(info.Trace), ms(info.Elapsed.Seconds())))
	case "mcts":
		s.showMCTS(pos, info)
		s.charts.Hide()
		s.mcts.Show()
		s.summary.SetText(fmt.Sprintf("MCTS (%s) on %s chose %s (win rate %.1f%%) after %d simulations in %s.",
			spec, where, move, float64(info.Score)/10, visits(info), ms(info.Elapsed.Seconds())))
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
		rows = append(rows, []string{name, strconv.Itoa(m.Visits), strconv.FormatFloat(share, 'f', 1, 64) + "%",
			strconv.FormatFloat(float64(m.Score)/10, 'f', 1, 64) + "%"})
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
	s.moves.set(movesHeader, rows)
	s.csvRows = csvRows
	v := board.View{Game: pos.Game(), Rows: pos.Rows(), Coords: true}
	if best := pos.Squares(info.Move); len(best) > 0 {
		v.Hint = best
	}
	s.board.SetView(v)
}

// writeCSV writes the data shown: the trace, or MCTS's root moves.
func (s *traceScreen) writeCSV(w io.Writer) error {
	if s.kind == "mcts" {
		return chart.WriteCSV(w, []string{"move", "cell", "visits", "win rate"}, s.csvRows)
	}
	var rows [][]string
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', 8, 64) }
	for _, t := range s.trace {
		rows = append(rows, []string{strconv.Itoa(t.Step), f(t.Temperature), f(t.Current), f(t.Best), f(t.Mean)})
	}
	return chart.WriteCSV(w, []string{"step", "temperature", "current", "best", "mean"}, rows)
}
