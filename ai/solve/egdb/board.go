package egdb

import (
	"math/bits"

	"boardgames/rules"
	"boardgames/rules/checkers"
)

// The databases ignore the draw rule: their positions start with a quiet
// counter of 0 under the loosest rule, so that no line the builder or the
// verifier looks at (one move deep) ends in a draw by it.
var noDrawRule = checkers.Options{DrawMoves: 200}

// neighbours[i] lists the squares one diagonal step from bit i: down the
// board (towards higher bits, where Black's men go) first.
var neighbours [32]struct {
	down, up [2]uint32 // single bits, 0 off the board
}

func init() {
	bitAt := func(row, col int) uint32 {
		if row < 0 || row > 7 || col < 0 || col > 7 || (row+col)%2 == 0 {
			return 0
		}
		return 1 << (row*4 + col/2)
	}
	for i := range neighbours {
		row, col := i/4, 2*(i%4)
		if row%2 == 0 {
			col++
		}
		n := &neighbours[i]
		n.down = [2]uint32{bitAt(row+1, col-1), bitAt(row+1, col+1)}
		n.up = [2]uint32{bitAt(row-1, col-1), bitAt(row-1, col+1)}
	}
}

// toMove returns the position of the rules package with Black (the side
// to move of the databases) on b, White on w and the kings on k.
func toMove(b, w, k uint32, side rules.Player) checkers.Position {
	p, err := checkers.FromBitboards(b, w, k, side, 0, noDrawRule)
	if err != nil {
		panic("egdb: " + err.Error()) // every index decodes to a legal placement
	}
	return p
}

// blackToMove is toMove with Black to move.
func blackToMove(b, w, k uint32) checkers.Position { return toMove(b, w, k, rules.Black) }

// normalise returns a position's pieces with its side to move as Black.
func normalise(p checkers.Position) (b, w, k uint32) {
	b, w, k = p.Bitboards()
	if p.ToMove() == rules.White {
		return flip(b, w, k)
	}
	return b, w, k
}

// unmoves calls f with every position, Black to move, from which Black's
// simple move (neither a capture nor a crowning) leads to the position b,
// w, k with Black to move, after the colours are swapped: in b, w, k the
// side that has just moved is White, going up the board. A simple move is
// legal only where its side has no capture, which f's positions are
// checked for.
func unmoves(b, w, k uint32, f func(b, w, k uint32)) {
	empty := ^(b | w)
	for x := w; x != 0; x &= x - 1 {
		sq := x & -x
		n := &neighbours[bits.TrailingZeros32(sq)]
		king := sq&k != 0
		for d := 0; d < 4; d++ {
			var from uint32
			if d < 2 {
				from = n.down[d] // a man came up from below
			} else if king {
				from = n.up[d-2] // a king from anywhere
			}
			if from == 0 || from&empty == 0 {
				continue
			}
			pw, pk := w^sq^from, k
			if king {
				pk ^= sq ^ from
			}
			if toMove(b, pw, pk, rules.White).MustCapture() {
				continue
			}
			f(flip(b, pw, pk))
		}
	}
}
