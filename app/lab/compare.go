package lab

import (
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai"
	"boardgames/ai/bots"
	ailab "boardgames/ai/lab"
	"boardgames/app/chart"
	"boardgames/app/internal/classroom"
	"boardgames/app/internal/tr"
)

// compareAlgo is one algorithm of the Compare screen: its id in the
// check boxes and the bot it runs.
type compareAlgo struct {
	id   string
	spec bots.Spec
}

// label names the algorithm in its check box and in the table: "Minimax",
// "Alpha-beta, ordered".
func (a compareAlgo) label() string {
	if a.spec.Params.Ordering {
		return tr.F("%s, ordered", algoName(a.spec.Algo))
	}
	return algoName(a.spec.Algo)
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
	limit   *timeSelect
	eval    *evalSelect
	sweep   *widget.Check
	task    *task
	save    *exportMenu
	summary *widget.Label
	table   *dataTable
	chart   *chart.Chart
	content fyne.CanvasObject

	csvRows [][]string // the table's rows with full numbers, for CSV

	// Predict first: the moves, scores and lines are hidden until Reveal.
	hidden bool
	reveal *widget.Button
	shown  func() // shows the last rows again
}

// compareCSVHeader heads the CSV of a comparison: full numbers, the
// score in the unit named by "score unit".
func compareCSVHeader() []string {
	return []string{tr.T("algorithm"), tr.T("bot"), tr.T("best move"), tr.T("score"), tr.T("score unit"), tr.T("depth"),
		tr.T("nodes"), tr.T("leaves"), tr.T("cut-offs"), tr.T("transposition table hits"), tr.T("seconds"),
		tr.T("nodes per second"), tr.T("relative nodes"), tr.T("exact"), tr.T("fallback move"),
		tr.T("principal variation")}
}

// compareTimes are the time budgets offered.
var compareTimes = []time.Duration{0, 100 * time.Millisecond, 250 * time.Millisecond, 500 * time.Millisecond,
	time.Second, 2 * time.Second, 5 * time.Second, 10 * time.Second}

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
	var ids, labels []string
	for _, a := range compareAlgos {
		ids, labels = append(ids, a.id), append(labels, a.label())
	}
	s.algos = newCheckGrid(ids, labels)
	s.algos.setIDs([]string{"minimax", "alphabeta", "alphabeta+ordering", "negascout"})
	s.depth = newIntField(tr.T("Depth D"), 1, 12, "4", numbers(1, 12)...)
	s.limit = newTimeSelect(compareTimes, nil)
	s.limit.set(0)
	s.eval = newEvalSelect(l.game, nil)
	s.sweep = widget.NewCheck(tr.T("Chart the nodes at depths 1 to D"), nil)
	s.sweep.SetChecked(true)
	s.task = newTask(l, tr.T("Compare"), s.run)

	s.summary = note(tr.T("Choose algorithms and press Compare: each searches the main window's current position."))
	s.summary.TextStyle.Bold = true
	s.table = newDataTable(s.header(l.game, nil)...)
	s.chart = chart.NewLine(tr.T("Nodes searched against depth"), tr.T("depth"), tr.T("nodes (log scale)"))
	s.chart.SetLogY(true)

	s.save = newExportMenu(l, s.task,
		export{label: tr.T("Table as CSV…"), name: "compare.csv", write: s.writeCSV, ready: func() bool { return len(s.csvRows) > 0 }},
		chartPNG(tr.T("Chart as PNG…"), "compare-nodes.png", func() fyne.CanvasObject { return s.chart }, func() bool { return hasData(s.chart) }),
		chartCSV(tr.T("Chart data as CSV…"), "compare-nodes.csv", s.chart),
	)
	side := sidePanel(s.task,
		heading(tr.T("Algorithms")), s.algos.grid,
		form(
			widget.NewLabel(s.depth.name), s.depth.e,
			widget.NewLabel(tr.T("Time each")), s.limit.Select,
			widget.NewLabel(tr.T("Evaluation")), s.eval.Select,
		),
		s.sweep,
		note(tr.T("Depth applies to minimax, alpha-beta, negascout and the engine; the time budget to those and MCTS. "+
			"The chart runs the depth-first ones at every depth from 1 to D, without a time budget.")),
	)
	s.reveal = widget.NewButtonWithIcon(tr.T("Reveal"), theme.VisibilityIcon(), func() { s.doReveal() })
	s.reveal.Importance = widget.HighImportance
	s.reveal.Hide()
	s.content = screen(side, 370, titleBar(s.summary, s.save, s.reveal), s.table, s.chart)
	return s
}

