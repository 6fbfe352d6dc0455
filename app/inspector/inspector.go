package inspector

import (
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai/textbook"
	"boardgames/ai/textbook/treeplot"
	"boardgames/app/internal/tr"
)

// Inspector shows a recorded search (a textbook.Trace: a textbook tree's
// or a real search's) as a picture of the tree and as an outline, and
// replays it step by step: each node entered with its window, then
// returned with its value. Build it with New, give it a trace with
// SetTrace; call its methods on the UI goroutine. It takes the keys of a
// presenter's clicker when focused (a tap on it focuses it): Right,
// PageDown and Space step forward, Left and PageUp back, Home and End go
// to the first and the last step.
type Inspector struct {
	widget.BaseWidget

	// OnTreeChanged, if set, is called when the inspector searched a
	// textbook tree again (a leaf edited, another move ordering): the
	// tree as edited, in its own order, and the new trace.
	OnTreeChanged func(tree *textbook.Tree, t *textbook.Trace)
	// OnExportAnswers, if set, adds an export button to exercise mode,
	// which calls it (AnswersCSV is the file).
	OnExportAnswers func()

	// OnNodeChanged, if set, is called with the visit shown in detail
	// whenever it changes (a step, or a node selected), so that the app
	// can show that node's position.
	OnNodeChanged func(visit int)
	// OnKey and OnRune, if set, get the keys and characters that the
	// inspector, focused, does not step with (F5, Escape, B, R, M...): the
	// window's clicker map (keys.go).
	OnKey  func(*fyne.KeyEvent)
	OnRune func(rune)

	m        *model
	unit     string
	step     int
	selected int  // the visit shown in detail, -1 for none
	updating bool // update is moving the slider: ignore its OnChanged
	focused  bool

	// Exercise mode: the student's answers and their check.
	exercise bool
	marks    treeplot.Marks
	exNode   int // the node the answer bar edits, -1

	summary, explanation, stepLabel *widget.Label
	detail                          *widget.Label
	slider                          *widget.Slider
	first, back, forward, last      *widget.Button
	view                            *widget.RadioGroup
	outline                         *widget.Tree
	picture                         *TreeView
	tabs                            *container.AppTabs
	controls                        *fyne.Container // the step buttons, slider and view

	exBar             *fyne.Container
	exLabel, exResult *widget.Label
	exPruned          *widget.Check
	exValue           *widget.Entry
	exCheck, exClear  *widget.Button
	exExport          *widget.Button
	content           fyne.CanvasObject

	// Teaching moves (teach.go): the textbook tree as edited, in its own
	// order, and the ordering searched.
	base      *textbook.Tree
	ordering  string
	order     *widget.Select
	counts    *widget.Label
	teachBar  *fyne.Container
	leafBox   *fyne.Container
	leafLabel *widget.Label
	leafValue *widget.Entry
	leafSet   *widget.Button
	leafNode  int
	scroll    *container.Scroll // the picture's
}

