package textbook

import "math"

// Answers are a student's answers to an exercise on a trace: the nodes
// marked as pruned (marking the top of a pruned subtree marks all of it)
// and the values entered for inner nodes, from MAX's view.
type Answers struct {
	Pruned map[int]bool
	Values map[int]float64
}

// Verdict is the check of one node's answer.
type Verdict struct {
	Node int
	// Pruned is the key: the search never visited the node.
	Pruned bool
	// Marked is the student's answer: the node, or an ancestor of it, is
	// marked as pruned.
	Marked bool
	// Want is the value the node returned (its last visit's), for a
	// visited inner node; Asked says such a value is asked for.
	Want  float64
	Asked bool
	// Given and HasValue are the value the student entered.
	Given    float64
	HasValue bool
	// PrunedRight and ValueRight judge the two answers; a node not asked
	// for a value has ValueRight unless the student gave it one.
	PrunedRight, ValueRight bool
}

// Right reports whether both answers about the node are right.
func (v Verdict) Right() bool { return v.PrunedRight && v.ValueRight }

// Check is the check of an exercise: a verdict per node, root first.
type Check struct {
	Verdicts []Verdict
	// Right counts the nodes answered right, of Total (every node but the
	// root and the leaves' given values count once each).
	Right, Total int
}

// Check judges answers against the trace: which nodes the search pruned,
// and the value each visited inner node returned.
func (tr *Trace) Check(a Answers) Check {
	t := tr.Tree
	last := tr.LastVisits()
	pruned := tr.PrunedNodes()
	var c Check
	for i, n := range t.Nodes {
		v := Verdict{Node: i, Pruned: pruned[i]}
		for p := i; p >= 0; p = t.Nodes[p].Parent {
			v.Marked = v.Marked || a.Pruned[p]
		}
		v.Given, v.HasValue = a.Values[i]
		v.Asked = n.Kind != Leaf && last[i] >= 0
		if v.Asked {
			v.Want = tr.Visits[last[i]].Value
		}
		v.PrunedRight = v.Marked == v.Pruned
		switch {
		case v.Asked:
			v.ValueRight = v.HasValue && math.Abs(v.Given-v.Want) < 0.005
		default:
			v.ValueRight = !v.HasValue || n.Kind == Leaf && v.Given == n.Value
		}
		if i > 0 {
			c.Total++
			if v.Right() {
				c.Right++
			}
		} else if v.Asked {
			c.Total++
			if v.ValueRight {
				c.Right++
			}
		}
		c.Verdicts = append(c.Verdicts, v)
	}
	return c
}