// doReveal shows the moves and scores predict first hid; it reports
// whether anything was hidden.
func (s *compareScreen) doReveal() bool {
	if !s.hidden {
		return false
	}
	s.hidden = false
	s.reveal.Hide()
	if s.shown != nil {
		s.shown()
	}
	return true
}

// setGame offers the game's evaluations.
func (s *compareScreen) setGame(game string) { s.eval.setGame(game) }

// header returns the table's columns for rows of algorithms algos (nil:
// the evaluations' score only): one column per kind of score, each with
// its unit, and the nodes relative to minimax's (or the first row's).
func (s *compareScreen) header(game string, algos []string, labels ...string) []string {
	kinds := map[int]bool{kindEval: len(algos) == 0}
	for _, a := range algos {
		kinds[scoreKind(a)] = true
	}
	h := []string{tr.T("algorithm"), tr.T("best move")}
	if kinds[kindEval] {
		h = append(h, tr.F("score (%s)", unitName(scoreUnit(game, s.eval.name()))))
	}
	if kinds[kindRate] {
		h = append(h, tr.T("win rate"))
	}
	if kinds[kindGain] {
		h = append(h, tr.F("immediate gain (%s)", unitName(marginUnit(game))))
	}
	base := algoName("minimax")
	if len(algos) > 0 && len(labels) > 0 && !slices.Contains(algos, "minimax") {
		base = labels[0]
	}
	return append(h, tr.T("depth"), tr.T("nodes"), tr.T("leaves"), tr.T("cut-offs"), tr.T("time"), tr.T("nodes per second"),
		tr.F("nodes relative to %s", base), tr.T("principal variation"))
}

// specs builds the chosen bots: every bot, and those of the depth chart.
func (s *compareScreen) specs(game string) (all []bots.Spec, labels []string, depth int, err error) {
	if len(s.algos.Selected()) == 0 {
		return nil, nil, 0, errors.New(tr.T("Choose at least one algorithm."))
	}
	if depth, err = s.depth.value(); err != nil {
		return nil, nil, 0, err
	}
	limit := s.limit.value()
	eval := s.eval.spec()
	for _, a := range compareAlgos {
		if !slices.Contains(s.algos.Selected(), a.id) {
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
			return nil, nil, 0, errors.New(specError(err))
		}
		all = append(all, spec)
		labels = append(labels, a.label())
	}
	return all, labels, depth, nil
}

