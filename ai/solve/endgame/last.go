package endgame

import "math/bits"

// The last four empty squares are solved by unrolled routines that take
// the empty squares as arguments, look at the neighbours of a square
// before computing its flips, and build no move list, the way Edax's
// search_solve_4/3/2 and board_score_1 do. All are null-window searches
// around alpha (window alpha, alpha+1), fail-soft, from the side to move's
// view; the scores are final disc differences, empties to the winner.

// finalScore is the score of a finished game with n empty squares: the
// disc difference, the empty squares counted for the winner.
func finalScore(p, o uint64, n int) int {
	d := bits.OnesCount64(p) - bits.OnesCount64(o)
	switch {
	case d > 0:
		return d + n
	case d < 0:
		return d - n
	}
	return 0
}

// solve1 returns the exact score with one empty square x. The side to move
// plays x if it can, else the opponent does, else the game ends.
func (s *Solver) solve1(p, o uint64, x int) int {
	s.nodes++
	n2 := 2 * bits.OnesCount64(p) // p + o = 63
	if f := lastFlips(p, x); f != 0 {
		return n2 + 2*f - 62
	}
	if f := lastFlips(o, x); f != 0 {
		return n2 - 2*f - 64
	}
	if n2 > 63 { // the empty square goes to the winner; no draw with 63 discs
		return n2 - 62
	}
	return n2 - 64
}

// solve2 searches two empty squares x1, x2.
func (s *Solver) solve2(p, o uint64, alpha int, x1, x2 int) int {
	s.nodes++
	best := -inf
	if neighbours[x1]&o != 0 {
		if f := flips(p, o, x1); f != 0 {
			best = -s.solve1(o&^f, p|f|1<<x1, x2)
			if best > alpha {
				return best
			}
		}
	}
	if neighbours[x2]&o != 0 {
		if f := flips(p, o, x2); f != 0 {
			if v := -s.solve1(o&^f, p|f|1<<x2, x1); v > best {
				return v
			}
			return best
		}
	}
	if best != -inf {
		return best
	}
	// The side to move passes: the opponent's best.
	best = inf
	if neighbours[x1]&p != 0 {
		if f := flips(o, p, x1); f != 0 {
			best = s.solve1(p&^f, o|f|1<<x1, x2)
			if best <= alpha {
				return best
			}
		}
	}
	if neighbours[x2]&p != 0 {
		if f := flips(o, p, x2); f != 0 {
			if v := s.solve1(p&^f, o|f|1<<x2, x1); v < best {
				return v
			}
			return best
		}
	}
	if best != inf {
		return best
	}
	return finalScore(p, o, 2)
}

// solve3 searches three empty squares, tried in the order given.
func (s *Solver) solve3(p, o uint64, alpha int, x1, x2, x3 int) int {
	s.nodes++
	best := -inf
	if neighbours[x1]&o != 0 {
		if f := flips(p, o, x1); f != 0 {
			best = -s.solve2(o&^f, p|f|1<<x1, -alpha-1, x2, x3)
			if best > alpha {
				return best
			}
		}
	}
	if neighbours[x2]&o != 0 {
		if f := flips(p, o, x2); f != 0 {
			if v := -s.solve2(o&^f, p|f|1<<x2, -alpha-1, x1, x3); v > best {
				if v > alpha {
					return v
				}
				best = v
			}
		}
	}
	if neighbours[x3]&o != 0 {
		if f := flips(p, o, x3); f != 0 {
			if v := -s.solve2(o&^f, p|f|1<<x3, -alpha-1, x1, x2); v > best {
				return v
			}
			return best
		}
	}
	if best != -inf {
		return best
	}
	// Pass.
	best = inf
	if neighbours[x1]&p != 0 {
		if f := flips(o, p, x1); f != 0 {
			best = s.solve2(p&^f, o|f|1<<x1, alpha, x2, x3)
			if best <= alpha {
				return best
			}
		}
	}
	if neighbours[x2]&p != 0 {
		if f := flips(o, p, x2); f != 0 {
			if v := s.solve2(p&^f, o|f|1<<x2, alpha, x1, x3); v < best {
				if v <= alpha {
					return v
				}
				best = v
			}
		}
	}
	if neighbours[x3]&p != 0 {
		if f := flips(o, p, x3); f != 0 {
			if v := s.solve2(p&^f, o|f|1<<x3, alpha, x1, x2); v < best {
				return v
			}
			return best
		}
	}
	if best != inf {
		return best
	}
	return finalScore(p, o, 3)
}

