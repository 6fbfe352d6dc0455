package ai

import (
	"math/rand/v2"

	"boardgames/ai/internal/search"
	"boardgames/rules"
)

// greedyMove returns the move of moves with the greatest immediate gain,
// ties broken uniformly at random, and that gain.
func greedyMove[S rules.State[S]](s S, moves []rules.Move, rng *rand.Rand) (rules.Move, int) {
	best, bestGain, ties := moves[0], 0, 0
	for _, m := range moves {
		g := search.Gain(s, s.Play(m))
		switch {
		case ties == 0 || g > bestGain:
			best, bestGain, ties = m, g, 1
		case g == bestGain:
			// Reservoir sampling: the k-th tie replaces with chance 1/k.
			ties++
			if rng.IntN(ties) == 0 {
				best = m
			}
		}
	}
	return best, bestGain
}

// random plays a uniformly random legal move.
func (r *run[S]) random(s S) Info {
	var buf [rules.MaxMoves]rules.Move
	moves := s.Moves(buf[:0])
	m := moves[r.rng.IntN(len(moves))]
	return Info{Move: m, Nodes: 1, PV: []rules.Move{m}}
}

// greedy plays the move with the greatest immediate gain ("greedy by
// number"), ties at random. Info.Moves holds every move's gain.
func (r *run[S]) greedy(s S) Info {
	var buf [rules.MaxMoves]rules.Move
	moves := s.Moves(buf[:0])
	m, g := greedyMove(s, moves, r.rng)
	scores := make([]MoveScore, len(moves))
	for i, mv := range moves {
		scores[i] = MoveScore{Move: mv, Score: search.Gain(s, s.Play(mv))}
	}
	search.SortMoveScores(scores)
	return Info{
		Move:   m,
		Score:  g,
		Depth:  1,
		Nodes:  1 + uint64(len(moves)),
		Leaves: uint64(len(moves)),
		PV:     []rules.Move{m},
		Moves:  scores,
	}
}
