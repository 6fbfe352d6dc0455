package endgame

import "math/bits"

// Bitboards: bit i is square i = row*8 + column, a1 = 0 (top left), h8 =
// 63, as in package othello. The search always holds the discs of the side
// to move (p, "player") and of its opponent (o).

const (
	notA     = 0xfefefefefefefefe // every column but a
	notH     = 0x7f7f7f7f7f7f7f7f // every column but h
	inner    = 0x7e7e7e7e7e7e7e7e // columns b..g
	corners  = 0x8100000000000081
	xSquares = 0x0042000000004200 // b2, g2, b7, g7
)

// moveMask returns the legal moves of p against o: the empty squares just
// past a run of o discs that starts next to a p disc. For each direction
// the runs grow one square twice and then two squares twice, enough for
// the six squares a run can span: the well-known "parallel prefix" move
// generator (as in Edax's get_moves), written out by hand for the four
// directions (a helper per direction would not be inlined). The
// horizontal and diagonal runs use o without the edge columns, so that
// none wraps around the board.
func moveMask(p, o uint64) uint64 {
	m := o & innerVar

	// horizontal, shift 1
	l := m & (p << 1)
	r := m & (p >> 1)
	l |= m & (l << 1)
	r |= m & (r >> 1)
	ml := m & (m << 1)
	mr := ml >> 1
	l |= ml & (l << 2)
	r |= mr & (r >> 2)
	l |= ml & (l << 2)
	r |= mr & (r >> 2)
	moves := l<<1 | r>>1

	// vertical, shift 8
	l = o & (p << 8)
	r = o & (p >> 8)
	l |= o & (l << 8)
	r |= o & (r >> 8)
	ml = o & (o << 8)
	mr = ml >> 8
	l |= ml & (l << 16)
	r |= mr & (r >> 16)
	l |= ml & (l << 16)
	r |= mr & (r >> 16)
	moves |= l<<8 | r>>8

	// diagonal, shift 7
	l = m & (p << 7)
	r = m & (p >> 7)
	l |= m & (l << 7)
	r |= m & (r >> 7)
	ml = m & (m << 7)
	mr = ml >> 7
	l |= ml & (l << 14)
	r |= mr & (r >> 14)
	l |= ml & (l << 14)
	r |= mr & (r >> 14)
	moves |= l<<7 | r>>7

	// diagonal, shift 9
	l = m & (p << 9)
	r = m & (p >> 9)
	l |= m & (l << 9)
	r |= m & (r >> 9)
	ml = m & (m << 9)
	mr = ml >> 9
	l |= ml & (l << 18)
	r |= mr & (r >> 18)
	l |= ml & (l << 18)
	r |= mr & (r >> 18)
	moves |= l<<9 | r>>9

	return moves &^ (p | o)
}

// innerVar is inner read from memory: with the constant, the compiler
// folds o & inner into every use of m (two ANDs and a constant each time,
// where one AND with m in a register does).
var innerVar uint64 = inner

// flips returns the o discs that p flips by playing on the empty square
// sq; 0 when the move is illegal. Each of the four lines through sq is
// read into a byte (a row by a shift, a column and the diagonals by a
// multiplication, as in lastFlips), the discs it flips looked up in two
// small tables and spread back onto the board (the "kindergarten"
// bitboards of Edax's flip_kindergarten.c, after Gerd Isenberg): about
// half the instructions of eight branch-free ray scans, and the tables
// (3 KiB) stay in the first-level cache.
func flips(p, o uint64, sq int) uint64 {
	x := uint(sq) & 63
	r8, c := x&^7, x&7 // 8 * row, column
	ofc, flc := &outflank[c], &flippedLine[c]

	// the row, indexed by column
	f := uint64(flc[ofc[o>>r8>>1&63]&uint8(p>>r8)]) << r8

	// the column, indexed by row
	r := r8 >> 3
	oc := (o >> c & columnA) * packMagic >> 57
	pc := uint8((p >> c & columnA) * packMagic >> 56)
	f |= unpackA[flippedLine[r][outflank[r][oc&63]&pc]] << c

	// the diagonals, indexed by column: the byte repeated on every row
	// and masked by the diagonal gives its squares back
	d := &diagonals[x]
	f |= uint64(flc[ofc[(o&d[0])*columnA>>57&63]&uint8((p&d[0])*columnA>>56)]) * columnA & d[0]
	f |= uint64(flc[ofc[(o&d[1])*columnA>>57&63]&uint8((p&d[1])*columnA>>56)]) * columnA & d[1]
	return f
}

// diagonals[sq] holds the two diagonals through sq, \ and /.
var diagonals = func() (t [64][2]uint64) {
	for sq := range 64 {
		row, col := sq/8, sq%8
		for r := range 8 {
			if c := col + r - row; c >= 0 && c < 8 {
				t[sq][0] |= 1 << (8*r + c)
			}
			if c := col - (r - row); c >= 0 && c < 8 {
				t[sq][1] |= 1 << (8*r + c)
			}
		}
	}
	return t
}()

// outflank[i][m] holds, for square i of an 8-square line whose squares 1
// to 6 hold an opponent's disc where m<<1 has a bit, the squares just past
// a run of one or more opponent's discs next to i in each direction: where
// an own disc brackets the run. flippedLine[i][b] holds the squares
// between i and the squares of b: the run flipped.
var outflank, flippedLine = makeLineTables()

