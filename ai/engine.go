package ai

import (
	"boardgames/rules"
)

// The engine is the strong default: iterative deepening (Slate and Atkin
// 1977) of a principal variation search (Marsland and Campbell 1982) with a
// transposition table, move ordering by hash move, two killer moves per
// ply (Akl and Newborn 1977) and the history heuristic (Schaeffer 1983),
// and aspiration windows around the previous iteration's value.
//
// Its value at a fixed depth is the negamax value at that depth, the same
// as alphabeta's and negascout's: a stored result is used for a cut-off only
// at the depth it was searched to, or, when it is proven (its subtree
// reached the game's end everywhere), at any greater depth. When a whole
// iteration scored no position at the horizon its value is the game's
// exact value (Info.Exact) and deepening stops.
type engine[S rules.State[S]] struct {
	*core[S]
	tt      *table
	killers [][2]rules.Move
	history [2][historySize]int32 // by side to move and hashed move
}

const (
	historySize = 1 << 12
	historyMax  = 1 << 26 // halve the table past this, below the killers' keys
	keyHash     = 1 << 30 // ordering keys of the hash move and the killers
	keyKiller1  = 1 << 29
	keyKiller2  = 1 << 28
	// aspiration is the first half-width of the aspiration window, in
	// evaluation units; each failure widens it fourfold, up to aspirationMax.
	aspiration    = 32
	aspirationMax = 8192
)

// noMove fills empty killer slots; no game packs a move into all ones.
const noMove = ^rules.Move(0)

// historyIndex spreads a game's move code over the history table
// (Fibonacci hashing); collisions only blur the ordering.
func historyIndex(m rules.Move) uint64 {
	return uint64(m) * 0x9e3779b97f4a7c15 >> (64 - 12)
}

func (r *run[S]) engine(s S) (Info, bool) {
	depth := r.p.Depth
	if depth == 0 {
		depth = maxDepth
	}
	e := &engine[S]{
		core:    newCore(r.eval, &r.stop, depth),
		tt:      getTable(r.p.ttMiB()),
		killers: make([][2]rules.Move, depth+1),
	}
	defer putTable(e.tt)
	for i := range e.killers {
		e.killers[i] = [2]rules.Move{noMove, noMove}
	}
	res := newResult(depth)
	prev := 0
	for d := 1; d <= depth; d++ {
		if d > 1 && r.stop.pastSoft() {
			break
		}
		alpha, beta, delta := -inf, inf, aspiration
		if d >= 3 && !IsDecided(prev) {
			alpha, beta = prev-delta, prev+delta
		}
		var v int
		exact := false
		for {
			e.resetRoot()
			h0 := e.horizon
			v = e.pvs(s, d, 0, alpha, beta)
			if r.stop.stopped {
				break
			}
			// A fail-soft value outside the window is a bound: widen the
			// window on that side and search again.
			if v <= alpha && alpha > -inf {
				delta *= 4
				alpha = max(v-delta, -inf)
				if delta > aspirationMax || IsDecided(v) {
					alpha = -inf
				}
				continue
			}
			if v >= beta && beta < inf {
				delta *= 4
				beta = min(v+delta, inf)
				if delta > aspirationMax || IsDecided(v) {
					beta = inf
				}
				continue
			}
			exact = e.horizon == h0
			break
		}
		if r.stop.stopped {
			break
		}
		prev = v
		e.complete(res, v, d, exact)
		if r.p.Progress != nil {
			r.progress(e.info(res))
		}
		if exact {
			break
		}
	}
	ok := e.partial(res)
	return e.info(res), ok
}

// pvs is the engine's fail-soft principal variation search.
func (e *engine[S]) pvs(s S, depth, ply, alpha, beta int) int {
	if e.enter(ply) {
		return 0
	}
	if depth == 0 {
		return e.leaf(s, ply)
	}
	moves := s.Moves(e.moves[ply][:0])
	if len(moves) == 0 {
		return e.over(s, ply)
	}
	pvNode := beta-alpha > 1
	key := s.Hash()
	hashMove, hasHash := noMove, false
	if t := e.tt.probe(key); t != nil {
		e.ttHits++
		hashMove, hasHash = t.move, true
		proven := t.flags&flagProven != 0
		if !pvNode && (int(t.depth) == depth || proven && int(t.depth) < depth) {
			v := fromTT(int(t.value), ply)
			switch b := t.flags &^ flagProven; {
			case b == boundExact, b == boundLower && v >= beta, b == boundUpper && v <= alpha:
				if !proven {
					e.horizon++
				}
				return v
			}
		}
	}

	side := s.ToMove() & 1
	keys := &e.keys[ply]
	k1, k2 := e.killers[ply][0], e.killers[ply][1]
	for i, m := range moves {
		switch {
		case hasHash && m == hashMove:
			keys[i] = keyHash
		case m == k1:
			keys[i] = keyKiller1
		case m == k2:
			keys[i] = keyKiller2
		default:
			keys[i] = e.history[side][historyIndex(m)]
		}
	}

	alpha0, h0 := alpha, e.horizon
	best, bestMove := -inf, moves[0]
	for i := range moves {
		// Selection sort, one step per move: a cut-off usually comes early.
		j := i
		for k := i + 1; k < len(moves); k++ {
			if keys[k] > keys[j] {
				j = k
			}
		}
		moves[i], moves[j] = moves[j], moves[i]
		keys[i], keys[j] = keys[j], keys[i]
		m := moves[i]

		child := s.Play(m)
		var v int
		if i == 0 {
			v = -e.pvs(child, depth-1, ply+1, -beta, -alpha)
		} else {
			v = -e.pvs(child, depth-1, ply+1, -alpha-1, -alpha)
			if v > alpha && v < beta && !e.stop.stopped {
				v = -e.pvs(child, depth-1, ply+1, -beta, -alpha)
			}
		}
		if e.stop.stopped {
			return 0
		}
		if ply == 0 {
			e.rootMove(m, v)
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				e.setPV(ply, m)
			}
		}
		if v >= beta {
			e.cutoffs++
			if m != hashMove || !hasHash {
				if m != e.killers[ply][0] {
					e.killers[ply][1] = e.killers[ply][0]
					e.killers[ply][0] = m
				}
				e.bumpHistory(side, m, depth)
			}
			break
		}
	}

	bound := boundExact
	switch {
	case best <= alpha0:
		bound = boundUpper
	case best >= beta:
		bound = boundLower
	}
	e.tt.store(key, bestMove, toTT(best, ply), depth, bound, e.horizon == h0)
	return best
}

// bumpHistory credits a move that caused a cut-off, more for deeper ones.
func (e *engine[S]) bumpHistory(side rules.Player, m rules.Move, depth int) {
	h := &e.history[side]
	i := historyIndex(m)
	h[i] += int32(depth * depth)
	if h[i] > historyMax {
		for k := range h {
			h[k] /= 2
		}
	}
}
