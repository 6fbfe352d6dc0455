package inspector

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"boardgames/ai/textbook"
	"boardgames/ai/textbook/treeplot"
	"boardgames/app/board"
)

const rn = "[[3,12,8],[2,4,6],[14,5,2]]"

func rnTrace(t *testing.T, algo string) *textbook.Trace {
	t.Helper()
	tr, err := textbook.Search(textbook.MustParse(rn), algo)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func newRN(t *testing.T, algo string) *Inspector {
	t.Helper()
	test.NewTempApp(t)
	in := New()
	in.Resize(fyne.NewSize(1000, 640))
	in.SetTrace(rnTrace(t, algo), nil, "")
	return in
}

// rowText is the outline's line of visit v at the current step.
func rowText(in *Inspector, v int) string {
	r := in.m.rowFor(itoa(v), in.step)
	return r.move + " | " + r.info + " | " + r.note
}

func itoa(v int) string { return strconv.Itoa(v) }

// pictureMarks counts the exercise's marks with the tag drawn on the
// inspector's picture (each mark is two strokes).
func pictureMarks(in *Inspector, tag string) int {
	n := 0
	for _, s := range in.Picture().Shapes {
		if s.Tag == tag {
			n++
		}
	}
	return n / 2
}

// pictureTexts returns the texts drawn on the inspector's picture.
func pictureTexts(in *Inspector) string {
	var out []string
	for _, s := range in.Picture().Shapes {
		if s.Kind == treeplot.Text {
			out = append(out, s.Text)
		}
	}
	return "|" + strings.Join(out, "|") + "|"
}

// TestEnterAndReturn: every visit is two steps, entered then returned,
// and at each step the explanation, the outline and the picture agree on
// whether the node is still being searched or has its value.
func TestEnterAndReturn(t *testing.T) {
	in := newRN(t, textbook.AlphaBeta)
	tr := in.Trace()
	if in.Steps() != 2*len(tr.Visits) || in.Step() != in.Steps()-1 {
		t.Fatalf("%d steps for %d visits, at step %d", in.Steps(), len(tr.Visits), in.Step())
	}
	C := tr.Tree.Index("C")
	for s := range in.Steps() {
		in.SetStep(s)
		e := in.Event()
		name := in.m.name(e.Visit)
		row := rowText(in, e.Visit)
		switch e.Kind {
		case textbook.Enter:
			if !strings.Contains(in.Explanation(), "enter") && !strings.Contains(in.Explanation(), "starts at the root") {
				t.Errorf("step %d enters %s: %q", s, name, in.Explanation())
			}
			if !strings.Contains(row, "| …") {
				t.Errorf("step %d enters %s but the outline says %q", s, name, row)
			}
		case textbook.Return:
			val := in.m.fmtValue(e.Visit)
			if !strings.Contains(in.Explanation(), name+" returns "+val) {
				t.Errorf("step %d returns %s: %q", s, name, in.Explanation())
			}
			if !strings.HasPrefix(strings.SplitN(row, " | ", 2)[1], val) {
				t.Errorf("step %d returns %s = %s but the outline says %q", s, name, val, row)
			}
		}
		if in.Selected() != e.Visit {
			t.Errorf("step %d: selected %d, want the step's visit %d", s, in.Selected(), e.Visit)
		}
		// The picture: C's value is drawn only once C has returned.
		cv := tr.LastVisits()[C]
		shown := strings.Contains(pictureTexts(in), "|2|C|") || strings.Count(pictureTexts(in), "|2|") > 1
		if in.m.done(cv, s) != shown && e.Kind == textbook.Return && e.Visit == cv {
			t.Errorf("step %d: C done %v, the picture shows its value %v", s, in.m.done(cv, s), shown)
		}
	}
	// The cut-off: the step where C's leaf 2 returns explains it and the
	// picture crosses out 4 and 6.
	for s := range in.Steps() {
		in.SetStep(s)
		if e := in.Event(); e.Kind == textbook.Return && tr.Visits[e.Visit].Cut {
			for _, want := range []string{"For C, 2 ≤ α 3: a cut-off.", "× pruned: 4, 6"} {
				if !strings.Contains(in.Explanation(), want) {
					t.Errorf("cut-off step %q lacks %q", in.Explanation(), want)
				}
			}
			return
		}
	}
	t.Error("no cut-off step")
}

// TestClickerKeys: a tap on the tree focuses the inspector, and then a
// clicker's keys step it through the canvas: Right, PageDown and Space
// forward, Left and PageUp back, Home and End.
func TestClickerKeys(t *testing.T) {
	in := newRN(t, textbook.AlphaBeta)
	w := test.NewWindow(in)
	defer w.Close()
	w.Resize(fyne.NewSize(1000, 640))
	// A new tree takes the keyboard at once: the clicker needs no click.
	in.SetTrace(rnTrace(t, textbook.AlphaBeta), nil, "")
	if w.Canvas().Focused() != in {
		t.Fatalf("focused %T after a new tree, want the inspector", w.Canvas().Focused())
	}
	w.Canvas().Unfocus()
	in.First()
	test.Tap(in.PictureView())
	focused := w.Canvas().Focused()
	if focused != in {
		t.Fatalf("focused %T after a tap on the tree, want the inspector", focused)
	}
	w.Canvas().Unfocus()
	test.Tap(in)
	if w.Canvas().Focused() != in {
		t.Fatal("a tap on the inspector does not focus it")
	}
	key := func(k fyne.KeyName) { w.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: k}) }
	steps := []struct {
		do   func()
		want int
	}{
		{func() { key(fyne.KeyRight) }, 1},
		{func() { key(fyne.KeyPageDown) }, 2},
		{func() { w.Canvas().Focused().TypedRune(' ') }, 3},
		{func() { key(fyne.KeySpace) }, 3}, // the rune stepped already
		{func() { key(fyne.KeyLeft) }, 2},
		{func() { key(fyne.KeyPageUp) }, 1},
		{func() { key(fyne.KeyEnd) }, in.Steps() - 1},
		{func() { key(fyne.KeyPageDown) }, in.Steps() - 1},
		{func() { key(fyne.KeyHome) }, 0},
		{func() { key(fyne.KeyPageUp) }, 0},
	}
	for i, s := range steps {
		s.do()
		if in.Step() != s.want {
			t.Errorf("key %d: step %d, want %d", i, in.Step(), s.want)
		}
	}
}

