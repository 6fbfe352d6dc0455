package lab

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ailab "boardgames/ai/lab"
	"boardgames/app/chart"
)

// experimentScreen lists the papers' experiments and runs one per click.
type experimentScreen struct {
	l        *Lab
	list     *widget.List
	desc     *widget.Label
	quick    *widget.Check
	games    *intField
	parallel *intField
	seed     *seedField
	task     *task

	selected int
	title    *widget.Label
	notes    *widget.Label
	table    *dataTable
	chart    *chart.Chart
	content  fyne.CanvasObject
	last     string // the experiment shown
}

func newExperimentScreen(l *Lab) *experimentScreen {
	s := &experimentScreen{l: l}
	s.desc = note("")
	s.quick = widget.NewCheck("Quick run (fewer positions, depths and games)", nil)
	s.quick.SetChecked(true)
	s.games = newIntField("games", 0, 10000, "0", "0", "2", "10", "20", "40", "50")
	s.parallel = newIntField("parallel games", 1, 64, fmt.Sprint(len(parallelOptions())), parallelOptions()...)
	s.seed = newSeedField()
	s.task = newTask(l, "Run", func() { s.run(s.selected) })

	s.list = widget.NewList(
		func() int { return len(ailab.Experiments) },
		func() fyne.CanvasObject {
			title := widget.NewLabel("")
			title.Wrapping = fyne.TextWrapWord
			btn := widget.NewButtonWithIcon("", theme.MediaPlayIcon(), nil)
			return container.NewBorder(nil, nil, nil, btn, title)
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			c := o.(*fyne.Container)
			for _, obj := range c.Objects {
				switch w := obj.(type) {
				case *widget.Label:
					w.SetText(ailab.Experiments[id].Title)
				case *widget.Button:
					w.OnTapped = func() {
						s.list.Select(id)
						s.run(id)
					}
				}
			}
		})
	s.list.OnSelected = func(id widget.ListItemID) {
		s.selected = id
		e := ailab.Experiments[id]
		s.desc.SetText(e.Description)
	}
	rowHeight := widget.NewLabel("two\nlines").MinSize().Height
	for i := range ailab.Experiments {
		s.list.SetItemHeight(i, rowHeight)
	}
	s.list.Select(0)

	s.title = heading("Choose an experiment and press its Run button.")
	s.title.Wrapping = fyne.TextWrapWord
	s.notes = note("")
	s.table = newDataTable("")
	s.chart = chart.NewLine("", "", "")
	exports := l.exportButtons(s.task,
		s.named(tableCSV("Table CSV…", "experiment.csv", s.table), ".csv"),
		s.named(chartPNG("Chart PNG…", "experiment.png", func() fyne.CanvasObject { return s.chart }, func() bool { return hasData(s.chart) }), ".png"),
		s.named(chartCSV("Chart CSV…", "experiment-series.csv", s.chart), "-series.csv"),
	)
	listBox := container.NewVScroll(s.list)
	listBox.SetMinSize(fyne.NewSize(0, float32(len(ailab.Experiments))*(rowHeight+theme.Padding())))
	side := sidePanel(s.task, 340,
		heading("The papers' experiments"), listBox,
		s.desc,
		widget.NewSeparator(),
		s.quick,
		form(
			widget.NewLabel("Games per match"), s.games.e,
			widget.NewLabel("Games at once"), s.parallel.e,
			widget.NewLabel("Seed"), s.seed.e,
		),
		note("Games 0 keeps the experiment's own number. A full run (Quick unticked) can take minutes."),
	)
	split := container.NewVSplit(s.table.w, s.chart)
	split.Offset = 0.5
	s.content = screen(side, container.NewVBox(titleBar(s.title, exports), s.notes), split)
	return s
}

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
		s.task.fail("An experiment is running: cancel it first.")
		return
	}
	if i < 0 || i >= len(ailab.Experiments) {
		return
	}
	e := ailab.Experiments[i]
	games, err := s.games.value()
	if err != nil {
		s.task.fail("%v", err)
		return
	}
	par, err := s.parallel.value()
	if err != nil {
		s.task.fail("%v", err)
		return
	}
	seed, err := s.seed.value()
	if err != nil {
		s.task.fail("%v", err)
		return
	}
	opt := ailab.ExperimentOptions{Quick: s.quick.Checked, Games: games, Parallel: par, Seed: seed}
	s.title.SetText(e.Title + " — running…")
	s.notes.SetText("")
	s.table.set(nil, nil)
	s.chart.SetSeries(nil)
	s.task.start(e.Title, func(r *run) func() {
		tab, err := ailab.RunExperimentWith(r.ctx, e.Name, opt, r.progress)
		return func() {
			if err != nil {
				s.title.SetText(e.Title)
				s.task.finish(err, r.j.start, "No table: the experiment stopped before its end.")
				return
			}
			s.show(tab, opt.Quick)
			s.task.finish(nil, r.j.start, fmt.Sprintf("%s: %d rows", e.Name, len(tab.Rows)))
		}
	})
}

// show puts an experiment's table and chart on screen.
func (s *experimentScreen) show(t ailab.Table, quick bool) {
	s.last = t.Name
	title := t.Title
	if quick {
		title += " (quick run)"
	}
	s.title.SetText(title)
	s.notes.SetText(strings.Join(t.Notes, "\n"))
	s.table.set(t.Columns, t.Rows)
	series := make([]chart.Series, len(t.Series))
	for i, x := range t.Series {
		series[i] = chart.Series{Name: x.Name, X: x.X, Y: x.Y}
	}
	s.chart.SetTitle(t.Title, t.XLabel, t.YLabel)
	s.chart.SetSeries(series)
}
