package lab

import (
	"context"
	"fmt"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/rules/games"
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
