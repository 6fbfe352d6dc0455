package inspector

import (
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai"
	"boardgames/app/internal/tr"
)

// Inspector shows a recorded search tree as an outline and steps through
// the order in which the search visited its nodes. Build it with New and
// give it a tree with SetTree; call its methods on the UI goroutine.
type Inspector struct {
	widget.BaseWidget

	// OnNodeChanged, if set, is called with the node shown in detail
	// whenever it changes (a step, or a node selected in the outline), so
	// that the app can show that node's position.
	OnNodeChanged func(node int)

	m        *model
	unit     string // the values' unit, for the key above the outline
	step     int    // the last node visited at the current step
	selected int    // the node shown in detail, -1 for none
	updating bool   // update is moving the slider: ignore its OnChanged

	summary, explanation, stepLabel *widget.Label
	detail                          *widget.Label
	slider                          *widget.Slider
	back, forward, collapse         *widget.Button
	tree                            *widget.Tree
	content                         fyne.CanvasObject
}

// New returns an inspector with no tree.
func New() *Inspector {
	in := &Inspector{m: newModel(nil, nil, nil), selected: -1}
	in.ExtendBaseWidget(in)

	in.summary = widget.NewLabel("")
	in.summary.Wrapping = fyne.TextWrapWord
	in.summary.SizeName = theme.SizeNameCaptionText
	in.explanation = widget.NewLabel("")
	in.explanation.Wrapping = fyne.TextWrapWord
	in.stepLabel = widget.NewLabel("")
	in.stepLabel.TextStyle.Monospace = true
	// The detail wraps, so that it fits its pane at any text size.
	in.detail = widget.NewLabel("")
	in.detail.Wrapping = fyne.TextWrapWord

	in.slider = widget.NewSlider(0, 0)
	in.slider.Step = 1
	in.slider.OnChanged = func(v float64) {
		if !in.updating {
			in.SetStep(int(v + 0.5))
		}
	}
	in.back = widget.NewButtonWithIcon(tr.T("Back"), theme.NavigateBackIcon(), in.Back)
	in.forward = widget.NewButtonWithIcon(tr.T("Forward"), theme.NavigateNextIcon(), in.Forward)
	in.forward.IconPlacement = widget.ButtonIconTrailingText
	in.collapse = widget.NewButtonWithIcon(tr.T("Collapse"), theme.ContentRemoveIcon(), in.Collapse)

	in.tree = widget.NewTree(
		func(id widget.TreeNodeID) []widget.TreeNodeID { return in.m.children(id, in.step) },
		func(id widget.TreeNodeID) bool { return len(in.m.children(id, in.step)) > 0 },
		func(bool) fyne.CanvasObject { return newNodeRow() },
		func(id widget.TreeNodeID, _ bool, o fyne.CanvasObject) { o.(*nodeRow).set(in.m.rowFor(id, in.step)) },
	)
	in.tree.OnSelected = func(id widget.TreeNodeID) {
		if i, pruned := parseID(id); i >= 0 && !pruned {
			in.show(i)
		} else if pruned {
			in.show(int(in.m.nodes[i].Parent))
		}
	}

	controls := container.NewBorder(nil, nil,
		container.NewHBox(in.back, in.forward), container.NewHBox(in.stepLabel, in.collapse), in.slider)
	// The explanation keeps the height of three lines (and scrolls if it
	// is longer), so that the outline does not jump from step to step.
	explain := container.NewVScroll(in.explanation)
	explain.SetMinSize(fyne.NewSize(0, widget.NewLabel("\n\n").MinSize().Height))
	top := container.NewVBox(in.summary, controls, explain)
	split := container.NewHSplit(in.tree, container.NewVScroll(in.detail))
	split.Offset = 0.55
	in.content = container.NewBorder(top, nil, nil, nil, split)
	in.update(false)
	return in
}

// CreateRenderer is part of fyne.Widget.
func (in *Inspector) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(in.content)
}

// SetTree shows t: labels[i] is the text of node i's move (the lab
// formats them) and pv the indices of the nodes on the principal
// variation, root first. The inspector starts at the last step, with the
// whole tree visible and the first levels and the principal variation
// unfolded. A nil tree clears it.
func (in *Inspector) SetTree(t *ai.Tree, labels []string, pv []int) {
	in.m = newModel(t, labels, pv)
	n := len(in.m.nodes)
	in.step = n - 1
	in.slider.Min, in.slider.Max = 0, float64(max(n-1, 0))
	in.slider.Value = float64(max(n-1, 0))
	if n > 1 {
		in.slider.Show()
	} else {
		in.slider.Hide() // a slider without a range cannot be drawn
	}
	in.tree.UnselectAll()
	in.tree.CloseAllBranches()
	in.unfold()
	in.update(false)
	in.tree.ScrollToTop()
}

