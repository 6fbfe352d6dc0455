package c4solver

import "math/bits"

// The bitboards are those of package connect4 (Pascal Pons' layout): column
// c (0 = left) takes bits 7c..7c+6, bottom cell first, and the seventh bit
// of every column is an always-empty sentinel that stops lines from wrapping
// into the next column. current holds the stones of the side to move, mask
// every stone; current+mask is a unique key below 2^49.

const (
	width  = 7
	height = 6
	cells  = width * height // 42
	stride = height + 1

	// minScore and maxScore bound every score of a position that is not
	// over: the fastest possible loss and win (Pons' convention).
	minScore = -(cells)/2 + 3  // -18
	maxScore = (cells+1)/2 - 3 // 18
)

// bottomMask has the bottom cell of every column, boardMask every cell.
const (
	bottomMask uint64 = 1 | 1<<7 | 1<<14 | 1<<21 | 1<<28 | 1<<35 | 1<<42
	boardMask  uint64 = bottomMask * (1<<height - 1)
)

// columnMask returns the six cells of column c.
func columnMask(c int) uint64 { return (1<<height - 1) << (uint(c) * stride) }

// playable returns the cells where a stone dropped now lands.
func playable(mask uint64) uint64 { return (mask + bottomMask) & boardMask }

// winningCells returns the empty cells (possibly not yet playable) that would
// complete four in a row for stones. This is Pons' compute_winning_position:
// for each direction, the cell can be the first, a middle or the last cell
// of the four.
func winningCells(stones, mask uint64) uint64 {
	// vertical: only the cell on top of three stones
	r := (stones << 1) & (stones << 2) & (stones << 3)

	// horizontal
	p := (stones << stride) & (stones << (2 * stride))
	r |= p & (stones << (3 * stride))
	r |= p & (stones >> stride)
	p = (stones >> stride) & (stones >> (2 * stride))
	r |= p & (stones << stride)
	r |= p & (stones >> (3 * stride))

	// diagonal 1 (up-left to down-right direction, shift height)
	p = (stones << height) & (stones << (2 * height))
	r |= p & (stones << (3 * height))
	r |= p & (stones >> height)
	p = (stones >> height) & (stones >> (2 * height))
	r |= p & (stones << height)
	r |= p & (stones >> (3 * height))

	// diagonal 2 (shift height+2)
	p = (stones << (height + 2)) & (stones << (2 * (height + 2)))
	r |= p & (stones << (3 * (height + 2)))
	r |= p & (stones >> (height + 2))
	p = (stones >> (height + 2)) & (stones >> (2 * (height + 2)))
	r |= p & (stones << (height + 2))
	r |= p & (stones >> (3 * (height + 2)))

	return r & (boardMask ^ mask)
}

// popcount counts set bits.
func popcount(b uint64) int { return bits.OnesCount64(b) }

// nonLosing returns the playable cells that do not hand the opponent an
// immediate win, for a side to move that cannot win at once itself (Pons'
// possibleNonLosingMoves): if the opponent threatens two playable cells the
// position is lost and the result is 0; if it threatens one, that cell is
// the only candidate; and a cell just below an opponent's winning cell is
// never played.
func nonLosing(current, mask uint64) uint64 {
	possible := playable(mask)
	oppWin := winningCells(current^mask, mask)
	forced := possible & oppWin
	if forced != 0 {
		if forced&(forced-1) != 0 {
			return 0
		}
		possible = forced
	}
	return possible &^ (oppWin >> 1)
}

// mirrorKey maps the key of a position to the key of its mirror image
// (columns reversed). A key is column-local (the carry of current+mask never
// leaves its 7-bit column), so the columns can be swapped as they are.
func mirrorKey(k uint64) uint64 {
	const c0 = 0x7f
	return (k&c0)<<42 | (k&(c0<<7))<<28 | (k&(c0<<14))<<14 | k&(c0<<21) |
		(k>>14)&(c0<<14) | (k>>28)&(c0<<7) | (k >> 42 & c0)
}