// TestMinMaxAndNegamax: the MIN/MAX view shows MAX's values at every
// node; the negamax view negates them at MIN nodes, windows turned round.
func TestMinMaxAndNegamax(t *testing.T) {
	in := newRN(t, textbook.AlphaBeta)
	tr := in.Trace()
	c := tr.LastVisits()[tr.Tree.Index("C")]
	if got := rowText(in, c); !strings.Contains(got, "C  MIN | 2  [3, +∞]") {
		t.Errorf("MIN/MAX view of C: %q", got)
	}
	if !strings.Contains(in.Summary(), "for MAX") {
		t.Errorf("summary %q", in.Summary())
	}
	in.SetNegamax(true)
	if got := rowText(in, c); !strings.Contains(got, "C  MIN | −2  [−∞, −3]") {
		t.Errorf("negamax view of C: %q", got)
	}
	if !strings.Contains(in.Summary(), "negamax") || !strings.Contains(pictureTexts(in), "|−2|") {
		t.Errorf("negamax: summary %q, picture %s", in.Summary(), pictureTexts(in))
	}
	in.SetStep(in.m.returnAt[c])
	if !strings.Contains(in.Explanation(), "the largest of its children's values, negated") {
		t.Errorf("negamax explanation %q", in.Explanation())
	}
	// A tree with chance nodes has only the MIN/MAX view.
	ex, _ := textbook.Search(textbook.MustParse("[{1,2},{3,4}]"), textbook.Expectimax)
	in.SetTrace(ex, nil, "")
	in.SetNegamax(true)
	if in.Negamax() {
		t.Error("the negamax view of an expectimax tree")
	}
}

