package lab

import (
	"image/color"
	"io"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ailab "boardgames/ai/lab"
	"boardgames/app/chart"
	"boardgames/app/internal/tr"
)

// experimentScreen lists the papers' experiments and runs one per click.
type experimentScreen struct {
	l        *Lab
	list     *expList
	desc     *widget.Label
	quick    *widget.Check
	ownGames *widget.Check // the experiment's own number of games
	games    *intField
	parallel *intField
	seed     *seedField
	task     *task
	save     *exportMenu

	selected int
	title    *widget.Label
	notes    *widget.Label
	report   *reportView // the result as a page to read
	table    *dataTable
	paper    *dataTable // the paper's figures beside ours
	chart    *chart.Chart
	below    *container.AppTabs
	content  fyne.CanvasObject
	last     string      // the experiment shown
	shown    ailab.Table // the table shown, for the report's exports
	words    ailab.Words // the words it was run with
}

func newExperimentScreen(l *Lab) *experimentScreen {
	s := &experimentScreen{l: l}
	s.desc = note("")
	s.quick = widget.NewCheck(tr.T("Quick run"), nil)
	s.quick.SetChecked(true)
	s.games = newIntField(tr.T("Games per match"), 1, 10000, "10", "2", "10", "20", "40", "50", "100")
	s.games.e.Disable()
	s.ownGames = widget.NewCheck(tr.T("As many games as the experiment plays"), func(on bool) {
		if on {
			s.games.e.Disable()
		} else {
			s.games.e.Enable()
		}
	})
	s.ownGames.SetChecked(true)
	s.parallel = newIntField(tr.T("Games at once"), 1, 64, strconv.Itoa(len(parallelOptions())), parallelOptions()...)
	s.seed = newSeedField()
	s.task = newTask(l, tr.T("Run"), func() { s.run(s.selected) })

	var titles []string
	for i := range ailab.Experiments {
		titles = append(titles, experiment(i).Title)
	}
	s.list = newExpList(titles, func(id int) {
		s.selected = id
		s.desc.SetText(experiment(id).Description)
	}, func(id int) {
		s.list.Select(id)
		s.run(id)
	})
	s.list.Select(0)

	s.title = heading(tr.T("Choose an experiment and press its Run button."))
	s.title.Wrapping = fyne.TextWrapWord
	s.notes = note("")
	s.report = newReportView()
	s.table = newDataTable("")
	s.paper = newWrapTable("")
	s.chart = chart.NewLine("", "", "")
	s.words = labWords{}
	s.save = newExportMenu(l, s.task,
		s.named(s.reportExport(tr.T("Report as Markdown…"), "experiment.md", func(r ailab.Report) string { return r.Markdown() }), ".md"),
		s.named(s.reportExport(tr.T("Report as HTML…"), "experiment.html", func(r ailab.Report) string { return r.HTML(tr.Language()) }), ".html"),
		s.named(tableCSV(tr.T("Table as CSV…"), "experiment.csv", s.table), ".csv"),
		s.named(chartPNG(tr.T("Chart as PNG…"), "experiment.png", func() fyne.CanvasObject { return s.chart }, func() bool { return hasData(s.chart) }), ".png"),
		s.named(chartCSV(tr.T("Chart data as CSV…"), "experiment-series.csv", s.chart), "-series.csv"),
		s.named(tableCSV(tr.T("The paper beside ours as CSV…"), "experiment-paper.csv", s.paper), "-paper.csv"),
	)
	side := sidePanel(s.task,
		heading(tr.T("The papers' experiments")), s.list,
		s.desc,
		widget.NewSeparator(),
		s.quick,
		s.ownGames,
		form(
			widget.NewLabel(s.games.name), s.games.e,
			widget.NewLabel(s.parallel.name), s.parallel.e,
			widget.NewLabel(tr.T("Seed")), s.seed.e,
		),
		note(tr.T("A quick run plays fewer positions, depths and games; a full run can take minutes.")),
	)
	s.below = container.NewAppTabs(
		container.NewTabItem(tr.T("Report"), s.report.scroll),
		container.NewTabItem(tr.T("Table"), container.NewBorder(newTextBox(s.notes, nil), nil, nil, nil, s.table)),
		container.NewTabItem(tr.T("The paper beside ours"), s.paper),
		container.NewTabItem(tr.T("Chart"), s.chart),
	)
	s.task.byTime = true
	s.content = screen(side, 340, titleBar(s.title, s.save), s.below)
	return s
}

// reportExport exports the report shown, written by write.
func (s *experimentScreen) reportExport(label, name string, write func(ailab.Report) string) export {
	return export{
		label: label, name: name,
		write: func(w io.Writer) error {
			_, err := io.WriteString(w, write(s.shown.Report(ailab.ExperimentOptions{Words: s.words})))
			return err
		},
		ready: func() bool { return s.last != "" },
	}
}

// experiment is the experiment with index i, its title and description in
// the language in use.
func experiment(i int) ailab.Experiment { return ailab.Experiments[i].In(labWords{}) }

// named proposes the experiment's name for an export's file.
func (s *experimentScreen) named(e export, suffix string) export {
	e.nameFn = func() string {
		if s.last == "" {
			return e.name
		}
		return fileName(s.last) + suffix
	}
	return e
}

