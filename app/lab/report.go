package lab

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ailab "boardgames/ai/lab"
	"boardgames/app/internal/tr"
)

// reportView shows an experiment's result as a page to read, top to
// bottom: the title, what the experiment does, whether it was cut short,
// the paper's figures beside ours (each comparison a block: what, the
// paper's figure, ours, the verdict in its colour, why), our table (each
// row a block of "column: value" lines) and the notes. Every text wraps:
// nothing is cut, at any text size, and nothing needs a click to be read.
type reportView struct {
	box    *fyne.Container
	scroll *container.Scroll
}

func newReportView() *reportView {
	v := &reportView{box: container.NewVBox(note(tr.T("Run an experiment to see its report here.")))}
	v.scroll = container.NewVScroll(v.box)
	return v
}

// set shows the table t, worded by w.
func (v *reportView) set(t ailab.Table, w ailab.Words) {
	opt := ailab.ExperimentOptions{Words: w}
	r := t.Report(opt)
	var objs []fyne.CanvasObject
	add := func(o ...fyne.CanvasObject) { objs = append(objs, o...) }
	title := note(r.Title)
	title.TextStyle.Bold = true
	title.SizeName = theme.SizeNameSubHeadingText
	add(title)
	if r.Description != "" {
		add(note(r.Description))
	}
	if r.Partial != "" {
		p := note(r.Partial)
		p.Importance = widget.WarningImportance
		p.TextStyle.Bold = true
		add(p)
	}
	if len(t.Comparisons) > 0 && len(r.Sections) > 1 {
		s := r.Sections[1]
		add(widget.NewSeparator(), boldNote(s.Title))
		for _, c := range t.Comparisons {
			what := note(c.What)
			what.TextStyle.Bold = true
			verdict := note(tr.F("%s: %s", s.Columns[3], ailab.Verdict(w, c)))
			verdict.TextStyle.Bold = true
			switch c.Agree {
			case ailab.Agrees:
				verdict.Importance = widget.SuccessImportance
			case ailab.Differs:
				verdict.Importance = widget.DangerImportance
			case ailab.CannotTell:
				verdict.Importance = widget.WarningImportance
			}
			add(what,
				note(tr.F("%s: %s", s.Columns[1], c.Paper)),
				note(tr.F("%s: %s", s.Columns[2], c.Ours)),
				verdict,
				note(tr.F("%s: %s", s.Columns[4], c.Why)))
		}
	}
	if len(r.Sections) > 0 && len(r.Sections[0].Rows) > 0 {
		s := r.Sections[0]
		add(widget.NewSeparator(), boldNote(s.Title))
		for _, row := range s.Rows {
			first := note(cellLine(s.Columns, row, 0))
			first.TextStyle.Bold = true
			var lines []string
			for i := 1; i < len(row); i++ {
				lines = append(lines, cellLine(s.Columns, row, i))
			}
			add(first, note(strings.Join(lines, "\n")))
		}
	}
	if len(r.Notes) > 0 {
		add(widget.NewSeparator())
		for _, n := range r.Notes {
			add(note(n))
		}
	}
	add(note(r.Footer))
	v.box.Objects = objs
	v.box.Refresh()
	v.scroll.ScrollToTop()
}

// cellLine writes cell i of a row as "column: value".
func cellLine(columns, row []string, i int) string {
	if i < len(columns) && columns[i] != "" {
		return tr.F("%s: %s", columns[i], row[i])
	}
	return row[i]
}

// labels returns the texts the report shows, for tests.
func (v *reportView) labels() []*widget.Label {
	var out []*widget.Label
	for _, o := range v.box.Objects {
		if l, ok := o.(*widget.Label); ok {
			out = append(out, l)
		}
	}
	return out
}

// boldNote is a wrapped bold label.
func boldNote(text string) *widget.Label {
	l := note(text)
	l.TextStyle.Bold = true
	return l
}
