package othello

import "math/bits"

// Bitboards: bit i is square i (row*8 + column, a1 = bit 0 top-left, h8 =
// bit 63). Shifting left by 1 moves a disc one column right (east), by 8 one
// row down (south), by 9 south-east and by 7 south-west.

// edge holds columns a and h. MoveMask clears them from the discs it walks
// over sideways, so that no line carries from one edge of the board to the
// other. It is a variable, not a constant, on purpose: with a constant the
// compiler folds the mask into every use and emits a third more
// instructions.
var edge uint64 = 0x8181818181818181

// MoveMask returns the squares where the side owning own may play against
// the discs opp: every empty square from which a straight line of opp discs
// ends in an own disc. own and opp must not overlap.
//
// For each of the 8 directions it grows the runs of opp discs that start
// next to an own disc: one square, a second, then two squares at a time
// through pairs of opp discs, twice (a run holds at most 6 discs). The
// square past a run is a move if it is empty. The shifts are written out
// with constant counts, which compile to single instructions; the pairs
// for the backward sense are the forward pairs shifted back.
func MoveMask(own, opp uint64) uint64 {
	h := opp &^ edge // for the directions with a sideways step

	e := h & (own << 1)
	e |= h & (e << 1)
	pe := h & (h << 1)
	e |= pe & (e << 2)
	e |= pe & (e << 2)

	w := h & (own >> 1)
	w |= h & (w >> 1)
	pw := pe >> 1
	w |= pw & (w >> 2)
	w |= pw & (w >> 2)

	s := opp & (own << 8)
	s |= opp & (s << 8)
	ps := opp & (opp << 8)
	s |= ps & (s << 16)
	s |= ps & (s << 16)

	n := opp & (own >> 8)
	n |= opp & (n >> 8)
	pn := ps >> 8
	n |= pn & (n >> 16)
	n |= pn & (n >> 16)

	se := h & (own << 9)
	se |= h & (se << 9)
	pse := h & (h << 9)
	se |= pse & (se << 18)
	se |= pse & (se << 18)

	nw := h & (own >> 9)
	nw |= h & (nw >> 9)
	pnw := pse >> 9
	nw |= pnw & (nw >> 18)
	nw |= pnw & (nw >> 18)

	sw := h & (own << 7)
	sw |= h & (sw << 7)
	psw := h & (h << 7)
	sw |= psw & (sw << 14)
	sw |= psw & (sw << 14)

	ne := h & (own >> 7)
	ne |= h & (ne >> 7)
	pne := psw >> 7
	ne |= pne & (ne >> 14)
	ne |= pne & (ne >> 14)

	m := e<<1 | w>>1 | s<<8 | n>>8 | se<<9 | nw>>9 | sw<<7 | ne>>7
	return m &^ (own | opp)
}

// rayset holds the squares seen from one square in each of the 8
// directions, up to the edge of the board. up rays go towards higher square
// numbers (east, south-west, south, south-east), down rays towards lower
// ones (west, north-east, north, north-west).
type rayset struct {
	up, down [4]uint64
}

var rays = makeRays()

func makeRays() (r [64]rayset) {
	steps := [4][2]int{{0, 1}, {1, -1}, {1, 0}, {1, 1}} // (row, column) steps
	for sq := range 64 {
		row, col := sq/8, sq%8
		for d, st := range steps {
			for k := 1; k < 8; k++ {
				if r2, c2 := row+k*st[0], col+k*st[1]; r2 < 8 && c2 >= 0 && c2 < 8 {
					r[sq].up[d] |= 1 << (r2*8 + c2)
				}
				if r2, c2 := row-k*st[0], col-k*st[1]; r2 >= 0 && c2 >= 0 && c2 < 8 {
					r[sq].down[d] |= 1 << (r2*8 + c2)
				}
			}
		}
	}
	return r
}

// Flips returns the opp discs that a disc of own placed on square sq
// (0..63) would flip; 0 means the move is illegal (sq occupied, off the
// board, or enclosing nothing).
func Flips(own, opp uint64, sq int) uint64 {
	if uint(sq) > 63 || (own|opp)>>sq&1 != 0 {
		return 0
	}
	return flips(own, opp, sq)
}

// flips is Flips for an empty square sq. In each direction it finds the
// nearest square that is not an opp disc; if that square holds an own disc,
// the opp discs in between flip. It has no branches.
func flips(own, opp uint64, sq int) uint64 {
	r := &rays[sq&63]
	return flipsUp(own, opp, r.up[0]) | flipsUp(own, opp, r.up[1]) |
		flipsUp(own, opp, r.up[2]) | flipsUp(own, opp, r.up[3]) |
		flipsDown(own, opp, r.down[0]) | flipsDown(own, opp, r.down[1]) |
		flipsDown(own, opp, r.down[2]) | flipsDown(own, opp, r.down[3])
}

// flipsUp is flips along a ray towards higher squares, where the nearest
// square is the lowest bit.
func flipsUp(own, opp, ray uint64) uint64 {
	b := ray &^ opp
	o := b & -b & own // the nearest blocker if it is own, else 0
	// (o-1)&ray are the squares before o; for o = 0 (all ones) the sign
	// mask clears them.
	return (o - 1) & ray &^ uint64(int64(o-1)>>63)
}

// flipsDown is flips along a ray towards lower squares, where the nearest
// square is the highest bit.
func flipsDown(own, opp, ray uint64) uint64 {
	b := ray &^ opp
	o := uint64(1<<63) >> bits.LeadingZeros64(b) & own // 0 when b is 0
	// -(o<<1) are the squares above o, none for o = 0.
	return -(o << 1) & ray
}
