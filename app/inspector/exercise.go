package inspector

import (
	"math"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai/textbook"
	"boardgames/ai/textbook/treeplot"
	"boardgames/app/internal/tr"
)

// Exercise mode.

// buildExercise makes the answer bar of exercise mode.
func (in *Inspector) buildExercise() {
	in.exLabel = widget.NewLabel(tr.T("Tap a node."))
	in.exPruned = widget.NewCheck(tr.T("Pruned"), func(on bool) {
		if in.exNode < 0 {
			return
		}
		if on {
			in.marks.Pruned[in.exNode] = true
		} else {
			delete(in.marks.Pruned, in.exNode)
		}
		in.marks.Check = nil
		in.redraw()
	})
	in.exValue = widget.NewEntry()
	in.exValue.SetPlaceHolder(tr.T("value"))
	in.exValue.OnChanged = func(s string) {
		if in.exNode < 0 {
			return
		}
		s = strings.TrimSpace(s)
		if s == "" {
			delete(in.marks.Values, in.exNode)
		} else {
			in.marks.Values[in.exNode] = s
		}
		in.marks.Check = nil
		in.redraw()
	}
	in.exCheck = widget.NewButtonWithIcon(tr.T("Check answers"), theme.ConfirmIcon(), func() { in.CheckAnswers() })
	in.exClear = widget.NewButtonWithIcon(tr.T("Start again"), theme.ContentClearIcon(), func() {
		in.marks = treeplot.Marks{Pruned: map[int]bool{}, Values: map[int]string{}}
		in.exResult.SetText("")
		in.showExerciseNode()
		in.redraw()
	})
	in.exExport = widget.NewButtonWithIcon(tr.T("Export answers…"), theme.DocumentSaveIcon(), func() {
		if in.OnExportAnswers != nil {
			in.OnExportAnswers()
		}
	})
	in.exResult = widget.NewLabel("")
	in.exResult.Wrapping = fyne.TextWrapWord
	value := withWidth(110, in.exValue) // fit.go
	in.exBar = container.NewVBox(widget.NewSeparator(),
		&fyne.Container{Layout: &flow{}, Objects: []fyne.CanvasObject{in.exLabel, in.exPruned, widget.NewLabel(tr.T("Value:")), value, in.exCheck, in.exClear, in.exExport}},
		in.exResult)
	in.exBar.Hide()
}

// SetExercise turns exercise mode on or off. In it the picture shows the
// leaves only; the student taps a node, marks it pruned or enters the
// value it returns, and Check answers marks each node right or wrong.
func (in *Inspector) SetExercise(on bool) {
	if len(in.m.tr.Visits) == 0 {
		on = false
	}
	in.exercise = on
	in.marks = treeplot.Marks{Pruned: map[int]bool{}, Values: map[int]string{}}
	in.exNode = -1
	in.exResult.SetText("")
	show(in.exExport, in.OnExportAnswers != nil)
	in.refreshTeach()
	if on {
		in.controls.Hide()
		in.exBar.Show()
		in.explanation.SetText(tr.T("Exercise: tap a node, tick Pruned if the search never visits it, or enter the value it returns (from MAX's view); then Check answers."))
		in.tabs.SelectIndex(0)
	} else {
		in.exBar.Hide()
		in.controls.Show()
		in.explanation.SetText(in.m.explain(in.step))
	}
	in.showExerciseNode()
	in.redraw()
}

// Exercise reports whether exercise mode is on.
func (in *Inspector) Exercise() bool { return in.exercise }

// showExerciseNode fills the answer bar for the chosen node.
func (in *Inspector) showExerciseNode() {
	t := in.m.tr.Tree
	if in.exNode < 0 || in.exNode >= len(t.Nodes) {
		in.exLabel.SetText(tr.T("Tap a node."))
		in.exPruned.Disable()
		in.exValue.Disable()
		return
	}
	n := t.Nodes[in.exNode]
	name := n.Label
	if n.Kind == textbook.Leaf {
		name = tr.F("leaf %s", n.Label)
	}
	in.exLabel.SetText(tr.F("Node %s:", name))
	pruned, val := in.marks.Pruned[in.exNode], in.marks.Values[in.exNode]
	nd := in.exNode
	in.exNode = -1 // the widgets' callbacks below change nothing
	in.exPruned.SetChecked(pruned)
	in.exValue.SetText(val)
	in.exNode = nd
	in.exPruned.Enable()
	if n.Kind == textbook.Leaf {
		in.exValue.Disable()
	} else {
		in.exValue.Enable()
	}
}

// SetAnswer records an answer for node: pruned, and a value ("" for
// none), as the answer bar does.
func (in *Inspector) SetAnswer(node int, pruned bool, value string) {
	if !in.exercise {
		return
	}
	in.exNode = node
	in.showExerciseNode()
	in.exPruned.SetChecked(pruned)
	in.exValue.SetText(value)
}

// CheckAnswers checks the answers and shows the verdicts on the picture;
// it returns the check.
func (in *Inspector) CheckAnswers() textbook.Check {
	a := textbook.Answers{Pruned: in.marks.Pruned, Values: map[int]float64{}}
	bad := 0
	for node, s := range in.marks.Values {
		v, ok := parseValue(s)
		if !ok {
			bad++
			continue
		}
		a.Values[node] = v
	}
	c := in.m.tr.Check(a)
	in.marks.Check = &c
	text := tr.F("%d of %d right.", c.Right, c.Total)
	if c.Right == c.Total {
		text += " " + tr.T("All right: well done!")
	} else {
		text += " " + tr.T("A red cross marks a wrong answer, a green tick a right one; a red value is the right value.")
	}
	if bad > 0 {
		text += " " + tr.N("%d value is not a number.", bad, bad)
	}
	in.exResult.SetText(text)
	in.redraw()
	return c
}

// parseValue reads a value a student typed: "3", "-2", "−2", "7.5",
// "7,5", "+∞".
func parseValue(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	s = strings.NewReplacer("−", "-", ",", ".", "∞", "Inf", "inf", "Inf").Replace(s)
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) {
		return 0, false
	}
	return v, true
}

func show(o fyne.CanvasObject, on bool) {
	if on {
		o.Show()
	} else {
		o.Hide()
	}
}
