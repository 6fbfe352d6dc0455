package inspector

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"boardgames/ai"
	"boardgames/rules"
)

const inf = ai.WinScore + 1

// handTree is a small negascout-like search of depth 2 with root moves
// a, b, c and d: b1 causes a beta cut-off that prunes 2 moves, c is the
// best move until d's null-window test fails high and d is searched again.
//
//	0 root [-∞,+∞] = 5
//	├─ 1 a [-∞,+∞] = -3: 2 a1 = 3, 3 a2 [-∞,3] = 5
//	├─ 4 b [-∞,-3] = -1: 5 b1 [3,+∞] = 1, cut-off, 2 moves pruned
//	├─ 6 c [-∞,-3] = -4: 7 c1 [3,+∞] = 4, 8 c2 [3,4] = 7
//	├─ 9 d [-5,-4] = -6 (null window, fails high)
//	└─ 10 d [-∞,-6] = -5 (re-search)
func handTree() (*ai.Tree, []string, []int) {
	n := func(parent int32, move rules.Move, ply, alpha, beta, value int, leaf bool) ai.TreeNode {
		return ai.TreeNode{Parent: parent, Move: move, Ply: ply, Alpha: alpha, Beta: beta, Value: value, Leaf: leaf}
	}
	t := &ai.Tree{Nodes: []ai.TreeNode{
		n(-1, 0, 0, -inf, inf, 5, false),
		n(0, 1, 1, -inf, inf, -3, false),
		n(1, 11, 2, -inf, inf, 3, true),
		n(1, 12, 2, -inf, 3, 5, true),
		n(0, 2, 1, -inf, -3, -1, false),
		n(4, 21, 2, 3, inf, 1, true),
		n(0, 3, 1, -inf, -3, -4, false),
		n(6, 31, 2, 3, inf, 4, true),
		n(6, 32, 2, 3, 4, 7, true),
		n(0, 4, 1, -5, -4, -6, true),
		n(0, 4, 1, -inf, -6, -5, true),
	}}
	t.Nodes[5].Cut, t.Nodes[5].Pruned = true, 2
	t.Nodes[10].Research = true
	labels := []string{"", "a", "a1", "a2", "b", "b1", "c", "c1", "c2", "d", "d"}
	return t, labels, []int{0, 10}
}

func newHand(t *testing.T) *Inspector {
	t.Helper()
	test.NewTempApp(t)
	in := New()
	in.Resize(fyne.NewSize(900, 500))
	tr, labels, pv := handTree()
	in.SetTree(tr, labels, pv)
	return in
}

func TestSetTree(t *testing.T) {
	in := newHand(t)
	if in.NodeCount() != 11 || in.Step() != 10 || in.VisibleCount() != 11 {
		t.Errorf("nodes %d step %d visible %d, want 11 10 11", in.NodeCount(), in.Step(), in.VisibleCount())
	}
	if in.slider.Max != 10 || in.slider.Min != 0 || in.slider.Value != 10 {
		t.Errorf("slider %v..%v at %v, want 0..10 at 10", in.slider.Min, in.slider.Max, in.slider.Value)
	}
	if in.Selected() != 10 {
		t.Errorf("selected %d, want the current node 10", in.Selected())
	}
	for _, want := range []string{"Step 11 of 11", "re-search d at ply 1", "window [-∞, -6]", "returned -5", "principal variation"} {
		if !strings.Contains(in.Explanation(), want) {
			t.Errorf("explanation %q lacks %q", in.Explanation(), want)
		}
	}
	if !in.forward.Disabled() || in.back.Disabled() {
		t.Error("at the last step Forward should be disabled and Back enabled")
	}
	if !strings.Contains(in.summary.Text, "11 nodes") {
		t.Errorf("summary %q", in.summary.Text)
	}
	if !in.tree.IsBranchOpen("0") {
		t.Error("the root is not unfolded")
	}
}

