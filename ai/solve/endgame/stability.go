package endgame

import "math/bits"

// Stable discs are discs that no sequence of moves can flip. Their count
// bounds the final score: with s stable opponent discs the side to move
// ends with at most 64 - 2s. The search uses that bound to cut off null-
// window searches whose alpha is already above it ("stability cutoff", as
// in Edax).
//
// The stable discs found here are a subset of the true ones, in three
// steps:
//  1. on the four edges, exactly, from a table computed once for every
//     pattern of an 8-square line (any empty square of the edge may be
//     played by either side at any time, since the move can be legal
//     through the other directions);
//  2. a disc on a completely filled row, column and both diagonals can
//     never be flipped;
//  3. repeatedly, an inner disc is stable when in each of the four line
//     directions its line is full or one of its two neighbours on it is a
//     stable disc of the same colour.

// edgeStable[p<<8|o] holds the discs of p that no sequence of moves on an
// edge line (p and o the 8-bit patterns of the two colours) can flip.
var edgeStable = makeEdgeStable()

// playLine returns the line after p plays on the empty square x of an
// 8-square line: the o runs bracketed by x and a p disc flip.
func playLine(p, o uint8, x int) (uint8, uint8) {
	p |= 1 << x
	var f uint8
	for y := x + 1; y < 8 && o>>y&1 != 0; y++ {
		if y+1 < 8 && p>>(y+1)&1 != 0 {
			f |= (1<<(y+1) - 1) &^ (1<<(x+1) - 1)
			break
		}
	}
	for y := x - 1; y >= 0 && o>>y&1 != 0; y-- {
		if y-1 >= 0 && p>>(y-1)&1 != 0 {
			f |= (1<<x - 1) &^ (1<<y - 1)
			break
		}
	}
	return p | f, o &^ f
}

// makeEdgeStable fills the table from the full lines back: the stable
// discs of a line are its p discs that stay p after every possible move of
// either side, recursively, so the lines with more discs are done first.
func makeEdgeStable() []uint8 {
	t := make([]uint8, 1<<16)
	for discs := 8; discs >= 0; discs-- {
		for filled := range 256 {
			if bits.OnesCount8(uint8(filled)) != discs {
				continue
			}
			// every split of the filled squares between p and o
			for p := filled; ; p = (p - 1) & filled {
				o := filled ^ p
				s := uint8(p)
				for x := range 8 {
					if filled>>x&1 != 0 {
						continue
					}
					np, no := playLine(uint8(p), uint8(o), x)
					s &= t[int(np)<<8|int(no)]
					no, np = playLine(uint8(o), uint8(p), x)
					s &= t[int(np)<<8|int(no)]
				}
				t[p<<8|o] = s
				if p == 0 {
					break
				}
			}
		}
	}
	return t
}

// Packing of the a and h columns into a byte and back: bit r of the byte
// is the square of row r.
const (
	columnA   = 0x0101010101010101
	packMagic = 0x0102040810204080 // (b & columnA) * packMagic >> 56
)

// unpackA[b] spreads the 8 bits of b over column a.
var unpackA = func() (t [256]uint64) {
	for b := range 256 {
		for r := range 8 {
			if b>>r&1 != 0 {
				t[b] |= 1 << (8 * r)
			}
		}
	}
	return t
}()

// edgeStableDiscs returns the stable discs of p on the four edges.
func edgeStableDiscs(p, o uint64) uint64 {
	s := uint64(edgeStable[(p&0xff)<<8|o&0xff])
	s |= uint64(edgeStable[(p>>56)<<8|o>>56]) << 56
	pa := (p & columnA) * packMagic >> 56
	oa := (o & columnA) * packMagic >> 56
	s |= unpackA[edgeStable[pa<<8|oa]]
	ph := (p >> 7 & columnA) * packMagic >> 56
	oh := (o >> 7 & columnA) * packMagic >> 56
	s |= unpackA[edgeStable[ph<<8|oh]] << 7
	return s
}

// fullLines returns the squares whose row, column, and two diagonals are
// completely filled, each separately.
func fullLines(filled uint64) (h, v, d7, d9 uint64) {
	x := filled & (filled >> 1)
	x &= x >> 2
	x &= x >> 4
	h = (x & columnA) * 0xff

	v = filled & bits.RotateLeft64(filled, 8)
	v &= bits.RotateLeft64(v, 16)
	v &= bits.RotateLeft64(v, 32)

	// A diagonal is full when no empty square reaches it along the line:
	// flood the empty squares both ways (Kogge-Stone fills, with masks
	// that stop a shift from wrapping around the board edge).
	e := ^filled
	d9 = ^(fill(e, 9, notA, true) | fill(e, 9, notH, false))
	d7 = ^(fill(e, 7, notH, true) | fill(e, 7, notA, false))
	return
}

// fill floods g along shift d, to the left (higher squares) or the right,
// through the squares of prop, which excludes the squares a shift would
// reach by wrapping.
func fill(g uint64, d uint, prop uint64, left bool) uint64 {
	if left {
		g |= prop & (g << d)
		prop &= prop << d
		g |= prop & (g << (2 * d))
		prop &= prop << (2 * d)
		g |= prop & (g << (4 * d))
		return g
	}
	g |= prop & (g >> d)
	prop &= prop >> d
	g |= prop & (g >> (2 * d))
	prop &= prop >> (2 * d)
	g |= prop & (g >> (4 * d))
	return g
}

// stableDiscs returns a set of discs of p that can never be flipped.
func stableDiscs(p, o uint64) uint64 {
	h, v, d7, d9 := fullLines(p | o)
	s := edgeStableDiscs(p, o)
	central := p & 0x007e7e7e7e7e7e00
	s |= central & h & v & d7 & d9
	for {
		n := s | central&
			(s>>1|s<<1|h)&
			(s>>8|s<<8|v)&
			(s>>7|s<<7|d7)&
			(s>>9|s<<9|d9)
		if n == s {
			return s
		}
		s = n
	}
}

// stableCount counts stableDiscs.
func stableCount(p, o uint64) int { return bits.OnesCount64(stableDiscs(p, o)) }