// New returns an inspector with no tree.
func New() *Inspector {
	in := &Inspector{m: newModel(nil, false, false, nil), selected: -1, exNode: -1, leafNode: -1, ordering: textbook.AsGenerated}
	in.ExtendBaseWidget(in)

	in.summary = widget.NewLabel("")
	in.summary.Wrapping = fyne.TextWrapWord
	in.summary.SizeName = theme.SizeNameCaptionText
	in.explanation = widget.NewLabel("")
	in.explanation.Wrapping = fyne.TextWrapWord
	in.stepLabel = widget.NewLabel("")
	in.stepLabel.TextStyle.Monospace = true
	in.detail = widget.NewLabel("")
	in.detail.Wrapping = fyne.TextWrapWord

	in.slider = widget.NewSlider(0, 0)
	in.slider.Step = 1
	in.slider.OnChangeEnded = func(float64) { in.keepKeys() }
	in.slider.OnChanged = func(v float64) {
		if !in.updating {
			in.SetStep(int(v + 0.5))
		}
	}
	in.first = widget.NewButtonWithIcon("", theme.MediaSkipPreviousIcon(), in.First)
	in.back = widget.NewButtonWithIcon("", theme.NavigateBackIcon(), in.Back)
	in.forward = widget.NewButtonWithIcon("", theme.NavigateNextIcon(), in.Forward)
	in.last = widget.NewButtonWithIcon("", theme.MediaSkipNextIcon(), in.Last)
	in.view = widget.NewRadioGroup([]string{tr.T("MIN/MAX"), tr.T("Negamax")}, func(s string) {
		in.SetNegamax(s == tr.T("Negamax"))
		in.keepKeys()
	})
	in.view.Horizontal = true
	in.view.Required = true
	in.view.SetSelected(tr.T("MIN/MAX"))

	in.outline = widget.NewTree(
		func(id widget.TreeNodeID) []widget.TreeNodeID { return in.m.children(id, in.step) },
		func(id widget.TreeNodeID) bool { return len(in.m.children(id, in.step)) > 0 },
		func(bool) fyne.CanvasObject { return newNodeRow() },
		func(id widget.TreeNodeID, _ bool, o fyne.CanvasObject) { o.(*nodeRow).set(in.m.rowFor(id, in.step)) },
	)
	in.outline.OnSelected = func(id widget.TreeNodeID) {
		if v, pruned := parseID(id); v >= 0 && !pruned {
			in.show(v)
		} else if pruned {
			in.show(in.m.tr.Visits[v].Parent)
		}
		in.keepKeys()
	}
	in.picture = NewTreeView()
	in.picture.OnTapped = in.tappedNode

	in.buildExercise()
	in.buildTeach()
	// The step buttons, the slider and the step's number on one row; the
	// view beside the summary above it.
	in.controls = container.NewBorder(nil, nil, container.NewHBox(in.first, in.back, in.forward, in.last), in.stepLabel, in.slider)
	// The explanation keeps the height of three lines (and scrolls if it
	// is longer), so that the tree does not jump from step to step.
	explain := container.NewVScroll(in.explanation)
	explain.SetMinSize(fyne.NewSize(0, widget.NewLabel("\n\n").MinSize().Height))
	top := container.NewVBox(&fyne.Container{Layout: &besideOrUnder{}, Objects: []fyne.CanvasObject{in.summary, in.view}} /* fit.go */, in.controls, explain)
	split := container.NewHSplit(in.outline, container.NewVScroll(in.detail))
	split.Offset = 0.55
	in.scroll = container.NewScroll(in.picture)
	in.tabs = container.NewAppTabs(
		container.NewTabItem(tr.T("Tree"), in.scroll),
		container.NewTabItem(tr.T("Outline"), split),
	)
	in.content = container.NewBorder(top, container.NewVBox(in.teachBar, in.exBar), nil, nil, in.tabs)
	in.update(false)
	return in
}

// CreateRenderer is part of fyne.Widget.
func (in *Inspector) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(in.content)
}

// SetTrace shows t, values written by format (nil: plain numbers) in
// unit ("" for none said). The inspector starts at the last step, the
// whole search shown; a small tree opens on its picture, a large one on
// its outline. A nil trace clears it.
func (in *Inspector) SetTrace(t *textbook.Trace, format func(float64) string, unit string) {
	in.m = newModel(t, in.m.predict, in.m.negamax, format)
	in.unit = unit
	in.base, in.ordering, in.leafNode = nil, textbook.AsGenerated, -1
	if t != nil && t.Orig == nil {
		in.base = t.Tree
	}
	in.order.SetSelectedIndex(0) // the ordering is as given: SetOrdering returns at once
	in.leafBox.Hide()
	in.exercise, in.marks, in.exNode = false, treeplot.Marks{}, -1
	in.exBar.Hide()
	in.controls.Show()
	in.step = in.m.steps() - 1
	if t != nil && t.Tree.HasChance() && in.m.negamax {
		in.view.SetSelected(tr.T("MIN/MAX"))
	}
	in.resetRange()
	in.outline.UnselectAll()
	in.outline.CloseAllBranches()
	in.unfold()
	if t != nil && len(t.Visits) > 300 {
		in.tabs.SelectIndex(1)
	} else {
		in.tabs.SelectIndex(0)
	}
	in.update(false)
	in.refreshTeach()
	in.outline.ScrollToTop()
	if t != nil {
		in.requestFocus() // the clicker steps at once
	}
}

// Tapped focuses the inspector (a tap on its texts or background), so
// that the clicker's keys step it.
func (in *Inspector) Tapped(*fyne.PointEvent) { in.requestFocus() }

// resetRange sets the slider to the steps.
func (in *Inspector) resetRange() {
	n := in.m.steps()
	in.updating = true
	in.slider.Min, in.slider.Max = 0, float64(max(n-1, 0))
	in.slider.Value = float64(max(in.step, 0))
	in.updating = false
	if n > 1 {
		in.slider.Show()
	} else {
		in.slider.Hide() // a slider without a range cannot be drawn
	}
}

// Trace returns the trace shown (nil for none).
func (in *Inspector) Trace() *textbook.Trace {
	if len(in.m.tr.Visits) == 0 {
		return nil
	}
	return in.m.tr
}

