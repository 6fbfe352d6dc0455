package endgame

import "math/bits"

// The search follows the structure of Edax's endgame solver (Richard
// Delorme): principal variation search (Reinefeld's NegaScout) at the root
// and along the principal variation, and everywhere else null-window
// searches, with a routine per range of empty squares n:
//
//	n > shallowDepth  nws: hash table (a small cache-resident one below
//	                  nearDepth), stability cutoff, the hash move searched
//	                  first, then enhanced transposition cutoff from
//	                  etcDepth, fastest-first ordering (order.go) with the
//	                  best move picked lazily
//	5..shallowDepth   shallow: no table, no move list: legal moves of the
//	                  quadrants with an odd number of empties first (parity),
//	                  and in each group corners, then other good squares,
//	                  then C squares, then X squares
//	4, 3, 2, 1        the unrolled solvers of last.go
//
// Every search is fail-soft: a result <= alpha is an upper bound of the
// exact score, a result >= beta a lower bound. The depth thresholds were
// measured on FFO #40-#44 and the 20-22 empty FForum positions.

const (
	inf = 127 // beyond every score (scores are within -64..64)

	// shallowDepth is the largest number of empties searched without the
	// hash table and move list (Edax: 7).
	shallowDepth = 7

	// nearDepth: positions with fewer empties use the small table. The
	// big table is much larger than the processor's caches and nearly
	// every probe misses them, while these numerous small subtrees find
	// most of their transpositions in a table that fits.
	nearDepth = 12
	nearMiB   = 4

	// etcDepth: from this many empties the children are looked up in the
	// table before any is searched.
	etcDepth = 10

	// maxMoves bounds the legal moves of a position (33 is the record).
	maxMoves = 40

	// pollMask: the context (and the node limit) is checked by nws every
	// 2^12 nodes (well under a millisecond).
	pollMask = 1<<12 - 1
)

// stabilityThreshold[n]: with n empties, the stability cutoff is tried
// only when alpha is at least this (a low alpha is rarely above the bound,
// and finding the stable discs costs); the values of Edax.
var stabilityThreshold = [65]int{
	99, 99, 99, 99, 6, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30,
	32, 34, 36, 38, 40, 42, 44, 46, 48, 48, 50, 50, 52, 52, 54, 54,
	56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64, 64, 64,
	64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64,
}

// shallowClasses orders the moves of a parity group in shallow.
var shallowClasses = [4]uint64{
	corners,
	goodSquares &^ corners,
	^goodSquares &^ xSquares, // C squares
	xSquares,
}

// goodSquares are all squares but the X and C squares (next to a corner).
const goodSquares = ^uint64(0x42c300000000c342)

// tableFor returns the table for positions with n empties.
func (s *Solver) tableFor(n int) *table {
	if n < nearDepth {
		return &s.near
	}
	return &s.tt
}

// nwsAny is the null-window search for any number of empties n.
func (s *Solver) nwsAny(p, o uint64, alpha, n int, par uint8) int {
	switch {
	case n > shallowDepth:
		return s.nws(p, o, alpha, n, par)
	case n > 4:
		return s.shallow(p, o, alpha, n, par)
	case n == 4:
		return s.solve4(p, o, alpha)
	}
	return s.alphaBeta(p, o, alpha, alpha+1, n)
}

// poll checks the context and the node limit, and when nws is to check
// them next.
func (s *Solver) poll() {
	s.pollAt = s.nodes + pollMask + 1
	s.stop.Poll()
	if s.limit > 0 && s.nodes-s.first >= s.limit {
		s.stop.Halt()
	}
}

