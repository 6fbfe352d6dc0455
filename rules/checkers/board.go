package checkers

import (
	"math/bits"

	"boardgames/rules"
)

// The 32 dark squares are numbered 1..32 in PDN order; internally square n
// is bit n-1 of a uint32. Row r (0 = top) holds bits 4r..4r+3. Even rows
// (0, 2, 4, 6) use columns b, d, f, h and odd rows columns a, c, e, g, so
// a one-square step is a shift by 3, 4 or 5 depending on the row's parity,
// and the masks below stop steps that would wrap around the board edge.
const (
	evenRows uint32 = 0x0F0F0F0F // rows 0, 2, 4, 6
	oddRows  uint32 = 0xF0F0F0F0 // rows 1, 3, 5, 7
	evenH    uint32 = 0x08080808 // column h of the even rows
	oddA     uint32 = 0x10101010 // column a of the odd rows
	topRow   uint32 = 0x0000000F // squares 1..4, where White crowns
	lastRow  uint32 = 0xF0000000 // squares 29..32, where Black crowns
)

// The four diagonal directions. Black men move down (towards higher square
// numbers), White men up; kings use all four. The numbers are the two-bit
// direction codes stored in a Move.
const (
	upLeft    = 0
	upRight   = 1
	downLeft  = 2
	downRight = 3
)

// shiftUL and friends move every piece of b one square in their direction;
// pieces that would leave the board disappear.
func shiftUL(b uint32) uint32 { return (b&evenRows)>>4 | (b&oddRows&^oddA)>>5 }
func shiftUR(b uint32) uint32 { return (b&evenRows&^evenH)>>3 | (b&oddRows)>>4 }
func shiftDL(b uint32) uint32 { return (b&evenRows)<<4 | (b&oddRows&^oddA)<<3 }
func shiftDR(b uint32) uint32 { return (b&evenRows&^evenH)<<5 | (b&oddRows)<<4 }

// Every step moves a bit by 3, 4 or 5 and every jump by 7 or 9. The masks
// below say which squares have a neighbour 3 or 5 bits away (a step by 4
// always stays on the board, but may leave it across the top or bottom
// edge, where the shift drops the bit) and which have a jump to the left
// (not the first square of their row) or to the right (not the last).
const (
	down3  uint32 = 0xE0E0E0E0 // down-left is +3: odd rows but column a
	down5  uint32 = 0x07070707 // down-right is +5: even rows but column h
	up3    uint32 = down5      // up-right is -3
	up5    uint32 = down3      // up-left is -5
	leftJ  uint32 = 0xEEEEEEEE // a jump to the left stays on the board
	rightJ uint32 = 0x77777777 // a jump to the right stays on the board
)

// downJumpers returns the pieces of p that can jump down the board over a
// piece of opp onto an empty square.
func downJumpers(p, opp, empty uint32) uint32 {
	dl := (opp>>4&evenRows | opp>>3&oddRows) & (empty >> 7) & leftJ
	dr := (opp>>5&evenRows | opp>>4&oddRows) & (empty >> 9) & rightJ
	return p & (dl | dr)
}

// upJumpers returns the pieces of p that can jump up the board over a
// piece of opp onto an empty square.
func upJumpers(p, opp, empty uint32) uint32 {
	ul := (opp<<4&evenRows | opp<<5&oddRows) & (empty << 9) & leftJ
	ur := (opp<<3&evenRows | opp<<4&oddRows) & (empty << 7) & rightJ
	return p & (ul | ur)
}

// downSteps and upSteps count the one-square moves of the pieces of p.
func downSteps(p, empty uint32) int {
	return bits.OnesCount32(p&(empty>>4)) + bits.OnesCount32(p&(empty>>3&down3|empty>>5&down5))
}

func upSteps(p, empty uint32) int {
	return bits.OnesCount32(p&(empty<<4)) + bits.OnesCount32(p&(empty<<3&up3|empty<<5&up5))
}

// The jumps of the piece on the single bit x: the square jumped over and
// the landing square, which is 0 when the jump leaves the board (the
// square jumped over is then meaningless).
func jumpUL(x uint32) (over, land uint32) { return (x&evenRows)>>4 | (x&oddRows)>>5, (x & leftJ) >> 9 }
func jumpUR(x uint32) (over, land uint32) { return (x&evenRows)>>3 | (x&oddRows)>>4, (x & rightJ) >> 7 }
func jumpDL(x uint32) (over, land uint32) { return (x&evenRows)<<4 | (x&oddRows)<<3, (x & leftJ) << 7 }
func jumpDR(x uint32) (over, land uint32) { return (x&evenRows)<<5 | (x&oddRows)<<4, (x & rightJ) << 9 }

// Per-square tables, indexed [direction][bit]: the neighbouring square and
// the square beyond it (the landing square of a jump) as bit masks (0 when
// off the board) and as bit numbers (-1 when off the board).
var (
	stepBit [4][32]uint32
	jumpBit [4][32]uint32
	stepSq  [4][32]int8
	jumpSq  [4][32]int8
)

// dirRow and dirCol give the direction codes' row and column steps.
var (
	dirRow = [4]int{-1, -1, 1, 1}
	dirCol = [4]int{-1, 1, -1, 1}
)

// cell returns the row and column (0..7, top-left origin) of bit i.
func cell(i int) (row, col int) {
	row = i / 4
	col = 2 * (i % 4)
	if row%2 == 0 {
		col++
	}
	return row, col
}

// bitAt returns the bit of the dark square at row, col, or -1 if that is
// off the board.
func bitAt(row, col int) int {
	if row < 0 || row > 7 || col < 0 || col > 7 || (row+col)%2 == 0 {
		return -1
	}
	return row*4 + col/2
}

// The Zobrist keys: one per piece kind and square (kind 0 black man,
// 1 black king, 2 white man, 3 white king; key kind*32+bit) and one for
// White to move. Hash reads them through byte-indexed tables: zobByte
// [kind][byte][value] is the XOR of the keys of the squares set in that
// byte of that kind's bitboard.
const zobristSeed = 0xC4EC4E75

var (
	zobKeys  = rules.ZobristKeys(zobristSeed, 4*32+1)
	zobWhite = zobKeys[4*32]
	zobByte  [4][4][256]uint64
)

func init() {
	for i := 0; i < 32; i++ {
		r, c := cell(i)
		for d := 0; d < 4; d++ {
			stepSq[d][i], jumpSq[d][i] = -1, -1
			if s := bitAt(r+dirRow[d], c+dirCol[d]); s >= 0 {
				stepSq[d][i] = int8(s)
				stepBit[d][i] = 1 << s
			}
			if j := bitAt(r+2*dirRow[d], c+2*dirCol[d]); j >= 0 {
				jumpSq[d][i] = int8(j)
				jumpBit[d][i] = 1 << j
			}
		}
	}
	for kind := 0; kind < 4; kind++ {
		for by := 0; by < 4; by++ {
			for v := 0; v < 256; v++ {
				var h uint64
				for b := 0; b < 8; b++ {
					if v>>b&1 != 0 {
						h ^= zobKeys[kind*32+by*8+b]
					}
				}
				zobByte[kind][by][v] = h
			}
		}
	}
}

// hashBoard XORs the keys of the pieces of one kind.
func hashBoard(kind int, b uint32) uint64 {
	t := &zobByte[kind]
	return t[0][b&0xFF] ^ t[1][b>>8&0xFF] ^ t[2][b>>16&0xFF] ^ t[3][b>>24]
}
