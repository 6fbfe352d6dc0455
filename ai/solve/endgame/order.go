package endgame

import "math/bits"

// Move ordering. At the nodes with the hash table (more than shallowDepth
// empties) the moves are scored as in Edax's movelist_evaluate_fast: a
// wipeout first, then the hash move, then "fastest first" — the fewest
// opponent moves after the move (corners counting double) — with the own
// discs made safe around the corners, the opponent's potential mobility,
// the square's value and the quadrant parity as lesser terms. With
// sortFrom empties or more the score is refined by a small alpha-beta
// search on a mobility evaluation (one ply from 14 empties, three from
// 18), a cheap stand-in for the evaluation-guided shallow searches of
// Edax. Measured on the FForum positions of 20 to 23 empties
// (BenchmarkSuite, 25 positions) after the hash move was tried before the
// ordering and flips got faster (issue 31): from 12 and 16 empties (as
// before) 283 M nodes and 14.3 s of CPU, from 14 and 18 299 M and 11.8 s,
// from 14 and 16 285 M and 13.3 s, from 16 and 18 304 M and 12.0 s;
// without the three-ply search 342 M and 13.4 s. Fewer nodes no longer pay
// for the ordering's time.

const (
	wWipeout  = 1 << 30
	wHashMove = 1 << 29
	wMobility = 1 << 15
	wCorner   = 1 << 11
	wPotMob   = 1 << 5
	wParity   = 1 << 2
)

// sortFrom and sortFrom3: from these many empties the moves are ordered
// by a mobSearch of one and three plies.
const (
	sortFrom  = 14
	sortFrom3 = 18
)

// sortPly[n]: with n empties the moves are ordered by a mobSearch of this
// many plies (0: the fast scores only).
var sortPly = func() (t [65]int) {
	for n := range t {
		switch {
		case n >= sortFrom3:
			t[n] = 3
		case n >= sortFrom:
			t[n] = 1
		}
	}
	return t
}()

// moveItem is a legal move in a move list.
type moveItem struct {
	flips uint64
	sq    int
	score int32
}

// moveList holds the legal moves of a position with their ordering scores.
type moveList struct {
	items [maxMoves]moveItem
	n     int
}

// build fills the list with the legal moves (the set moves) of p against
// o, scored for fastest-first ordering; hashMove goes first.
func (l *moveList) build(p, o, moves uint64, hashMove int, par uint8) {
	n := 0
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := flips(p, o, sq)
		it := &l.items[n]
		it.flips, it.sq = f, sq
		n++
		np, no := o&^f, p|f|1<<sq // the opponent moves next
		switch {
		case np == 0:
			it.score = wWipeout
		case sq == hashMove:
			it.score = wHashMove
		default:
			mob := moveMask(np, no)
			sc := squareValue[sq]
			sc += int32(36-bits.OnesCount64(mob)-bits.OnesCount64(mob&corners)) * wMobility
			sc += int32(cornerStability(no)) * wCorner
			sc += int32(36-potentialMobility(np, no)) * wPotMob
			if par&quadrant[sq] != 0 {
				sc += wParity
			}
			it.score = sc
		}
	}
	l.n = n
}

// deepen rescores the moves (but a wipeout and the hash move) by the
// mobility search of the position after them, ply plies deep.
func (l *moveList) deepen(p, o uint64, ply int) {
	for i := 0; i < l.n; i++ {
		it := &l.items[i]
		if it.score >= wHashMove {
			continue
		}
		np, no := o&^it.flips, p|it.flips|1<<it.sq
		v := -mobSearch(np, no, ply, -1<<20, 1<<20)
		it.score = int32(v)<<12 + int32(cornerStability(no))*(wCorner/4) + squareValue[it.sq]
	}
}

// pick moves the best-scored of the items i.. to position i and returns it
// (a lazy selection sort: most nodes cut off after one or two moves).
func (l *moveList) pick(i int) *moveItem {
	b := i
	for j := i + 1; j < l.n; j++ {
		if l.items[j].score > l.items[b].score {
			b = j
		}
	}
	if b != i {
		l.items[i], l.items[b] = l.items[b], l.items[i]
	}
	return &l.items[i]
}

// mobEval is a mobility evaluation for ordering: the moves of the side to
// move minus the opponent's (corners counting double), twice, plus the
// difference of the discs anchored at the corners.
func mobEval(p, o uint64) int {
	mp, mo := moveMask(p, o), moveMask(o, p)
	return 2*(bits.OnesCount64(mp)+bits.OnesCount64(mp&corners)-
		bits.OnesCount64(mo)-bits.OnesCount64(mo&corners)) +
		cornerStability(p) - cornerStability(o)
}