// nws is the null-window search with the hash table, for more than
// shallowDepth empties.
func (s *Solver) nws(p, o uint64, alpha, n int, par uint8) int {
	s.nodes++
	if s.nodes >= s.pollAt {
		s.poll()
	}
	if s.stop.Stopped() {
		return 0
	}
	// The table first: its bucket is one memory access, the first thing
	// to ask for, and a hit saves the rest.
	tt := s.tableFor(n)
	b := tt.bucketOf(p, o)
	hashMove := noMove
	if d, ok := b.probe(p, o); ok {
		if v := lowerOf(d); v > alpha {
			return v
		}
		if v := upperOf(d); v <= alpha {
			return v
		}
		hashMove = moveOf(d)
	}
	if alpha >= stabilityThreshold[n] {
		if v := 64 - 2*stableCount(o, p); v <= alpha {
			return v
		}
	}
	moves := moveMask(p, o)
	if moves == 0 {
		if moveMask(o, p) == 0 {
			return finalScore(p, o, n)
		}
		return -s.nws(o, p, -alpha-1, n, par) // pass
	}

	// The hash move first, before the other moves are listed and
	// ordered: it refutes most of the positions it is stored for, and
	// then the ordering's work (a fifth of the time) is saved.
	best, bestMove := -inf, noMove
	if hashMove != noMove && moves>>hashMove&1 != 0 {
		f := flips(p, o, hashMove)
		best = -s.nwsChild(o&^f, p|f|1<<hashMove, -alpha-1, n-1, par^quadrant[hashMove])
		bestMove = hashMove
		moves &^= 1 << hashMove
		if best > alpha || moves == 0 {
			s.storeResult(tt, b, p, o, n, alpha, best, bestMove)
			return best
		}
	}

	var l moveList
	l.build(p, o, moves, noMove, par)

	// Enhanced transposition cutoff: a child whose stored upper bound is
	// below -alpha proves the cutoff without a search.
	if n >= etcDepth {
		ctt := s.tableFor(n - 1)
		for i := 0; i < l.n; i++ {
			m := &l.items[i]
			if d, ok := ctt.probe(o&^m.flips, p|m.flips|1<<m.sq); ok && -upperOf(d) > alpha {
				if !s.stop.Stopped() {
					tt.storeIn(b, p, o, n, -upperOf(d), 64, m.sq)
				}
				return -upperOf(d)
			}
		}
	}

	s.sortMoves(&l, p, o, n, false)
	for i := 0; i < l.n; i++ {
		m := l.pick(i)
		v := -s.nwsChild(o&^m.flips, p|m.flips|1<<m.sq, -alpha-1, n-1, par^quadrant[m.sq])
		if v > best {
			best, bestMove = v, m.sq
			if v > alpha {
				break
			}
		}
	}
	s.storeResult(tt, b, p, o, n, alpha, best, bestMove)
	return best
}

// nwsChild is the null-window search of a child of nws, which has n > shallowDepth
// empties.
func (s *Solver) nwsChild(p, o uint64, alpha, n int, par uint8) int {
	if n > shallowDepth {
		return s.nws(p, o, alpha, n, par)
	}
	return s.shallow(p, o, alpha, n, par)
}

// storeResult stores the result best of a null-window search around alpha
// into the bucket b of tt, unless the search was stopped.
func (s *Solver) storeResult(tt *table, b *bucket, p, o uint64, n, alpha, best, bestMove int) {
	if s.stop.Stopped() {
		return
	}
	if best > alpha {
		tt.storeIn(b, p, o, n, best, 64, bestMove)
	} else {
		tt.storeIn(b, p, o, n, -64, best, bestMove)
	}
}

// shallow is the null-window search for 5..shallowDepth empties.
func (s *Solver) shallow(p, o uint64, alpha, n int, par uint8) int {
	s.nodes++
	if alpha >= stabilityThreshold[n] {
		if v := 64 - 2*stableCount(o, p); v <= alpha {
			return v
		}
	}
	moves := moveMask(p, o)
	if moves == 0 {
		if moveMask(o, p) == 0 {
			return finalScore(p, o, n)
		}
		return -s.shallow(o, p, -alpha-1, n, par) // pass
	}
	best := -inf
	odd := quadrantMask[par]
	for k := range 2 * len(shallowClasses) {
		set := moves & odd
		if k >= len(shallowClasses) {
			set = moves &^ odd
		}
		set &= shallowClasses[k%len(shallowClasses)]
		for ; set != 0; set &= set - 1 {
			sq := bits.TrailingZeros64(set)
			f := flips(p, o, sq)
			np, no := o&^f, p|f|1<<sq
			var v int
			if n == 5 {
				v = -s.solve4(np, no, -alpha-1)
			} else {
				v = -s.shallow(np, no, -alpha-1, n-1, par^quadrant[sq])
			}
			if v > best {
				if v > alpha {
					return v
				}
				best = v
			}
		}
	}
	return best
}

