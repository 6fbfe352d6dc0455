package connect4

// Perft counts the move paths of length depth from p, like rules.Perft: a
// game that ends earlier is one leaf. It works on the bare bitboards, counts
// the last ply in bulk and allocates nothing.
func Perft(p Position, depth int) uint64 {
	return perft(p.current, p.mask, depth)
}

func perft(current, mask uint64, depth int) uint64 {
	if depth <= 0 || HasFour(current^mask) {
		return 1
	}
	free := PlayableMask(mask)
	if free == 0 {
		return 1 // full board
	}
	if depth == 1 {
		return uint64(popcount(free))
	}
	var n uint64
	for ; free != 0; free &= free - 1 {
		n += perft(current^mask, mask|free&-free, depth-1)
	}
	return n
}
