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
	return downJumpers(down, opp, empty) | upJumpers(up, opp, empty)
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

// MustCapture reports whether the side to move has a capture: captures
// being mandatory, every legal move is then one. A search does not score
// such a position as it stands (see ai's quiescence).
func (p Position) MustCapture() bool {
	own, opp, down, up := p.sides()
	return jumpers(down, up, opp, ^(own|opp)) != 0
}

// jumpCtx is what a capture search from one piece needs to know.
type jumpCtx struct {
	opp      uint32 // enemy pieces, captured ones included
	empty    uint32 // empty squares; the moving piece's start square is one
	crown    uint32 // the row that crowns the piece and ends its move; 0 for a king
	up, down bool   // the directions the piece may jump in
}

// extend appends every capture that continues the partial capture m, which
// has made n jumps capturing capt and stands on the single bit x, trying
// the directions in the order of their codes. Captured pieces stay on the
// board until the move ends, so none is jumped twice. In English checkers
// this is the same as removing them at once: landing squares and jumped
// squares never coincide (their rows differ in parity), so the only
// difference would be a second jump over the same square.
func extend(buf []rules.Move, c *jumpCtx, m rules.Move, x uint32, n uint, capt uint32) []rules.Move {
	if n > 0 && x&c.crown != 0 {
		return append(buf, finish(m, bits.TrailingZeros32(x), n, capt))
	}
	start := len(buf)
	opp := c.opp &^ capt
	shift := pathShift + 2*n
	if c.up {
		if over, land := jumpUL(x); over&opp != 0 && land&c.empty != 0 {
			buf = extend(buf, c, m|upLeft<<shift, land, n+1, capt|over)
		}
		if over, land := jumpUR(x); over&opp != 0 && land&c.empty != 0 {
			buf = extend(buf, c, m|upRight<<shift, land, n+1, capt|over)
		}
	}
	if c.down {
		if over, land := jumpDL(x); over&opp != 0 && land&c.empty != 0 {
			buf = extend(buf, c, m|downLeft<<shift, land, n+1, capt|over)
		}
		if over, land := jumpDR(x); over&opp != 0 && land&c.empty != 0 {
			buf = extend(buf, c, m|downRight<<shift, land, n+1, capt|over)
		}
	}
	if len(buf) == start && n > 0 {
		buf = append(buf, finish(m, bits.TrailingZeros32(x), n, capt))
	}
	return buf
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
		man := jumpCtx{opp: opp, crown: lastRow, down: true}
		if p.side != rules.Black {
			man = jumpCtx{opp: opp, crown: topRow, up: true}
		}
		for ; j != 0; j &= j - 1 {
			x := j & -j
			c := man
			if x&p.kings != 0 {
				c = jumpCtx{opp: opp, up: true, down: true}
			}
			c.empty = empty | x
			buf = extend(buf, &c, rules.Move(bits.TrailingZeros32(x)), x, 0, 0)
		}
		return buf
	}
	buf = appendSteps(buf, down&(empty>>4&evenRows|empty>>3&down3), downLeft)
	buf = appendSteps(buf, down&(empty>>5&down5|empty>>4&oddRows), downRight)
	buf = appendSteps(buf, up&(empty<<4&evenRows|empty<<5&up5), upLeft)
	buf = appendSteps(buf, up&(empty<<3&up3|empty<<4&oddRows), upRight)
	return buf
}

// appendSteps appends the one-square moves in direction d of the pieces in
// from.
func appendSteps(buf []rules.Move, from uint32, d int) []rules.Move {
	for ; from != 0; from &= from - 1 {
		i := bits.TrailingZeros32(from) & 31
		buf = append(buf, rules.Move(i)|rules.Move(stepSq[d][i])<<toShift|rules.Move(d)<<pathShift)
	}
	return buf
}

// count returns the number of legal moves, as len(p.Moves(buf)) but
// without building them.
func (p Position) count() uint64 {
	switch {
	case p.quiet >= p.limit:
		return 0
	case p.side == rules.Black:
		return countBlack(p.black, p.white, p.kings)
	}
	return countWhite(p.black, p.white, p.kings)
}

// Play returns the position after m, which must be one of p.Moves. A man
// that ends its move on the far row is crowned. The draw counter restarts
// after a capture or a man move and counts king moves otherwise.
//
// It works on local copies and builds the result at the end, with the
// colours chosen by a mask rather than a branch (white is all ones when
// White moves), which keeps everything in registers.
func (p Position) Play(m rules.Move) Position {
	from := uint32(1) << (m & 31)
	to := uint32(1) << (m >> toShift & 31)
	capt := uint32(m >> captShift)
	white := -uint32(p.side & 1)
	move := from ^ to // 0 when a king's capture ends where it started
	b := (p.black ^ move&^white) &^ (capt & white)
	w := (p.white ^ move&white) &^ (capt &^ white)
	k := p.kings &^ capt
	q := p.quiet
	if k&from != 0 {
		k ^= move
		switch {
		case capt != 0:
			q = 0
		case q < p.limit:
			q++
		}
	} else {
		k |= to & (lastRow&^white | topRow&white)
		q = 0
	}
	return Position{pieces{b, w, k}, counters{p.side ^ 1, q, p.limit}}
}