// mobSearch is a fail-soft alpha-beta search of ply plies on mobEval; an
// end of game scores the disc difference times 1000.
func mobSearch(p, o uint64, ply, alpha, beta int) int {
	if ply == 0 {
		return mobEval(p, o)
	}
	moves := moveMask(p, o)
	if moves == 0 {
		if moveMask(o, p) == 0 {
			return finalScore(p, o, 64-bits.OnesCount64(p|o)) * 1000
		}
		return -mobSearch(o, p, ply, -beta, -alpha)
	}
	best := -1 << 30
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := flips(p, o, sq)
		if v := -mobSearch(o&^f, p|f|1<<sq, ply-1, -beta, -max(alpha, best)); v > best {
			best = v
			if v >= beta {
				break
			}
		}
	}
	return best
}

// EvalUnit is the scale of an evaluation given to SetEvaluation: it
// returns its estimate of the final disc margin times EvalUnit.
const EvalUnit = 64

// evalWeight is the weight of the evaluation (SetEvaluation) of the
// position after a move in the move's ordering score, where the moves
// are ordered by a mobility search (sortPly): a disc of the estimate
// counts a quarter of a point of the mobility search's value. Measured
// with the pattern evaluation on the FForum positions of 19 to 22
// empties (BenchmarkRange), it took 14 % fewer nodes (a weight of 4, 8,
// 32 or 64, or from 14 or 16 empties only, fewer; ordering by searches
// on the evaluation alone, as Edax does with its own, more nodes or more
// time).
const evalWeight = 16

// evalFrom: the evaluation orders the moves of positions with at least
// this many empties (not fewer than sortFrom). Measured with the orderings
// of sortFrom: from 12 empties FForum 20-39 line 18 took 18.4 M nodes and
// 0.85 s of CPU, from 14 19.0 M and 0.79 s; BenchmarkSuite 11.8 and 11.4 s.
const evalFrom = 14

// rootEvalPly and rootEvalWeight: the moves of the root are ordered
// mostly by a search of rootEvalPly plies on the evaluation of the
// position after each, done once a solve (rootEval), rootEvalWeight a
// unit of it (a disc outweighs 64 points of the mobility search). Measured on the FForum positions of 19 to 24 empties: FForum
// 20-39 line 18 took 16.6 M nodes instead of 21.9 M (its first root move
// was b7, whose refutation at the last MTD test took a third of the
// nodes, now g2), FFO #44 6 % fewer, the others within 2 %; 4 or 5 plies
// gave 5 % more nodes in all, 8 plies cost more time than they saved, and
// a smaller weight changed nothing. The search costs about 80 ms (0.9 G
// instructions at 22 empties), so it is done from rootEvalFrom empties
// only, where a solve takes a second or so.
const (
	rootEvalPly    = 6
	rootEvalWeight = 4096
	rootEvalFrom   = 20
)

// rootEval computes the ordering scores of the moves of the root, which
// has n empties, by the evaluation (none without one, or below
// rootEvalFrom): rootScore[sq] is the value of the move sq for the side to
// move, in EvalUnit, by a rootEvalPly search after it.
func (s *Solver) rootEval(p, o, moves uint64, n int) {
	s.rootScored = s.eval != nil && n >= rootEvalFrom
	if !s.rootScored {
		return
	}
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := flips(p, o, sq)
		s.rootScore[sq] = -s.evalSearch(o&^f, p|f|1<<sq, rootEvalPly, -inf*EvalUnit, inf*EvalUnit)
	}
}

// sortMoves scores the moves of l for the search of a position with n
// empties beyond the fast scores of build: by the mobility search of
// sortPly[n] plies, then by the evaluation of the position after each
// move, if the solver has one (at the root, with root true, by the
// search of rootEval).
func (s *Solver) sortMoves(l *moveList, p, o uint64, n int, root bool) {
	ply := sortPly[n]
	if ply == 0 {
		return
	}
	l.deepen(p, o, ply)
	if s.eval == nil || n < evalFrom {
		return
	}
	for i := 0; i < l.n; i++ {
		it := &l.items[i]
		if it.score >= wHashMove {
			continue
		}
		if root && s.rootScored {
			it.score += int32(min(max(s.rootScore[it.sq], -64*EvalUnit), 64*EvalUnit) * rootEvalWeight)
			continue
		}
		v := s.eval(o&^it.flips, p|it.flips|1<<it.sq) // the opponent's view
		it.score -= int32(min(max(v, -64*EvalUnit), 64*EvalUnit) * evalWeight)
	}
}

// evalSearch is a fail-soft alpha-beta search of ply plies on the
// evaluation, from p's view in EvalUnit; a finished game scores its disc
// difference.
func (s *Solver) evalSearch(p, o uint64, ply, alpha, beta int) int {
	if ply == 0 {
		return s.eval(p, o)
	}
	moves := moveMask(p, o)
	if moves == 0 {
		if moveMask(o, p) == 0 {
			return finalScore(p, o, 64-bits.OnesCount64(p|o)) * EvalUnit
		}
		return -s.evalSearch(o, p, ply, -beta, -alpha)
	}
	best := -inf * EvalUnit
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := flips(p, o, sq)
		if v := -s.evalSearch(o&^f, p|f|1<<sq, ply-1, -beta, -max(alpha, best)); v > best {
			best = v
			if v >= beta {
				break
			}
		}
	}
	return best
}
