package engine

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"boardgames/ai/internal/search"
	"boardgames/rules"
)

// mustSearch runs the engine on s as ai.Search runs it, with the game's
// score as the evaluation and a 16 MiB table unless cfg says otherwise.
func mustSearch[S rules.State[S]](t testing.TB, s S, cfg Config[S]) search.Info {
	t.Helper()
	return mustSearchEval(t, s, cfg, scoreEval[S])
}

// mustSearchEval is mustSearch with the evaluation ev.
func mustSearchEval[S rules.State[S]](t testing.TB, s S, cfg Config[S], ev search.Evaluator[S]) search.Info {
	t.Helper()
	if cfg.TTMiB == 0 {
		cfg.TTMiB = 16
	}
	if cfg.Depth == 0 {
		cfg.Depth = search.MaxDepth
	}
	start := time.Now()
	r := search.Run[S]{
		Algo:  "engine",
		Eval:  ev,
		Start: start,
		Stop:  search.NewStopper(context.Background(), start, 0),
	}
	info, ok := Search(&r, cfg, s)
	if !ok {
		t.Fatalf("the engine gave no move for %v", s)
	}
	return info
}

// scoreEval is ai.ScoreEval: the game's score from the side to move's view.
func scoreEval[S rules.State[S]](s S) int {
	v := s.Score()
	if s.ToMove() == rules.White {
		v = -v
	}
	return v
}

// randomPosition plays up to plies random moves from start, stopping short
// of the game's end (as ai's tests do).
func randomPosition[S rules.State[S]](start S, plies int, rng *rand.Rand) S {
	s := start
	var buf [rules.MaxMoves]rules.Move
	for range plies {
		moves := s.Moves(buf[:0])
		if len(moves) == 0 {
			break
		}
		next := s.Play(moves[rng.IntN(len(moves))])
		if len(next.Moves(buf[:0])) == 0 {
			break
		}
		s = next
	}
	return s
}
