package textbook

import (
	"fmt"
	"math"
	"slices"
)

// The algorithms Search runs.
const (
	Minimax    = "minimax"
	AlphaBeta  = "alphabeta"
	NegaScout  = "negascout"
	Expectimax = "expectimax"
)

// Algorithms are the names Search takes, in the order a lecture meets them.
var Algorithms = []string{Minimax, AlphaBeta, NegaScout, Expectimax}

// Visit is one visit of a node by a search. A node is visited once, or
// twice when negascout searches it again; a pruned node never.
type Visit struct {
	Node   int // the node in Trace.Tree
	Parent int // the parent's visit in Trace.Visits, -1 for the root's
	// Alpha and Beta are the window on entry, from MAX's view: the search
	// needs the node's value only where it lies strictly between them.
	// ±Inf are open ends; minimax and expectimax have no window.
	Alpha, Beta float64
	Value       float64 // the value the node returned, from MAX's view
	Research    bool    // negascout's second search of the node, with a wider window
	Null        bool    // searched with a null window (negascout's test)
	// Cut marks the child whose value made its parent stop: the parent's
	// remaining children, Pruned (or PrunedCount of them for a real
	// search, which never made them into nodes), were not searched.
	Cut         bool
	Pruned      []int
	PrunedCount int
}

// Trace is a search's walk over a tree: its visits in the order they were
// entered, a parent before its children.
type Trace struct {
	Algo    string
	Tree    *Tree
	Visits  []Visit
	Windows bool  // the algorithm keeps an alpha-beta window
	PV      []int // the visits of the principal variation, root first
	// Orig maps each visit to the node of the recorded ai.Tree it came
	// from (FromSearch); nil for a textbook tree.
	Orig []int
}

// Search runs algo (one of Algorithms) over t and records its walk.
// Alpha-beta and negascout need a tree without chance nodes; negascout's
// null windows need whole-number leaves on alternating MAX and MIN levels.
func Search(t *Tree, algo string) (*Trace, error) {
	if t == nil || len(t.Nodes) == 0 {
		return nil, fmt.Errorf("textbook: no tree to search")
	}
	if !slices.Contains(Algorithms, algo) {
		return nil, fmt.Errorf("textbook: unknown algorithm %q (valid: minimax, alphabeta, negascout, expectimax)", algo)
	}
	if algo != Expectimax && t.HasChance() {
		return nil, fmt.Errorf("textbook: %s does not take chance nodes: choose expectimax", algo)
	}
	r := &recorder{tr: &Trace{Algo: algo, Tree: t, Windows: algo == AlphaBeta || algo == NegaScout}}
	inf := math.Inf(1)
	switch algo {
	case Minimax, Expectimax:
		r.expecti(0, -1)
	case AlphaBeta:
		r.alphabeta(0, -1, -inf, inf)
	case NegaScout:
		for i, n := range t.Nodes {
			if n.Kind == Leaf && n.Value != math.Trunc(n.Value) {
				return nil, fmt.Errorf("textbook: negascout's null window needs whole-number leaves (%s is not)", FormatValue(n.Value))
			}
			if p := n.Parent; p >= 0 && n.Kind != Leaf && n.Kind == t.Nodes[p].Kind {
				return nil, fmt.Errorf("textbook: negascout needs MAX and MIN levels in turn (node %s is %s under %s)", t.Nodes[i].Label, n.Kind, t.Nodes[p].Kind)
			}
		}
		r.negascout(0, -1, -inf, inf, false)
	}
	r.tr.PV = principal(r.tr)
	return r.tr, nil
}

type recorder struct{ tr *Trace }

func (r *recorder) enter(node, parent int, alpha, beta float64) int {
	r.tr.Visits = append(r.tr.Visits, Visit{Node: node, Parent: parent, Alpha: alpha, Beta: beta})
	return len(r.tr.Visits) - 1
}

// cut marks visit v as the cause of its parent's cut-off, which prunes the
// children of the parent after kids[j].
func (r *recorder) cut(v int, kids []int, j int) {
	if j == len(kids)-1 {
		return // nothing left to prune
	}
	vis := &r.tr.Visits[v]
	vis.Cut = true
	vis.Pruned = append([]int(nil), kids[j+1:]...)
	vis.PrunedCount = len(vis.Pruned)
}