// alphaBeta is a plain fail-soft alpha-beta with any window, for the few
// principal-variation nodes with 4 empties or fewer.
func (s *Solver) alphaBeta(p, o uint64, alpha, beta, n int) int {
	s.nodes++
	moves := moveMask(p, o)
	if moves == 0 {
		if moveMask(o, p) == 0 {
			return finalScore(p, o, n)
		}
		return -s.alphaBeta(o, p, -beta, -alpha, n)
	}
	best := -inf
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := flips(p, o, sq)
		if v := -s.alphaBeta(o&^f, p|f|1<<sq, -beta, -max(alpha, best), n-1); v > best {
			best = v
			if v >= beta {
				break
			}
		}
	}
	return best
}

// pvs is the principal variation search with any window: the first move
// with the full window, the others with a null window first and again with
// the full one when they beat alpha. It returns the score and the best
// move (noMove after a pass or at the end). At the root (root true) the
// table is not allowed to answer, so that the move returned is proven to
// be best whenever the score is inside the window.
func (s *Solver) pvs(p, o uint64, alpha, beta, n int, par uint8, root bool) (int, int) {
	if n <= 4 && !root {
		return s.alphaBeta(p, o, alpha, beta, n), noMove
	}
	s.nodes++
	if s.stop.Stopped() {
		return 0, noMove
	}
	moves := moveMask(p, o)
	if moves == 0 {
		if moveMask(o, p) == 0 {
			return finalScore(p, o, n), noMove
		}
		v, _ := s.pvs(o, p, -beta, -alpha, n, par, false)
		return -v, noMove
	}
	tt := s.tableFor(n)
	hashMove := noMove
	if d, ok := tt.probe(p, o); ok {
		lower, upper := lowerOf(d), upperOf(d)
		hashMove = moveOf(d)
		if !root {
			if lower >= beta || lower == upper {
				return lower, hashMove
			}
			if upper <= alpha {
				return upper, hashMove
			}
		}
	}

	var l moveList
	l.build(p, o, moves, hashMove, par)
	s.sortMoves(&l, p, o, n, root)
	best, bestMove := -inf, noMove
	a := alpha
	for i := 0; i < l.n; i++ {
		m := l.pick(i)
		np, no := o&^m.flips, p|m.flips|1<<m.sq
		cpar := par ^ quadrant[m.sq]
		var v int
		if i == 0 {
			v, _ = s.pvs(np, no, -beta, -a, n-1, cpar, false)
			v = -v
		} else {
			v = -s.nwsAny(np, no, -a-1, n-1, cpar)
			if v > a && v < beta && !s.stop.Stopped() {
				v, _ = s.pvs(np, no, -beta, -a, n-1, cpar, false)
				v = -v
			}
		}
		if root && v <= alpha && !s.stop.Stopped() {
			s.rootUpper[m.sq] = int8(min(int(s.rootUpper[m.sq]), v)) // proven: this move scores at most v
		}
		if v > best {
			best, bestMove = v, m.sq
			if v > a {
				a = v
				if v >= beta {
					break
				}
			}
		}
	}
	if !s.stop.Stopped() {
		switch {
		case best >= beta:
			tt.store(p, o, n, best, 64, bestMove)
		case best > alpha:
			tt.store(p, o, n, best, best, bestMove)
		default:
			tt.store(p, o, n, -64, best, bestMove)
		}
	}
	return best, bestMove
}
