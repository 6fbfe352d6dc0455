package textbook

import (
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// rn is the three-ply tree of Russell and Norvig's alpha-beta figure: MAX
// root A over MIN nodes B, C, D.
const rn = "[[3,12,8],[2,4,6],[14,5,2]]"

func leafValues(t *Tree, nodes []int) []float64 {
	var out []float64
	for _, i := range nodes {
		out = append(out, t.Nodes[i].Value)
	}
	return out
}

func mustSearch(t *testing.T, tree *Tree, algo string) *Trace {
	t.Helper()
	tr, err := Search(tree, algo)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func TestParseRussellNorvig(t *testing.T) {
	tree := MustParse(rn)
	if len(tree.Nodes) != 13 {
		t.Fatalf("%d nodes, want 13", len(tree.Nodes))
	}
	if got := []Kind{tree.Nodes[0].Kind, tree.Nodes[1].Kind, tree.Nodes[2].Kind}; !reflect.DeepEqual(got, []Kind{Max, Min, Leaf}) {
		t.Errorf("kinds %v", got)
	}
	var labels []string
	for _, n := range tree.Nodes {
		labels = append(labels, n.Label)
	}
	if got := strings.Join(labels, " "); got != "A B 3 12 8 C 2 4 6 D 14 5 2" {
		t.Errorf("labels %q", got)
	}
	if got := leafValues(tree, tree.Leaves()); !reflect.DeepEqual(got, []float64{3, 12, 8, 2, 4, 6, 14, 5, 2}) {
		t.Errorf("leaves %v", got)
	}
	if Format(tree) != "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]" {
		t.Errorf("Format %q", Format(tree))
	}
}

func TestMinimaxRussellNorvig(t *testing.T) {
	tr := mustSearch(t, MustParse(rn), Minimax)
	if tr.Value() != 3 || len(tr.Visits) != 13 || tr.Cutoffs() != 0 {
		t.Errorf("value %v, %d visits, %d cut-offs; want 3, 13, 0", tr.Value(), len(tr.Visits), tr.Cutoffs())
	}
	var vals []float64
	for _, v := range tr.Visits {
		if tr.Tree.Nodes[v.Node].Kind == Min {
			vals = append(vals, v.Value)
		}
	}
	if !reflect.DeepEqual(vals, []float64{3, 2, 2}) {
		t.Errorf("MIN values %v, want 3 2 2", vals)
	}
	if got := tr.Tree.Nodes[tr.Visits[tr.PV[1]].Node].Label; got != "B" {
		t.Errorf("PV goes to %s, want B", got)
	}
}

// TestAlphaBetaRussellNorvig: after B = 3, C's first leaf 2 ≤ α = 3 prunes
// C's leaves 4 and 6; D is searched whole (its 2 comes last).
func TestAlphaBetaRussellNorvig(t *testing.T) {
	tree := MustParse(rn)
	tr := mustSearch(t, tree, AlphaBeta)
	if tr.Value() != 3 {
		t.Errorf("value %v, want 3", tr.Value())
	}
	var pruned []float64
	for i, p := range tr.PrunedNodes() {
		if p {
			pruned = append(pruned, tree.Nodes[i].Value)
		}
	}
	if !reflect.DeepEqual(pruned, []float64{4, 6}) {
		t.Errorf("pruned leaves %v, want [4 6]", pruned)
	}
	if len(tr.Visits) != 11 || tr.Cutoffs() != 1 {
		t.Errorf("%d visits and %d cut-offs, want 11 and 1", len(tr.Visits), tr.Cutoffs())
	}
	// The windows on entry, from MAX's view: C and D get [3, +∞].
	inf := math.Inf(1)
	c := tr.Visits[tree.Index("C")-0]
	_ = c
	last := tr.LastVisits()
	for _, name := range []string{"C", "D"} {
		v := tr.Visits[last[tree.Index(name)]]
		if v.Alpha != 3 || v.Beta != inf {
			t.Errorf("%s window [%v, %v], want [3, +Inf]", name, v.Alpha, v.Beta)
		}
	}
	// C returns 2 (fail-soft), the cut by its leaf 2.
	cv := tr.Visits[last[tree.Index("C")]]
	if cv.Value != 2 {
		t.Errorf("C returned %v, want 2", cv.Value)
	}
	leaf2 := tr.Visits[last[tree.Nodes[tree.Index("C")].Children[0]]]
	if !leaf2.Cut || len(leaf2.Pruned) != 2 {
		t.Errorf("C's leaf 2: cut %v pruned %v", leaf2.Cut, leaf2.Pruned)
	}
	// Negamax view at C (MIN to move): window [-∞, -3], value -2.
	a, b, v := tr.Negamax(last[tree.Index("C")])
	if a != -inf || b != -3 || v != -2 {
		t.Errorf("C's negamax view [%v, %v] = %v, want [-Inf, -3] = -2", a, b, v)
	}
}

func TestNegaScoutRussellNorvig(t *testing.T) {
	tree := MustParse(rn)
	tr := mustSearch(t, tree, NegaScout)
	if tr.Value() != 3 || len(tr.Visits) != 11 {
		t.Errorf("value %v, %d visits; want 3, 11", tr.Value(), len(tr.Visits))
	}
	last := tr.LastVisits()
	for _, name := range []string{"C", "D"} {
		v := tr.Visits[last[tree.Index(name)]]
		if !v.Null || v.Alpha != 3 || v.Beta != 4 {
			t.Errorf("%s: null %v window [%v, %v], want the null window [3, 4]", name, v.Null, v.Alpha, v.Beta)
		}
	}
	if p := tr.PrunedNodes(); !p[tree.Nodes[tree.Index("C")].Children[1]] || !p[tree.Nodes[tree.Index("C")].Children[2]] {
		t.Error("negascout should prune C's 4 and 6")
	}
}

// TestNegaScoutResearch: the second root move is better than the first,
// so its null-window test fails high and it is searched again.
func TestNegaScoutResearch(t *testing.T) {
	tree := MustParse("[[[1,2],[3,4]], [[5,6],[7,8]]]")
	tr := mustSearch(t, tree, NegaScout)
	mm := mustSearch(t, tree, Minimax)
	if tr.Value() != mm.Value() {
		t.Errorf("negascout %v, minimax %v", tr.Value(), mm.Value())
	}
	research := 0
	for _, v := range tr.Visits {
		if v.Research {
			research++
			if tr.Tree.Nodes[v.Node].Label != "C" {
				t.Errorf("re-search of %s, want C", tr.Tree.Nodes[v.Node].Label)
			}
		}
	}
	if research != 1 {
		t.Errorf("%d re-searches, want 1", research)
	}
	if got := tr.Tree.Nodes[tr.Visits[tr.PV[1]].Node].Label; got != "C" || !tr.Visits[tr.PV[1]].Research {
		t.Errorf("the PV goes through %s (re-search %v), want C's re-search", got, tr.Visits[tr.PV[1]].Research)
	}
}

func TestExpectimax(t *testing.T) {
	tree := MustParse("[{0.5: 3, 0.5: 12}, {1/4: 2, 3/4: [4, 6]}]")
	if k := tree.Nodes[tree.Index("D")].Kind; k != Min {
		t.Errorf("D is %v, want MIN", k)
	}
	tr := mustSearch(t, tree, Expectimax)
	if tr.Value() != 7.5 {
		t.Errorf("value %v, want 7.5", tr.Value())
	}
	last := tr.LastVisits()
	if v := tr.Visits[last[tree.Index("C")]].Value; v != 3.5 {
		t.Errorf("C = %v, want 0.25·2 + 0.75·4 = 3.5", v)
	}
	if _, err := Search(tree, AlphaBeta); err == nil {
		t.Error("alpha-beta took a tree with chance nodes")
	}
	// Equal chances when none are given; a round trip through Format.
	u := MustParse("[{1, 2, 6}, {0.2: 5, 0.8: 1}]")
	if got := mustSearch(t, u, Expectimax).Value(); got != 3 {
		t.Errorf("value %v, want 3", got)
	}
	if again := MustParse(Format(u)); Format(again) != Format(u) {
		t.Errorf("round trip %q -> %q", Format(u), Format(again))
	}
}

func TestParseErrors(t *testing.T) {
	for _, spec := range []string{"", "5", "[", "[1,2", "[]", "[1,[]]", "[1,x]", "[1,2]]", "{0.5: 1, 2}", "{0.5: 1, 0.4: 2}", "[{2: 1, 3: 2}]", "[1e99, 2]"} {
		if _, err := Parse(spec); err == nil {
			t.Errorf("Parse(%q) took it", spec)
		} else if !strings.HasPrefix(err.Error(), "textbook: ") || strings.Contains(err.Error(), "\n") {
			t.Errorf("Parse(%q): %q is not one line", spec, err)
		}
	}
	if tr, err := Parse("max[min[1 2] max[3 4]]"); err != nil || tr.Nodes[4].Kind != Max {
		t.Errorf("explicit kinds: %v", err)
	}
	if _, err := Search(MustParse("max[max[1 2] [3 4]]"), NegaScout); err == nil {
		t.Error("negascout took two MAX levels in a row")
	}
	if _, err := Search(MustParse("[1.5, 2]"), NegaScout); err == nil {
		t.Error("negascout took a fractional leaf")
	}
}

// randomTree draws a tree of random shape for the invariants below.
func randomTree(rng *rand.Rand) *Tree {
	t := &Tree{}
	var grow func(parent int, kind Kind, d int)
	grow = func(parent int, kind Kind, d int) {
		if d >= 1 && (d == 4 || rng.IntN(5) == 0) {
			v := float64(rng.IntN(21) - 10)
			t.add(parent, Node{Kind: Leaf, Value: v, Label: FormatValue(v)})
			return
		}
		me := t.add(parent, Node{Kind: kind})
		next := Min
		if kind == Min {
			next = Max
		}
		for range 1 + rng.IntN(3) {
			grow(me, next, d+1)
		}
	}
	grow(-1, Max, 0)
	t.nameInner()
	return t
}

// TestInvariants: on random trees alpha-beta and negascout find the
// minimax value, never visit a pruned node, and every value returned is
// exact inside its window and a bound outside it (fail-soft).
func TestInvariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		tree := randomTree(rng)
		mm := mustSearch(t, tree, Minimax)
		exact := make([]float64, len(tree.Nodes))
		for _, v := range mm.Visits {
			exact[v.Node] = v.Value
		}
		for _, algo := range []string{AlphaBeta, NegaScout} {
			tr := mustSearch(t, tree, algo)
			if tr.Value() != mm.Value() {
				t.Fatalf("%s on %s: %v, minimax %v", algo, Format(tree), tr.Value(), mm.Value())
			}
			pruned := tr.PrunedNodes()
			for _, v := range tr.Visits {
				if pruned[v.Node] {
					t.Fatalf("%s on %s visits pruned node %d", algo, Format(tree), v.Node)
				}
				e := exact[v.Node]
				switch {
				case v.Value <= v.Alpha && e > v.Value:
					t.Fatalf("%s on %s: node %d fails low with %v but is %v", algo, Format(tree), v.Node, v.Value, e)
				case v.Value >= v.Beta && e < v.Value:
					t.Fatalf("%s on %s: node %d fails high with %v but is %v", algo, Format(tree), v.Node, v.Value, e)
				case v.Value > v.Alpha && v.Value < v.Beta && e != v.Value:
					t.Fatalf("%s on %s: node %d returns %v inside its window but is %v", algo, Format(tree), v.Node, v.Value, e)
				}
			}
			if ev := tr.Events(false); len(ev) != 2*len(tr.Visits) {
				t.Fatalf("%d events for %d visits", len(ev), len(tr.Visits))
			}
		}
		if again := MustParse(Format(tree)); Format(again) != Format(tree) || len(again.Nodes) != len(tree.Nodes) {
			t.Fatalf("round trip %q", Format(tree))
		}
	}
}

