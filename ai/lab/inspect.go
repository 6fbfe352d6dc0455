package lab

import (
	"context"
	"fmt"
	"math"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/ai/eval"
	"boardgames/ai/textbook"
	"boardgames/rules/adjacency"
	"boardgames/rules/checkers"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

// InspectAlgorithms are the algorithms InspectTree records.
var InspectAlgorithms = []string{"minimax", "alphabeta", "negascout"}

// MaxInspectDepth bounds the depth of InspectTree: a tree for the
// classroom is small.
const MaxInspectDepth = 8

// InspectTree runs algo (minimax, alphabeta or negascout) to depth on pos
// with the evaluation eval ("" = the game's default) and records its
// search tree, up to max nodes (0 means 5000; the tree says when it was
// truncated). An untruncated tree holds exactly info.Nodes nodes, its
// root first.
func InspectTree(ctx context.Context, pos games.Position, algo string, depth int, eval string, max int) (*ai.Tree, ai.Info, error) {
	known := false
	for _, a := range InspectAlgorithms {
		known = known || a == algo
	}
	switch {
	case !known:
		return nil, ai.Info{}, fmt.Errorf("lab: the tree inspector shows minimax, alphabeta or negascout, not %q", algo)
	case depth < 1 || depth > MaxInspectDepth:
		return nil, ai.Info{}, fmt.Errorf("lab: tree depth %d is outside 1..%d", depth, MaxInspectDepth)
	case max < 0:
		return nil, ai.Info{}, fmt.Errorf("lab: node limit %d is negative", max)
	case pos.Result().Over():
		return nil, ai.Info{}, fmt.Errorf("lab: the game is over (%s): nothing to search", pos.Result())
	}
	tree := &ai.Tree{Max: max}
	spec := bots.Spec{Algo: algo, Eval: eval, Params: ai.Params{Depth: depth, Tree: tree}}
	if err := CheckSpec(pos.Game(), spec); err != nil {
		return nil, ai.Info{}, err
	}
	info, err := bots.Think(ctx, pos, spec)
	if err != nil {
		return nil, ai.Info{}, fmt.Errorf("lab: %w", err)
	}
	return tree, info, nil
}

// NodeLabels returns the move that leads to each node of tree, formatted
// in its parent's position (pos is the root's position); roots get "".
// A node whose move cannot be formatted (a tree of another position) gets
// "?".
func NodeLabels(pos games.Position, tree *ai.Tree) []string {
	labels := make([]string, len(tree.Nodes))
	at := make([]games.Position, len(tree.Nodes))
	for i, n := range tree.Nodes {
		if n.Parent < 0 {
			at[i] = pos
			continue
		}
		parent := at[n.Parent]
		if parent == nil || !isLegal(parent, n.Move) {
			labels[i] = "?"
			continue
		}
		labels[i] = parent.MoveString(n.Move)
		at[i] = parent.Play(n.Move)
	}
	return labels
}

// Children returns the indices of each node's children, in the order
// they were searched.
func Children(tree *ai.Tree) [][]int {
	kids := make([][]int, len(tree.Nodes))
	for i, n := range tree.Nodes {
		if n.Parent >= 0 {
			kids[n.Parent] = append(kids[n.Parent], i)
		}
	}
	return kids
}

// Roots returns the indices of the tree's roots: one per iteration of an
// iterative-deepening search, one for a fixed depth.
func Roots(tree *ai.Tree) []int {
	var roots []int
	for i, n := range tree.Nodes {
		if n.Parent < 0 {
			roots = append(roots, i)
		}
	}
	return roots
}

// PVNodes returns the node indices of the principal variation info.PV,
// from the last root down: at each step the child reached by the next PV
// move (the last such child, which is a negascout re-search when there was
// one). It stops where the tree has no such node (a truncated tree).
func PVNodes(tree *ai.Tree, info ai.Info) []int {
	roots := Roots(tree)
	if len(roots) == 0 {
		return nil
	}
	kids := Children(tree)
	node := roots[len(roots)-1]
	path := []int{node}
	for _, m := range info.PV {
		next := -1
		for _, k := range kids[node] {
			if tree.Nodes[k].Move == m {
				next = k
			}
		}
		if next < 0 {
			break
		}
		node = next
		path = append(path, node)
	}
	return path
}

// InspectEval returns the evaluation the inspector uses by default for
// game: one that counts the game's own units where the game has one
// (Othello's disc difference, Adjacency's mark difference), so that a
// class reads "+2 discs" rather than hundreds of points; else the game's
// default.
func InspectEval(game string) string {
	switch game {
	case othello.Name:
		return "discs"
	case adjacency.Name:
		return "marks"
	}
	return eval.Default(game)
}

// Unit is how the inspector writes an evaluation's values: divided by
// Scale, in Name (English, plural: "discs", "pieces", "marks", "points").
type Unit struct {
	Scale int
	Name  string
}

// InspectUnit returns the unit of the values of evaluation ev ("" for the
// default) in game: disc and mark differences count discs and marks; the
// weighted evaluations of checkers and Adjacency, which give a man or a
// mark 100, count pieces and marks in hundredths; the others count their
// own points.
func InspectUnit(game, ev string) Unit {
	if ev == "" {
		ev = eval.Default(game)
	}
	switch {
	case game == othello.Name && ev == "discs":
		return Unit{1, "discs"}
	case game == adjacency.Name && ev == "marks":
		return Unit{1, "marks"}
	case game == adjacency.Name && ev == "vulnerability":
		return Unit{100, "marks"}
	case game == checkers.Name && (ev == "strong" || ev == "factors" || ev == "tuned" || ev == "pattern"):
		return Unit{100, "pieces"}
	}
	return Unit{1, "points"}
}

// Value writes a search's value v in the unit: "+2", "-0.35", or a
// decided game's "win 5" / "loss 5" (plies to its end), as the tree
// export writes it in English; the app words its own.
func (u Unit) Value(v float64) string {
	if math.IsInf(v, 0) {
		return textbook.FormatValue(v)
	}
	if n, ok := ai.DecidedIn(int(v)); ok {
		if v > 0 {
			return fmt.Sprintf("win %d", n)
		}
		return fmt.Sprintf("loss %d", n)
	}
	x := v / float64(max(u.Scale, 1))
	s := textbook.FormatValue(math.Round(x*100) / 100)
	if x > 0 {
		s = "+" + s
	}
	return s
}

// InspectTrace is InspectTree's tree as a textbook.Trace (values and
// windows from the root player's view), its principal variation from
// info.
func InspectTrace(pos games.Position, algo string, tree *ai.Tree, info ai.Info) *textbook.Trace {
	tr := textbook.FromSearch(tree, NodeLabels(pos, tree), algo)
	pv := PVNodes(tree, info)
	visit := map[int]int{}
	for v, o := range tr.Orig {
		visit[o] = v
	}
	tr.PV = tr.PV[:0]
	for _, n := range pv {
		if v, ok := visit[n]; ok {
			tr.PV = append(tr.PV, v)
		}
	}
	return tr
}
