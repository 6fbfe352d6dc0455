package eval

import (
	"math/bits"

	"boardgames/rules"
	"boardgames/rules/checkers"
)

// Checkers bitboards (checkers.Position.Bitboards): bit i is PDN square
// i+1. Row r (0 = top, Black's home row) holds bits 4r..4r+3; even rows use
// the columns b, d, f, h and odd rows a, c, e, g, so a diagonal step is a
// shift by 3, 4 or 5 depending on the row, and the masks stop steps off the
// side of the board. Black moves down (to higher bits), White up.
const (
	ckEven  uint32 = 0x0F0F0F0F // rows 0, 2, 4, 6
	ckOdd   uint32 = 0xF0F0F0F0 // rows 1, 3, 5, 7
	ckEvenH uint32 = 0x08080808 // column h
	ckOddA  uint32 = 0x10101010 // column a
	ckTop   uint32 = 0x0000000F // squares 1-4, Black's home row
	ckBot   uint32 = 0xF0000000 // squares 29-32, White's home row
	// ckCentre: d3 f3 c4 e4 d5 f5 c6 e6 (squares 10, 11, 14, 15, 18, 19, 22, 23).
	ckCentre uint32 = 1<<9 | 1<<10 | 1<<13 | 1<<14 | 1<<17 | 1<<18 | 1<<21 | 1<<22
	// ckEdge: the border squares (1-5, 12, 13, 20, 21, 28-32), where no
	// piece can be jumped.
	ckEdge uint32 = ckTop | ckBot | ckEvenH | ckOddA
	// ckSystem: the files b, d, f, h, those of squares 1-4 (Black's
	// "system"; with equal material the other files give the same parity).
	ckSystem uint32 = ckEven
)

// The four one-square diagonal steps; pieces stepping off the board vanish.
func stepUL(b uint32) uint32 { return (b&ckEven)>>4 | (b&ckOdd&^ckOddA)>>5 }
func stepUR(b uint32) uint32 { return (b&ckEven&^ckEvenH)>>3 | (b&ckOdd)>>4 }
func stepDL(b uint32) uint32 { return (b&ckEven)<<4 | (b&ckOdd&^ckOddA)<<3 }
func stepDR(b uint32) uint32 { return (b&ckEven&^ckEvenH)<<5 | (b&ckOdd)<<4 }

// ckMoves counts, for the pieces own (kings among them in kings) against
// opp, the simple moves (piece and direction pairs onto an empty square)
// and the single jumps available, as if own were to move. down tells the
// men's direction (Black's).
func ckMoves(own, opp, kings uint32, down bool) (steps, jumps int) {
	empty := ^(own | opp)
	men, ks := own&^kings, own&kings
	fwdL, fwdR, backL, backR := stepDL, stepDR, stepUL, stepUR
	if !down {
		fwdL, fwdR, backL, backR = stepUL, stepUR, stepDL, stepDR
	}
	all := men | ks
	steps = bits.OnesCount32(fwdL(all)&empty) + bits.OnesCount32(fwdR(all)&empty) +
		bits.OnesCount32(backL(ks)&empty) + bits.OnesCount32(backR(ks)&empty)
	jumps = bits.OnesCount32(fwdL(fwdL(all)&opp)&empty) + bits.OnesCount32(fwdR(fwdR(all)&opp)&empty) +
		bits.OnesCount32(backL(backL(ks)&opp)&empty) + bits.OnesCount32(backR(backR(ks)&opp)&empty)
	return steps, jumps
}

// checkersSides returns the pieces of the side to move and of its
// opponent, the kings, and whether the side to move is Black.
func checkersSides(p checkers.Position) (own, opp, kings uint32, black bool) {
	b, w, k := p.Bitboards()
	if p.ToMove() == rules.White {
		return w, b, k, false
	}
	return b, w, k, true
}

