package ai

import (
	"math/rand/v2"
	"slices"

	"boardgames/rules"
)

// gain is the immediate gain of the move from s to child for the player
// who made it: the change of the game's score in the mover's favour
// (discs flipped, marks gained, pieces captured). A move that wins counts
// as the best gain, one that loses as the worst.
func gain[S rules.State[S]](s, child S) int {
	mover := s.ToMove()
	if r := child.Result(); r.Over() {
		if w, ok := r.Winner(); ok {
			if w == mover {
				return WinScore
			}
			return -WinScore
		}
	}
	d := child.Score() - s.Score()
	if mover == rules.White {
		d = -d
	}
	return d
}

// greedyMove returns the move of moves with the greatest immediate gain,
// ties broken uniformly at random, and that gain.
func greedyMove[S rules.State[S]](s S, moves []rules.Move, rng *rand.Rand) (rules.Move, int) {
	best, bestGain, ties := moves[0], 0, 0
	for _, m := range moves {
		g := gain(s, s.Play(m))
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
		scores[i] = MoveScore{Move: mv, Score: gain(s, s.Play(mv))}
	}
	sortMoveScores(scores)
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

// sortMoveScores orders root moves best first: by visits, then by score,
// keeping the search's order among equals.
func sortMoveScores(ms []MoveScore) {
	slices.SortStableFunc(ms, func(a, b MoveScore) int {
		if a.Visits != b.Visits {
			return b.Visits - a.Visits
		}
		return b.Score - a.Score
	})
}
