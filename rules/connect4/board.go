package connect4

import (
	"math/bits"

	"boardgames/rules"
)

// The board is 7 columns of 6 cells. A bitboard keeps each column in 7
// bits, bottom cell first, plus an always-empty sentinel bit on top that
// stops lines from wrapping from one column into the next: the cell in
// column c (0 = left) and height r (0 = bottom) is bit c*7 + r. This is the
// layout of Pascal Pons' Connect Four solver. A four in direction d (1 up,
// 7 right, 6 down-right, 8 up-right) is four stones d bits apart; every run
// of four bit positions that leaves the board meets a sentinel or falls off
// the 49 bits, so the shifts below never see a false line.

// The board size.
const (
	Width  = 7 // columns
	Height = 6 // rows
)

// stride is the number of bits a column takes, the sentinel included.
const stride = Height + 1

// BottomMask has the bottom cell of every column.
const BottomMask uint64 = 1<<(0*stride) | 1<<(1*stride) | 1<<(2*stride) |
	1<<(3*stride) | 1<<(4*stride) | 1<<(5*stride) | 1<<(6*stride)

// BoardMask has every cell of the board and no sentinel bit.
const BoardMask uint64 = BottomMask * (1<<Height - 1)

// cells is the number of bits the layout spans, sentinels included.
const cells = Width * stride

// Bit returns the bit of the cell in column col (0 = left) at height row
// (0 = bottom).
func Bit(col, row int) uint64 { return 1 << (col*stride + row) }

// ColumnMask returns the cells of column col (0 = left).
func ColumnMask(col int) uint64 { return (1<<Height - 1) << (col * stride) }

// topMask returns the top cell of column col.
func topMask(col int) uint64 { return 1 << (col*stride + Height - 1) }

// PlayableMask returns the cells where a stone dropped now would land: the
// lowest empty cell of every column that is not full. mask holds all the
// stones on the board.
func PlayableMask(mask uint64) uint64 { return (mask + BottomMask) & BoardMask }

// HasFour reports whether stones holds four in a row in any direction.
func HasFour(stones uint64) bool {
	// For each direction d, m marks the cells that start a pair, and a
	// pair of pairs two steps apart is a four. Vertical, horizontal and
	// the two diagonals.
	v := stones & (stones >> 1)
	h := stones & (stones >> stride)
	d1 := stones & (stones >> (stride - 1))
	d2 := stones & (stones >> (stride + 1))
	return v&(v>>2)|h&(h>>(2*stride))|d1&(d1>>(2*(stride-1)))|d2&(d2>>(2*(stride+1))) != 0
}

// WinningMask returns the empty cells that would give stones four in a row,
// whether they can be played now or not. mask holds all the stones on the
// board (stones included). An exact solver intersects it with PlayableMask
// to find immediate wins and threats.
func WinningMask(stones, mask uint64) uint64 {
	// Vertically only the cell above three stones can complete a line.
	w := (stones << 1) & (stones << 2) & (stones << 3)
	for _, d := range [3]uint{stride, stride - 1, stride + 1} {
		// The cell is the first, second, third or fourth of the line.
		up := (stones << d) & (stones << (2 * d))
		down := (stones >> d) & (stones >> (2 * d))
		w |= up & (stones << (3 * d))
		w |= up & (stones >> d)
		w |= down & (stones << d)
		w |= down & (stones >> (3 * d))
	}
	return w & (BoardMask ^ mask)
}

// popcount counts the stones of a bitboard.
func popcount(b uint64) int { return bits.OnesCount64(b) }

// zobristSeed seeds the key table; keys[player*cells + bit] is the key of a
// stone of player (0 = X, 1 = O) on a cell.
const zobristSeed = 0xc044ec7f0c4

var zobrist = rules.ZobristKeys(zobristSeed, 2*cells)

// hashOf computes the Zobrist hash of a position from scratch; x and o are
// the stones of X and O.
func hashOf(x, o uint64) uint64 {
	var h uint64
	for b := x; b != 0; b &= b - 1 {
		h ^= zobrist[bits.TrailingZeros64(b)]
	}
	for b := o; b != 0; b &= b - 1 {
		h ^= zobrist[cells+bits.TrailingZeros64(b)]
	}
	return h
}
