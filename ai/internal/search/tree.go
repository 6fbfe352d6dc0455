package search

import "boardgames/rules"

// TreeNode is one visit of a position by minimax, alphabeta or negascout.
// Values and windows are from the side to move's view at the node
// (negamax convention); ±(WinScore+1) stands for an open window end.
type TreeNode struct {
	Parent      int32      // index of the parent in Tree.Nodes, -1 for a root
	Move        rules.Move // the move that led here (0 at a root)
	Ply         int
	Alpha, Beta int  // the window on entry
	Value       int  // the value the node returned
	Leaf        bool // scored at the horizon or at the game's end
	// Cut marks the child that caused its parent's beta cut-off: the
	// parent's remaining moves, Pruned of them, were not searched.
	Cut      bool
	Pruned   int
	Research bool // a negascout re-search of a node first searched with a null window
}

// Tree records a search tree for the classroom's inspector. Search clears
// it and then appends nodes in the order they are entered, a parent before
// its children, until Max nodes (0 means 5000); then it sets Truncated and
// records no more. With iterative deepening (Params.Time) each iteration
// adds a root of its own. An untruncated tree holds exactly Info.Nodes
// nodes.
type Tree struct {
	Max       int
	Nodes     []TreeNode
	Truncated bool
}

const defaultTreeMax = 5000

// Recorder writes a Tree as a depth-first search goes. The searches call it
// only when a tree is wanted, so that it costs nothing otherwise.
type Recorder struct {
	t        *Tree
	max      int
	idx      []int32      // idx[ply]: the node at ply in Nodes, -1 if not recorded
	move     []rules.Move // move[ply]: the move that leads to the next node at ply
	research bool         // the next node entered is a re-search
}

func NewRecorder(t *Tree, maxPly int) *Recorder {
	t.Nodes = t.Nodes[:0]
	t.Truncated = false
	max := t.Max
	if max == 0 {
		max = defaultTreeMax
	}
	return &Recorder{t: t, max: max, idx: make([]int32, maxPly+2), move: make([]rules.Move, maxPly+2)}
}

// Next tells the recorder which move leads to the next node at ply, and
// whether it is a re-search.
func (r *Recorder) Next(ply int, m rules.Move, research bool) {
	r.move[ply] = m
	r.research = research
}

// Enter records a node entered at ply with the window alpha, beta.
func (r *Recorder) Enter(ply, alpha, beta int) {
	parent := int32(-1)
	var m rules.Move
	if ply > 0 {
		parent = r.idx[ply-1]
		m = r.move[ply]
	}
	research := r.research
	r.research = false
	if parent < 0 && ply > 0 || len(r.t.Nodes) >= r.max {
		if len(r.t.Nodes) >= r.max {
			r.t.Truncated = true
		}
		r.idx[ply] = -1
		return
	}
	r.idx[ply] = int32(len(r.t.Nodes))
	r.t.Nodes = append(r.t.Nodes, TreeNode{
		Parent: parent, Move: m, Ply: ply, Alpha: alpha, Beta: beta, Research: research,
	})
}

// Exit records the value the node at ply returns.
func (r *Recorder) Exit(ply, value int, leaf bool) {
	if i := r.idx[ply]; i >= 0 {
		n := &r.t.Nodes[i]
		n.Value, n.Leaf = value, leaf
	}
}

// Cut marks the child just searched at ply+1 as the cause of a cut-off
// that skipped pruned moves.
func (r *Recorder) Cut(ply, pruned int) {
	if i := r.idx[ply+1]; i >= 0 {
		n := &r.t.Nodes[i]
		n.Cut, n.Pruned = true, pruned
	}
}
