package textbook

import (
	"math"
	"testing"
)

// TestReorderCounts: on Russell and Norvig's tree alpha-beta visits 11
// nodes as the tree is written, 9 with the best move first (a cut-off at
// C and at D) and all 13 with the worst first (no cut-off); the value
// stays 3.
func TestReorderCounts(t *testing.T) {
	tree := MustParse("[[3,12,8],[2,4,6],[14,5,2]]")
	want := map[string]struct{ visits, cuts int }{AsGenerated: {11, 1}, BestFirst: {9, 2}, WorstFirst: {13, 0}}
	for _, order := range Orderings {
		r, err := Reorder(tree, order)
		if err != nil {
			t.Fatal(err)
		}
		tr, err := Search(r, AlphaBeta)
		if err != nil {
			t.Fatal(err)
		}
		if got := want[order]; len(tr.Visits) != got.visits || tr.Cutoffs() != got.cuts || tr.Value() != 3 {
			t.Errorf("%s: %d visits, %d cut-offs, value %v; want %d, %d, 3 (%s)", order, len(tr.Visits), tr.Cutoffs(), tr.Value(), got.visits, got.cuts, Format(r))
		}
	}
	// The tree itself is left as it was; the nodes keep their names.
	if Format(tree) != "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]" {
		t.Errorf("Reorder changed its tree: %s", Format(tree))
	}
	best, _ := Reorder(tree, BestFirst)
	if got := Format(best); got != "[[3, 8, 12], [2, 4, 6], [2, 5, 14]]" {
		t.Errorf("best first: %s", got)
	}
	if best.Nodes[best.Nodes[0].Children[0]].Label != "B" {
		t.Error("the reordered tree renamed its nodes")
	}
	if _, err := Reorder(tree, "random"); err == nil {
		t.Error("an unknown ordering is accepted")
	}
}

// TestReorderNeverWorse: on generated trees, best first visits no more
// nodes than the tree's order, and worst first no fewer; minimax's value
// is the same in all three.
func TestReorderNeverWorse(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		tree, err := Generate(GenOptions{Branching: 3, Depth: 3, Lo: 0, Hi: 9, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		n := map[string]int{}
		var v []float64
		for _, order := range Orderings {
			r, _ := Reorder(tree, order)
			tr, err := Search(r, AlphaBeta)
			if err != nil {
				t.Fatal(err)
			}
			n[order] = len(tr.Visits)
			v = append(v, tr.Value())
		}
		if n[BestFirst] > n[AsGenerated] || n[WorstFirst] < n[AsGenerated] || v[0] != v[1] || v[1] != v[2] {
			t.Errorf("seed %d: visits %v, values %v", seed, n, v)
		}
	}
}

// TestWithLeaf: setting the leaf 2 under C to 9 removes C's cut-off
// (9 > α 3) and searching again visits all of C's children.
func TestWithLeaf(t *testing.T) {
	tree := MustParse("[[3,12,8],[2,4,6],[14,5,2]]")
	C := tree.Index("C")
	leaf := tree.Nodes[C].Children[0]
	edited, err := tree.WithLeaf(leaf, 9)
	if err != nil {
		t.Fatal(err)
	}
	if tree.Nodes[leaf].Value != 2 {
		t.Error("WithLeaf changed its tree")
	}
	if edited.Nodes[leaf].Value != 9 || edited.Nodes[leaf].Label != "9" {
		t.Errorf("the leaf is %+v", edited.Nodes[leaf])
	}
	before, _ := Search(tree, AlphaBeta)
	after, _ := Search(edited, AlphaBeta)
	if before.PrunedNodes()[tree.Nodes[C].Children[1]] == false || after.PrunedNodes()[tree.Nodes[C].Children[1]] {
		t.Error("the edit should remove C's cut-off")
	}
	if after.Value() != 4 { // C is min(9, 4, 6) = 4 > 3
		t.Errorf("value %v after the edit, want 4", after.Value())
	}
	if _, err := tree.WithLeaf(C, 1); err == nil {
		t.Error("an inner node's value was set")
	}
	if _, err := tree.WithLeaf(leaf, math.NaN()); err == nil {
		t.Error("NaN accepted")
	}
}