func TestStepping(t *testing.T) {
	in := newHand(t)
	seen := map[string]bool{in.Explanation(): true}
	var changed []int
	in.OnNodeChanged = func(i int) { changed = append(changed, i) }

	test.Tap(in.back)
	if in.Step() != 9 || in.VisibleCount() != 10 {
		t.Fatalf("after Back: step %d visible %d, want 9 10", in.Step(), in.VisibleCount())
	}
	for _, want := range []string{"visit d at ply 1", "the null window [-5, -4]", "null-window test failed high", "searched again"} {
		if !strings.Contains(in.Explanation(), want) {
			t.Errorf("step 9: %q lacks %q", in.Explanation(), want)
		}
	}
	seen[in.Explanation()] = true
	if in.slider.Value != 9 {
		t.Errorf("slider at %v after Back, want 9", in.slider.Value)
	}

	in.SetStep(5)
	if in.VisibleCount() != 6 {
		t.Errorf("visible %d at step 5, want 6", in.VisibleCount())
	}
	for _, want := range []string{"visit b1 at ply 2 (root → b → b1)", "window [+3, +∞]", "returned +1", "beta cut-off", "2 moves are pruned", "-1 ≥ β -3"} {
		if !strings.Contains(in.Explanation(), want) {
			t.Errorf("step 5: %q lacks %q", in.Explanation(), want)
		}
	}
	seen[in.Explanation()] = true

	test.Tap(in.forward)
	if in.Step() != 6 || in.VisibleCount() != 7 || seen[in.Explanation()] {
		t.Errorf("after Forward: step %d visible %d, explanation %q", in.Step(), in.VisibleCount(), in.Explanation())
	}
	seen[in.Explanation()] = true

	in.slider.SetValue(3) // as a drag would
	if in.Step() != 3 || !strings.Contains(in.Explanation(), "visit a2") {
		t.Errorf("slider to 3: step %d, %q", in.Step(), in.Explanation())
	}
	if !strings.Contains(in.Explanation(), "no better than a move already found") {
		t.Errorf("a2 fails low for a: %q", in.Explanation())
	}

	in.SetStep(0)
	if in.Step() != 0 || !in.back.Disabled() || in.forward.Disabled() {
		t.Errorf("at 0: step %d, back disabled %v, forward disabled %v", in.Step(), in.back.Disabled(), in.forward.Disabled())
	}
	in.Back()
	if in.Step() != 0 {
		t.Errorf("Back at 0 went to %d", in.Step())
	}
	in.SetStep(99)
	if in.Step() != 10 {
		t.Errorf("SetStep(99) gave %d", in.Step())
	}
	if want := []int{9, 5, 6, 3, 0, 10}; !reflect.DeepEqual(changed, want) {
		t.Errorf("OnNodeChanged got %v, want %v", changed, want)
	}
}

func TestVisibleChildren(t *testing.T) {
	tr, labels, pv := handTree()
	m := newModel(tr, labels, pv)
	tests := []struct {
		id   string
		step int
		want []string
	}{
		{"", 0, []string{"0"}},
		{"0", 0, []string{}},
		{"0", 5, []string{"1", "4"}},
		{"4", 4, []string{}},
		{"4", 5, []string{"5", "p5"}},
		{"0", 10, []string{"1", "4", "6", "9", "10"}},
		{"p5", 10, nil},
		{"bogus", 10, nil},
	}
	for _, tc := range tests {
		got := m.children(tc.id, tc.step)
		if len(got) != len(tc.want) || len(got) > 0 && !reflect.DeepEqual(got, tc.want) {
			t.Errorf("children(%q, %d) = %v, want %v", tc.id, tc.step, got, tc.want)
		}
	}
	if got := m.end; !reflect.DeepEqual(got, []int{10, 3, 2, 3, 5, 5, 8, 7, 8, 9, 10}) {
		t.Errorf("subtree ends %v", got)
	}
	// Values of nodes still being searched are not shown yet.
	if r := m.rowFor("1", 2); !r.open || !strings.HasPrefix(r.info, "…") {
		t.Errorf("a at step 2: %+v", r)
	}
	if r := m.rowFor("1", 3); r.open || !strings.HasPrefix(r.info, "-3") {
		t.Errorf("a at step 3: %+v", r)
	}
	if r := m.rowFor("p5", 10); !r.pruned || !strings.Contains(r.move, "2 moves pruned") || !strings.Contains(r.note, "b1") {
		t.Errorf("pruned marker: %+v", r)
	}
	if r := m.rowFor("5", 10); !r.cut || !strings.Contains(r.note, "2 moves pruned") {
		t.Errorf("b1: %+v", r)
	}
	if r := m.rowFor("10", 10); !r.research || !r.pv || !strings.Contains(r.note, "re-search") {
		t.Errorf("d re-search: %+v", r)
	}
	if r := m.rowFor("9", 10); !strings.Contains(r.note, "null window") {
		t.Errorf("d null window: %+v", r)
	}
	d := m.detail(4, 10)
	for _, want := range []string{"root → b", "Window: [-∞, -3].", "b1", "× 2 moves pruned"} {
		if !strings.Contains(d, want) {
			t.Errorf("detail of b lacks %q:\n%s", want, d)
		}
	}
}