// Weights of checkersStrong (a man is 100). They were checked in
// fixed-depth alpha-beta matches (depth 4 and 5) against checkersFactors and
// against variants: the capture terms, the edge term and the back rank
// each win games; the rest are within the noise of such matches.
const (
	ckMan        = 100
	ckKing       = 150 // about 1.5 men
	ckBackRank   = 12  // man on its home row while the opponent still has men
	ckCentreMan  = 6   // man on one of the 8 central squares
	ckCentreKing = 10  // king on one of them
	ckEdgePiece  = 8   // piece on a border square, where it cannot be jumped
	ckMobility   = 4   // simple move or jump available
	ckJumpNow    = 50  // the side to move has a capture
	ckThreat     = 10  // per jump the opponent could make (pieces en prise)
	ckTempo      = 15  // the side to move has the move (opposition)
	ckTrade      = 3   // per missing piece, for the side ahead in material
	// In the ending (ckEnding pieces or fewer on the board) the side ahead
	// loses ckHunt per step between each of its kings and the nearest
	// opposing piece, and the side behind gains ckDoubleCorner per king in
	// a double corner, where it is hardest to trap.
	ckEnding       = 8
	ckHunt         = 3
	ckDoubleCorner = 20
)

// ckDoubleCorners: squares 1, 5 (the double corner by a1) and 28, 32 (by h8).
const ckDoubleCorners uint32 = 1<<0 | 1<<4 | 1<<27 | 1<<31

// ckCell holds the row and the column (0..7, top left) of each bit.
var ckCell = func() (rc [32][2]int8) {
	for i := range rc {
		row, col := i/4, 2*(i%4)
		if row%2 == 0 {
			col++
		}
		rc[i] = [2]int8{int8(row), int8(col)}
	}
	return rc
}()

// kingDistance sums, over the kings among own, the number of king steps
// (the Chebyshev distance) to the nearest piece of opp.
func kingDistance(own, opp uint32) int {
	total := 0
	for k := own; k != 0; k &= k - 1 {
		a := ckCell[bits.TrailingZeros32(k)]
		best := 7
		for o := opp; o != 0; o &= o - 1 {
			b := ckCell[bits.TrailingZeros32(o)]
			dr, dc := int(a[0]-b[0]), int(a[1]-b[1])
			best = min(best, max(dr, -dr, dc, -dc))
		}
		total += best
	}
	return total
}

// ckAdvance[r] is the bonus of a man r rows away from its home row.
var ckAdvance = [8]int{0, 1, 2, 4, 7, 11, 16, 0}

