package treeplot

import "boardgames/ai/textbook"

// state is what the replay shows of a node at the step.
type state struct {
	reached  bool // entered by the step
	returned bool // its value is known by the step
	asked    bool // the step asks for its value
	current  bool // the step's node
	pruned   bool // a cut-off has pruned it by the step
	visit    int  // its latest visit by the step, -1
	cutBy    int  // the visit whose cut-off pruned it
}

// states replays the events up to step.
func states(tr *textbook.Trace, events []textbook.Event, step int) []state {
	st := make([]state, len(tr.Tree.Nodes))
	for i := range st {
		st[i].visit, st[i].cutBy = -1, -1
	}
	if events == nil {
		events = tr.Events(false)
	}
	if step < 0 || step >= len(events) {
		step = len(events) - 1
	}
	for k := 0; k <= step; k++ {
		e := events[k]
		x := tr.Visits[e.Visit]
		s := &st[x.Node]
		switch e.Kind {
		case textbook.Enter:
			s.reached, s.returned, s.visit = true, false, e.Visit
			s.pruned = false
		case textbook.Return:
			s.returned = true
			for _, p := range x.Pruned {
				markPruned(tr.Tree, st, p, e.Visit)
			}
		}
		if k == step {
			s.current = true
			s.asked = e.Kind == textbook.Ask
		}
	}
	return st
}

func markPruned(t *textbook.Tree, st []state, i, by int) {
	if st[i].reached {
		return
	}
	st[i].pruned, st[i].cutBy = true, by
	for _, c := range t.Nodes[i].Children {
		markPruned(t, st, c, by)
	}
}
