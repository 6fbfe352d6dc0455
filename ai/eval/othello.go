package eval

import (
	"math/bits"

	"boardgames/rules"
	"boardgames/rules/othello"
)

// Othello bitboards: bit i is square i = row*8 + column, a1 = 0 (top left),
// h8 = 63. A shift by 1 moves a disc one column right, by 8 one row down.
const (
	fileA   uint64 = 0x0101010101010101
	fileH   uint64 = fileA << 7
	rank1   uint64 = 0xff
	rank8   uint64 = rank1 << 56
	notA    uint64 = ^fileA
	notH    uint64 = ^fileH
	border  uint64 = fileA | fileH | rank1 | rank8
	corners uint64 = 1<<0 | 1<<7 | 1<<56 | 1<<63
	edges   uint64 = border &^ corners // edge squares other than the corners
)

// xSquares[i] and cSquares[i] are the squares diagonally and orthogonally
// next to corner i (a1, h1, a8, h8), dangerous to own while it is empty.
var (
	cornerSq = [4]uint64{1 << 0, 1 << 7, 1 << 56, 1 << 63}
	xSquares = [4]uint64{1 << 9, 1 << 14, 1 << 49, 1 << 54}                       // b2 g2 b7 g7
	cSquares = [4]uint64{1<<1 | 1<<8, 1<<6 | 1<<15, 1<<48 | 1<<57, 1<<55 | 1<<62} // b1 a2, g1 h2, a7 b8, h7 g8
)

// othelloSides returns the discs of the side to move and of its opponent.
func othelloSides(p othello.Position) (own, opp uint64) {
	black, white := p.Bitboards()
	if p.ToMove() == rules.White {
		return white, black
	}
	return black, white
}

// neighbours returns the squares next to a disc of b in any of the 8
// directions (b itself only where two discs of b touch).
func neighbours(b uint64) uint64 {
	h := b<<1&notA | b>>1&notH
	v := b | h
	return h | v<<8 | v>>8
}

// othelloDiscs is the disc difference, the simplest evaluation.
func othelloDiscs(p othello.Position) int {
	own, opp := othelloSides(p)
	return bits.OnesCount64(own) - bits.OnesCount64(opp)
}

// othelloPositional is the table of paper 000 (figure 3.1), summed over the
// side to move's discs minus the opponent's.
func othelloPositional(p othello.Position) int {
	own, opp := othelloSides(p)
	return PositionalTable(own) - PositionalTable(opp)
}

// PositionalTable sums paper 000's table over the discs of b: a disc is
// worth 5 on a corner, 3 on another edge square and 1 inside.
func PositionalTable(b uint64) int {
	return 5*bits.OnesCount64(b&corners) + 3*bits.OnesCount64(b&edges) +
		bits.OnesCount64(b&^border)
}

// The weights of othelloStrong, as (opening, endgame) pairs: the opening
// weight applies with 60 empty squares, the endgame weight with none, and
// in between the two are blended linearly by the number of empty squares.
// A unit is about a hundredth of a corner in the middle game. They were
// checked in fixed-depth alpha-beta matches (depth 3 and 4) against
// variants with each weight at 0, halved and doubled: dropping mobility,
// potential mobility, stability or the X-squares loses clearly; a plain
// disc count term lost too and is left out.
const (
	wCornerO, wCornerE     = 400, 250  // corner owned
	wXSquareO, wXSquareE   = -300, -80 // X-square owned next to an empty corner
	wCSquareO, wCSquareE   = -50, -15  // C-square owned next to an empty corner
	wMobilityO, wMobilityE = 40, 25    // legal move
	wPotMobO, wPotMobE     = 15, 4     // empty square next to an opponent disc
	wFrontierO, wFrontierE = -30, -12  // own disc next to an empty square
	wStableO, wStableE     = 30, 50    // stable disc (corners count here too)
	wParity                = 60        // the last move, counted from 20 empties on
	parityEmpties          = 20
)

