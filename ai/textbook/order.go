package textbook

import (
	"fmt"
	"math"
	"slices"
)

// The move orderings Reorder makes, to show that alpha-beta's pruning
// depends on the order in which it tries the moves.
const (
	AsGenerated = "generated" // the children in the tree's own order
	BestFirst   = "best"      // each node's best child first (MAX: highest value, MIN: lowest)
	WorstFirst  = "worst"     // each node's worst child first
)

// Orderings are the names Reorder takes.
var Orderings = []string{AsGenerated, BestFirst, WorstFirst}

// Reorder returns a copy of t whose children are tried in the order
// asked for: as the tree has them, the best first or the worst first by
// their exact minimax (expectimax) values. Equal values keep the tree's
// order. The nodes keep their names and indices; only the order of each
// node's children changes.
func Reorder(t *Tree, order string) (*Tree, error) {
	if t == nil || len(t.Nodes) == 0 {
		return nil, fmt.Errorf("textbook: no tree to reorder")
	}
	if !slices.Contains(Orderings, order) {
		return nil, fmt.Errorf("textbook: unknown ordering %q (valid: generated, best, worst)", order)
	}
	c := t.Clone()
	if order == AsGenerated {
		return c, nil
	}
	val := c.Values()
	for i := range c.Nodes {
		n := &c.Nodes[i]
		if len(n.Children) < 2 || n.Kind == Chance {
			continue
		}
		// best is +1 where a higher value is better for the side to move.
		best := 1.0
		if n.Kind == Min {
			best = -1
		}
		if order == WorstFirst {
			best = -best
		}
		slices.SortStableFunc(n.Children, func(a, b int) int {
			switch va, vb := best*val[a], best*val[b]; {
			case va > vb:
				return -1
			case va < vb:
				return 1
			}
			return 0
		})
	}
	return c, nil
}

// Values returns each node's exact minimax value (the average at a
// chance node), from MAX's view.
func (t *Tree) Values() []float64 {
	val := make([]float64, len(t.Nodes))
	var walk func(i int) float64
	walk = func(i int) float64 {
		n := t.Nodes[i]
		var v float64
		switch n.Kind {
		case Leaf:
			v = n.Value
		case Max:
			v = math.Inf(-1)
			for _, c := range n.Children {
				v = max(v, walk(c))
			}
		case Min:
			v = math.Inf(1)
			for _, c := range n.Children {
				v = min(v, walk(c))
			}
		case Chance:
			for _, c := range n.Children {
				v += t.Nodes[c].Prob * walk(c)
			}
		}
		val[i] = v
		return v
	}
	if len(t.Nodes) > 0 {
		walk(0)
	}
	return val
}

// Clone returns a deep copy of t.
func (t *Tree) Clone() *Tree {
	c := &Tree{Nodes: slices.Clone(t.Nodes)}
	for i := range c.Nodes {
		c.Nodes[i].Children = slices.Clone(c.Nodes[i].Children)
	}
	return c
}

// WithLeaf returns a copy of t with leaf i's value set to v (its name
// too, where the name was its value), for a lecture that edits a leaf and
// searches again.
func (t *Tree) WithLeaf(i int, v float64) (*Tree, error) {
	if t == nil || i < 0 || i >= len(t.Nodes) {
		return nil, fmt.Errorf("textbook: no node %d", i)
	}
	n := t.Nodes[i]
	if n.Kind != Leaf || n.Hidden > 0 {
		return nil, fmt.Errorf("textbook: node %s is not a leaf: only a leaf's value can be set", n.Label)
	}
	if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > 1e9 {
		return nil, fmt.Errorf("textbook: %v is not a value for a leaf", v)
	}
	c := t.Clone()
	if n.Label == FormatValue(n.Value) || n.Label == "" {
		c.Nodes[i].Label = FormatValue(v)
	}
	c.Nodes[i].Value = v
	return c, nil
}
