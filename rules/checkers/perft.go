package checkers

import "boardgames/rules"

// perftLevels is how many plies of move lists Perft keeps in one array, so
// that a node does not clear a fresh list of its own.
const perftLevels = 16

// Perft counts the move paths of length depth from p, the same count as
// rules.Perft (a finished game is one leaf; every capture path counts),
// but faster: the last ply only counts moves, and nothing is allocated.
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth == 1 {
		return max(p.count(), 1)
	}
	var stack [perftLevels * rules.MaxMoves]rules.Move
	return perft(p, depth, stack[:])
}

// perft is Perft for depth >= 2, taking its move lists from stack.
func perft(p Position, depth int, stack []rules.Move) uint64 {
	if len(stack) < rules.MaxMoves {
		return Perft(p, depth)
	}
	moves := p.Moves(stack[:0:rules.MaxMoves])
	if len(moves) == 0 {
		return 1
	}
	var n uint64
	if depth == 2 {
		for _, m := range moves {
			n += max(p.Play(m).count(), 1)
		}
		return n
	}
	for _, m := range moves {
		n += perft(p.Play(m), depth-1, stack[rules.MaxMoves:])
	}
	return n
}