// run starts the comparison on the main window's position.
func (s *compareScreen) run() {
	pos, where := s.l.current()
	if pos.Result().Over() {
		s.task.fail(tr.T("The game on the board is over: there is nothing to compare. Undo a move or start a new game."))
		return
	}
	game := pos.Game()
	specs, labels, depth, err := s.specs(game)
	if err != nil {
		s.task.fail(err.Error())
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
	unit := scoreUnit(game, s.eval.name())
	s.hidden = classroom.PredictFirstOn()
	if s.hidden {
		s.reveal.Show()
	} else {
		s.reveal.Hide()
	}
	s.table.set(s.header(game, nil), nil)
	s.csvRows = nil
	s.chart.SetTitle(tr.F("Nodes searched against depth: %s", where), tr.T("depth"), tr.T("nodes (log scale)"))
	s.chart.SetSeries(nil)
	s.summary.SetText(tr.F("Comparing on %s…", where))
	total := len(specs) + depth*len(sweepSpecs)
	s.task.start(tr.T("Comparing"), func(r *run) func() {
		rows, err := ailab.Compare(r.ctx, pos, specs, func(done, _ int) { r.progress(done, total) })
		r.show(func() { s.showRows(game, unit, rows, labels) })
		if err != nil {
			return func() {
				s.showRows(game, unit, rows, labels)
				s.summary.SetText(tr.N("Stopped after %d of %d algorithm on %s.", len(specs), len(rows), len(specs), where))
				s.task.finish(err, r.j.start, tr.N("%d of %d algorithm done.", len(specs), len(rows), len(specs)))
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
				s.summary.SetText(tr.N("%[1]d algorithm on %[2]s; the chart ran depths 1 to %[3]d.", n, n, where, depth))
			} else {
				s.summary.SetText(tr.N("%d algorithm on %s.", n, n, where))
			}
			s.task.finish(err, r.j.start, tr.T("The comparison is done."))
		}
	})
}

// showRows fills the table: each score in the column of its kind, in the
// unit the column's header names.
func (s *compareScreen) showRows(game string, u unit, rows []ailab.Row, labels []string) {
	s.shown = func() { s.showRows(game, u, rows, labels) }
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
			move = tr.F("%s (fallback)", r.Move)
		}
		rel := "—"
		if r.RelNodes > 0 {
			rel = "×" + decimal(r.RelNodes, 3)
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
				cell, csvUnit = tr.F("%s (exact)", score(r.Score)), unitName(u)
			case k == kindEval:
				cell, csvUnit = score(r.Score), unitName(u)
			case k == kindRate:
				cell, csvUnit = winRate(r.Score), tr.T("win rate × 1000")
			case k == kindGain:
				cell, csvUnit = gainText(r.Score), unitName(marginUnit(game))
			}
			row = append(row, cell)
		}
		pv := strings.Join(r.PV, " ")
		if s.hidden { // predict first: the class guesses the moves and scores
			for k := 1; k < len(row); k++ {
				row[k] = "?"
			}
			pv = "?"
		}
		row = append(row, strconv.Itoa(r.Depth), strconv.FormatUint(r.Nodes, 10),
			strconv.FormatUint(r.Leaves, 10), strconv.FormatUint(r.Cutoffs, 10), ms(r.Seconds), count(r.NodesPerSecond),
			rel, pv)
		cells = append(cells, row)
		csvRows = append(csvRows, []string{label, r.Bot, r.Move, strconv.Itoa(r.Score), csvUnit, strconv.Itoa(r.Depth),
			strconv.FormatUint(r.Nodes, 10), strconv.FormatUint(r.Leaves, 10), strconv.FormatUint(r.Cutoffs, 10),
			strconv.FormatUint(r.TTHits, 10), strconv.FormatFloat(r.Seconds, 'g', 6, 64),
			strconv.FormatFloat(r.NodesPerSecond, 'f', 0, 64), strconv.FormatFloat(r.RelNodes, 'g', 6, 64),
			strconv.FormatBool(r.Exact), strconv.FormatBool(r.Fallback), strings.Join(r.PV, " ")})
	}
	s.table.set(s.header(game, algos, labels...), cells)
	s.csvRows = csvRows
}

// writeCSV writes the comparison with full numbers.
func (s *compareScreen) writeCSV(w io.Writer) error {
	return chart.WriteCSV(w, compareCSVHeader(), s.csvRows)
}

// checkGrid is a group of check boxes in as many columns as the side
// panel's width holds, each with an id and a label.
type checkGrid struct {
	ids    []string
	checks []*widget.Check
	grid   *fyne.Container
}

func newCheckGrid(ids, labels []string) *checkGrid {
	g := &checkGrid{ids: ids}
	var objs []fyne.CanvasObject
	for _, l := range labels {
		c := widget.NewCheck(l, nil)
		g.checks = append(g.checks, c)
		objs = append(objs, c)
	}
	g.grid = container.New(&flowLayout{cols: 2}, objs...)
	return g
}

// Selected returns the ids ticked, in order.
func (g *checkGrid) Selected() []string {
	var out []string
	for i, c := range g.checks {
		if c.Checked {
			out = append(out, g.ids[i])
		}
	}
	return out
}

// setIDs ticks the ids given and unticks the others.
func (g *checkGrid) setIDs(ids []string) {
	for i, c := range g.checks {
		c.SetChecked(slices.Contains(ids, g.ids[i]))
	}
}
