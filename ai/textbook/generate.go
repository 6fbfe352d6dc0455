package textbook

import (
	"fmt"
	"math/rand/v2"
)

// GenOptions describe a random textbook tree.
type GenOptions struct {
	Branching int    // children of every inner node, 2..5
	Depth     int    // plies from the root to the leaves, 1..6
	Lo, Hi    int    // the leaves' values are whole numbers in Lo..Hi
	Seed      uint64 // the same options give the same tree
	// Cutoffs asks for at least this many alpha-beta cut-offs that prune
	// something; from depth 3 on, one of them above the leaves (it prunes
	// a whole subtree, not only leaves).
	Cutoffs int
}

// MaxTries bounds the trees Generate draws to meet GenOptions.Cutoffs.
const MaxTries = 20000

// Check returns an error for options no tree can meet.
func (o GenOptions) Check() error {
	switch {
	case o.Branching < 2 || o.Branching > 5:
		return fmt.Errorf("textbook: branching %d is outside 2..5", o.Branching)
	case o.Depth < 1 || o.Depth > 6:
		return fmt.Errorf("textbook: depth %d is outside 1..6", o.Depth)
	case o.Lo > o.Hi:
		return fmt.Errorf("textbook: the leaf range %d..%d is empty", o.Lo, o.Hi)
	case o.Lo < -999 || o.Hi > 999:
		return fmt.Errorf("textbook: leaf values %d..%d are outside -999..999", o.Lo, o.Hi)
	case o.Cutoffs < 0:
		return fmt.Errorf("textbook: %d cut-offs is negative", o.Cutoffs)
	}
	nodes, level := 1, 1
	for range o.Depth {
		level *= o.Branching
		nodes += level
	}
	if nodes > MaxNodes {
		return fmt.Errorf("textbook: branching %d to depth %d makes %d nodes, more than %d", o.Branching, o.Depth, nodes, MaxNodes)
	}
	if most := nodes - 1 - level; o.Cutoffs > 0 && o.Cutoffs > most {
		return fmt.Errorf("textbook: a tree of branching %d and depth %d has at most %d cut-offs, not %d", o.Branching, o.Depth, most, o.Cutoffs)
	}
	return nil
}

// Generate draws a tree of the given shape (the root MAX, levels in turn)
// with leaf values from the seed, drawing again until alpha-beta makes the
// cut-offs asked for; the same options give the same tree.
func Generate(o GenOptions) (*Tree, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x7e87b00c))
	for range MaxTries {
		t := shape(o.Branching, o.Depth)
		for i := range t.Nodes {
			if t.Nodes[i].Kind == Leaf {
				v := float64(o.Lo + rng.IntN(o.Hi-o.Lo+1))
				t.Nodes[i].Value, t.Nodes[i].Label = v, FormatValue(v)
			}
		}
		if o.Cutoffs == 0 {
			return t, nil
		}
		tr, err := Search(t, AlphaBeta)
		if err != nil {
			return nil, err
		}
		if tr.Cutoffs() >= o.Cutoffs && (o.Depth < 3 || tr.DeepCutoffs() > 0) {
			return t, nil
		}
	}
	return nil, fmt.Errorf("textbook: no tree of branching %d, depth %d and leaves %d..%d in %d tries has %d cut-offs: ask for fewer, or widen the leaf range",
		o.Branching, o.Depth, o.Lo, o.Hi, MaxTries, o.Cutoffs)
}

// shape returns the full tree of the branching and depth, leaves 0.
func shape(branching, depth int) *Tree {
	t := &Tree{}
	var grow func(parent int, kind Kind, d int)
	grow = func(parent int, kind Kind, d int) {
		if d == depth {
			t.add(parent, Node{Kind: Leaf})
			return
		}
		me := t.add(parent, Node{Kind: kind})
		next := Min
		if kind == Min {
			next = Max
		}
		for range branching {
			grow(me, next, d+1)
		}
	}
	grow(-1, Max, 0)
	// Parents come before children already; name the inner nodes.
	t.nameInner()
	return t
}

// DeepCutoffs counts the cut-offs that pruned a whole subtree: one of the
// nodes they pruned has children.
func (tr *Trace) DeepCutoffs() int {
	n := 0
	for _, x := range tr.Visits {
		for _, p := range x.Pruned {
			if len(tr.Tree.Nodes[p].Children) > 0 {
				n++
				break
			}
		}
	}
	return n
}