func TestFormatValue(t *testing.T) {
	for _, tc := range []struct {
		v    int
		want string
	}{{0, "0"}, {3, "+3"}, {-12, "-12"}, {inf, "+∞"}, {-inf, "-∞"}, {ai.WinScore - 5, "win in 5"}, {-(ai.WinScore - 2), "loss in 2"}} {
		if got := formatValue(tc.v); got != tc.want {
			t.Errorf("formatValue(%d) = %q, want %q", tc.v, got, tc.want)
		}
	}
}

// rowOf renders tree ID id at the inspector's step as the outline would.
func rowOf(in *Inspector, id string) *rowRenderer {
	o := in.tree.CreateNode(false)
	o.Resize(fyne.NewSize(400, 30))
	in.tree.UpdateNode(id, false, o)
	return test.WidgetRenderer(o.(*nodeRow)).(*rowRenderer)
}

func TestHighlights(t *testing.T) {
	in := newHand(t)
	primary := theme.Color(theme.ColorNamePrimary)
	fg := theme.Color(theme.ColorNameForeground)
	grey := theme.Color(theme.ColorNameDisabled)

	for _, id := range []string{"0", "10"} {
		r := rowOf(in, id)
		if r.move.Color != primary || !r.move.TextStyle.Bold {
			t.Errorf("PV node %s: colour %v bold %v, want primary bold", id, r.move.Color, r.move.TextStyle.Bold)
		}
	}
	for _, id := range []string{"4", "6", "9"} {
		if r := rowOf(in, id); r.move.Color != fg || r.move.TextStyle.Bold {
			t.Errorf("node %s off the PV: colour %v bold %v", id, r.move.Color, r.move.TextStyle.Bold)
		}
	}
	if r := rowOf(in, "p5"); r.move.Color != grey || !strings.Contains(r.move.Text, "pruned") {
		t.Errorf("pruned marker: %q in %v, want grey", r.move.Text, r.move.Color)
	}
	// The current node has a highlighted background; others not.
	in.SetStep(6)
	if r := rowOf(in, "6"); r.bg.FillColor == nil || !isOpaque(r.bg.FillColor) || !r.move.TextStyle.Bold {
		t.Errorf("current node: background %v", r.bg.FillColor)
	}
	if r := rowOf(in, "4"); isOpaque(r.bg.FillColor) {
		t.Errorf("node 4 highlighted at step 6: %v", r.bg.FillColor)
	}
	// The root is still being searched at step 6: its value is hidden.
	if r := rowOf(in, "0"); !strings.HasPrefix(r.info.Text, "…") {
		t.Errorf("root at step 6 shows %q", r.info.Text)
	}
}

func isOpaque(c interface{ RGBA() (r, g, b, a uint32) }) bool {
	_, _, _, a := c.RGBA()
	return a > 0
}

func TestSelectShowsDetail(t *testing.T) {
	in := newHand(t)
	in.Select(6)
	if in.Selected() != 6 || !strings.Contains(in.detail.Text, "root → c") || !strings.Contains(in.detail.Text, "c2") {
		t.Errorf("detail of c: %q", in.detail.Text)
	}
	in.tree.Select("p5") // the pruned marker shows its parent
	if in.Selected() != 4 {
		t.Errorf("selecting the pruned marker showed %d, want 4", in.Selected())
	}
	in.SetStep(2)
	in.Select(6) // not visited yet: ignored
	if in.Selected() != 2 {
		t.Errorf("selected %d at step 2", in.Selected())
	}
	in.Collapse()
	if in.Selected() != 2 || !in.tree.IsBranchOpen("1") {
		t.Error("Collapse lost the current node's path")
	}
}

func TestEmptyAndTinyTrees(t *testing.T) {
	test.NewTempApp(t)
	in := New()
	in.Resize(fyne.NewSize(400, 300))
	for _, tr := range []*ai.Tree{nil, {}, {Nodes: []ai.TreeNode{{Parent: -1, Alpha: -inf, Beta: inf, Value: 7, Leaf: true}}}} {
		in.SetTree(tr, nil, []int{0, 5, -1}) // a PV beyond the tree is ignored
		in.Forward()
		in.Back()
		in.SetStep(3)
		_ = in.Explanation()
		if n := 0; tr != nil {
			n = len(tr.Nodes)
			if in.VisibleCount() != n || in.slider.Max != float64(max(n-1, 0)) {
				t.Errorf("%d nodes: visible %d, slider max %v", n, in.VisibleCount(), in.slider.Max)
			}
		}
	}
	if !strings.Contains(in.Explanation(), "starts at the root") {
		t.Errorf("one-node tree: %q", in.Explanation())
	}
	// Labels may be short or missing.
	tr, _, _ := handTree()
	in.SetTree(tr, []string{"", "a"}, nil)
	if !strings.Contains(in.Explanation(), "node 10") {
		t.Errorf("unlabelled node: %q", in.Explanation())
	}
}

