package treeplot

import (
	"bytes"
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"boardgames/ai/lab"
	"boardgames/ai/textbook"
	"boardgames/rules/games"
)

// stepOf returns the step at which visit of node (by its index) has the
// event kind.
func stepOf(t *testing.T, tr *textbook.Trace, ev []textbook.Event, node int, kind textbook.EventKind) int {
	t.Helper()
	for k, e := range ev {
		if tr.Visits[e.Visit].Node == node && e.Kind == kind {
			return k
		}
	}
	t.Fatalf("no step for node %d", node)
	return -1
}

// textAt returns the texts drawn at the right of node i (its window).
func windowText(p *Picture, i int) string {
	n := p.Nodes[i]
	for _, s := range p.Shapes {
		if s.Kind == Text && math.Abs(s.Y-(n.Y+5)) < 0.01 && math.Abs(s.X-(n.X+radius+8)) < 0.01 {
			return s.Text
		}
	}
	return ""
}

// TestLiveWindows: α and β on the nodes being searched change as their
// children return: B's β becomes 3 when the leaf 3 returns, the root's α
// becomes 3 when B returns; a returned node shows its window on entry.
func TestLiveWindows(t *testing.T) {
	tr := rnTrace(t, textbook.AlphaBeta)
	ev := tr.Events(false)
	T := tr.Tree
	B, C := T.Index("B"), T.Index("C")
	leaf3 := T.Nodes[B].Children[0]
	at := func(step int) *Picture {
		return Draw(tr, Options{Events: ev, Step: step, Values: true, Windows: true, Selected: -1})
	}
	p := at(stepOf(t, tr, ev, B, textbook.Enter))
	if got := windowText(p, 0); got != "α=−∞ β=+∞" {
		t.Errorf("root at B's entry: %q", got)
	}
	if got := windowText(p, B); got != "α=−∞ β=+∞" {
		t.Errorf("B at its entry: %q", got)
	}
	p = at(stepOf(t, tr, ev, leaf3, textbook.Return))
	if got := windowText(p, B); got != "α=−∞ β=3" {
		t.Errorf("B after the leaf 3: %q", got)
	}
	// The change is drawn in red at the step that makes it, in ink after.
	for _, s := range p.Shapes {
		if s.Text == "α=−∞ β=3" && s.Fill != cutInk {
			t.Error("B's new β is not marked as changed")
		}
	}
	p = at(stepOf(t, tr, ev, leaf3, textbook.Return) + 1)
	for _, s := range p.Shapes {
		if s.Text == "α=−∞ β=3" && s.Fill != ink {
			t.Error("B's β is still marked as changed a step later")
		}
	}
	p = at(stepOf(t, tr, ev, B, textbook.Return))
	if got := windowText(p, 0); got != "α=3 β=+∞" {
		t.Errorf("root after B returns: %q", got)
	}
	if got := windowText(p, B); got != "[−∞, +∞]" {
		t.Errorf("B returned: %q, want its window on entry", got)
	}
	if got := windowText(at(stepOf(t, tr, ev, C, textbook.Enter)), C); got != "α=3 β=+∞" {
		t.Errorf("C at its entry: %q", got)
	}
	// Minimax keeps no window: none drawn.
	mm := rnTrace(t, textbook.Minimax)
	for _, s := range texts(Draw(mm, Options{Events: mm.Events(false), Step: 3, Values: true, Windows: true, Selected: -1})) {
		if strings.Contains(s, "α") {
			t.Errorf("minimax draws %q", s)
		}
	}
}

