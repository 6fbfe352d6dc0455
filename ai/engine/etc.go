package engine

import "boardgames/rules"

// Enhanced transposition cut-offs (Plaat, Schaeffer, Pijls and de Bruin
// 1996, "Exploiting graph properties of game trees"): before a null-window
// node searches its first move, it looks its children up in the
// transposition table. A child whose stored value is an upper bound (or
// exact) at the depth the child would be searched to, and low enough that
// the node fails high through it, cuts the node off at once, with no
// search: the hash move and the killers would have found the cut-off only
// after searching their own subtrees, perhaps large ones, first.
//
// An entry is used exactly as the child's own probe would use it (its
// depth, or any depth when proven; deeper ones too with a kept Table), and
// a child that repeats an earlier position (repeat.go) or that the Oracle
// knows is skipped, since the child itself would score that repetition as
// a draw, or take the oracle's value, before its probe.
// So the node's value at a fixed depth stays the negamax value: the cut
// returns a value that the search of that child would have returned too,
// and that fails high as the node's would.
//
// The look-ups cost a move and a hash for each child, for nothing when no
// entry cuts: the engine makes them only at nodes etcDepth plies or more
// from the horizon, where a cut-off saves a subtree worth far more, and
// after Multi-ProbCut (engine.go). From 4 plies, Othello middle games at
// depth 10 took 10.5 % fewer nodes; from 2, 3 or 5, 5.6, 9.5 and 5.1 %
// fewer (BENCHMARKS.md).
var etcDepth = 4

// etc tries the enhanced transposition cut-off of the null-window node s
// at ply, depth plies deep, with the window's top beta: ok true with the
// fail-soft value to return when a child cuts it off.
//
// moves are the node's moves as Moves generated them; the node's entry
// is stored here, as its search would have stored it, with the move that
// cut as its best. key is the node's hash.
func (e *engine[S]) etc(s S, key uint64, moves []rules.Move, depth, ply, beta int) (v int, ok bool) {
	for i, m := range moves {
		child := s.Play(m)
		ck := child.Hash()
		if e.rep != nil && e.rep.repeated(child, ck, ply+1) {
			continue
		}
		if e.oracle != nil {
			if _, _, known := e.oracle(child); known {
				continue
			}
		}
		t, found := e.tt.probe(ck)
		if !found || !e.tt.usable(t, depth-1) {
			continue
		}
		switch t.flags &^ flagProven {
		case boundExact, boundUpper: // the child's value is at most this
		default:
			continue
		}
		if v := -fromTT(int(t.value), ply+1); v >= beta {
			proven := t.flags&flagProven != 0
			if !proven {
				e.Horizon++
			}
			e.tt.store(key, i, toTT(v, ply), depth, boundLower, proven)
			return v, true
		}
	}
	return 0, false
}