// bigTree returns a random depth-first tree of n nodes, as a search would
// record it: preorder, with cut-offs and re-searches.
func bigTree(n int, seed uint64) (*ai.Tree, []string, []int) {
	rng := rand.New(rand.NewPCG(seed, 1))
	t := &ai.Tree{}
	labels := make([]string, 0, n)
	var grow func(parent int32, ply int)
	grow = func(parent int32, ply int) {
		if len(t.Nodes) >= n {
			return
		}
		i := int32(len(t.Nodes))
		a := rng.IntN(200) - 100
		t.Nodes = append(t.Nodes, ai.TreeNode{Parent: parent, Move: rules.Move(rng.IntN(64)), Ply: ply,
			Alpha: a, Beta: a + 1 + rng.IntN(50), Value: rng.IntN(200) - 100, Research: rng.IntN(20) == 0})
		labels = append(labels, string(rune('a'+rng.IntN(8)))+string(rune('1'+rng.IntN(8))))
		if ply == 6 {
			t.Nodes[i].Leaf = true
			return
		}
		kids := 2 + rng.IntN(8)
		for k := 0; k < kids && len(t.Nodes) < n; k++ {
			grow(i, ply+1)
		}
		if last := len(t.Nodes) - 1; int32(last) != i && rng.IntN(3) == 0 {
			t.Nodes[last].Cut, t.Nodes[last].Pruned = true, rng.IntN(5)
		}
	}
	for len(t.Nodes) < n {
		grow(-1, 0)
	}
	pv := []int{0}
	for i, nd := range t.Nodes {
		if int(nd.Parent) == pv[len(pv)-1] {
			pv = append(pv, i)
		}
	}
	return t, labels, pv
}

func TestBigTree(t *testing.T) {
	test.NewTempApp(t)
	tr, labels, pv := bigTree(5000, 7)
	start := time.Now()
	in := New()
	w := test.NewWindow(in)
	defer w.Close()
	w.Resize(fyne.NewSize(1000, 700))
	in.SetTree(tr, labels, pv)
	if in.slider.Max != 4999 || in.VisibleCount() != 5000 {
		t.Fatalf("slider max %v, visible %d", in.slider.Max, in.VisibleCount())
	}
	for _, s := range []int{0, 1, 2500, 4998, 4999} {
		in.SetStep(s)
	}
	for range 10 {
		in.Back()
	}
	in.tree.OpenAllBranches()
	in.SetStep(4000)
	in.tree.ScrollToBottom()
	in.Collapse()
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("5000 nodes took %v", d)
	} else {
		t.Logf("5000 nodes: built, stepped and unfolded in %v", d)
	}
}

func TestRowDrawsTexts(t *testing.T) {
	in := newHand(t)
	r := rowOf(in, "5")
	var texts []string
	for _, o := range r.Objects() {
		if tx, ok := o.(*canvas.Text); ok && tx.Text != "" {
			texts = append(texts, tx.Text)
		}
	}
	if got := strings.Join(texts, " | "); got != "b1 | +1  [+3, +∞] | β cut-off: 2 moves pruned" {
		t.Errorf("row of b1: %q", got)
	}
	if r.note.Position().X <= r.info.Position().X || r.info.Position().X <= r.move.Position().X {
		t.Error("row texts overlap")
	}
}

// TestDetailWraps: the detail pane wraps its lines to its width, at a
// projector's text size too, instead of running off its right side.
func TestDetailWraps(t *testing.T) {
	in := newHand(t)
	fyne.CurrentApp().Settings().SetTheme(bigTheme{theme.DefaultTheme()})
	in.Resize(fyne.NewSize(700, 500))
	in.Select(5)
	in.Refresh()
	pane := in.detail.Size().Width
	if pane <= 0 || pane > 700 {
		t.Fatalf("detail %v wide", pane)
	}
	one := fyne.MeasureText("Path", theme.TextSize(), fyne.TextStyle{}).Height
	var widest float32
	for _, line := range strings.Split(in.detail.Text, "\n") {
		widest = max(widest, fyne.MeasureText(line, theme.TextSize(), fyne.TextStyle{}).Width)
	}
	if widest <= pane {
		t.Fatalf("no line is wider than the pane (%v, %v): the test shows nothing", widest, pane)
	}
	lines := len(strings.Split(in.detail.Text, "\n"))
	if h := in.detail.MinSize().Height; h < float32(lines+1)*one {
		t.Errorf("the detail's %d lines take %v pixels: they do not wrap", lines, h)
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