// TestPredictFirst: with predicting first, each inner node's return is
// preceded by a step that shows "?" in the outline and the picture and
// asks the class; the next step reveals the value.
func TestPredictFirst(t *testing.T) {
	in := newRN(t, textbook.Minimax)
	plain := in.Steps()
	in.SetPredict(true)
	if in.Steps() != plain+4 { // A, B, C, D
		t.Fatalf("%d steps with predicting, %d without: want 4 more", in.Steps(), plain)
	}
	if in.Step() != in.Steps()-1 {
		t.Errorf("the replay moved: step %d of %d", in.Step(), in.Steps())
	}
	asked := 0
	for s := range in.Steps() {
		in.SetStep(s)
		e := in.Event()
		if e.Kind != textbook.Ask {
			continue
		}
		asked++
		if !strings.Contains(rowText(in, e.Visit), "| ?") || !strings.Contains(pictureTexts(in), "|?|") {
			t.Errorf("ask step %d: row %q, picture %s", s, rowText(in, e.Visit), pictureTexts(in))
		}
		if !strings.Contains(in.Explanation(), "Predict") {
			t.Errorf("ask step %d: %q", s, in.Explanation())
		}
		in.Forward()
		if in.Event().Kind != textbook.Return || strings.Contains(rowText(in, e.Visit), "| ?") {
			t.Errorf("the step after asking does not reveal: %q", rowText(in, e.Visit))
		}
	}
	if asked != 4 {
		t.Errorf("%d ask steps, want 4", asked)
	}
	in.SetPredict(false)
	if in.Steps() != plain {
		t.Errorf("%d steps after turning it off", in.Steps())
	}
}

// TestExerciseChecks: in exercise mode the picture shows the leaves only;
// the student's answers are checked node by node, right and wrong shown.
func TestExerciseChecks(t *testing.T) {
	in := newRN(t, textbook.AlphaBeta)
	w := test.NewWindow(in)
	defer w.Close()
	w.Resize(fyne.NewSize(1000, 640))
	tree := in.Trace().Tree
	in.SetExercise(true)
	sheet := pictureTexts(in)
	if strings.Contains(sheet, "[") || strings.Count(sheet, "|3|") != 1 {
		t.Errorf("the sheet shows more than the leaves: %s", sheet)
	}
	C := tree.Index("C")
	four, six := tree.Nodes[C].Children[1], tree.Nodes[C].Children[2]
	// Taps on the picture choose the node the bar answers for.
	test.TapAt(in.PictureView(), in.PictureView().NodePosition(four))
	if in.exNode != four || !strings.Contains(in.exLabel.Text, "4") {
		t.Fatalf("tap on the leaf 4 chose node %d (%q)", in.exNode, in.exLabel.Text)
	}
	test.Tap(in.exPruned)
	in.SetAnswer(0, false, "3")
	in.SetAnswer(tree.Index("B"), false, "3")
	in.SetAnswer(C, false, "4") // wrong: C returns 2
	in.SetAnswer(tree.Index("D"), false, "2")
	c := in.CheckAnswers()
	// Wrong: C's value and 6 (not marked pruned).
	if c.Total-c.Right != 2 {
		t.Errorf("%d of %d right, want 2 wrong", c.Right, c.Total)
	}
	if !strings.Contains(in.exResult.Text, "11 of 13 right") {
		t.Errorf("result %q", in.exResult.Text)
	}
	pic := pictureTexts(in)
	if n := pictureMarks(in, treeplot.TagWrong); n != 2 || !strings.Contains(pic, "|= 2|") || !strings.Contains(pic, "|4|") {
		t.Errorf("the picture's verdicts: %d crosses, %s", n, pic)
	}
	if pictureMarks(in, treeplot.TagRight) != 11 || pictureMarks(in, treeplot.TagPruned) == 0 {
		t.Errorf("%d ticks, %d pruned marks; want 11 ticks and the student's pruned mark", pictureMarks(in, treeplot.TagRight), pictureMarks(in, treeplot.TagPruned))
	}
	if strings.ContainsAny(pic, "✓✗") {
		t.Errorf("marks drawn as glyphs the font may lack: %s", pic)
	}
	in.SetAnswer(C, false, "2")
	in.SetAnswer(six, true, "")
	if c := in.CheckAnswers(); c.Right != c.Total || !strings.Contains(in.exResult.Text, "All right") {
		t.Errorf("after correcting: %d of %d, %q", c.Right, c.Total, in.exResult.Text)
	}
	in.SetExercise(false)
	if pictureMarks(in, treeplot.TagRight)+pictureMarks(in, treeplot.TagWrong) != 0 {
		t.Error("the marks stay after the exercise")
	}
}

func TestParseValue(t *testing.T) {
	for s, want := range map[string]float64{"3": 3, " -2 ": -2, "−2": -2, "7.5": 7.5, "7,5": 7.5, "+∞": math.Inf(1)} {
		if v, ok := parseValue(s); !ok || v != want {
			t.Errorf("%q: %v %v", s, v, ok)
		}
	}
	if _, ok := parseValue("three"); ok {
		t.Error("took three")
	}
}