// SetPredict turns predicting first on or off: a step before each inner
// node's return asks the class for its value (shown "?"). The replay
// stays at the same place.
func (in *Inspector) SetPredict(on bool) {
	if on == in.m.predict {
		return
	}
	var cur textbook.Event
	if in.step >= 0 && in.step < in.m.steps() {
		cur = in.m.events[in.step]
	}
	in.m.predict = on
	if len(in.m.tr.Visits) > 0 {
		in.m.setEvents()
		for s, e := range in.m.events {
			if e == cur || cur.Kind == textbook.Ask && e.Kind == textbook.Return && e.Visit == cur.Visit {
				in.step = s
				break
			}
		}
	}
	in.resetRange()
	in.update(false)
}

// Predict reports whether predicting first is on.
func (in *Inspector) Predict() bool { return in.m.predict }

// SetNegamax shows values and windows from the side to move's view at
// each node (negamax) or from MAX's (the textbook's MIN/MAX view). A tree
// with chance nodes has only the MIN/MAX view.
func (in *Inspector) SetNegamax(on bool) {
	if on && in.m.tr.Tree.HasChance() {
		on = false
	}
	if want := map[bool]string{true: tr.T("Negamax"), false: tr.T("MIN/MAX")}[on]; in.view.Selected != want {
		in.view.SetSelected(want) // comes back here
		return
	}
	if on == in.m.negamax {
		return
	}
	in.m.negamax = on
	in.update(false)
}

// Negamax reports whether the negamax view is shown.
func (in *Inspector) Negamax() bool { return in.m.negamax }

// unfold opens the roots and the principal variation in the outline.
func (in *Inspector) unfold() {
	for _, id := range in.m.rootIDs {
		in.outline.OpenBranch(id)
	}
	for _, v := range in.m.tr.PV {
		in.outline.OpenBranch(strconv.Itoa(v))
	}
}

// Unit returns the unit of the values, as SetTrace set it.
func (in *Inspector) Unit() string { return in.unit }

// NodeCount returns the number of visits in the trace.
func (in *Inspector) NodeCount() int { return len(in.m.tr.Visits) }

// Steps returns the number of steps of the replay.
func (in *Inspector) Steps() int { return in.m.steps() }

// Step returns the current step, -1 for an empty tree.
func (in *Inspector) Step() int { return in.step }

// Event returns the current step's event.
func (in *Inspector) Event() textbook.Event {
	if in.step < 0 || in.step >= in.m.steps() {
		return textbook.Event{Visit: -1}
	}
	return in.m.events[in.step]
}

// SetStep shows the search as it was at step s (clamped), and selects
// that step's node.
func (in *Inspector) SetStep(s int) {
	n := in.m.steps()
	s = max(0, min(s, n-1))
	if s == in.step || n == 0 {
		return
	}
	in.step = s
	in.update(true)
}

// Forward steps on.
func (in *Inspector) Forward() { in.SetStep(in.step + 1) }

// Back steps back.
func (in *Inspector) Back() { in.SetStep(in.step - 1) }

// First goes to the first step.
func (in *Inspector) First() { in.SetStep(0) }

// Last goes to the last step: the whole search.
func (in *Inspector) Last() { in.SetStep(in.m.steps() - 1) }

// Explanation returns the sentences that explain the current step.
func (in *Inspector) Explanation() string { return in.explanation.Text }

// Detail returns the text about the selected node.
func (in *Inspector) Detail() string { return in.detail.Text }

// Summary returns the line above the tree.
func (in *Inspector) Summary() string { return in.summary.Text }

// Picture returns the picture of the tree as shown.
func (in *Inspector) Picture() *treeplot.Picture { return in.picture.Picture() }

// PictureView returns the widget that shows the picture.
func (in *Inspector) PictureView() *TreeView { return in.picture }

// NodeValue returns visit v's value as the current step shows it: "…"
// while it is searched, "?" while the class predicts it.
func (in *Inspector) NodeValue(v int) string {
	if v < 0 || v >= len(in.m.tr.Visits) {
		return ""
	}
	return in.m.valueAt(v, in.step)
}

// Selected returns the visit shown in detail, -1 for none.
func (in *Inspector) Selected() int { return in.selected }

// Select shows visit v in detail and selects it in the outline, if the
// current step has reached it.
func (in *Inspector) Select(v int) {
	if v < 0 || v >= len(in.m.tr.Visits) || in.m.enterAt[v] > in.step {
		return
	}
	in.reveal(v)
	in.outline.Select(strconv.Itoa(v))
	in.show(v)
}

// show puts visit v in the detail pane and on the picture.
func (in *Inspector) show(v int) {
	if v == in.selected {
		return
	}
	in.selected = v
	in.detail.SetText(in.m.detail(v, in.step))
	in.redraw()
	if in.OnNodeChanged != nil {
		in.OnNodeChanged(v)
	}
}

