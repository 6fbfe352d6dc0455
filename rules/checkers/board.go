package checkers

import "boardgames/rules"

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