// unfold opens the roots, so that their moves show, and the principal
// variation.
func (in *Inspector) unfold() {
	for _, r := range in.m.roots {
		in.tree.OpenBranch(in.m.ids[r])
	}
	for _, p := range in.m.pv {
		in.tree.OpenBranch(in.m.ids[p])
	}
}

// Collapse folds the outline back to the roots' moves, the principal
// variation and the path to the current step.
func (in *Inspector) Collapse() {
	in.tree.CloseAllBranches()
	in.unfold()
	in.update(true)
}

// SetUnit names the unit of the tree's values ("points", "discs") in the
// key above the outline; "" says none.
func (in *Inspector) SetUnit(unit string) {
	in.unit = unit
	in.summary.SetText(in.m.summary(in.unit))
}

// Unit returns the unit of the values, as SetUnit set it.
func (in *Inspector) Unit() string { return in.unit }

// NodeCount returns the number of nodes in the tree.
func (in *Inspector) NodeCount() int { return len(in.m.nodes) }

// Step returns the current step: the index of the last node visited, -1
// for an empty tree.
func (in *Inspector) Step() int { return in.step }

// VisibleCount returns the number of nodes visited by the current step,
// which the outline shows.
func (in *Inspector) VisibleCount() int { return in.step + 1 }

// SetStep shows the search as it was when it visited node s (clamped to
// the tree), and selects that node.
func (in *Inspector) SetStep(s int) {
	n := len(in.m.nodes)
	s = max(0, min(s, n-1))
	if s == in.step || n == 0 {
		return
	}
	in.step = s
	in.update(true)
}

// Forward steps to the next node visited.
func (in *Inspector) Forward() { in.SetStep(in.step + 1) }

// Back steps to the previous node visited.
func (in *Inspector) Back() { in.SetStep(in.step - 1) }

// Explanation returns the sentence that explains the current step.
func (in *Inspector) Explanation() string { return in.explanation.Text }

// Selected returns the node shown in detail, -1 for none.
func (in *Inspector) Selected() int { return in.selected }

// Select shows node i in detail and selects it in the outline, if the
// current step has visited it.
func (in *Inspector) Select(i int) {
	if i < 0 || i > in.step {
		return
	}
	in.reveal(i)
	in.tree.Select(in.m.ids[i])
	in.show(i)
}

// show puts node i in the detail pane.
func (in *Inspector) show(i int) {
	if i == in.selected {
		return
	}
	in.selected = i
	in.detail.SetText(in.m.detail(i, in.step))
	if in.OnNodeChanged != nil {
		in.OnNodeChanged(i)
	}
}

// reveal opens the branches down to node i.
func (in *Inspector) reveal(i int) {
	p := in.m.path(i)
	for _, a := range p[:max(len(p)-1, 0)] {
		if !in.tree.IsBranchOpen(in.m.ids[a]) {
			in.tree.OpenBranch(in.m.ids[a])
		}
	}
}

// update brings every part of the widget to the current step, and scrolls
// the outline to the current node if scroll.
func (in *Inspector) update(scroll bool) {
	in.updating = true
	defer func() { in.updating = false }()
	n := len(in.m.nodes)
	in.summary.SetText(in.m.summary(in.unit))
	in.explanation.SetText(in.m.explain(in.step))
	if n == 0 {
		in.stepLabel.SetText("0/0")
		in.detail.SetText(in.m.detail(-1, -1))
		in.back.Disable()
		in.forward.Disable()
		in.tree.Refresh()
		return
	}
	in.stepLabel.SetText(strconv.Itoa(in.step+1) + "/" + strconv.Itoa(n))
	if in.slider.Value != float64(in.step) {
		in.slider.SetValue(float64(in.step)) // OnChanged comes back to SetStep, a no-op
	}
	setEnabled(in.back, in.step > 0)
	setEnabled(in.forward, in.step < n-1)
	in.tree.Refresh()
	in.selected = -1 // the detail depends on the step: redo it
	in.Select(in.step)
	if scroll {
		in.tree.ScrollTo(in.m.ids[in.step])
	}
}

func setEnabled(w fyne.Disableable, on bool) {
	if on {
		w.Enable()
	} else {
		w.Disable()
	}
}
