package othello

import (
	"math/bits"

	"boardgames/rules"
)

// Perft counts the move paths of length depth from p, like rules.Perft (a
// pass is a ply, a finished game one leaf) but on bare bitboards, counting
// the last ply from the move mask. It allocates nothing. Under NoPass it
// is rules.Perft.
func Perft(p Position, depth int) uint64 {
	switch {
	case depth <= 0:
		return 1
	case p.noPass:
		return rules.Perft(p, depth)
	}
	return perft(p.own, p.opp, depth)
}

func perft(own, opp uint64, depth int) uint64 {
	moves := MoveMask(own, opp)
	if moves == 0 {
		// A pass and a finished game both count one leaf at depth 1.
		if depth == 1 || MoveMask(opp, own) == 0 {
			return 1
		}
		return perft(opp, own, depth-1)
	}
	if depth == 1 {
		return uint64(bits.OnesCount64(moves))
	}
	var n uint64
	if depth == 2 {
		for ; moves != 0; moves &= moves - 1 {
			sq := bits.TrailingZeros64(moves)
			f := flips(own, opp, sq)
			if c := MoveMask(opp&^f, own|f|1<<sq); c != 0 {
				n += uint64(bits.OnesCount64(c))
			} else {
				n++ // the child passes or the game is over
			}
		}
		return n
	}
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := flips(own, opp, sq)
		n += perft(opp&^f, own|f|1<<sq, depth-1)
	}
	return n
}
