package rules

// Perft counts the move paths of length depth from s. A game that ends
// before depth counts as one leaf, and a forced pass is a ply like any other
// move. The games have faster versions of their own; this one is the
// reference they are checked against.
func Perft[S State[S]](s S, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	// One buffer for the whole walk: a move list on the stack would escape
	// to the heap through the type parameter's method call.
	return perft(s, depth, make([]Move, depth*MaxMoves))
}

func perft[S State[S]](s S, depth int, buf []Move) uint64 {
	moves := s.Moves(buf[:0:MaxMoves])
	if len(moves) == 0 {
		return 1
	}
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		n += perft(s.Play(m), depth-1, buf[MaxMoves:])
	}
	return n
}

// MaxMoves bounds the number of legal moves in any position of any game,
// so that callers can keep move lists in fixed arrays on the stack.
const MaxMoves = 128
