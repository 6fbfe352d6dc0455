package inspector

import (
	"bytes"
	"encoding/csv"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai/textbook"
	"boardgames/app/internal/tr"
)

// Teaching moves on a textbook tree: the move ordering (as generated,
// best first, worst first) with the node counts of the three side by
// side, and a leaf's value edited in place, the search run again at once.

// orderTitles are the orderings' names, in textbook.Orderings' order.
func orderTitles() []string {
	return []string{tr.T("As generated"), tr.T("Best first"), tr.T("Worst first")}
}

// buildTeach makes the bar of the move ordering and the leaf editor.
func (in *Inspector) buildTeach() {
	in.order = widget.NewSelect(orderTitles(), func(s string) {
		if k := indexOf(orderTitles(), s); k >= 0 {
			in.SetOrdering(textbook.Orderings[k])
		}
	})
	in.order.SetSelectedIndex(0)
	in.counts = widget.NewLabel("")
	in.counts.SizeName = theme.SizeNameCaptionText
	in.counts.Wrapping = fyne.TextWrapWord
	in.leafLabel = widget.NewLabel("")
	in.leafValue = widget.NewEntry()
	in.leafValue.SetPlaceHolder(tr.T("value"))
	in.leafValue.OnSubmitted = func(string) { in.applyLeaf() }
	in.leafSet = widget.NewButtonWithIcon(tr.T("Set"), theme.ConfirmIcon(), in.applyLeaf)
	value := container.NewGridWrap(fyne.NewSize(90, in.leafValue.MinSize().Height), in.leafValue)
	in.leafBox = container.NewHBox(in.leafLabel, value, in.leafSet)
	in.leafBox.Hide()
	in.teachBar = container.NewVBox(
		container.NewBorder(nil, nil, container.NewHBox(widget.NewLabel(tr.T("Move order:")), in.order), nil, in.counts),
		in.leafBox)
	in.teachBar.Hide()
}

func indexOf(list []string, s string) int {
	for k, x := range list {
		if x == s {
			return k
		}
	}
	return -1
}

// teachable reports whether the tree shown is a textbook tree, whose
// ordering and leaves a lecture may change.
func (in *Inspector) teachable() bool {
	return in.base != nil && in.m.tr.Orig == nil && len(in.m.tr.Visits) > 0
}

// refreshTeach shows the bar for a textbook tree, with the node counts
// of the three orderings.
func (in *Inspector) refreshTeach() {
	if !in.teachable() || in.exercise {
		in.teachBar.Hide()
		return
	}
	var parts []string
	for k, o := range textbook.Orderings {
		t, err := textbook.Reorder(in.base, o)
		if err != nil {
			continue
		}
		x, err := textbook.Search(t, in.m.tr.Algo)
		if err != nil {
			continue
		}
		parts = append(parts, tr.F("%s %d", orderTitles()[k], len(x.Visits)))
	}
	in.counts.SetText(tr.F("Nodes visited: %s", strings.Join(parts, " · ")))
	in.teachBar.Show()
}

// Teachable reports whether the tree shown is a textbook tree, whose move
// ordering and leaves a lecture may change.
func (in *Inspector) Teachable() bool { return in.teachable() }

// OrderingTitle returns the name of the move ordering shown ("Best
// first").
func (in *Inspector) OrderingTitle() string {
	if k := indexOf(textbook.Orderings, in.ordering); k >= 0 {
		return orderTitles()[k]
	}
	return ""
}

// OrderCounts returns the node counts of the three orderings, as the bar
// under the tree shows them ("" for a game's tree).
func (in *Inspector) OrderCounts() string {
	if !in.teachable() {
		return ""
	}
	return in.counts.Text
}

// Ordering returns the move ordering shown: textbook.AsGenerated,
// BestFirst or WorstFirst.
func (in *Inspector) Ordering() string { return in.ordering }

// SetOrdering searches the textbook tree again with its children in the
// order asked for (textbook.Orderings), at the same step (or the last, if
// the new search has fewer).
func (in *Inspector) SetOrdering(order string) {
	k := indexOf(textbook.Orderings, order)
	if k < 0 {
		return
	}
	if in.order.SelectedIndex() != k {
		in.order.SetSelectedIndex(k) // its OnChanged comes back here
		return
	}
	if order == in.ordering {
		return
	}
	in.ordering = order
	in.research()
}

