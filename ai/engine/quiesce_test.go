package engine

import (
	"math/rand/v2"
	"testing"

	"boardgames/rules"
	"boardgames/rules/checkers"
	"boardgames/rules/othello"

	"boardgames/ai/internal/search"
)

// naiveQuiesce is negamax to depth d that, at the horizon, goes on with
// every move of a position whose side to move must capture: the value the
// engine's quiescence must find, computed without pruning, ordering or a
// table.
func naiveQuiesce(s checkers.Position, d, ply int) int {
	if r := s.Result(); r.Over() {
		return search.Terminal(s, r, ply)
	}
	if d <= 0 && (!s.MustCapture() || d <= -quiesceMaxPlies) {
		return search.ClampEval(scoreEval(s))
	}
	best := -search.Inf
	var buf [rules.MaxMoves]rules.Move
	for _, m := range s.Moves(buf[:0]) {
		best = max(best, -naiveQuiesce(s.Play(m), d-1, ply+1))
	}
	return best
}

func TestQuiescenceValue(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	n := 30
	if testing.Short() {
		n = 10
	}
	for k := range n {
		s := randomPosition(checkers.Start(), 10+rng.IntN(40), rng)
		if s.Result().Over() {
			continue
		}
		for d := 1; d <= 4; d++ {
			want := naiveQuiesce(s, d, 0)
			info := mustSearch(t, s, Config[checkers.Position]{Depth: d, TTMiB: 1})
			if info.Score != want {
				t.Fatalf("#%d %v depth %d: engine %d, negamax with quiescence %d", k, s, d, info.Score, want)
			}
		}
	}
}

// At depth 1 the engine without quiescence scores the positions after a
// capture as they stand; with it, it sees the captures that answer it.
// The test looks for such positions in random games.
func TestQuiescenceSeesTheReply(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	found := 0
	for try := 0; try < 2000 && found < 20; try++ {
		s := randomPosition(checkers.Start(), 6+rng.IntN(30), rng)
		if s.Result().Over() || !s.MustCapture() {
			continue
		}
		plain := mustSearch(t, s, Config[checkers.Position]{Depth: 1, TTMiB: 1, NoQuiescence: true})
		quiet := mustSearch(t, s, Config[checkers.Position]{Depth: 1, TTMiB: 1})
		if quiet.Score != naiveQuiesce(s, 1, 0) {
			t.Fatalf("%v: engine %d, negamax with quiescence %d", s, quiet.Score, naiveQuiesce(s, 1, 0))
		}
		if plain.Score != quiet.Score {
			found++
		}
	}
	if found < 20 {
		t.Errorf("quiescence changed the depth-1 value of only %d capture positions", found)
	}
}

func TestQuiescenceOnlyForCapturers(t *testing.T) {
	if newQuiescence[othello.Position]() != nil {
		t.Error("a game without MustCapture got quiescence")
	}
	if newQuiescence[checkers.Position]() == nil {
		t.Error("checkers got no quiescence")
	}
}

func TestQuiescenceAllocatesNothing(t *testing.T) {
	s := checkers.Start()
	q := newQuiescence[checkers.Position]()
	if n := testing.AllocsPerRun(100, func() { q.unsettled(s) }); n != 0 {
		t.Errorf("unsettled allocates %v times a call", n)
	}
}