// expecti is minimax (and expectimax at chance nodes) without a window.
func (r *recorder) expecti(i, parent int) float64 {
	inf := math.Inf(1)
	v := r.enter(i, parent, -inf, inf)
	n := r.tr.Tree.Nodes[i]
	var val float64
	switch n.Kind {
	case Leaf:
		val = n.Value
	case Max:
		val = -inf
		for _, c := range n.Children {
			val = max(val, r.expecti(c, v))
		}
	case Min:
		val = inf
		for _, c := range n.Children {
			val = min(val, r.expecti(c, v))
		}
	case Chance:
		for _, c := range n.Children {
			val += r.tr.Tree.Nodes[c].Prob * r.expecti(c, v)
		}
	}
	r.tr.Visits[v].Value = val
	return val
}

// alphabeta is the textbook's fail-soft alpha-beta in its MAX and MIN
// form (Russell and Norvig's MAX-VALUE and MIN-VALUE).
func (r *recorder) alphabeta(i, parent int, alpha, beta float64) float64 {
	inf := math.Inf(1)
	v := r.enter(i, parent, alpha, beta)
	n := r.tr.Tree.Nodes[i]
	var val float64
	switch n.Kind {
	case Leaf:
		val = n.Value
	case Max:
		val = -inf
		for j, c := range n.Children {
			x, cv := r.child(c, v, alpha, beta)
			val = max(val, x)
			if val >= beta {
				r.cut(cv, n.Children, j)
				break
			}
			alpha = max(alpha, val)
		}
	case Min:
		val = inf
		for j, c := range n.Children {
			x, cv := r.child(c, v, alpha, beta)
			val = min(val, x)
			if val <= alpha {
				r.cut(cv, n.Children, j)
				break
			}
			beta = min(beta, val)
		}
	}
	r.tr.Visits[v].Value = val
	return val
}

// child searches node c under visit v and returns its value and visit.
func (r *recorder) child(c, v int, alpha, beta float64) (float64, int) {
	cv := len(r.tr.Visits)
	return r.alphabeta(c, v, alpha, beta), cv
}

// sign is +1 where MAX is to move at node i, -1 where MIN is: a leaf's
// side is the other side of its parent's.
func (t *Tree) sign(i int) float64 {
	n := t.Nodes[i]
	switch {
	case n.Kind == Max:
		return 1
	case n.Kind == Min:
		return -1
	case n.Parent < 0:
		return 1
	}
	for p := n.Parent; p >= 0; p = t.Nodes[p].Parent {
		switch t.Nodes[p].Kind {
		case Max:
			return -1
		case Min:
			return 1
		}
	}
	return 1
}

// Sign is +1 where MAX is to move at the visit's node, -1 where MIN is, 0
// at a chance node (which has no side).
func (tr *Trace) Sign(v int) float64 {
	i := tr.Visits[v].Node
	if tr.Tree.Nodes[i].Kind == Chance {
		return 0
	}
	return tr.Tree.sign(i)
}

// Negamax returns visit v's window and value from the view of the side to
// move at its node, as negamax code sees them: MAX's view at a MAX node,
// negated (and the window turned round) at a MIN node.
func (tr *Trace) Negamax(v int) (alpha, beta, value float64) {
	x := tr.Visits[v]
	if tr.Sign(v) < 0 {
		return -x.Beta, -x.Alpha, -x.Value
	}
	return x.Alpha, x.Beta, x.Value
}

// negascout is Reinefeld's NegaScout in negamax form, fail-soft: the first child
// with the full window, the others with a null window, searched again
// with the window (t, beta) when the test fails high, unless the child's
// value is exact already (a leaf, or a node whose children are leaves).
// alpha and beta are from the view of the side to move at i.
func (r *recorder) negascout(i, parent int, alpha, beta float64, research bool) float64 {
	t := r.tr.Tree
	s := t.sign(i)
	v := r.enter(i, parent, s*alpha, s*beta)
	if s < 0 {
		r.tr.Visits[v].Alpha, r.tr.Visits[v].Beta = -beta, -alpha
	}
	r.tr.Visits[v].Research = research
	r.tr.Visits[v].Null = beta-alpha == 1
	n := t.Nodes[i]
	if n.Kind == Leaf {
		r.tr.Visits[v].Value = n.Value
		return s * n.Value
	}
	a, b := alpha, beta
	best := math.Inf(-1)
	for j, c := range n.Children {
		cv := len(r.tr.Visits)
		x := -r.negascout(c, v, -b, -a, false)
		if x > a && x < beta && j > 0 && deep(t, c) {
			cv = len(r.tr.Visits)
			x = -r.negascout(c, v, -beta, -x, true)
		}
		best = max(best, x)
		a = max(a, x)
		if a >= beta {
			r.cut(cv, n.Children, j)
			break
		}
		b = a + 1
	}
	r.tr.Visits[v].Value = s * best
	return best
}