// othelloStrong is the default Othello evaluation. From the side to move's
// view it sums, each weighted by game phase (see the weights above):
// corners; X- and C-squares taken next to an empty corner; mobility (legal
// moves); potential mobility (empty squares next to opponent discs);
// frontier discs (own discs next to an empty square); stable discs; and,
// with 20 or fewer empty squares, parity (an odd number of empty squares
// promises the side to move the last move).
func othelloStrong(p othello.Position) int {
	own, opp := othelloSides(p)
	occ := own | opp
	empty := ^occ
	e := bits.OnesCount64(empty)
	if e > 60 {
		e = 60
	}

	corner := bits.OnesCount64(own&corners) - bits.OnesCount64(opp&corners)
	var xs, cs int
	for i, c := range cornerSq {
		if occ&c != 0 {
			continue
		}
		xs += bits.OnesCount64(own&xSquares[i]) - bits.OnesCount64(opp&xSquares[i])
		cs += bits.OnesCount64(own&cSquares[i]) - bits.OnesCount64(opp&cSquares[i])
	}
	mob := bits.OnesCount64(othello.MoveMask(own, opp)) - bits.OnesCount64(othello.MoveMask(opp, own))
	nEmpty := neighbours(empty)
	pot := bits.OnesCount64(empty&neighbours(opp)) - bits.OnesCount64(empty&neighbours(own))
	front := bits.OnesCount64(own&nEmpty) - bits.OnesCount64(opp&nEmpty)
	stab := 0
	if occ&border != 0 { // a stable disc needs a stable neighbour, a full line or the edge
		full := fullLines(occ)
		stab = bits.OnesCount64(stableDiscs(own, full)) - bits.OnesCount64(stableDiscs(opp, full))
	}

	opening := wCornerO*corner + wXSquareO*xs + wCSquareO*cs + wMobilityO*mob +
		wPotMobO*pot + wFrontierO*front + wStableO*stab
	endgame := wCornerE*corner + wXSquareE*xs + wCSquareE*cs + wMobilityE*mob +
		wPotMobE*pot + wFrontierE*front + wStableE*stab
	v := (opening*e + endgame*(60-e)) / 60
	if e <= parityEmpties {
		if e&1 == 1 {
			v += wParity
		} else {
			v -= wParity
		}
	}
	return v
}

// lines holds, for each of the four axes (horizontal, vertical, the a1-h8
// diagonals and the h1-a8 diagonals), the squares whose line along that
// axis has no empty square.
type lines [4]uint64

// fullLines finds the full lines of the board occ.
func fullLines(occ uint64) (f lines) {
	// Row r is full when bit 8r survives ANDing each bit with the 7 bits
	// after it; column c when bit c survives ANDing with the bits 8, 16,
	// ..., 56 after it.
	h := occ & (occ >> 1)
	h &= h >> 2
	h &= h >> 4
	f[0] = (h & fileA) * 0xff
	v := occ & (occ >> 8)
	v &= v >> 16
	v &= v >> 32
	f[1] = (v & rank1) * fileA
	// A diagonal is full when no empty square's fill along it reaches
	// the square.
	empty := ^occ
	f[2] = ^(fillUp(empty, 9, notA) | fillDown(empty, 9, notH))
	f[3] = ^(fillUp(empty, 7, notH) | fillDown(empty, 7, notA))
	return f
}

// fillUp spreads the squares g along the direction of a shift left by s
// over the whole board, in three Kogge-Stone steps; p is the squares a
// step may enter (the board less the column a step would wrap into).
// fillDown does the same for a shift right.
func fillUp(g uint64, s uint, p uint64) uint64 {
	g |= p & (g << s)
	p &= p << s
	g |= p & (g << (2 * s))
	p &= p << (2 * s)
	return g | p&(g<<(4*s))
}

func fillDown(g uint64, s uint, p uint64) uint64 {
	g |= p & (g >> s)
	p &= p >> s
	g |= p & (g >> (2 * s))
	p &= p >> (2 * s)
	return g | p&(g>>(4*s))
}

// stableDiscs returns discs of b that can never flip: a disc is stable when
// along each of the four axes it is on the edge, on a full line, or next to
// a stable disc of its colour. The set grows from the edges until nothing
// changes; it is a safe under-estimate of the discs that can never flip.
func stableDiscs(b uint64, full lines) uint64 {
	h0 := full[0] | fileA | fileH
	v0 := full[1] | rank1 | rank8
	d0 := full[2] | border
	a0 := full[3] | border
	var s uint64
	for {
		h := h0 | s<<1&notA | s>>1&notH
		v := v0 | s<<8 | s>>8
		d := d0 | s<<9&notA | s>>9&notH
		a := a0 | s<<7&notH | s>>7&notA
		n := b & h & v & d & a
		if n == s {
			return s
		}
		s = n
	}
}