// reveal opens the outline's branches down to visit v.
func (in *Inspector) reveal(v int) {
	p := in.m.path(v)
	for _, a := range p[:max(len(p)-1, 0)] {
		if id := strconv.Itoa(a); !in.outline.IsBranchOpen(id) {
			in.outline.OpenBranch(id)
		}
	}
}

// tappedNode selects the node tapped on the picture (its latest visit
// by the step), or, in exercise mode, chooses it for the answer bar.
func (in *Inspector) tappedNode(node int) {
	in.requestFocus()
	if node < 0 {
		return
	}
	if in.exercise {
		in.exNode = node
		in.showExerciseNode()
		in.redraw()
		return
	}
	in.selectNode(node)
	in.editLeaf(node)
}

// options are the picture's options at the current step.
func (in *Inspector) options() treeplot.Options {
	o := treeplot.Options{
		Events: in.m.events, Step: in.step, Values: true, Windows: true, Negamax: in.m.negamax,
		Format: in.m.format, Kinds: [3]string{tr.T("MAX"), tr.T("MIN"), tr.T("CHANCE")}, Selected: -1,
	}
	if in.selected >= 0 && in.selected < len(in.m.tr.Visits) {
		o.Selected = in.m.tr.Visits[in.selected].Node
	}
	if in.exercise {
		o.Step, o.Events, o.Values, o.Windows = -1, nil, false, false
		o.Selected = in.exNode
		marks := in.marks
		o.Marks = &marks
	}
	return o
}

// PictureOptions returns the options of the picture as shown, for an
// export that matches the screen.
func (in *Inspector) PictureOptions() treeplot.Options { return in.options() }

// redraw draws the picture again.
func (in *Inspector) redraw() {
	if len(in.m.tr.Visits) == 0 {
		in.picture.SetPicture(nil)
		return
	}
	in.picture.SetPicture(treeplot.Draw(in.m.tr, in.options()))
	in.keepInView()
}

// keepInView scrolls the picture so that the current step's node (the
// selected one in exercise mode) is in view: a wide tree scrolled to its
// left end hides the root and the search.
func (in *Inspector) keepInView() {
	node := -1
	if in.exercise {
		node = in.exNode
	} else if in.step >= 0 && in.step < in.m.steps() {
		node = in.m.tr.Visits[in.m.events[in.step].Visit].Node
	}
	if node < 0 || in.scroll == nil {
		return
	}
	view := in.scroll.Size()
	if view.Width <= 0 || view.Height <= 0 {
		return
	}
	// A new picture may be larger than the last: lay the scroll's content
	// out at its new size first, or the offset is held to the old one.
	if m := in.picture.MinSize(); in.picture.Size() != m && (m.Width > view.Width || m.Height > view.Height) {
		in.picture.Resize(fyne.NewSize(max(m.Width, view.Width), max(m.Height, view.Height)))
	}
	pos := in.picture.NodePosition(node)
	off := in.scroll.Offset
	margin := float32(60)
	keep := func(at, o, room float32) float32 {
		if at-margin < o {
			return max(at-margin, 0)
		}
		if at+margin > o+room {
			return at + margin - room
		}
		return o
	}
	to := fyne.NewPos(keep(pos.X, off.X, view.Width), keep(pos.Y, off.Y, view.Height))
	if to != off {
		in.scroll.ScrollToOffset(to)
	}
}

// update brings every part to the current step, scrolling the outline to
// the step's node if scroll.
func (in *Inspector) update(scroll bool) {
	in.updating = true
	defer func() { in.updating = false }()
	n := in.m.steps()
	in.summary.SetText(in.m.summary(in.unit))
	in.explanation.SetText(in.m.explain(in.step))
	if n == 0 {
		in.stepLabel.SetText("0/0")
		in.detail.SetText(in.m.detail(-1, -1))
		for _, b := range []*widget.Button{in.first, in.back, in.forward, in.last} {
			b.Disable()
		}
		in.outline.Refresh()
		in.selected = -1
		in.redraw()
		return
	}
	in.stepLabel.SetText(strconv.Itoa(in.step+1) + "/" + strconv.Itoa(n))
	if in.slider.Value != float64(in.step) {
		in.slider.SetValue(float64(in.step))
	}
	setEnabled(in.first, in.step > 0)
	setEnabled(in.back, in.step > 0)
	setEnabled(in.forward, in.step < n-1)
	setEnabled(in.last, in.step < n-1)
	in.outline.Refresh()
	in.selected = -1 // the detail depends on the step: redo it
	v := in.m.events[in.step].Visit
	in.Select(v)
	if scroll {
		in.outline.ScrollTo(strconv.Itoa(v))
	}
}

func setEnabled(w fyne.Disableable, on bool) {
	if on {
		w.Enable()
	} else {
		w.Disable()
	}
}
