package lab

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai"
	"boardgames/ai/bots"
	ailab "boardgames/ai/lab"
	"boardgames/app/chart"
)

// compareAlgo is one algorithm of the Compare screen.
type compareAlgo struct {
	label string
	spec  bots.Spec
}

// compareAlgos are the Compare screen's choices. Depth, time and
// evaluation join each one that takes them.
var compareAlgos = []compareAlgo{
	{"minimax", bots.Spec{Algo: "minimax"}},
	{"alphabeta", bots.Spec{Algo: "alphabeta"}},
	{"alphabeta+ordering", bots.Spec{Algo: "alphabeta", Params: ai.Params{Ordering: true}}},
	{"negascout", bots.Spec{Algo: "negascout"}},
	{"negascout+ordering", bots.Spec{Algo: "negascout", Params: ai.Params{Ordering: true}}},
	{"engine", bots.Spec{Algo: "engine"}},
	{"mcts", bots.Spec{Algo: "mcts"}},
	{"greedy", bots.Spec{Algo: "greedy"}},
	{"random", bots.Spec{Algo: "random"}},
	{"annealing", bots.Spec{Algo: "annealing"}},
	{"genetic", bots.Spec{Algo: "genetic"}},
}

// sweepAlgos are the algorithms whose depth is a search depth: the ones the
// nodes-vs-depth chart runs.
var sweepAlgos = []string{"minimax", "alphabeta", "negascout", "engine"}

// compareScreen runs several algorithms on the current position, side by
// side, and charts their nodes against the depth.
type compareScreen struct {
	l       *Lab
	algos   *checkGrid
	depth   *intField
	limit   *widget.Select
	eval    *widget.Select
	sweep   *widget.Check
	task    *task
	save    *exportMenu
	summary *widget.Label
	table   *dataTable
	chart   *chart.Chart
	content fyne.CanvasObject

	csvRows [][]string // the table's rows with full numbers, for CSV
}

// compareCSVHeader heads the CSV of a comparison: full numbers, the
// score in the unit named by "score unit".
var compareCSVHeader = []string{"algorithm", "bot", "best move", "score", "score unit", "depth", "nodes", "leaves",
	"cutoffs", "tt hits", "seconds", "nodes per second", "relative nodes", "exact", "fallback", "pv"}

// The kinds of score a Compare row has, each shown in a column of its own
// with its unit.
const (
	kindEval = iota // an evaluation's points (or a decided game)
	kindRate        // MCTS's win rate
	kindGain        // greedy's immediate gain
	kindNone        // random
)

// scoreKind is the kind of score algo reports.
func scoreKind(algo string) int {
	switch algo {
	case "mcts":
		return kindRate
	case "greedy":
		return kindGain
	case "random":
		return kindNone
	}
	return kindEval
}

func newCompareScreen(l *Lab) *compareScreen {
	s := &compareScreen{l: l}
	var labels []string
	for _, a := range compareAlgos {
		labels = append(labels, a.label)
	}
	s.algos = newCheckGrid(labels)
	s.algos.SetSelected([]string{"minimax", "alphabeta", "alphabeta+ordering", "negascout"})
	s.depth = newIntField("Depth D", 1, 12, "4", numbers(1, 12)...)
	s.limit = widget.NewSelect([]string{noTime, "100ms", "250ms", "500ms", "1s", "2s", "5s", "10s"}, nil)
	s.limit.SetSelected(noTime)
	s.eval = widget.NewSelect(nil, nil)
	setEvals(s.eval, l.game)
	s.sweep = widget.NewCheck("Chart the nodes at depths 1 to D", nil)
	s.sweep.SetChecked(true)
	s.task = newTask(l, "Compare", s.run)

	s.summary = note("Choose algorithms and press Compare: each searches the main window's current position.")
	s.summary.TextStyle.Bold = true
	s.table = newDataTable(s.header(l.game, nil)...)
	s.chart = chart.NewLine("Nodes searched against depth", "depth", "nodes (log scale)")
	s.chart.SetLogY(true)

	s.save = newExportMenu(l, s.task,
		export{label: "Table as CSV…", name: "compare.csv", write: s.writeCSV, ready: func() bool { return len(s.csvRows) > 0 }},
		chartPNG("Chart as PNG…", "compare-nodes.png", func() fyne.CanvasObject { return s.chart }, func() bool { return hasData(s.chart) }),
		chartCSV("Chart data as CSV…", "compare-nodes.csv", s.chart),
	)
	side := sidePanel(s.task,
		heading("Algorithms"), s.algos.grid,
		form(
			widget.NewLabel("Depth D"), s.depth.e,
			widget.NewLabel("Time each"), s.limit,
			widget.NewLabel("Evaluation"), s.eval,
		),
		s.sweep,
		note("Depth applies to minimax, alpha-beta, negascout and the engine; the time budget to those and MCTS. "+
			"The chart runs the depth-first ones at every depth from 1 to D, without a time budget."),
	)
	s.content = screen(side, 370, titleBar(s.summary, s.save), s.table, s.chart)
	return s
}

