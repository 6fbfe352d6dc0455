package inspector

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"boardgames/ai/textbook"
)

// TestOrderingSwitch: the switch searches the same tree in the other
// orderings (9 nodes best first, 13 worst first, 11 as written), shows
// the three counts side by side, and says so to the lab.
func TestOrderingSwitch(t *testing.T) {
	in := newRN(t, textbook.AlphaBeta)
	var told *textbook.Trace
	in.OnTreeChanged = func(_ *textbook.Tree, x *textbook.Trace) { told = x }
	if !strings.Contains(in.counts.Text, "As generated 11 · Best first 9 · Worst first 13") || !in.teachBar.Visible() {
		t.Fatalf("counts %q", in.counts.Text)
	}
	for _, c := range []struct {
		order  string
		visits int
	}{{textbook.BestFirst, 9}, {textbook.WorstFirst, 13}, {textbook.AsGenerated, 11}} {
		order, visits := c.order, c.visits
		told = nil
		in.SetOrdering(order)
		if in.NodeCount() != visits || in.Ordering() != order || told == nil || len(told.Visits) != visits {
			t.Errorf("%s: %d visits", order, in.NodeCount())
		}
	}
	// Through the widget, as a click does.
	in.order.SetSelectedIndex(1)
	if in.Ordering() != textbook.BestFirst || in.NodeCount() != 9 {
		t.Errorf("the select chose %s, %d visits", in.Ordering(), in.NodeCount())
	}
	// A game's tree has no switch.
	x := rnTrace(t, textbook.AlphaBeta)
	x.Orig = make([]int, len(x.Visits))
	in.SetTrace(x, nil, "")
	if in.teachBar.Visible() {
		t.Error("a game's tree shows the ordering switch")
	}
}

// TestLeafEdit: a tap on a leaf of the picture opens its editor; a new
// value searches again at once: the leaf 2 under C set to 9 removes C's
// cut-off and the root's value becomes 4.
func TestLeafEdit(t *testing.T) {
	in := newRN(t, textbook.AlphaBeta)
	w := test.NewWindow(in)
	defer w.Close()
	w.Resize(fyne.NewSize(1000, 700))
	tree := in.Trace().Tree
	C := tree.Index("C")
	leaf := tree.Nodes[C].Children[0]
	var edited *textbook.Tree
	in.OnTreeChanged = func(t *textbook.Tree, _ *textbook.Trace) { edited = t }
	in.tappedNode(leaf)
	if !in.leafBox.Visible() || in.leafValue.Text != "2" {
		t.Fatalf("the leaf editor: visible %v, %q", in.leafBox.Visible(), in.leafValue.Text)
	}
	before := in.Step()
	in.leafValue.SetText("9")
	in.leafValue.OnSubmitted("9")
	if v := in.Trace().Value(); v != 4 {
		t.Errorf("root value %v after the edit, want 4", v)
	}
	if in.Trace().Cutoffs() != 0 && in.Trace().PrunedNodes()[tree.Nodes[C].Children[1]] {
		t.Error("C still prunes 4")
	}
	if edited == nil || textbook.Format(edited) != "[[3, 12, 8], [9, 4, 6], [14, 5, 2]]" {
		t.Errorf("the lab was told %v", edited)
	}
	if in.Step() != min(before, in.Steps()-1) {
		t.Errorf("step %d after the edit, was %d", in.Step(), before)
	}
	// The edit holds in another ordering.
	in.SetOrdering(textbook.BestFirst)
	if in.Trace().Value() != 4 {
		t.Errorf("best first after the edit: value %v", in.Trace().Value())
	}
	// A bad value is said, and changes nothing.
	in.tappedNode(leaf)
	in.leafValue.SetText("nine")
	in.applyLeaf()
	if !strings.Contains(in.leafLabel.Text, "not a number") || in.Trace().Value() != 4 {
		t.Errorf("bad value: %q, value %v", in.leafLabel.Text, in.Trace().Value())
	}
	// An inner node has no editor.
	in.tappedNode(C)
	if in.leafBox.Visible() {
		t.Error("an inner node opened the leaf editor")
	}
}

// TestAnswersCSV: the exercise's answers export as CSV, a row per node
// and the score last, which matches the check.
func TestAnswersCSV(t *testing.T) {
	in := newRN(t, textbook.AlphaBeta)
	exported := false
	in.OnExportAnswers = func() { exported = true }
	in.SetExercise(true)
	tree := in.Trace().Tree
	C := tree.Index("C")
	in.SetAnswer(0, false, "3")
	in.SetAnswer(C, false, "5") // wrong: C returns 2
	in.SetAnswer(tree.Nodes[C].Children[1], true, "")
	data := in.AnswersCSV()
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(tree.Nodes)+2 {
		t.Fatalf("%d rows for %d nodes", len(rows), len(tree.Nodes))
	}
	c := in.CheckAnswers()
	last := rows[len(rows)-1]
	if last[0] != "score" || last[6] != itoa(c.Right)+"/"+itoa(c.Total) {
		t.Errorf("score row %v, check %d/%d", last, c.Right, c.Total)
	}
	row := rows[1+C]
	if row[0] != "C" || row[3] != "5" || row[5] != "2" || row[6] != "no" {
		t.Errorf("C's row %v", row)
	}
	if rows[1][3] != "3" || rows[1][6] != "yes" {
		t.Errorf("the root's row %v", rows[1])
	}
	if !in.exExport.Visible() {
		t.Error("no export button")
	}
	test.Tap(in.exExport)
	if !exported {
		t.Error("the button does not export")
	}
	in.SetExercise(false)
	if in.AnswersCSV() != nil {
		t.Error("answers outside exercise mode")
	}
}

// TestKeepCurrentInView: on a 3×3×3 tree in a narrow inspector, the
// picture scrolls to the current node at each step.
func TestKeepCurrentInView(t *testing.T) {
	test.NewTempApp(t)
	tree, err := textbook.Generate(textbook.GenOptions{Branching: 3, Depth: 3, Lo: 0, Hi: 9, Seed: 1, Cutoffs: 2})
	if err != nil {
		t.Fatal(err)
	}
	x, _ := textbook.Search(tree, textbook.AlphaBeta)
	in := New()
	w := test.NewWindow(in)
	defer w.Close()
	w.Resize(fyne.NewSize(500, 500))
	in.SetTrace(nil, nil, "")
	in.SetTrace(x, nil, "") // at the last step: the root in view at once
	if in.picture.MinSize().Width <= in.scroll.Size().Width {
		t.Fatalf("the picture (%v) fits its room (%v): the test shows nothing", in.picture.MinSize(), in.scroll.Size())
	}
	for _, step := range []int{in.Steps() - 1, 0, in.Steps() / 2, in.Steps() - 2, 3} {
		if step != in.Steps()-1 {
			in.SetStep(step)
		}
		node := x.Visits[in.Event().Visit].Node
		pos := in.picture.NodePosition(node)
		off, size := in.scroll.Offset, in.scroll.Size()
		if pos.X < off.X || pos.X > off.X+size.Width || pos.Y < off.Y || pos.Y > off.Y+size.Height {
			t.Errorf("step %d: node at %v, the view %v + %v", step, pos, off, size)
		}
	}
}
