package textbook

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Kind is what a node of a game tree is.
type Kind uint8

// The kinds of node: the root player's choice (MAX), the opponent's (MIN),
// a chance event (dice, a random opponent), and a leaf with a value.
const (
	Max Kind = iota
	Min
	Chance
	Leaf
)

// String names a kind as textbooks do: "MAX", "MIN", "CHANCE", "LEAF".
func (k Kind) String() string {
	switch k {
	case Max:
		return "MAX"
	case Min:
		return "MIN"
	case Chance:
		return "CHANCE"
	}
	return "LEAF"
}

// Node is one node of a Tree.
type Node struct {
	Parent   int  // index of the parent in Tree.Nodes, -1 for the root
	Kind     Kind // MAX, MIN, CHANCE or LEAF
	Children []int
	// Label names the node: "A", "B", ... for a textbook tree's inner
	// nodes, the move that leads to it for a real search's.
	Label string
	// Value is a leaf's value, from the root player's view.
	Value float64
	// Prob is the probability of this node under a chance parent, 0
	// under any other.
	Prob float64
	// Hidden counts the moves of a real search that were pruned before
	// they became nodes: they are drawn as one stub.
	Hidden int
	Depth  int // plies from the root
}

// Tree is a game tree, its root first; a parent comes before its children
// and children are in the order the algorithms try them.
type Tree struct {
	Nodes []Node
}

// MaxNodes bounds the size of a textbook tree: a lecture's tree fits on a
// slide.
const MaxNodes = 500

// Root returns the root's index, 0; -1 for an empty tree.
func (t *Tree) Root() int {
	if t == nil || len(t.Nodes) == 0 {
		return -1
	}
	return 0
}

// Height returns the number of plies from the root to the deepest leaf.
func (t *Tree) Height() int {
	h := 0
	for _, n := range t.Nodes {
		h = max(h, n.Depth)
	}
	return h
}

// Leaves returns the indices of the leaves from left to right.
func (t *Tree) Leaves() []int {
	var out []int
	var walk func(i int)
	walk = func(i int) {
		if len(t.Nodes[i].Children) == 0 {
			out = append(out, i)
			return
		}
		for _, c := range t.Nodes[i].Children {
			walk(c)
		}
	}
	if len(t.Nodes) > 0 {
		walk(0)
	}
	return out
}

// HasChance reports whether the tree has a chance node.
func (t *Tree) HasChance() bool {
	for _, n := range t.Nodes {
		if n.Kind == Chance {
			return true
		}
	}
	return false
}

// add appends a node under parent and returns its index.
func (t *Tree) add(parent int, n Node) int {
	n.Parent = parent
	if parent >= 0 {
		n.Depth = t.Nodes[parent].Depth + 1
		t.Nodes[parent].Children = append(t.Nodes[parent].Children, len(t.Nodes))
	}
	t.Nodes = append(t.Nodes, n)
	return len(t.Nodes) - 1
}

// name returns the i-th name of the sequence A, B, ..., Z, AA, AB, ...
func name(i int) string {
	s := ""
	for i++; i > 0; i = (i - 1) / 26 {
		s = string(rune('A'+(i-1)%26)) + s
	}
	return s
}

// nameInner labels the inner nodes A, B, C, ... level by level, left to
// right, as textbooks letter them (leaves keep their values).
func (t *Tree) nameInner() {
	if len(t.Nodes) == 0 {
		return
	}
	k := 0
	queue := []int{0}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		if len(t.Nodes[i].Children) == 0 {
			continue
		}
		t.Nodes[i].Label = name(k)
		k++
		queue = append(queue, t.Nodes[i].Children...)
	}
}

// Index returns the node labelled label, -1 if none.
func (t *Tree) Index(label string) int {
	for i, n := range t.Nodes {
		if n.Label == label {
			return i
		}
	}
	return -1
}

// FormatValue writes v as a textbook does: an integer without decimals,
// a fraction with at most two ("7.5"), a negative number with the minus
// sign "−" (U+2212), "+∞" and "−∞" for the open ends of a window.
func FormatValue(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "+∞"
	case math.IsInf(v, -1):
		return "−∞"
	case v == math.Trunc(v) && math.Abs(v) < 1e15:
		if v == 0 {
			return "0" // not "-0"
		}
		return minus(strconv.FormatInt(int64(v), 10))
	}
	s := strconv.FormatFloat(v, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return minus(s)
}

func minus(s string) string {
	if strings.HasPrefix(s, "-") {
		return "−" + s[1:]
	}
	return s
}

// String describes the tree by its text form (Format).
func (t *Tree) String() string { return Format(t) }

// check returns an error if the tree breaks its invariants: a parent
// before its children, an inner node with children, sizes in bounds.
func (t *Tree) check() error {
	if len(t.Nodes) == 0 {
		return fmt.Errorf("textbook: the tree is empty")
	}
	if len(t.Nodes) > MaxNodes {
		return fmt.Errorf("textbook: the tree has %d nodes, more than %d", len(t.Nodes), MaxNodes)
	}
	for i, n := range t.Nodes {
		if i > 0 && (n.Parent < 0 || n.Parent >= i) {
			return fmt.Errorf("textbook: node %d comes before its parent", i)
		}
		if n.Kind != Leaf && len(n.Children) == 0 && n.Hidden == 0 {
			return fmt.Errorf("textbook: the %s node %s has no children", n.Kind, n.Label)
		}
		if n.Kind == Leaf && len(n.Children) > 0 {
			return fmt.Errorf("textbook: leaf %d has children", i)
		}
	}
	return nil
}