// research searches the base tree again in the ordering chosen, keeping
// the step, and tells OnTreeChanged.
func (in *Inspector) research() {
	if !in.teachable() {
		return
	}
	t, err := textbook.Reorder(in.base, in.ordering)
	if err != nil {
		return
	}
	x, err := textbook.Search(t, in.m.tr.Algo)
	if err != nil {
		return
	}
	step, sel := in.step, in.selectedNode()
	in.m = newModel(x, in.m.predict, in.m.negamax, in.m.format)
	in.step = max(0, min(step, in.m.steps()-1))
	in.resetRange()
	in.outline.UnselectAll()
	in.unfold()
	in.update(false)
	in.refreshTeach()
	if sel >= 0 {
		in.selectNode(sel)
	}
	if in.OnTreeChanged != nil {
		in.OnTreeChanged(in.base, x)
	}
}

// selectedNode returns the tree node of the visit shown in detail, -1.
func (in *Inspector) selectedNode() int {
	if in.selected < 0 || in.selected >= len(in.m.tr.Visits) {
		return -1
	}
	return in.m.tr.Visits[in.selected].Node
}

// selectNode selects the latest visit of node by the step, if any.
func (in *Inspector) selectNode(node int) {
	best := -1
	for v, x := range in.m.tr.Visits {
		if x.Node == node && in.m.enterAt[v] <= in.step {
			best = v
		}
	}
	if best >= 0 {
		in.Select(best)
	}
}

// editLeaf shows the leaf editor for node (a leaf of a textbook tree).
func (in *Inspector) editLeaf(node int) {
	t := in.m.tr.Tree
	if !in.teachable() || node < 0 || node >= len(t.Nodes) || t.Nodes[node].Kind != textbook.Leaf {
		in.leafNode = -1
		in.leafBox.Hide()
		return
	}
	in.leafNode = node
	in.leafLabel.SetText(tr.F("Leaf %s:", t.Nodes[node].Label))
	in.leafValue.SetText(textbook.FormatValue(in.base.Nodes[node].Value))
	in.leafBox.Show()
}

// SetLeaf gives leaf node of the textbook tree the value v and searches
// again at once (same ordering, same step).
func (in *Inspector) SetLeaf(node int, v float64) error {
	if !in.teachable() {
		return errNoTextbook
	}
	t, err := in.base.WithLeaf(node, v)
	if err != nil {
		return err
	}
	in.base = t
	in.research()
	in.editLeaf(node)
	return nil
}

// errNoTextbook: a game's tree has no leaves to edit.
var errNoTextbook = errorString(tr.T("Only a textbook tree's leaves can be edited."))

type errorString string

func (e errorString) Error() string { return string(e) }

// applyLeaf sets the leaf from the editor's entry.
func (in *Inspector) applyLeaf() {
	v, ok := parseValue(in.leafValue.Text)
	if !ok {
		in.leafLabel.SetText(tr.F("%q is not a number:", in.leafValue.Text))
		return
	}
	if err := in.SetLeaf(in.leafNode, v); err != nil {
		in.leafLabel.SetText(strings.TrimPrefix(err.Error(), "textbook: "))
		return
	}
	in.requestFocus() // the clicker steps again
}

// AnswersCSV returns the exercise's answers and their check as CSV: a
// row per node (its name and kind, the student's answers, the key and the
// verdict), then the score. Nil outside exercise mode.
func (in *Inspector) AnswersCSV() []byte {
	if !in.exercise {
		return nil
	}
	c := in.CheckAnswers()
	t := in.m.tr.Tree
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write([]string{tr.T("node"), tr.T("kind"), tr.T("marked pruned"), tr.T("value given"),
		tr.T("pruned (key)"), tr.T("value (key)"), tr.T("right")})
	yes := func(on bool) string {
		if on {
			return tr.T("yes")
		}
		return tr.T("no")
	}
	for _, v := range c.Verdicts {
		n := t.Nodes[v.Node]
		name := n.Label
		if n.Kind == textbook.Leaf {
			name = tr.F("leaf %s", n.Label)
		}
		want := ""
		if v.Asked {
			want = textbook.FormatValue(v.Want)
		}
		right := v.Right()
		if v.Node == 0 {
			right = v.ValueRight
		}
		w.Write([]string{name, kindName(n.Kind), yes(v.Marked), in.marks.Values[v.Node], yes(v.Pruned), want, yes(right)})
	}
	w.Write([]string{tr.T("score"), "", "", "", "", "", strconv.Itoa(c.Right) + "/" + strconv.Itoa(c.Total)})
	w.Flush()
	return b.Bytes()
}