func makeLineTables() (of [8][64]uint8, fl [8][256]uint8) {
	for i := range 8 {
		for m := range 64 {
			o := m << 1
			j := i + 1
			for j < 7 && o>>j&1 != 0 {
				j++
			}
			if j > i+1 && j <= 7 {
				of[i][m] |= 1 << j
			}
			j = i - 1
			for j > 0 && o>>j&1 != 0 {
				j--
			}
			if j < i-1 && j >= 0 {
				of[i][m] |= 1 << j
			}
		}
		for b := range 256 {
			for j := i + 1; j < 8; j++ {
				if b>>j&1 != 0 {
					fl[i][b] |= uint8((1<<j - 1) &^ (1<<(i+1) - 1))
					break
				}
			}
			for j := i - 1; j >= 0; j-- {
				if b>>j&1 != 0 {
					fl[i][b] |= uint8((1<<i - 1) &^ (1<<(j+1) - 1))
					break
				}
			}
		}
	}
	return
}

// neighbours[sq] holds the up to 8 squares around sq: a move on sq can
// only flip when one of them holds an o disc.
var neighbours = makeNeighbours()

func makeNeighbours() (nb [64]uint64) {
	for sq := range 64 {
		row, col := sq/8, sq%8
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				r, c := row+dr, col+dc
				if (dr != 0 || dc != 0) && r >= 0 && r < 8 && c >= 0 && c < 8 {
					nb[sq] |= 1 << (r*8 + c)
				}
			}
		}
	}
	return nb
}

// potentialMobility counts the empty squares next to an o disc: where p
// may one day move (a classic ordering term, Edax's
// get_potential_mobility).
func potentialMobility(p, o uint64) int {
	m := o & inner
	n := (m << 1) | (m >> 1) | (o << 8) | (o >> 8) | (m << 7) | (m >> 7) | (m << 9) | (m >> 9)
	return bits.OnesCount64(n &^ (p | o))
}

// cornerStability counts the corners p holds and the p discs next to them
// on the edges, a cheap lower bound of p's stable discs (Edax's
// get_corner_stability).
func cornerStability(p uint64) int {
	s := ((0x0100000000000001&p)<<1 | (0x8000000000000080&p)>>1 |
		(0x0000000000000081&p)<<8 | (0x8100000000000000&p)>>8 | corners) & p
	return bits.OnesCount64(s)
}

// quadrant[sq] is the bit of the 4x4 quadrant holding sq; quadrantMask[q]
// the squares of quadrant bit q. The parity of the empty squares of each
// quadrant guides the move order near the end: playing into a quadrant
// with an odd number of empties tends to keep the last move there.
var (
	quadrant     [64]uint8
	quadrantMask [16]uint64 // indexed by a set of quadrant bits
)

func init() {
	for sq := range 64 {
		q := uint8(1)
		if sq%8 >= 4 {
			q <<= 1
		}
		if sq/8 >= 4 {
			q <<= 2
		}
		quadrant[sq] = q
	}
	for set := range 16 {
		for sq := range 64 {
			if uint8(set)&quadrant[sq] != 0 {
				quadrantMask[set] |= 1 << sq
			}
		}
	}
}

// parityOf returns the set of quadrants holding an odd number of the
// empty squares e.
func parityOf(e uint64) uint8 {
	var par uint8
	for sq := e; sq != 0; sq &= sq - 1 {
		par ^= quadrant[bits.TrailingZeros64(sq)]
	}
	return par
}

// squareValue ranks squares for move ordering (J.C. Weill's values as
// used by Edax): corners best, then the A and B edge squares, X and C
// squares worst.
var squareValue = [64]int32{
	18, 4, 16, 12, 12, 16, 4, 18,
	4, 2, 6, 8, 8, 6, 2, 4,
	16, 6, 14, 10, 10, 14, 6, 16,
	12, 8, 10, 0, 0, 10, 8, 12,
	12, 8, 10, 0, 0, 10, 8, 12,
	16, 6, 14, 10, 10, 14, 6, 16,
	4, 2, 6, 8, 8, 6, 2, 4,
	18, 4, 16, 12, 12, 16, 4, 18,
}

func popcount(b uint64) int      { return bits.OnesCount64(b) }
func trailingZeros(b uint64) int { return bits.TrailingZeros64(b) }

// Counting the flips of the last move. With one empty square x left every
// other square holds a disc, so the discs a move on x flips along a line
// depend only on where the mover's own discs are on that line: countFlips
// [i][pattern] is the number flipped by a move on square i of an 8-square
// line whose other squares hold the mover's discs where pattern has a bit
// and the opponent's elsewhere (after Edax's count_last_flip). A diagonal
// shorter than 8 squares is padded with "opponent" squares beyond the
// board edge, which never flip since no own disc lies beyond them.
var countFlips [8][256]uint8

func init() {
	for i := range 8 {
		for pat := range 256 {
			n := 0
			for j := i + 1; j < 8; j++ {
				if pat>>j&1 != 0 {
					n += j - i - 1
					break
				}
			}
			for j := i - 1; j >= 0; j-- {
				if pat>>j&1 != 0 {
					n += i - j - 1
					break
				}
			}
			countFlips[i][pat] = uint8(n)
		}
	}
}

// lastFlips returns the number of discs p flips by playing on x, the only
// empty square of the board.
func lastFlips(p uint64, x int) int {
	sq := uint(x) & 63
	r8, c := sq&^7, sq&7 // 8 * row, column
	cf := &countFlips[c]
	d := &diagonals[sq]
	n := cf[uint8(p>>r8)]
	n += countFlips[r8>>3][(p>>c&columnA)*packMagic>>56]
	n += cf[(p&d[0])*columnA>>56]
	n += cf[(p&d[1])*columnA>>56]
	return int(n)
}