// setGame offers the game's evaluations.
func (s *compareScreen) setGame(game string) { setEvals(s.eval, game) }

// header returns the table's columns for rows of algorithms algos (nil:
// the evaluations' score only): one column per kind of score, each with
// its unit, and the nodes relative to minimax's (or the first row's).
func (s *compareScreen) header(game string, algos []string) []string {
	kinds := map[int]bool{kindEval: len(algos) == 0}
	for _, a := range algos {
		kinds[scoreKind(a)] = true
	}
	h := []string{"algorithm", "best move"}
	if kinds[kindEval] {
		h = append(h, fmt.Sprintf("score (%s)", scoreUnit(game, chosenEvalName(game, s.eval.Selected))))
	}
	if kinds[kindRate] {
		h = append(h, "win rate")
	}
	if kinds[kindGain] {
		h = append(h, fmt.Sprintf("immediate gain (%s)", marginUnit(game)))
	}
	base := "minimax"
	if len(algos) > 0 && !slices.Contains(algos, "minimax") {
		base = algos[0]
	}
	return append(h, "depth", "nodes", "leaves", "cut-offs", "time", "nodes per second",
		fmt.Sprintf("nodes relative to %s", base), "principal variation")
}

// specs builds the chosen bots: every bot, and those of the depth chart.
func (s *compareScreen) specs(game string) (all []bots.Spec, labels []string, depth int, err error) {
	if len(s.algos.Selected()) == 0 {
		return nil, nil, 0, errors.New("Choose at least one algorithm.")
	}
	if depth, err = s.depth.value(); err != nil {
		return nil, nil, 0, err
	}
	limit := timeLimit(s.limit.Selected)
	eval := chosenEval(game, s.eval.Selected)
	for _, a := range compareAlgos {
		if !slices.Contains(s.algos.Selected(), a.label) {
			continue
		}
		spec := a.spec
		takes := bots.ParamsFor(spec.Algo)
		if slices.Contains(sweepAlgos, spec.Algo) {
			spec.Params.Depth = depth
		}
		if slices.Contains(takes, bots.KeyTime) {
			spec.Params.Time = limit
		}
		if slices.Contains(takes, bots.KeyEval) {
			spec.Eval = eval
		}
		if err := ailab.CheckSpec(game, spec); err != nil {
			return nil, nil, 0, err
		}
		all = append(all, spec)
		labels = append(labels, a.label)
	}
	return all, labels, depth, nil
}

// run starts the comparison on the main window's position.
func (s *compareScreen) run() {
	pos, where := s.l.current()
	if pos.Result().Over() {
		s.task.fail("The game on the board is over: there is nothing to compare. Undo a move or start a new game.")
		return
	}
	game := pos.Game()
	specs, labels, depth, err := s.specs(game)
	if err != nil {
		s.task.fail("%v", err)
		return
	}
	var sweepSpecs []bots.Spec
	var sweepLabels []string
	if s.sweep.Checked {
		for i, sp := range specs {
			if slices.Contains(sweepAlgos, sp.Algo) {
				sp.Params.Time = 0
				sweepSpecs = append(sweepSpecs, sp)
				sweepLabels = append(sweepLabels, labels[i])
			}
		}
	}
	unit := scoreUnit(game, chosenEvalName(game, s.eval.Selected))
	s.table.set(s.header(game, nil), nil)
	s.csvRows = nil
	s.chart.SetTitle(fmt.Sprintf("Nodes searched against depth: %s", where), "depth", "nodes (log scale)")
	s.chart.SetSeries(nil)
	s.summary.SetText(fmt.Sprintf("Comparing on %s…", where))
	total := len(specs) + depth*len(sweepSpecs)
	s.task.start("Comparing", func(r *run) func() {
		rows, err := ailab.Compare(r.ctx, pos, specs, func(done, _ int) { r.progress(done, total) })
		r.show(func() { s.showRows(game, unit, rows, labels) })
		if err != nil {
			return func() {
				s.showRows(game, unit, rows, labels)
				s.summary.SetText(fmt.Sprintf(plural(len(specs), "Stopped after %d of %d algorithm on %s.",
					"Stopped after %d of %d algorithms on %s."), len(rows), len(specs), where))
				s.task.finish(err, r.j.start, fmt.Sprintf(plural(len(specs), "%d of %d algorithm done.",
					"%d of %d algorithms done."), len(rows), len(specs)))
			}
		}
		series := make([]chart.Series, len(sweepSpecs))
		for i := range series {
			series[i].Name = sweepLabels[i]
		}
		done := len(specs)
		for d := 1; d <= depth && len(sweepSpecs) > 0; d++ {
			at := make([]bots.Spec, len(sweepSpecs))
			for i, sp := range sweepSpecs {
				sp.Params.Depth = d
				at[i] = sp
			}
			base := done
			dr, derr := ailab.Compare(r.ctx, pos, at, func(k, _ int) { r.progress(base+k, total) })
			done += len(sweepSpecs)
			if derr != nil { // cancelled: keep the depths completed
				err = derr
				break
			}
			for i, row := range dr {
				series[i].X = append(series[i].X, float64(d))
				series[i].Y = append(series[i].Y, float64(row.Nodes))
			}
			snapshot := chart.CopySeries(series)
			r.show(func() { s.chart.SetSeries(snapshot) })
		}
		return func() {
			s.showRows(game, unit, rows, labels)
			s.chart.SetSeries(series)
			n := len(rows)
			if len(series) > 0 {
				s.summary.SetText(fmt.Sprintf(plural(n, "%[1]d algorithm on %[2]s; the chart ran depths 1 to %[3]d.",
					"%[1]d algorithms on %[2]s; the chart ran depths 1 to %[3]d."), n, where, depth))
			} else {
				s.summary.SetText(fmt.Sprintf(plural(n, "%d algorithm on %s.", "%d algorithms on %s."), n, where))
			}
			s.task.finish(err, r.j.start, "The comparison is done.")
		}
	})
}