// deep reports whether a null-window value of node c may be a bound,
// which negascout must search again: some child of c has children. (A
// leaf's value is exact, and so is the fail-soft value of a node whose
// children are leaves when the test fails high: it saw every child.)
func deep(t *Tree, c int) bool {
	for _, k := range t.Nodes[c].Children {
		if len(t.Nodes[k].Children) > 0 {
			return true
		}
	}
	return false
}

// LastVisits returns, for each node of the tree, its last visit (the
// re-search, if any), -1 for a node never visited.
func (tr *Trace) LastVisits() []int {
	last := make([]int, len(tr.Tree.Nodes))
	for i := range last {
		last[i] = -1
	}
	for v, x := range tr.Visits {
		last[x.Node] = v
	}
	return last
}

// Children returns each visit's child visits, in order.
func (tr *Trace) Children() [][]int {
	kids := make([][]int, len(tr.Visits))
	for v, x := range tr.Visits {
		if x.Parent >= 0 {
			kids[x.Parent] = append(kids[x.Parent], v)
		}
	}
	return kids
}

// PrunedNodes reports for each node whether the search never visited it:
// a cut-off pruned it or an ancestor of it. (A node pruned in
// negascout's null-window test and visited by the re-search is not.)
func (tr *Trace) PrunedNodes() []bool {
	pruned := make([]bool, len(tr.Tree.Nodes))
	for i, v := range tr.LastVisits() {
		pruned[i] = v < 0
	}
	return pruned
}

// Cutoffs counts the cut-offs that pruned something.
func (tr *Trace) Cutoffs() int {
	n := 0
	for _, x := range tr.Visits {
		if x.Cut {
			n++
		}
	}
	return n
}

// Value returns the root's value, from MAX's view.
func (tr *Trace) Value() float64 {
	if len(tr.Visits) == 0 {
		return 0
	}
	return tr.Visits[0].Value
}

// principal returns the visits of the principal variation: from the
// root, the last visit of the child whose value is its parent's value.
func principal(tr *Trace) []int {
	if len(tr.Visits) == 0 {
		return nil
	}
	kids := tr.Children()
	v := 0
	path := []int{0}
	for len(kids[v]) > 0 && tr.Tree.Nodes[tr.Visits[v].Node].Kind != Chance {
		next := -1
		for _, k := range kids[v] {
			if tr.Visits[k].Value == tr.Visits[v].Value && (next < 0 || tr.Visits[k].Node == tr.Visits[next].Node) {
				next = k
			}
		}
		if next < 0 {
			break
		}
		v = next
		path = append(path, v)
	}
	return path
}

// EventKind is what happens at one step of a search.
type EventKind uint8

// The steps: the search enters a node with a window; (for predicting
// first) it has seen the node's children and the class guesses its value;
// the node returns its value to its parent.
const (
	Enter EventKind = iota
	Ask
	Return
)

// Event is one step of a replay: a visit entered, asked about or
// returned.
type Event struct {
	Kind  EventKind
	Visit int
}

// Events returns the steps of the search in order: each visit entered,
// its children's steps, then its return. With ask, a step asks for the
// value of each inner node before it returns (the class predicts first).
func (tr *Trace) Events(ask bool) []Event {
	kids := tr.Children()
	out := make([]Event, 0, 2*len(tr.Visits))
	var walk func(v int)
	walk = func(v int) {
		out = append(out, Event{Enter, v})
		for _, k := range kids[v] {
			walk(k)
		}
		if ask && len(kids[v]) > 0 {
			out = append(out, Event{Ask, v})
		}
		out = append(out, Event{Return, v})
	}
	for v, x := range tr.Visits {
		if x.Parent < 0 {
			walk(v)
		}
	}
	return out
}
