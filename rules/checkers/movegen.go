package checkers

import (
	"math/bits"

	"boardgames/rules"
)

// sides returns the pieces of the side to move, the opponent's, the
// mover's pieces that may step down the board and those that may step up.
func (p Position) sides() (own, opp, down, up uint32) {
	if p.side == rules.Black {
		return p.black, p.white, p.black, p.black & p.kings
	}
	return p.white, p.black, p.white & p.kings, p.white
}

// jumpers returns the pieces that can start a capture: an enemy piece next
// to them with an empty square beyond, in a direction they may move.
func jumpers(down, up, opp, empty uint32) uint32 {
	return down&(shiftUR(shiftUR(empty)&opp)|shiftUL(shiftUL(empty)&opp)) |
		up&(shiftDR(shiftDR(empty)&opp)|shiftDL(shiftDL(empty)&opp))
}

// steppers returns the pieces that have an empty square to step to.
func steppers(down, up, empty uint32) uint32 {
	return down&(shiftUR(empty)|shiftUL(empty)) | up&(shiftDR(empty)|shiftDL(empty))
}

// canMove reports whether the side to move has a move on the board (the
// draw rule aside).
func (p Position) canMove() bool {
	own, opp, down, up := p.sides()
	empty := ^(own | opp)
	return steppers(down, up, empty) != 0 || jumpers(down, up, opp, empty) != 0
}

// jumpCtx is what a capture search from one piece needs to know.
type jumpCtx struct {
	opp    uint32 // enemy pieces, captured ones included
	empty  uint32 // empty squares; the moving piece's start square is one
	crown  uint32 // the row that crowns the piece and ends its move; 0 for a king
	lo, hi int    // the directions the piece may jump in: lo <= d < hi
}

// newJumpCtx prepares the capture search for the piece on bit i.
func (p Position) newJumpCtx(i int, opp, empty uint32) jumpCtx {
	c := jumpCtx{opp: opp, empty: empty | 1<<i, lo: 0, hi: 4}
	switch {
	case p.kings>>i&1 != 0:
	case p.side == rules.Black:
		c.crown, c.lo = lastRow, downLeft
	default:
		c.crown, c.hi = topRow, downLeft
	}
	return c
}

// extend appends every capture that continues the partial capture m, which
// has made n jumps capturing capt and stands on bit sq. Captured pieces stay
// on the board until the move ends, so none is jumped twice. In English
// checkers this is the same as removing them at once: landing squares and
// jumped squares never coincide (their rows differ in parity), so the only
// difference would be a second jump over the same square.
func extend(buf []rules.Move, c *jumpCtx, m rules.Move, sq int, n uint, capt uint32) []rules.Move {
	more := false
	for d := c.lo; d < c.hi; d++ {
		over, land := stepBit[d][sq], jumpBit[d][sq]
		if over&c.opp&^capt == 0 || land&c.empty == 0 {
			continue
		}
		more = true
		nm := m | rules.Move(d)<<(pathShift+2*n)
		l := int(jumpSq[d][sq])
		if land&c.crown != 0 {
			buf = append(buf, finish(nm, l, n+1, capt|over))
			continue
		}
		buf = extend(buf, c, nm, l, n+1, capt|over)
	}
	if !more && n > 0 {
		buf = append(buf, finish(m, sq, n, capt))
	}
	return buf
}

// countJumps counts the captures that continue from bit sq, as extend
// would generate them; a piece that cannot jump on counts as one.
func countJumps(c *jumpCtx, sq int, capt uint32) uint64 {
	var n uint64
	for d := c.lo; d < c.hi; d++ {
		over, land := stepBit[d][sq], jumpBit[d][sq]
		if over&c.opp&^capt == 0 || land&c.empty == 0 {
			continue
		}
		if land&c.crown != 0 {
			n++
			continue
		}
		n += countJumps(c, int(jumpSq[d][sq]), capt|over)
	}
	if n == 0 {
		return 1
	}
	return n
}

// Moves appends the legal moves to buf[:0] and returns it: every capture
// path if there is a capture, otherwise every simple move. It is empty
// once the game is over.
func (p Position) Moves(buf []rules.Move) []rules.Move {
	buf = buf[:0]
	if p.quiet >= p.limit {
		return buf
	}
	own, opp, down, up := p.sides()
	empty := ^(own | opp)
	if j := jumpers(down, up, opp, empty); j != 0 {
		for ; j != 0; j &= j - 1 {
			i := bits.TrailingZeros32(j)
			c := p.newJumpCtx(i, opp, empty)
			buf = extend(buf, &c, rules.Move(i), i, 0, 0)
		}
		return buf
	}
	buf = appendSteps(buf, down&shiftUR(empty), downLeft)
	buf = appendSteps(buf, down&shiftUL(empty), downRight)
	buf = appendSteps(buf, up&shiftDR(empty), upLeft)
	buf = appendSteps(buf, up&shiftDL(empty), upRight)
	return buf
}

// appendSteps appends the one-square moves in direction d of the pieces in
// from.
func appendSteps(buf []rules.Move, from uint32, d int) []rules.Move {
	for ; from != 0; from &= from - 1 {
		i := bits.TrailingZeros32(from)
		buf = append(buf, rules.Move(i)|rules.Move(stepSq[d][i])<<toShift|rules.Move(d)<<pathShift)
	}
	return buf
}

// count returns the number of legal moves, as len(p.Moves(buf)) but
// without building them.
func (p Position) count() uint64 {
	if p.quiet >= p.limit {
		return 0
	}
	own, opp, down, up := p.sides()
	empty := ^(own | opp)
	if j := jumpers(down, up, opp, empty); j != 0 {
		var n uint64
		for ; j != 0; j &= j - 1 {
			i := bits.TrailingZeros32(j)
			c := p.newJumpCtx(i, opp, empty)
			n += countJumps(&c, i, 0)
		}
		return n
	}
	return uint64(bits.OnesCount32(down&shiftUR(empty)) + bits.OnesCount32(down&shiftUL(empty)) +
		bits.OnesCount32(up&shiftDR(empty)) + bits.OnesCount32(up&shiftDL(empty)))
}

// Play returns the position after m, which must be one of p.Moves. A man
// that ends its move on the far row is crowned. The draw counter restarts
// after a capture or a man move and counts king moves otherwise.
func (p Position) Play(m rules.Move) Position {
	from := uint32(1) << (m & 31)
	to := uint32(1) << (m >> toShift & 31)
	capt := uint32(m >> captShift)
	king := p.kings&from != 0
	if p.side == rules.Black {
		p.black = p.black&^from | to
		p.white &^= capt
		if !king && to&lastRow != 0 {
			p.kings |= to
		}
	} else {
		p.white = p.white&^from | to
		p.black &^= capt
		if !king && to&topRow != 0 {
			p.kings |= to
		}
	}
	p.kings &^= capt
	if king {
		p.kings = p.kings&^from | to
	}
	if capt != 0 || !king {
		p.quiet = 0
	} else if p.quiet < p.limit {
		p.quiet++
	}
	p.side = p.side.Other()
	return p
}
