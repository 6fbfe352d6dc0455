package othello

import "math/bits"

// Stable discs are discs that no sequence of moves can flip. Stable finds
// a subset of them (the classic rule of Othello programs): a disc is
// stable when on each of its four lines (the row, the column and the two
// diagonals through it) it cannot be bracketed, because the line is full,
// or the disc lies on the board's edge across that line, or its neighbour
// on the line is a stable disc of its colour (a run of discs can only be
// flipped whole, and that neighbour never flips). The set grows from the
// corners and the full lines until nothing changes.

// Masks of the board's edges (a1 = bit 0, a row is a byte).
const (
	fileA = 0x0101010101010101
	fileH = 0x8080808080808080
	rank1 = 0x00000000000000ff
	rank8 = 0xff00000000000000
)

// lineMasks holds every row, column and diagonal of the board, by
// direction: lineMasks[0] the rows, [1] the columns, [2] the a1-h8
// diagonals, [3] the h1-a8 diagonals.
var lineMasks = makeLineMasks()

func makeLineMasks() (m [4][]uint64) {
	for i := range 8 {
		m[0] = append(m[0], uint64(0xff)<<(8*i))
		m[1] = append(m[1], uint64(fileA)<<i)
	}
	for k := -7; k <= 7; k++ { // column - row = k, and column + row = k+7
		var d, a uint64
		for r := range 8 {
			if c := r + k; c >= 0 && c < 8 {
				d |= 1 << (8*r + c)
			}
			if c := k + 7 - r; c >= 0 && c < 8 {
				a |= 1 << (8*r + c)
			}
		}
		m[2], m[3] = append(m[2], d), append(m[3], a)
	}
	return m
}

// fullLines returns, for each direction, the squares whose line in that
// direction is full.
func fullLines(occ uint64) (full [4]uint64) {
	for dir, lines := range lineMasks {
		for _, l := range lines {
			if occ&l == l {
				full[dir] |= l
			}
		}
	}
	return full
}

// stableOf returns the stable discs of b given the squares whose line is
// full in each direction.
func stableOf(b uint64, full *[4]uint64) uint64 {
	// Discs that cannot be bracketed on a line without help: full lines
	// and the edges across it.
	h := full[0] | fileA | fileH
	v := full[1] | rank1 | rank8
	d := full[2] | fileA | fileH | rank1 | rank8
	a := full[3] | fileA | fileH | rank1 | rank8
	s := uint64(0)
	for {
		n := b & (h | s<<1&^fileA | s>>1&^fileH) &
			(v | s<<8 | s>>8) &
			(d | s<<9&^fileA | s>>9&^fileH) &
			(a | s<<7&^fileH | s>>7&^fileA)
		if n == s {
			return s
		}
		s = n
	}
}

// Stable returns discs of the side to move and of its opponent that can
// never be flipped, whatever is played (a subset of them, see above).
func (p Position) Stable() (own, opp uint64) {
	full := fullLines(p.own | p.opp)
	return stableOf(p.own, &full), stableOf(p.opp, &full)
}

// ResultBounds bounds the game's result for the side to move by the
// stable discs, when the game must end within plies plies: a side with
// more than 32 stable discs wins, and with 32 cannot lose. It returns the
// worst and the best result still possible, -1 (a loss), 0 (a draw) or 1
// (a win), and true; false when the game may last more than plies plies
// (each move fills a square, and a pass is always followed by a move).
func (p Position) ResultBounds(plies int) (lo, hi int, ok bool) {
	empties := 64 - bits.OnesCount64(p.own|p.opp)
	most := 2 * empties
	if p.noPass {
		most = empties
	}
	if most > plies {
		return 0, 0, false
	}
	own, opp := p.Stable()
	lo, hi = -1, 1
	switch n := bits.OnesCount64(own); {
	case n > 32:
		lo = 1
	case n == 32:
		lo = 0
	}
	switch n := bits.OnesCount64(opp); {
	case n > 32:
		hi = -1
	case n == 32:
		hi = 0
	}
	return lo, hi, true
}