// solve4 searches the last four empty squares. They are tried squares of
// odd quadrants first: with the holes 1-1-2 (two lone squares and a pair)
// the lone squares go first, the other shapes (4, 1-3, 2-2, 1-1-1-1) have
// all quadrants of one parity.
func (s *Solver) solve4(p, o uint64, alpha int) int {
	e := ^(p | o)
	x1 := bits.TrailingZeros64(e)
	e &= e - 1
	x2 := bits.TrailingZeros64(e)
	e &= e - 1
	x3 := bits.TrailingZeros64(e)
	e &= e - 1
	x4 := bits.TrailingZeros64(e)
	// Sort: the quadrant parity of the four squares.
	q1, q2, q3, q4 := quadrant[x1], quadrant[x2], quadrant[x3], quadrant[x4]
	par := q1 ^ q2 ^ q3 ^ q4
	if par&q1 == 0 { // x1 in an even quadrant
		if par&q2 != 0 {
			if par&q3 != 0 { // x2 x3 odd, x1 x4 even
				x1, x2, x3 = x2, x3, x1
			} else { // x2 x4 odd
				x1, x2, x3, x4 = x2, x4, x1, x3
			}
		} else if par&q3 != 0 { // x3 x4 odd
			x1, x2, x3, x4 = x3, x4, x1, x2
		}
	} else if par&q2 == 0 { // x1 odd, x2 even
		if par&q3 != 0 { // x1 x3 odd
			x2, x3 = x3, x2
		} else { // x1 x4 odd
			x2, x3, x4 = x4, x2, x3
		}
	}
	return s.solve4Sorted(p, o, alpha, x1, x2, x3, x4)
}

// solve4Sorted is solve4 with the squares in the order to try.
func (s *Solver) solve4Sorted(p, o uint64, alpha int, x1, x2, x3, x4 int) int {
	s.nodes++
	if alpha >= stabilityThreshold[4] {
		if v := 64 - 2*stableCount(o, p); v <= alpha {
			return v
		}
	}
	best := -inf
	if neighbours[x1]&o != 0 {
		if f := flips(p, o, x1); f != 0 {
			best = -s.solve3(o&^f, p|f|1<<x1, -alpha-1, x2, x3, x4)
			if best > alpha {
				return best
			}
		}
	}
	if neighbours[x2]&o != 0 {
		if f := flips(p, o, x2); f != 0 {
			if v := -s.solve3(o&^f, p|f|1<<x2, -alpha-1, x1, x3, x4); v > best {
				if v > alpha {
					return v
				}
				best = v
			}
		}
	}
	if neighbours[x3]&o != 0 {
		if f := flips(p, o, x3); f != 0 {
			if v := -s.solve3(o&^f, p|f|1<<x3, -alpha-1, x1, x2, x4); v > best {
				if v > alpha {
					return v
				}
				best = v
			}
		}
	}
	if neighbours[x4]&o != 0 {
		if f := flips(p, o, x4); f != 0 {
			if v := -s.solve3(o&^f, p|f|1<<x4, -alpha-1, x1, x2, x3); v > best {
				return v
			}
			return best
		}
	}
	if best != -inf {
		return best
	}
	// Pass, if the opponent can move.
	if moveMask(o, p) != 0 {
		return -s.solve4Sorted(o, p, -alpha-1, x1, x2, x3, x4)
	}
	return finalScore(p, o, 4)
}