// showRows fills the table: each score in the column of its kind, in the
// unit the column's header names.
func (s *compareScreen) showRows(game, unit string, rows []ailab.Row, labels []string) {
	var algos []string
	for _, r := range rows {
		algos = append(algos, r.Algo)
	}
	has := func(k int) bool { return slices.ContainsFunc(algos, func(a string) bool { return scoreKind(a) == k }) }
	var cells, csvRows [][]string
	for i, r := range rows {
		label := r.Bot
		if i < len(labels) {
			label = labels[i]
		}
		move := r.Move
		if r.Fallback {
			move = fmt.Sprintf("%s (fallback)", r.Move)
		}
		rel := "—"
		if r.RelNodes > 0 {
			rel = "×" + strconv.FormatFloat(r.RelNodes, 'f', 3, 64)
		}
		kind := scoreKind(r.Algo)
		row := []string{label, move}
		csvUnit := ""
		for _, k := range []int{kindEval, kindRate, kindGain} {
			if !has(k) {
				continue
			}
			cell := "—"
			switch {
			case k != kind:
			case k == kindEval && r.Exact:
				cell, csvUnit = fmt.Sprintf("%s (exact)", score(r.Score)), unit
			case k == kindEval:
				cell, csvUnit = score(r.Score), unit
			case k == kindRate:
				cell, csvUnit = winRate(r.Score), "win rate × 1000"
			case k == kindGain:
				cell, csvUnit = gainText(r.Score), marginUnit(game)
			}
			row = append(row, cell)
		}
		row = append(row, strconv.Itoa(r.Depth), strconv.FormatUint(r.Nodes, 10),
			strconv.FormatUint(r.Leaves, 10), strconv.FormatUint(r.Cutoffs, 10), ms(r.Seconds), count(r.NodesPerSecond),
			rel, strings.Join(r.PV, " "))
		cells = append(cells, row)
		csvRows = append(csvRows, []string{label, r.Bot, r.Move, strconv.Itoa(r.Score), csvUnit, strconv.Itoa(r.Depth),
			strconv.FormatUint(r.Nodes, 10), strconv.FormatUint(r.Leaves, 10), strconv.FormatUint(r.Cutoffs, 10),
			strconv.FormatUint(r.TTHits, 10), strconv.FormatFloat(r.Seconds, 'g', 6, 64),
			strconv.FormatFloat(r.NodesPerSecond, 'f', 0, 64), strconv.FormatFloat(r.RelNodes, 'g', 6, 64),
			strconv.FormatBool(r.Exact), strconv.FormatBool(r.Fallback), strings.Join(r.PV, " ")})
	}
	s.table.set(s.header(game, algos), cells)
	s.csvRows = csvRows
}

// writeCSV writes the comparison with full numbers.
func (s *compareScreen) writeCSV(w io.Writer) error {
	return chart.WriteCSV(w, compareCSVHeader, s.csvRows)
}

// checkGrid is a group of check boxes in as many columns as the side
// panel's width holds.
type checkGrid struct {
	checks []*widget.Check
	grid   *fyne.Container
}

func newCheckGrid(labels []string) *checkGrid {
	g := &checkGrid{}
	var objs []fyne.CanvasObject
	for _, l := range labels {
		c := widget.NewCheck(l, nil)
		g.checks = append(g.checks, c)
		objs = append(objs, c)
	}
	g.grid = container.New(&flowLayout{cols: 2}, objs...)
	return g
}

// Selected returns the labels ticked, in order.
func (g *checkGrid) Selected() []string {
	var out []string
	for _, c := range g.checks {
		if c.Checked {
			out = append(out, c.Text)
		}
	}
	return out
}

// SetSelected ticks the labels given and unticks the others.
func (g *checkGrid) SetSelected(labels []string) {
	for _, c := range g.checks {
		c.SetChecked(slices.Contains(labels, c.Text))
	}
}
