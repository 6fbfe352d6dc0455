package textbook

import (
	"math"

	"boardgames/ai"
)

// FromSearch turns the tree a real search recorded (ai.Tree, from ai's
// minimax, alphabeta or negascout at a fixed depth) into a Trace, so that
// the inspector and the export treat it as a textbook tree: its last
// root's visits, values and windows from the root player's view (MAX),
// the open ends of windows as ±Inf. labels[i] names the move of recorded
// node i (ai/lab.NodeLabels); Trace.Orig maps the visits back to the
// recorded nodes. A negascout re-search is a second visit of the same
// node; the moves a cut-off pruned, which the search never made, are
// counted on their parent (Node.Hidden) and on the cutting visit.
func FromSearch(t *ai.Tree, labels []string, algo string) *Trace {
	tr := &Trace{Algo: algo, Tree: &Tree{}, Windows: algo != Minimax}
	if t == nil || len(t.Nodes) == 0 {
		return tr
	}
	root := 0
	for i, n := range t.Nodes {
		if n.Parent < 0 {
			root = i
		}
	}
	visit := make(map[int]int) // recorded node -> visit
	kids := make(map[[2]int]int)
	for i := root; i < len(t.Nodes); i++ {
		n := t.Nodes[i]
		parentVisit := -1
		if i != root {
			pv, ok := visit[int(n.Parent)]
			if !ok {
				continue // another root's subtree
			}
			parentVisit = pv
		}
		sign := 1.0
		if n.Ply%2 == 1 {
			sign = -1
		}
		alpha, beta := open(n.Alpha), open(n.Beta)
		value := float64(n.Value)
		x := Visit{Parent: parentVisit, Research: n.Research, Null: n.Beta == n.Alpha+1, Cut: n.Cut, PrunedCount: n.Pruned}
		if sign > 0 {
			x.Alpha, x.Beta, x.Value = alpha, beta, value
		} else {
			x.Alpha, x.Beta, x.Value = -beta, -alpha, -value
		}
		// The tree's node: a re-search visits the node of the first search.
		node := -1
		parentNode := -1
		if parentVisit >= 0 {
			parentNode = tr.Visits[parentVisit].Node
			if k, ok := kids[[2]int{parentNode, int(n.Move)}]; ok && n.Research {
				node = k
			}
		}
		if node < 0 {
			kind := Max
			if sign < 0 {
				kind = Min
			}
			if n.Leaf {
				kind = Leaf
			}
			label := ""
			if i < len(labels) {
				label = labels[i]
			}
			node = tr.Tree.add(parentNode, Node{Kind: kind, Label: label, Value: x.Value})
			if parentNode >= 0 {
				kids[[2]int{parentNode, int(n.Move)}] = node
			}
		} else if n.Leaf {
			tr.Tree.Nodes[node].Value = x.Value
		}
		x.Node = node
		if n.Cut && parentNode >= 0 {
			tr.Tree.Nodes[parentNode].Hidden += n.Pruned
		}
		visit[i] = len(tr.Visits)
		tr.Visits = append(tr.Visits, x)
		tr.Orig = append(tr.Orig, i)
	}
	tr.PV = principal(tr)
	return tr
}

// open turns a search's open window end (beyond ai.WinScore) into ±Inf.
func open(v int) float64 {
	switch {
	case v > ai.WinScore:
		return math.Inf(1)
	case v < -ai.WinScore:
		return math.Inf(-1)
	}
	return float64(v)
}
