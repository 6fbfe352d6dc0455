package engine

import (
	"boardgames/ai/internal/search"
	"boardgames/rules"
)

// The engine is the strong default: iterative deepening (Slate and Atkin
// 1977) of a principal variation search (Marsland and Campbell 1982) with a
// transposition table, move ordering by hash move, two killer moves per
// ply (Akl and Newborn 1977) and the history heuristic (Schaeffer 1983),
// and aspiration windows around the previous iteration's value; a
// null-window node looks its children up in the table first (enhanced
// transposition cut-offs, etc.go), and a node near the end whose result
// is bounded (Othello's stable discs, stability.go) may need no search.
//
// Its value at a fixed depth is the negamax value at that depth, the same
// as alphabeta's and negascout's (with NoQuiescence; with quiescence,
// quiesce.go, the horizon goes on to the end of pending captures, and an
// Oracle's values end the lines it knows; the enhanced transposition and
// the stability cut-offs keep it too): a stored result is used for a cut-off only
// at the depth it was searched to, or, when it is proven (its subtree
// reached the game's end everywhere), at any greater depth. (A table kept
// between searches, Params.Table, also gives cut-offs by deeper results,
// as chess programs' tables do: the old entries are mostly deeper ones,
// and a cut-off at the same depth alone found none.) When a whole
// iteration scored no position at the horizon its value is the game's
// exact value (Info.Exact) and deepening stops.
//
// With Params.Threads above 1 it is a Lazy SMP search (see smp.go): helper
// threads search the same root on the same table, and the main thread,
// the one of this function, gives the answer.
type engine[S rules.State[S]] struct {
	*search.Core[S]
	tt      *table
	order   [][rules.MaxMoves]uint8 // order[ply][i]: where moves[ply][i] was in the generated list
	killers [][2]rules.Move
	history [2][historySize]int32 // by side to move and hashed move
	sel     selective[S]          // Multi-ProbCut (probcut.go), when Params.Selectivity has it

	// A helper thread of a Lazy SMP search only:
	helper

	extras[S] // the oracle and quiescence (oracle.go, quiesce.go)
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

// Config is what the engine takes from ai.Params, the defaults applied.
type Config[S any] struct {
	Depth           int // the last iteration's depth (Params.Depth, or ai.MaxDepth)
	TTMiB           int // the table's size, when Table is nil or busy
	Threads         int // 1, or more for Lazy SMP
	Table           *Table
	Seed            uint64 // the helper threads' root move orders
	NoQuiescence    bool
	WholeIterations bool
	NoNewCutoffs    bool // no enhanced transposition or stability cut-offs
	Reductions      bool
	Past            []uint64
	Oracle          Oracle[S]  // nil for none
	Selectivity     ProbCut[S] // nil for none
}

// Search runs the engine on s for ai.Search: r has the evaluator, the
// stop check and the Progress report, cfg the engine's parameters. ok is
// false when it was stopped before it had a move.
func Search[S rules.State[S]](r *search.Run[S], cfg Config[S], s S) (info search.Info, ok bool) {
	depth := cfg.Depth
	tt, kept := cfg.Table.take(cfg.TTMiB)
	if kept {
		defer cfg.Table.give() // after the helpers have stopped (deferred calls run last first)
	} else {
		tt = getTable(cfg.TTMiB)
		defer putTable(tt)
	}
	e := &engine[S]{} // on the stack, unlike the helpers'
	e.init(r.Eval, &r.Stop, depth, tt)
	e.setExtras(cfg, depth)
	var smp *lazySMP
	if n := cfg.Threads; n > 1 {
		smp = startHelpers(r, cfg, s, n-1, depth, tt)
		defer smp.finish()
	}
	var res *search.Result
	total := e.RootCount(s)
	if r.Progress != nil {
		e.Live = search.NewLive(r.Reporter(), depth, total)
		res = &e.Live.Res
		if smp != nil {
			e.Live.Extra = smp.addStats
		}
	} else {
		res = search.NewResult(depth)
	}
	if !cfg.WholeIterations {
		r.Stop.KeepMargin(r.Start, partialMargin) // partial.go
		r.Stop.SoftAt(r.Start, partialSoft)
	}
	prev, cut := 0, 0
	for d := 1; d <= depth; d++ {
		if d > 1 && r.Stop.PastSoft() {
			break
		}
		if smp != nil {
			smp.depth.Store(int32(d))
		}
		if e.Live != nil {
			e.Live.Depth = d
		}
		v, exact, ok := e.iterate(s, d, prev)
		if !ok {
			cut = d
			break
		}
		prev = v
		e.Complete(res, v, d, exact)
		if r.Progress != nil {
			info := e.Info(res)
			smp.addStats(&info)
			r.Report(info)
		}
		if exact {
			break
		}
	}
	ok = e.Partial(res)
	if cut > 0 && !cfg.WholeIterations {
		e.betterCut(res) // partial.go
	}
	info = e.Info(res)
	if cut > 0 {
		info.Searching, info.RootDone, info.RootTotal = cut, len(e.Root), total
	}
	if smp != nil {
		smp.finish()
		smp.addStats(&info)
	}
	return info, ok
}

// init prepares a new engine for one thread's search of up to maxPly
// plies on the table tt.
func (e *engine[S]) init(eval search.Evaluator[S], stop *search.Stopper, maxPly int, tt *table) {
	e.Core = search.NewCore(eval, stop, maxPly+quiesceMaxPlies) // the plies of quiescence too
	e.tt = tt
	e.order = make([][rules.MaxMoves]uint8, maxPly+1)
	e.killers = make([][2]rules.Move, maxPly+1)
	for i := range e.killers {
		e.killers[i] = [2]rules.Move{noMove, noMove}
	}
}

// iterate searches s to depth d with an aspiration window around prev,
// the previous iteration's value, widening it until the value falls
// inside. It returns the value and whether it is exact (no position was
// scored at the horizon), or ok false if the search was stopped.
func (e *engine[S]) iterate(s S, d, prev int) (v int, exact, ok bool) {
	alpha, beta, delta := -search.Inf, search.Inf, aspiration
	if d >= 3 && !search.IsDecided(prev) {
		alpha, beta = prev-delta, prev+delta
	}
	for {
		e.ResetRoot()
		h0 := e.Horizon
		v = e.pvs(s, d, 0, alpha, beta)
		if e.Stop.Stopped {
			return 0, false, false
		}
		// A fail-soft value outside the window is a bound: widen the
		// window on that side and search again.
		if v <= alpha && alpha > -search.Inf {
			delta *= 4
			alpha = max(v-delta, -search.Inf)
			if delta > aspirationMax || search.IsDecided(v) {
				alpha = -search.Inf
			}
			continue
		}
		if v >= beta && beta < search.Inf {
			delta *= 4
			beta = min(v+delta, search.Inf)
			if delta > aspirationMax || search.IsDecided(v) {
				beta = search.Inf
			}
			continue
		}
		return v, e.Horizon == h0, true
	}
}

// enter counts a node and reports whether the search must unwind, like
// search.Core.Enter; a helper thread also publishes its counters whenever it
// polls.
func (e *engine[S]) enter(ply int) bool {
	e.Nodes++
	e.PVLen[ply] = 0
	if e.Nodes&search.PollMask != 0 {
		return false
	}
	if e.pub != nil {
		e.publish()
	}
	return e.Poll()
}

// pvs is the engine's fail-soft principal variation search.
func (e *engine[S]) pvs(s S, depth, ply, alpha, beta int) int {
	if e.enter(ply) {
		return 0
	}
	var key uint64
	if e.rep != nil {
		key = s.Hash()
		if e.rep.repeated(s, key, ply) { // repeat.go
			e.Leaves++
			e.Horizon++
			return 0
		}
	}
	if v, ok := e.known(s, ply); ok {
		return v
	}
	if depth == 0 {
		return e.quiesce(s, ply, alpha, beta)
	}
	moves := s.Moves(e.Moves[ply][:0])
	if len(moves) == 0 {
		return e.Over(s, ply)
	}
	pvNode := beta-alpha > 1
	if e.rep == nil {
		key = s.Hash()
	}
	hashMove, hasHash := noMove, false
	if t, ok := e.tt.probe(key); ok {
		e.TTHits++
		if int(t.move) < len(moves) {
			hashMove, hasHash = moves[t.move], true
		}
		if !pvNode && e.tt.usable(t, depth) {
			v := fromTT(int(t.value), ply)
			switch b := t.flags &^ flagProven; {
			case b == boundExact, b == boundLower && v >= beta, b == boundUpper && v <= alpha:
				if t.flags&flagProven == 0 {
					e.Horizon++
				}
				return v
			}
		}
	}
	if ply > 0 {
		if v, ok := e.stable(s, depth, ply, alpha, beta); ok { // stability.go
			return v
		}
	}

	if !pvNode && ply > 0 && e.sel.on(depth) {
		if v, ok := e.probCut(s, depth, ply, alpha, beta); ok {
			return v
		}
		moves = s.Moves(e.Moves[ply][:0]) // the shallow searches used this ply's buffers
	}
	// After Multi-ProbCut: before it, the look-ups made Othello games
	// search 2.6 % more nodes; after it, 4.4 % fewer (BENCHMARKS.md).
	if !pvNode && depth >= etcDepth && e.etcOn {
		if v, ok := e.etc(s, key, moves, depth, ply, beta); ok { // etc.go
			return v
		}
	}

	side := s.ToMove() & 1
	keys, order := &e.Keys[ply], &e.order[ply]
	k1, k2 := e.killers[ply][0], e.killers[ply][1]
	for i, m := range moves {
		order[i] = uint8(i)
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
	if ply == 0 && e.rng != 0 {
		e.shuffleRoot(keys[:len(moves)])
	}

	alpha0, h0 := alpha, e.Horizon
	best, bestIndex := -search.Inf, uint8(0)
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
		order[i], order[j] = order[j], order[i]
		m := moves[i]

		child := s.Play(m)
		var v int
		if i == 0 {
			v = -e.pvs(child, depth-1, ply+1, -beta, -alpha)
		} else {
			r := e.reduction(s, depth, ply, i, keys[i]) // reduce.go
			v = -e.pvs(child, depth-1-r, ply+1, -alpha-1, -alpha)
			if r > 0 && v > alpha && !e.Stop.Stopped {
				v = -e.pvs(child, depth-1, ply+1, -alpha-1, -alpha)
			}
			if v > alpha && v < beta && !e.Stop.Stopped {
				v = -e.pvs(child, depth-1, ply+1, -beta, -alpha)
			}
		}
		if e.Stop.Stopped {
			return 0
		}
		if ply == 0 {
			e.RootMove(m, v)
		}
		if v > best {
			best, bestIndex = v, order[i]
			if v > alpha {
				alpha = v
				e.SetPV(ply, m)
			}
		}
		if v >= beta {
			e.Cutoffs++
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
	e.tt.store(key, int(bestIndex), toTT(best, ply), depth, bound, e.Horizon == h0)
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