func TestEmptyTree(t *testing.T) {
	test.NewTempApp(t)
	in := New()
	in.SetTrace(nil, nil, "")
	if in.Steps() != 0 || in.Step() != -1 || !in.forward.Disabled() || in.Trace() != nil {
		t.Errorf("empty: %d steps, step %d", in.Steps(), in.Step())
	}
	in.Forward()
	in.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEnd})
	in.SetExercise(true)
	if in.Exercise() {
		t.Error("exercise mode without a tree")
	}
}

func TestRowDrawsTexts(t *testing.T) {
	in := newRN(t, textbook.AlphaBeta)
	w := test.NewWindow(in)
	defer w.Close()
	in.tabs.SelectIndex(1)
	w.Resize(fyne.NewSize(1000, 640))
	r := newNodeRow()
	r.set(in.m.rowFor("6", in.step)) // C's leaf 2, the cut-off
	rr := test.WidgetRenderer(r).(*rowRenderer)
	var texts []string
	for _, o := range rr.Objects() {
		if tx, ok := o.(*canvas.Text); ok && tx.Text != "" {
			texts = append(texts, tx.Text)
		}
	}
	if got := strings.Join(texts, " | "); got != "2  leaf | 2  [3, +∞] | cut-off" {
		t.Errorf("row of C's 2: %q", got)
	}
}

// TestDetailWraps: the detail pane wraps its lines to its width, at a
// projector's text size too.
func TestDetailWraps(t *testing.T) {
	in := newRN(t, textbook.AlphaBeta)
	fyne.CurrentApp().Settings().SetTheme(bigTheme{theme.DefaultTheme()})
	in.tabs.SelectIndex(1)
	in.Resize(fyne.NewSize(500, 500))
	in.Select(0)
	in.Refresh()
	pane := in.detail.Size().Width
	if pane <= 0 || pane > 500 {
		t.Fatalf("detail %v wide", pane)
	}
	if in.detail.MinSize().Width > pane {
		t.Errorf("the detail needs %v, its pane is %v", in.detail.MinSize().Width, pane)
	}
}

// bigTheme has text 1.75 times the default size.
type bigTheme struct{ fyne.Theme }

func (b bigTheme) Size(n fyne.ThemeSizeName) float32 {
	if n == theme.SizeNameText || n == theme.SizeNameCaptionText {
		return b.Theme.Size(n) * 1.75
	}
	return b.Theme.Size(n)
}

// TestPathOverlay: the path's numbers sit on their cells, the banner fits
// the board's width, and a tap dismisses the path.
func TestPathOverlay(t *testing.T) {
	test.NewTempApp(t)
	b := board.New()
	b.SetView(board.View{Game: "othello", Rows: []string{"--------", "--------", "--------", "---OX---", "---XO---", "--------", "--------", "--------"}})
	o := NewPathOverlay(b)
	w := test.NewWindow(container.NewStack(b, o))
	defer w.Close()
	w.Resize(fyne.NewSize(300, 300))
	if o.Visible() {
		t.Fatal("an empty overlay is shown (it would take the board's taps)")
	}
	long := strings.Repeat("Inspector: after d3 c3 b3 and many more moves ", 4)
	o.SetPath([]PathMark{{Cell: 19, Number: 1, First: true}, {Cell: 18, Number: 2}}, long)
	r := test.WidgetRenderer(o).(*pathRenderer)
	if !r.text.Visible() || r.text.Position().X+r.text.MinSize().Width > o.Size().Width {
		t.Errorf("the banner runs past the board: %v + %v > %v", r.text.Position().X, r.text.MinSize().Width, o.Size().Width)
	}
	c := b.CellCenter(19)
	d := r.discs[0]
	if cx := d.Position().X + d.Size().Width/2; cx < c.X-1 || cx > c.X+1 || r.numbers[1].Text != "2" {
		t.Errorf("disc 1 centred at %v, cell at %v; second number %q", cx, c.X, r.numbers[1].Text)
	}
	dismissed := false
	o.OnDismiss = func() { dismissed = true; o.Clear() }
	test.Tap(o)
	if !dismissed || o.Visible() || o.Active() {
		t.Error("a tap did not dismiss the path")
	}
}
