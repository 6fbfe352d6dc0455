package adjacency

import (
	"math/bits"

	"boardgames/rules"
)

// ToMove returns the side whose turn it is (after the game's end, the side
// that moved first).
func (p Position) ToMove() rules.Player { return p.side }

// over reports whether the round limit is reached (28 rounds fill the board).
func (p Position) over() bool { return p.plies >= 2*p.limit }

// Moves appends the legal moves, every empty square in index order, to
// buf[:0] and returns it; none once the game is over. With a buffer of
// rules.MaxMoves it allocates nothing.
func (p Position) Moves(buf []rules.Move) []rules.Move {
	buf = buf[:0]
	if p.over() {
		return buf
	}
	for e := ^(p.black | p.white); e != 0; e &= e - 1 {
		buf = append(buf, rules.Move(bits.TrailingZeros64(e)))
	}
	return buf
}

// Play returns the position after the mover puts a mark on square m and
// takes the orthogonally adjacent opponent marks. m must be one of Moves;
// Play does not check it.
func (p Position) Play(m rules.Move) Position {
	sq := uint(m) & 63
	b := uint64(1) << sq
	next := b<<1&^fileA | b>>1&^fileH | b<<8 | b>>8
	var f uint64
	if p.side == rules.Black {
		f = next & p.white
		p.black |= b | f
		p.white ^= f
		p.hash ^= zBlack[sq]
	} else {
		f = next & p.black
		p.white |= b | f
		p.black ^= f
		p.hash ^= zWhite[sq]
	}
	for ; f != 0; f &= f - 1 {
		p.hash ^= zFlip[bits.TrailingZeros64(f)]
	}
	p.hash ^= zSide
	p.side ^= 1
	p.plies++
	return p
}

// Result tells whether the game is over and who won: most marks wins, equal
// counts draw.
func (p Position) Result() rules.Result {
	if !p.over() {
		return rules.Ongoing
	}
	switch s := p.Score(); {
	case s > 0:
		return rules.BlackWins
	case s < 0:
		return rules.WhiteWins
	}
	return rules.Draw
}

// Score returns X's marks minus O's marks, which at the end is the final
// margin.
func (p Position) Score() int {
	return bits.OnesCount64(p.black) - bits.OnesCount64(p.white)
}

// Hash returns the Zobrist hash of the marks and the side to move. (The
// plies played follow from the number of marks.)
func (p Position) Hash() uint64 { return p.hash }

// zobristSeed picks the package's keys from rules.ZobristKeys: keys 0..63
// are X on a square, 64..127 O on a square, 128 O to move.
const zobristSeed = 0xad1ace9c

var zBlack, zWhite, zFlip [64]uint64 // zFlip[i] = zBlack[i] ^ zWhite[i]

var zSide uint64

func init() {
	k := rules.ZobristKeys(zobristSeed, 129)
	copy(zBlack[:], k[:64])
	copy(zWhite[:], k[64:128])
	for i := range zFlip {
		zFlip[i] = zBlack[i] ^ zWhite[i]
	}
	zSide = k[128]
}

// hashOf computes the hash from scratch.
func hashOf(black, white uint64, side rules.Player) uint64 {
	var h uint64
	for b := black; b != 0; b &= b - 1 {
		h ^= zBlack[bits.TrailingZeros64(b)]
	}
	for w := white; w != 0; w &= w - 1 {
		h ^= zWhite[bits.TrailingZeros64(w)]
	}
	if side == rules.White {
		h ^= zSide
	}
	return h
}