// TestCutTextOnPrunedEdge: the cut-off at C is stated on the edge to the
// first leaf it pruned (4), once the leaf 2 has returned, not before; a
// MAX node's cut-off is a β-cutoff.
func TestCutTextOnPrunedEdge(t *testing.T) {
	tr := rnTrace(t, textbook.AlphaBeta)
	ev := tr.Events(false)
	T := tr.Tree
	C := T.Index("C")
	two, four := T.Nodes[C].Children[0], T.Nodes[C].Children[1]
	const want = "α-cutoff: 2 ≤ α = 3"
	find := func(p *Picture) *Shape {
		for k, s := range p.Shapes {
			if s.Kind == Text && s.Text == want {
				return &p.Shapes[k]
			}
		}
		return nil
	}
	opt := Options{Events: ev, Values: true, Windows: true, Selected: -1}
	opt.Step = stepOf(t, tr, ev, two, textbook.Enter)
	if find(Draw(tr, opt)) != nil {
		t.Error("the cut-off is stated before it happens")
	}
	opt.Step = stepOf(t, tr, ev, two, textbook.Return)
	p := Draw(tr, opt)
	s := find(p)
	if s == nil {
		t.Fatalf("no %q after the leaf 2 returns: %v", want, texts(p))
	}
	c, l := p.Nodes[C], p.Nodes[four]
	if s.Y < c.Y || s.Y > l.Y || s.X < min(c.X, l.X)-1 || s.X > max(c.X, l.X)+20 {
		t.Errorf("the text at (%v, %v) is not on the edge from C (%v, %v) to 4 (%v, %v)", s.X, s.Y, c.X, c.Y, l.X, l.Y)
	}
	// A MAX node's cut-off: [[5, [9, 1]]] with the MIN root: the MAX
	// node's 9 ≥ β 5 prunes 1.
	mx, err := textbook.Search(textbook.MustParse("min[5, max[9, 1]]"), textbook.AlphaBeta)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(texts(Draw(mx, Options{Step: -1, Values: true, Selected: -1})), "|"); !strings.Contains(got, "β-cutoff: 9 ≥ β = 5") {
		t.Errorf("MAX's cut-off: %s", got)
	}
	// The negamax view: MIN's cut-off is the side to move's β-cutoff.
	if got := strings.Join(texts(Draw(tr, Options{Step: -1, Values: true, Negamax: true, Selected: -1})), "|"); !strings.Contains(got, "β-cutoff: −2 ≥ β = −3") {
		t.Errorf("negamax view: %s", got)
	}
}

// TestPrunedLeavesLegible: the pruned leaves 4 and 6 are grey but dark
// enough to read (not the faint grey of the edges).
func TestPrunedLeavesLegible(t *testing.T) {
	tr := rnTrace(t, textbook.AlphaBeta)
	p := Draw(tr, Options{Step: -1, Values: true, Selected: -1})
	for _, v := range []string{"4", "6"} {
		for _, s := range p.Shapes {
			if s.Kind == Text && s.Text == v && s.Fill != greyInk {
				t.Errorf("pruned leaf %s in %v", v, s.Fill)
			}
		}
	}
	if contrast(greyInk, paper) < 4.5 {
		t.Errorf("a pruned leaf's contrast is %.1f:1, under 4.5:1", contrast(greyInk, paper))
	}
}