// run runs experiment i.
func (s *experimentScreen) run(i int) {
	if s.task.running() {
		s.task.fail(tr.T("An experiment is running: cancel it first."))
		return
	}
	if i < 0 || i >= len(ailab.Experiments) {
		return
	}
	e := experiment(i)
	games := 0 // the experiment's own
	if !s.ownGames.Checked {
		var err error
		if games, err = s.games.value(); err != nil {
			s.task.fail(err.Error())
			return
		}
	}
	par, err := s.parallel.value()
	if err != nil {
		s.task.fail(err.Error())
		return
	}
	seed, err := s.seed.value()
	if err != nil {
		s.task.fail(err.Error())
		return
	}
	opt := ailab.ExperimentOptions{Quick: s.quick.Checked, Games: games, Parallel: par, Seed: seed, Words: labWords{}}
	s.title.SetText(tr.F("%s: running…", e.Title))
	s.notes.SetText("")
	s.table.set(nil, nil)
	s.paper.set(nil, nil)
	s.chart.SetSeries(nil)
	s.task.start(e.Title, func(r *run) func() {
		tab, err := ailab.RunExperimentWith(r.ctx, e.Name, opt, r.progress)
		return func() {
			switch {
			case err != nil && tab.Partial && len(tab.Rows) > 0:
				// Cancelled: the rows that finished, marked partial.
				s.show(tab, opt.Quick)
				s.task.finish(err, r.j.start, tr.N("%d finished row kept, marked partial.", len(tab.Rows), len(tab.Rows)))
			case err != nil:
				s.title.SetText(e.Title)
				s.task.finish(err, r.j.start, tr.T("No table: the experiment stopped before its first row."))
			default:
				s.show(tab, opt.Quick)
				s.task.finish(nil, r.j.start, tr.N("%s: %d row.", len(tab.Rows), e.Title, len(tab.Rows)))
			}
		}
	})
}

// show puts an experiment's table and chart on screen.
func (s *experimentScreen) show(t ailab.Table, quick bool) {
	s.last = t.Name
	title := t.Title
	if quick {
		title = tr.F("%s (quick run)", t.Title)
	}
	if t.Partial {
		title = tr.F("%s (partial: cancelled)", title)
	}
	s.title.SetText(title)
	s.shown = t
	s.report.set(t, s.words)
	s.notes.SetText(strings.Join(t.Notes, "\n"))
	s.table.set(t.Columns, t.Rows)
	rows := make([][]string, len(t.Comparisons))
	for i, c := range t.Comparisons {
		rows[i] = []string{c.What, c.Paper, c.Ours, ailab.Verdict(s.words, c), c.Why}
	}
	s.paper.set([]string{tr.T("what"), tr.F("paper %s", t.Paper), tr.T("ours"), tr.T("verdict"), tr.T("why")}, rows)
	series := make([]chart.Series, len(t.Series))
	for i, x := range t.Series {
		series[i] = chart.Series{Name: x.Name, X: x.X, Y: x.Y, Low: x.Low, High: x.High}
	}
	s.chart.SetTitle(t.Title, t.XLabel, t.YLabel)
	s.chart.SetSeries(series)
}

// expList is the papers' experiments, one row each: the title, wrapped
// to as many lines as it needs, and its Run button; a click on a row
// chooses its experiment. It is a plain column in the side panel's
// scroll: a widget.List scrolls by itself, and over it the mouse wheel
// moved nothing (the list had no more to show), so that the controls
// below it could only be reached by dragging the scroll bar.
type expList struct {
	widget.BaseWidget
	rows     []*expRow
	box      *fyne.Container
	selected int
	onSelect func(int)
}

// newExpList lists titles; onSelect is called with the row chosen, run
// with the row whose Run button is pressed.
func newExpList(titles []string, onSelect, run func(int)) *expList {
	l := &expList{box: container.NewVBox(), selected: -1, onSelect: onSelect}
	l.ExtendBaseWidget(l)
	for i, t := range titles {
		r := newExpRow(t, func() { l.Select(i) }, func() { run(i) })
		l.rows = append(l.rows, r)
		l.box.Add(r)
	}
	return l
}

// Select chooses row id.
func (l *expList) Select(id int) {
	if id < 0 || id >= len(l.rows) {
		return
	}
	if l.selected >= 0 {
		l.rows[l.selected].setSelected(false)
	}
	l.selected = id
	l.rows[id].setSelected(true)
	if l.onSelect != nil {
		l.onSelect(id)
	}
}

// CreateRenderer is part of fyne.Widget.
func (l *expList) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(l.box) }

// expRow is a row of expList: the title on the selection's colour when it
// is chosen, the Run button at its right end.
type expRow struct {
	widget.BaseWidget
	title  *widget.Label
	bg     *canvas.Rectangle
	btn    *widget.Button
	tapped func()
	box    *fyne.Container
	// selected is the row's experiment the one chosen.
	selected bool
}

func newExpRow(title string, tapped, run func()) *expRow {
	r := &expRow{title: note(title), tapped: tapped, bg: canvas.NewRectangle(color.Transparent)}
	r.btn = widget.NewButtonWithIcon("", theme.MediaPlayIcon(), run)
	r.box = container.NewStack(r.bg, container.NewBorder(nil, nil, nil, container.NewCenter(r.btn), r.title))
	r.ExtendBaseWidget(r)
	return r
}

func (r *expRow) setSelected(on bool) {
	r.selected = on
	r.Refresh()
}

// Tapped chooses the row.
func (r *expRow) Tapped(*fyne.PointEvent) { r.tapped() }

// CreateRenderer is part of fyne.Widget.
func (r *expRow) CreateRenderer() fyne.WidgetRenderer {
	return &expRowRenderer{WidgetRenderer: widget.NewSimpleRenderer(r.box), r: r}
}

// expRowRenderer colours the chosen row in the theme's selection colour
// (again when the theme changes).
type expRowRenderer struct {
	fyne.WidgetRenderer
	r *expRow
}

func (x *expRowRenderer) Refresh() {
	x.r.bg.FillColor = color.Transparent
	if x.r.selected {
		x.r.bg.FillColor = theme.Color(theme.ColorNameSelection)
	}
	x.WidgetRenderer.Refresh()
}