func TestEvents(t *testing.T) {
	tr := mustSearch(t, MustParse("[[3,12],[2,4]]"), AlphaBeta)
	name := func(e Event) string {
		n := tr.Tree.Nodes[tr.Visits[e.Visit].Node].Label
		return [...]string{"enter ", "ask ", "return "}[e.Kind] + n
	}
	var got []string
	for _, e := range tr.Events(true) {
		got = append(got, name(e))
	}
	want := "enter A|enter B|enter 3|return 3|enter 12|return 12|ask B|return B|enter C|enter 2|return 2|ask C|return C|ask A|return A"
	if strings.Join(got, "|") != want {
		t.Errorf("events\n%s\nwant\n%s", strings.Join(got, "|"), want)
	}
}

func TestGenerate(t *testing.T) {
	o := GenOptions{Branching: 3, Depth: 3, Lo: 0, Hi: 9, Seed: 7, Cutoffs: 3}
	a, err := Generate(o)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Generate(o)
	if Format(a) != Format(b) {
		t.Error("the same seed gave two trees")
	}
	o.Seed = 8
	if c, _ := Generate(o); Format(c) == Format(a) {
		t.Error("another seed gave the same tree")
	}
	if len(a.Nodes) != 1+3+9+27 {
		t.Errorf("%d nodes", len(a.Nodes))
	}
	for _, i := range a.Leaves() {
		if v := a.Nodes[i].Value; v < 0 || v > 9 {
			t.Errorf("leaf %v outside 0..9", v)
		}
	}
	for seed := range uint64(20) {
		o.Seed = seed
		tree, err := Generate(o)
		if err != nil {
			t.Fatal(err)
		}
		tr := mustSearch(t, tree, AlphaBeta)
		if tr.Cutoffs() < 3 || tr.DeepCutoffs() < 1 {
			t.Errorf("seed %d: %d cut-offs, %d above the leaves", seed, tr.Cutoffs(), tr.DeepCutoffs())
		}
	}
	for _, bad := range []GenOptions{
		{Branching: 1, Depth: 3, Hi: 9}, {Branching: 3, Depth: 0, Hi: 9}, {Branching: 5, Depth: 5, Hi: 9},
		{Branching: 2, Depth: 2, Lo: 5, Hi: 1}, {Branching: 2, Depth: 2, Hi: 9, Cutoffs: 3}, {Branching: 2, Depth: 2, Hi: 9, Cutoffs: -1},
	} {
		if _, err := Generate(bad); err == nil {
			t.Errorf("Generate(%+v) took it", bad)
		}
	}
	// Leaves all equal: no cut-off can happen... except that equal values
	// cut (v ≥ β): a range of one value cuts everywhere, so ask for the
	// impossible differently: more cut-offs than a tree can hold.
	if _, err := Generate(GenOptions{Branching: 2, Depth: 3, Hi: 9, Cutoffs: 4}); err == nil {
		t.Error("4 cut-offs in a binary tree of depth 3 (at most 3 pruning ones)")
	}
}

