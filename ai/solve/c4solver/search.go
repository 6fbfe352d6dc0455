package c4solver

// The search is the one of Pascal Pons' tutorial "Solving Connect Four"
// (gamesolver.org, 2019): negamax with alpha-beta on bitboards, called only
// with null windows by an iterative narrowing of the score interval
// (MTD(f)-like), a transposition table of score bounds, pruning of the
// moves that lose at once ("anticipated losing moves"), and moves ordered by
// the number of winning cells they create, centre columns first on ties.
// Beyond it, an enhanced transposition cutoff: before searching the moves
// of a position far from the end, the table is asked whether one of them
// is known already to reach beta.

// columnOrder lists the columns centre first.
var columnOrder = [width]int{3, 2, 4, 1, 5, 0, 6}

// etcStones: positions with fewer stones try the enhanced transposition
// cutoff. Measured (seeded random positions of 10 to 30 stones, one solve
// each from an empty table): a fifth fewer nodes and time; nearer the end
// the probes cost more than the nodes they save.
const etcStones = 36

// middleWidth: an interval of scores this wide or narrower is probed in
// its middle. Near zero Pons' probes make weak claims first, and a weak
// claim about a won position (a score of at least 0 where it is 3) can
// take a far bigger proof than a sharp one. Measured by nodes of
// SolveChoice from an empty table: on 35 seeded random positions of 12 to
// 30 stones the worst took 0.50 M nodes instead of 1.58 M, the mean 77
// thousand instead of 117; Pons' sets L1_R2 (first 20) 0.60 M instead of
// 0.69 M, L2_R2 and L1_R1 (first 100) the same within 5 %. Probing every
// interval in its middle did as well on the seeded positions but took five
// times the nodes on L1_R1, whose scores are big.
const middleWidth = 10

// pollMask sets how often the search looks at its context: every 2^14
// nodes, about once a millisecond.
const pollMask = 1<<14 - 1

// negamax returns the score of the position (current, mask, with moves
// stones on the board) when it lies strictly inside (alpha, beta); when the
// score is <= alpha it returns an upper bound <= alpha, when it is >= beta
// a lower bound >= beta (fail-soft). The side to move must not be able to
// win at once. After a stop the result is meaningless and nothing is stored.
func (s *Solver) negamax(current, mask uint64, moves, alpha, beta int) int {
	s.nodes++
	if s.nodes&pollMask == 0 {
		s.stop.Poll()
		if s.limitAt != 0 && s.nodes > s.limitAt {
			s.stop.Halt()
		}
	}
	if s.stop.Stopped() {
		return 0
	}

	possible := nonLosing(current, mask)
	if possible == 0 {
		// every move lets the opponent win at once (or it has two threats)
		return -(cells - moves) / 2
	}
	if moves >= cells-2 {
		// neither side can win with the last two stones
		return 0
	}

	// Bounds: the opponent cannot win at its next move, and we cannot win
	// with the coming stone.
	lo := -(cells - 2 - moves) / 2
	up := (cells - 1 - moves) / 2
	// Mirror images share one key (the smaller of the two).
	key := current + mask
	tt := &s.tt
	if moves >= s.ttLimit {
		tt = &s.near
	}
	if s.symmetric {
		if k := mirrorKey(key); k < key {
			key = k
		}
	}
	tlo, tup := tt.get(key)
	lo = max(lo, tlo)
	up = min(up, tup)
	if alpha < lo {
		alpha = lo
		if alpha >= beta {
			return alpha
		}
	}
	if beta > up {
		beta = up
		if alpha >= beta {
			return beta
		}
	}

	// Order the candidate moves by the winning cells they create, the
	// centre first among equals (insertion sort, stable).
	var list [width]uint64
	var score [width]int
	n := 0
	for _, c := range columnOrder {
		m := possible & columnMask(c)
		if m == 0 {
			continue
		}
		v := popcount(winningCells(current|m, mask))
		i := n
		for ; i > 0 && score[i-1] < v; i-- {
			list[i], score[i] = list[i-1], score[i-1]
		}
		list[i], score[i] = m, v
		n++
	}

	alpha0 := alpha
	opp := current ^ mask
	if moves < etcStones {
		// A move whose position the table bounds at -beta or below
		// refutes the window without a search.
		ctt := &s.tt
		if moves+1 >= s.ttLimit {
			ctt = &s.near
		}
		for i := range n {
			ck := opp + (mask | list[i])
			if s.symmetric {
				if k := mirrorKey(ck); k < ck {
					ck = k
				}
			}
			if _, cup := ctt.get(ck); -cup >= beta {
				tt.put(key, -cup, maxScore)
				return -cup
			}
		}
	}
	for i := range n {
		v := -s.negamax(opp, mask|list[i], moves+1, -beta, -alpha)
		if v >= beta {
			if !s.stop.Stopped() {
				tt.put(key, v, maxScore)
			}
			return v
		}
		if v > alpha {
			alpha = v
		}
	}
	if !s.stop.Stopped() {
		if alpha > alpha0 {
			tt.put(key, alpha, alpha) // exact
		} else {
			tt.put(key, minScore, alpha)
		}
	}
	return alpha
}

// score returns the exact score of a position that is not over: a win at
// once, or else the narrowing of [lo, up] by null-window searches. While
// the interval is wide each probe lies between the middle and zero (Pons'
// iterative deepening: halfway to the bound on the side of the middle, so
// that a big win or loss is found at once); once it is middleWidth or
// narrower, in the middle. The caller may know that the score lies in
// [lo, up] already; pass the widest bounds otherwise.
func (s *Solver) score(current, mask uint64, moves, lo, up int) int {
	if winningCells(current, mask)&playable(mask) != 0 {
		return (cells + 1 - moves) / 2
	}
	lo = max(lo, -(cells-moves)/2)
	up = min(up, (cells+1-moves)/2)
	for lo < up && !s.stop.Stopped() {
		med := lo + (up-lo)/2 // lo <= med < up
		if up-lo > middleWidth {
			if med <= 0 && lo/2 < med {
				med = lo / 2
			} else if med >= 0 && up/2 > med {
				med = up / 2
			}
		}
		if r := s.negamax(current, mask, moves, med, med+1); r <= med {
			up = r
		} else {
			lo = r
		}
	}
	return lo
}

// atMost reports whether the exact score of a position that is not over is
// at most v.
func (s *Solver) atMost(current, mask uint64, moves, v int) bool {
	if winningCells(current, mask)&playable(mask) != 0 {
		return (cells+1-moves)/2 <= v
	}
	return s.negamax(current, mask, moves, v, v+1) <= v
}