// checkersStrong is the default checkers evaluation, from the side to
// move's view: material (a king worth 1.5 men); advancement of men towards
// the crowning row; men guarding the home row while the opponent still has
// men to crown; men and kings on the 8 central squares; pieces on the
// edges, safe from capture; mobility (simple moves and jumps of each
// side); a bonus when the side to move can capture now and a penalty per
// capture the opponent threatens; a bonus for the side ahead in material
// as pieces come off; in the ending, kings of the side ahead hunting the
// opponent's pieces and kings of the side behind in the double corners;
// and the tempo: with equal, reduced material the side to move has "the
// move" (the opposition) when an odd number of pieces, of both colours,
// stand on the files b, d, f and h (the classical rule of the move;
// Samuel's MOVE term, 1959).
func checkersStrong(p checkers.Position) int {
	own, opp, kings, black := checkersSides(p)
	ownMen, oppMen := own&^kings, opp&^kings
	nOwnMen, nOppMen := bits.OnesCount32(ownMen), bits.OnesCount32(oppMen)
	nOwnKings, nOppKings := bits.OnesCount32(own&kings), bits.OnesCount32(opp&kings)

	material := ckMan*(nOwnMen-nOppMen) + ckKing*(nOwnKings-nOppKings)
	v := material

	// Advancement: rows counted from each side's home row.
	blackMen, whiteMen := ownMen, oppMen
	ownHome, oppHome := ckTop, ckBot
	if !black {
		blackMen, whiteMen = oppMen, ownMen
		ownHome, oppHome = ckBot, ckTop
	}
	adv := 0
	for r := 1; r < 7; r++ {
		row := uint32(0xF) << (4 * r)
		adv += ckAdvance[r]*bits.OnesCount32(blackMen&row) - ckAdvance[7-r]*bits.OnesCount32(whiteMen&row)
	}
	if !black {
		adv = -adv
	}
	v += adv

	if nOppMen > 0 {
		v += ckBackRank * bits.OnesCount32(ownMen&ownHome)
	}
	if nOwnMen > 0 {
		v -= ckBackRank * bits.OnesCount32(oppMen&oppHome)
	}

	v += ckCentreMan*(bits.OnesCount32(ownMen&ckCentre)-bits.OnesCount32(oppMen&ckCentre)) +
		ckCentreKing*(bits.OnesCount32(own&kings&ckCentre)-bits.OnesCount32(opp&kings&ckCentre))

	v += ckEdgePiece * (bits.OnesCount32(own&ckEdge) - bits.OnesCount32(opp&ckEdge))

	ownSteps, ownJumps := ckMoves(own, opp, kings, black)
	oppSteps, oppJumps := ckMoves(opp, own, kings, !black)
	v += ckMobility*(ownSteps+ownJumps-oppSteps-oppJumps) - ckThreat*oppJumps
	if ownJumps > 0 {
		v += ckJumpNow
	}

	total := nOwnMen + nOppMen + nOwnKings + nOppKings
	switch {
	case material > 0:
		v += ckTrade * (24 - total)
		if total <= ckEnding {
			v -= ckHunt*kingDistance(own&kings, opp) + ckDoubleCorner*bits.OnesCount32(opp&kings&ckDoubleCorners)
		}
	case material < 0:
		v -= ckTrade * (24 - total)
		if total <= ckEnding {
			v += ckHunt*kingDistance(opp&kings, own) + ckDoubleCorner*bits.OnesCount32(own&kings&ckDoubleCorners)
		}
	}

	// Tempo (Samuel's MOVE): equal numbers of pieces and a weighted count
	// (men 2, kings 3) below 24.
	if nOwnMen+nOwnKings == nOppMen+nOppKings && 2*(nOwnMen+nOppMen)+3*(nOwnKings+nOppKings) < 24 {
		if bits.OnesCount32((own|opp)&ckSystem)&1 == 1 {
			v += ckTempo
		} else {
			v -= ckTempo
		}
	}
	return v
}

// Weights of checkersFactors. Paper 001 names its four factors but gives
// no weights anywhere; these numbers are ours, on the same scale as
// checkersStrong (a man is 100).
const (
	factorMan      = 100
	factorKing     = 160 // kings are worth more than men
	factorMobility = 5   // simple move available
	factorJump     = 20  // jump available
	factorEdge     = 8   // piece on a border square, where it cannot be jumped
)

// checkersFactors evaluates the four factors of paper 001 (section 2.3),
// with weights of our own: material (kings worth more than men), mobility
// (simple moves), available jumps and pieces on the edges of the board,
// the side to move's minus the opponent's.
func checkersFactors(p checkers.Position) int {
	own, opp, kings, black := checkersSides(p)
	v := factorMan*(bits.OnesCount32(own&^kings)-bits.OnesCount32(opp&^kings)) +
		factorKing*(bits.OnesCount32(own&kings)-bits.OnesCount32(opp&kings)) +
		factorEdge*(bits.OnesCount32(own&ckEdge)-bits.OnesCount32(opp&ckEdge))
	ownSteps, ownJumps := ckMoves(own, opp, kings, black)
	oppSteps, oppJumps := ckMoves(opp, own, kings, !black)
	return v + factorMobility*(ownSteps-oppSteps) + factorJump*(ownJumps-oppJumps)
}