func TestCheckAnswers(t *testing.T) {
	tree := MustParse(rn)
	tr := mustSearch(t, tree, AlphaBeta)
	C := tree.Index("C")
	four, six := tree.Nodes[C].Children[1], tree.Nodes[C].Children[2]
	right := Answers{
		Pruned: map[int]bool{four: true, six: true},
		Values: map[int]float64{0: 3, tree.Index("B"): 3, C: 2, tree.Index("D"): 2},
	}
	c := tr.Check(right)
	if c.Right != c.Total || c.Total != 13 {
		t.Errorf("right answers: %d of %d", c.Right, c.Total)
	}
	wrong := Answers{
		Pruned: map[int]bool{four: true, tree.Index("D"): true},
		Values: map[int]float64{0: 3, tree.Index("B"): 3, C: 4},
	}
	c = tr.Check(wrong)
	bad := map[string]bool{}
	for _, v := range c.Verdicts {
		if !v.Right() {
			bad[tree.Nodes[v.Node].Label+"/"+FormatValue(float64(v.Node))] = true
		}
	}
	// Wrong: C's value, 6 not marked, D and its leaves marked (D visited).
	if c.Total-c.Right != 1+1+4 {
		t.Errorf("%d wrong, want 6: %v", c.Total-c.Right, bad)
	}
	if v := c.Verdicts[C]; v.ValueRight || v.Want != 2 || v.Given != 4 {
		t.Errorf("C: %+v", v)
	}
	if v := c.Verdicts[six]; v.PrunedRight || !v.Pruned {
		t.Errorf("6: %+v", v)
	}
}
