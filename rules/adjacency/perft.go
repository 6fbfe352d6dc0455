package adjacency

import (
	"math/bits"

	"boardgames/rules"
)

// Perft counts the move paths of length depth from p, as rules.Perft does
// (a finished game is one leaf), without allocating: the last ply is
// counted, not played. Every empty square is a move until the round limit,
// so from the start the counts are 56, 56*55, 56*55*54, ...
func Perft(p Position, depth int) uint64 {
	if depth <= 0 || p.over() {
		return 1
	}
	empty := ^(p.black | p.white)
	if depth == 1 {
		return uint64(bits.OnesCount64(empty))
	}
	var n uint64
	for e := empty; e != 0; e &= e - 1 {
		n += Perft(p.Play(rules.Move(bits.TrailingZeros64(e))), depth-1)
	}
	return n
}