// contrast is WCAG's contrast ratio of two colours.
func contrast(a, b interface{ RGBA() (r, g, b, a uint32) }) float64 {
	lum := func(c interface{ RGBA() (r, g, b, a uint32) }) float64 {
		r, g, b, _ := c.RGBA()
		f := func(v uint32) float64 {
			x := float64(v) / 0xffff
			if x <= 0.03928 {
				return x / 12.92
			}
			return math.Pow((x+0.055)/1.055, 2.4)
		}
		return 0.2126*f(r) + 0.7152*f(g) + 0.0722*f(b)
	}
	la, lb := lum(a), lum(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// TestCollapseKeepsLabels: a 3×3×3 tree in the Lecture view's room at
// 1280×800 and 200 % (a 1280×650 room, 28-unit text, large type 1.5)
// draws its labels smaller than the text whole; Fit collapses it to the
// current path and its siblings, whose labels are at least the text
// size, and the current node is among those drawn. A 4×4×4 tree's labels
// are three times as large collapsed.
func TestCollapseKeepsLabels(t *testing.T) {
	for _, c := range []struct{ b, d int }{{3, 3}, {4, 4}} {
		tree, err := textbook.Generate(textbook.GenOptions{Branching: c.b, Depth: c.d, Lo: 0, Hi: 9, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		tr, err := textbook.Search(tree, textbook.AlphaBeta)
		if err != nil {
			t.Fatal(err)
		}
		ev := tr.Events(false)
		const w, h, text = 1280, 650, 28
		for _, step := range []int{0, len(ev) / 3, len(ev) / 2, len(ev) - 1} {
			o := Options{Events: ev, Step: step, Values: true, Windows: true, Selected: -1, TextScale: 1.5}
			full := Draw(tr, o)
			whole := full.MinText() * full.Scale(w, h)
			if whole >= text {
				t.Fatalf("the whole tree's labels are large enough already: the test shows nothing")
			}
			p, s := Fit(tr, o, w, h, text)
			got := p.MinText() * s
			if c.d == 3 && got < text {
				t.Errorf("%d×%d step %d: the smallest label is %.1f units, under %d", c.b, c.d, step, got, text)
			}
			if c.d == 4 && got < 3*whole {
				t.Errorf("%d×%d step %d: the smallest label is %.1f units collapsed, %.1f whole", c.b, c.d, step, got, whole)
			}
			drawn := 0
			for _, n := range p.Nodes {
				if n.R > 0 {
					drawn++
				}
			}
			if drawn >= len(tree.Nodes) || drawn < 1+c.b {
				t.Errorf("step %d: %d nodes drawn of %d", step, drawn, len(tree.Nodes))
			}
			cur := tr.Visits[ev[step].Visit].Node
			if p.Nodes[cur].R == 0 {
				t.Errorf("step %d: the current node %d is not drawn", step, cur)
			}
			// No window runs into the next node of its level.
			for _, sh := range p.Shapes {
				if sh.Kind != Text || !strings.HasPrefix(sh.Text, "α=") {
					continue
				}
				end := sh.X + textWidth(sh.Text, sh.Size, sh.Bold)
				for _, n := range p.Nodes {
					if n.R > 0 && math.Abs(n.Y+5-sh.Y) < 1 && n.X-radius*1.25 < end && n.X > sh.X {
						t.Errorf("%d×%d step %d: %q (x %.0f..%.0f) runs into node %d at x %.0f", c.b, c.d, step, sh.Text, sh.X, end, n.Node, n.X)
					}
				}
			}
			if !slices.ContainsFunc(texts(p), func(s string) bool { return strings.HasPrefix(s, "+") }) {
				t.Errorf("step %d: no closed node says what it hides", step)
			}
		}
	}
	// A small tree is drawn whole.
	rn := rnTrace(t, textbook.AlphaBeta)
	if p, _ := Fit(rn, Options{Step: -1, Values: true, Selected: -1}, 1280, 650, 20); len(texts(p)) == 0 || slices.ContainsFunc(p.Nodes, func(n Place) bool { return n.R == 0 }) {
		t.Error("the textbook tree was collapsed")
	}
}

// The Lecture view's rooms for the tree at 200 % (28-unit body text), as
// the app lays them out: the tree alone and beside the board, on 1280×800
// and on 1024×768.
var lectureRooms = []struct {
	name string
	w, h float64
}{
	{"1280×800 tree", 1264, 517},
	{"1280×800 board and tree", 687, 549},
	{"1024×768 tree", 1008, 485},
	{"1024×768 board and tree", 664, 517},
}

// TestFitGrowsNodes: in every room of the Lecture view at 200 %, a
// generated 3×3×3 tree and a depth-3 game tree (checkers, alpha-beta)
// are fitted with no text under the body text's 28 units, the values in
// the nodes included, at every step: the nodes grow with the text; the
// current node is drawn, and no value is wider than its node.
func TestFitGrowsNodes(t *testing.T) {
	gen, err := textbook.Generate(textbook.GenOptions{Branching: 3, Depth: 3, Lo: 0, Hi: 9, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	genTr, err := textbook.Search(gen, textbook.AlphaBeta)
	if err != nil {
		t.Fatal(err)
	}
	gameTr := checkersTree(t, "11-15 23-19")
	const text = 28
	for _, c := range []struct {
		name string
		tr   *textbook.Trace
	}{{"3×3×3", genTr}, {"checkers depth 3", gameTr}} {
		ev := c.tr.Events(false)
		checked := 0
		for _, room := range lectureRooms {
			for _, step := range []int{0, len(ev) / 3, len(ev) / 2, len(ev) - 1} {
				o := Options{Events: ev, Step: step, Values: true, Windows: true, Selected: -1, TextScale: 1.5}
				p, s := Fit(c.tr, o, room.w, room.h, text)
				if p.W*s > room.w+0.5 || p.H*s > room.h+0.5 {
					t.Errorf("%s, %s, step %d: %.0f×%.0f units in the room", c.name, room.name, step, p.W*s, p.H*s)
				}
				if got := p.MinText() * s; got < text {
					t.Errorf("%s, %s, step %d: the smallest text is %.1f units, under %d", c.name, room.name, step, got, text)
				}
				cur := c.tr.Visits[ev[step].Visit].Node
				if p.Nodes[cur].R == 0 {
					t.Errorf("%s, %s, step %d: the current node is not drawn", c.name, room.name, step)
				}
				// The values inside the leaves' squares fit them.
				for _, n := range p.Nodes {
					if n.R == 0 || c.tr.Tree.Nodes[n.Node].Kind != textbook.Leaf {
						continue
					}
					var sq *Shape
					for k, sh := range p.Shapes {
						if sh.Kind == Poly && len(sh.Pts) == 4 && sh.Fill != paper &&
							math.Abs((sh.Pts[0].X+sh.Pts[1].X)/2-n.X) < 0.01 && math.Abs((sh.Pts[0].Y+sh.Pts[2].Y)/2-n.Y) < 0.01 {
							sq = &p.Shapes[k]
						}
					}
					if sq == nil {
						continue
					}
					for _, sh := range p.Shapes {
						if sh.Kind == Text && sh.Anchor == Middle && sh.X == n.X && sh.Y > sq.Pts[0].Y && sh.Y < sq.Pts[2].Y {
							checked++
							side, high := sq.Pts[1].X-sq.Pts[0].X, sq.Pts[2].Y-sq.Pts[0].Y
							if w := textWidth(sh.Text, sh.Size, sh.Bold); w > side || sh.Size > high {
								t.Errorf("%s, %s, step %d: the value %q (%.0f wide, size %.0f) in a %.0f×%.0f square", c.name, room.name, step, sh.Text, w, sh.Size, side, high)
							}
						}
					}
				}
			}
		}
		if checked < len(lectureRooms) {
			t.Errorf("%s: %d leaves' values checked", c.name, checked)
		}
	}
}

// TestLabelsOverEdges: every name and window is drawn on a patch of
// paper after the last edge, so that no edge crosses it.
func TestLabelsOverEdges(t *testing.T) {
	tr := rnTrace(t, textbook.AlphaBeta)
	p := Draw(tr, Options{Step: -1, Values: true, Windows: true, Selected: -1})
	lastEdge := -1
	for k, s := range p.Shapes {
		if s.Kind == Line && s.Tag == "" && s.Stroke != cutInk {
			lastEdge = k
		}
	}
	windows := 0
	for k, s := range p.Shapes {
		if s.Kind != Text || !strings.HasPrefix(s.Text, "[") && s.Text != "B" && s.Text != "C" {
			continue
		}
		windows++
		if k < lastEdge || p.Shapes[k-1].Kind != Poly || p.Shapes[k-1].Fill != paper {
			t.Errorf("%q at shape %d is not on paper over the edges (last edge %d)", s.Text, k, lastEdge)
		}
	}
	if windows < 6 {
		t.Errorf("%d windows and names found", windows)
	}
}

// TestCutTextsApart: two cut-offs side by side (F's and G's in the
// generated tree of seed 1) are stated on two lines, not one over the
// other.
func TestCutTextsApart(t *testing.T) {
	tree, err := textbook.Generate(textbook.GenOptions{Branching: 3, Depth: 3, Lo: 0, Hi: 9, Seed: 1, Cutoffs: 2})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := textbook.Search(tree, textbook.AlphaBeta)
	if err != nil {
		t.Fatal(err)
	}
	p := Draw(tr, Options{Step: -1, Values: true, Windows: true, Selected: -1, TextScale: 1.5})
	var cuts []Shape
	for _, s := range p.Shapes {
		if s.Kind == Text && strings.Contains(s.Text, "cutoff") {
			cuts = append(cuts, s)
		}
	}
	if len(cuts) != tr.Cutoffs() || len(cuts) < 2 {
		t.Fatalf("%d cut-off texts for %d cut-offs", len(cuts), tr.Cutoffs())
	}
	for i, a := range cuts {
		for _, b := range cuts[i+1:] {
			wa, wb := textWidth(a.Text, a.Size, a.Bold), textWidth(b.Text, b.Size, b.Bold)
			if a.X < b.X+wb && b.X < a.X+wa && math.Abs(a.Y-b.Y) < a.Size {
				t.Errorf("%q at (%.0f, %.0f) and %q at (%.0f, %.0f) overlap", a.Text, a.X, a.Y, b.Text, b.X, b.Y)
			}
		}
	}
}

// TestCrossesOffTheCutText: collapsed and in large type (C's leaves close
// together), the crosses drawn over the cut-off's text are its own, at
// its left, none on the text.
func TestCrossesOffTheCutText(t *testing.T) {
	tr := rnTrace(t, textbook.AlphaBeta)
	ev := tr.Events(false)
	two := tr.Tree.Nodes[tr.Tree.Index("C")].Children[0]
	p := Draw(tr, Options{Events: ev, Step: stepOf(t, tr, ev, two, textbook.Return), Values: true, Windows: true,
		Selected: -1, Collapse: true, TextScale: 1.5})
	at := -1
	for k, s := range p.Shapes {
		if s.Kind == Text && strings.Contains(s.Text, "cutoff") {
			at = k
		}
	}
	if at < 0 {
		t.Fatal("no cut-off text")
	}
	text := p.Shapes[at]
	crosses := 0
	for _, s := range p.Shapes[at:] {
		if s.Kind == Line && s.Stroke == cutInk {
			crosses++
			if max(s.Pts[0].X, s.Pts[1].X) > text.X {
				t.Errorf("a cross at x %.0f..%.0f lies over the text from x %.0f", s.Pts[0].X, s.Pts[1].X, text.X)
			}
		}
	}
	if crosses != 2 {
		t.Errorf("%d strokes over the texts, want the cut-off's own cross (2)", crosses)
	}
}

// TestNamesClearOfEdges: no edge runs through an inner node's name (a
// textbook's letter, a game's move), whole or collapsed, in the export's
// type and the Lecture view's: a node right of its parent has its name at
// its top right, away from the edge that comes in from the top left.
func TestNamesClearOfEdges(t *testing.T) {
	gen, err := textbook.Generate(textbook.GenOptions{Branching: 3, Depth: 3, Lo: 0, Hi: 9, Seed: 4, Cutoffs: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, tree := range []*textbook.Tree{textbook.MustParse("[[3,12,8],[2,4,6],[14,5,2]]"), gen} {
		tr, err := textbook.Search(tree, textbook.AlphaBeta)
		if err != nil {
			t.Fatal(err)
		}
		ev := tr.Events(false)
		for _, o := range []Options{
			{Step: -1, Values: true, Windows: true, Selected: -1},
			{Step: -1, Values: true, Windows: true, Selected: -1, TextScale: 1.5},
			{Events: ev, Step: len(ev) / 3, Values: true, Windows: true, Selected: -1, TextScale: 1.5},
			{Events: ev, Step: len(ev) / 4, Values: true, Windows: true, Selected: -1, TextScale: 1.5, Collapse: true},
		} {
			p := Draw(tr, o)
			names := 0
			for _, s := range p.Shapes {
				if s.Kind != Text || s.Fill != faintInk || s.Text == "" || s.Text[0] < 'A' || s.Text[0] > 'Z' {
					continue
				}
				names++
				x0, w := s.span()
				y0, y1 := s.Y-s.Size*0.7, s.Y
				for _, e := range p.Shapes {
					if e.Kind != Line || e.Stroke == cutInk || len(e.Pts) != 2 {
						continue
					}
					a, b := e.Pts[0], e.Pts[1]
					for k := 0; k <= 2000; k++ {
						x, y := a.X+(b.X-a.X)*float64(k)/2000, a.Y+(b.Y-a.Y)*float64(k)/2000
						if x > x0+1 && x < x0+w-1 && y > y0+1 && y < y1-1 {
							t.Errorf("%s, step %d, text ×%.1f: the edge (%.0f,%.0f)–(%.0f,%.0f) runs through the name %q",
								tree, o.Step, o.TextScale, a.X, a.Y, b.X, b.Y, s.Text)
							break
						}
					}
				}
			}
			if names < 3 {
				t.Errorf("%s: %d names found", tree, names)
			}
		}
	}
}

// TestCutTextsClearOfCrosses: Russell and Norvig's tree searched best
// first has cut-offs at C and D side by side; C's text must not lie under
// D's cross (nor D's under C's), whole and in the Lecture view's type. As
// generated, its one cut-off's text stays beside its own first cross (its
// second cross, under the text, does not push it down).
func TestCutTextsClearOfCrosses(t *testing.T) {
	rn := rnTrace(t, textbook.AlphaBeta)
	for _, ts := range []float64{1, 1.5} {
		p := Draw(rn, Options{Step: -1, Values: true, Windows: true, Selected: -1, TextScale: ts})
		var text *Shape
		var first *Shape
		for k, s := range p.Shapes {
			if s.Kind == Text && strings.Contains(s.Text, "cutoff") {
				text = &p.Shapes[k]
			}
			if s.Kind == Line && s.Stroke == cutInk && first == nil {
				first = &p.Shapes[k]
			}
		}
		if text == nil || first == nil {
			t.Fatalf("×%.1f: no cut-off text or cross", ts)
		}
		if cy := (first.Pts[0].Y + first.Pts[1].Y) / 2; math.Abs(text.Y-(cy+4)) > 0.5 {
			t.Errorf("×%.1f: the cut-off's text at y %.0f, its cross at %.0f: pushed down by its own cross", ts, text.Y, cy)
		}
	}
	best, err := textbook.Reorder(textbook.MustParse("[[3,12,8],[2,4,6],[14,5,2]]"), textbook.BestFirst)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := textbook.Search(best, textbook.AlphaBeta)
	if err != nil {
		t.Fatal(err)
	}
	for _, ts := range []float64{1, 1.5} {
		p := Draw(tr, Options{Step: -1, Values: true, Windows: true, Selected: -1, TextScale: ts})
		var texts, crosses []Shape
		for _, s := range p.Shapes {
			switch {
			case s.Kind == Text && strings.Contains(s.Text, "cutoff"):
				texts = append(texts, s)
			case s.Kind == Line && s.Stroke == cutInk:
				crosses = append(crosses, s)
			}
		}
		if len(texts) != 2 || len(crosses) < 4 {
			t.Fatalf("×%.1f: %d cut-off texts, %d cross strokes", ts, len(texts), len(crosses))
		}
		for _, s := range texts {
			w := textWidth(s.Text, s.Size, s.Bold)
			for _, c := range crosses {
				x0, x1 := min(c.Pts[0].X, c.Pts[1].X), max(c.Pts[0].X, c.Pts[1].X)
				y0, y1 := min(c.Pts[0].Y, c.Pts[1].Y), max(c.Pts[0].Y, c.Pts[1].Y)
				if x1 > s.X && x0 < s.X+w && y1 > s.Y-s.Size*0.7 && y0 < s.Y {
					t.Errorf("×%.1f: a cross at (%.0f..%.0f, %.0f..%.0f) lies on %q at (%.0f, %.0f)", ts, x0, x1, y0, y1, s.Text, s.X, s.Y)
				}
			}
		}
	}
}

// TestGameTreeDrawnAlike checks that a real search's tree, whose pruned
// moves are kept in a map, is drawn the same on every call: the stubs go
// in node order (in map order, two cut-off texts could swap lines).
func TestGameTreeDrawnAlike(t *testing.T) {
	tr := checkersTree(t, "11-15 23-19 8-11")
	ev := tr.Events(false)
	o := Options{Events: ev, Step: len(ev) - 1, Values: true, Windows: true, Selected: -1}
	var first bytes.Buffer
	if err := Draw(tr, o).SVG(&first); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(first.String(), "×") {
		t.Fatal("the tree shows no pruned moves: the test needs a tree with cut-offs")
	}
	for i := range 20 {
		var b bytes.Buffer
		if err := Draw(tr, o).SVG(&b); err != nil {
			t.Fatal(err)
		}
		if b.String() != first.String() {
			t.Fatalf("drawing %d differs from the first", i+2)
		}
	}
}

// checkersTree is the trace of a depth-3 alpha-beta search (the lab's
// Inspector's) of the checkers position after moves.
func checkersTree(t *testing.T, moves string) *textbook.Trace {
	t.Helper()
	g, err := games.Lookup("checkers")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := g.ParseMoves(nil, moves, games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	pos := rec.Position()
	tree, info, err := lab.InspectTree(context.Background(), pos, "alphabeta", 3, lab.InspectEval("checkers"), 0)
	if err != nil {
		t.Fatal(err)
	}
	return lab.InspectTrace(pos, "alphabeta", tree, info)
}
