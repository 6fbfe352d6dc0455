package engine

import (
	"math/rand/v2"
	"testing"

	"boardgames/ai/internal/search"
	"boardgames/rules"
	"boardgames/rules/othello"
)

// withStability runs f with stability cut-offs from depth d up.
func withStability(d int, f func()) {
	old := stabilityMinDepth
	stabilityMinDepth = d
	defer func() { stabilityMinDepth = old }()
	f()
}

// TestStabilityKeepsTheValue searches Othello endings of 3 to 10 empty
// squares, from seeded random games, at every depth up to twice the empty
// squares (where the cut-offs apply) and to the end, with and without the
// stability cut-offs: the same values, the negamax value for the smaller
// ones, and the cut-offs must change some search.
func TestStabilityKeepsTheValue(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 20
	}
	rng := rand.New(rand.NewPCG(32, 2))
	changed := 0
	var buf [rules.MaxMoves]rules.Move
	for k := 0; k < n; {
		s := othello.Start()
		empties := 3 + rng.IntN(8)
		for s.Empties() > empties {
			moves := s.Moves(buf[:0])
			if len(moves) == 0 {
				break
			}
			s = s.Play(moves[rng.IntN(len(moves))])
		}
		if len(s.Moves(buf[:0])) == 0 {
			continue
		}
		k++
		for _, ev := range []search.Evaluator[othello.Position]{scoreEval[othello.Position], noiseEval[othello.Position]} {
			for d := 1; d <= 2*s.Empties()+1; d++ {
				cfg := Config[othello.Position]{Depth: d, NoQuiescence: true}
				var on, off search.Info
				withStability(1, func() { on = mustSearchEval(t, s, cfg, ev) })
				withStability(search.MaxDepth+1, func() { off = mustSearchEval(t, s, cfg, ev) })
				if on.Score != off.Score || on.Exact != off.Exact {
					t.Fatalf("%v depth %d: %d (exact %v) with cut-offs, %d (exact %v) without",
						s, d, on.Score, on.Exact, off.Score, off.Exact)
				}
				if s.Empties() <= 6 {
					if want := negamax(s, ev, d, 0); on.Score != want {
						t.Fatalf("%v depth %d: the engine scores %d, negamax %d", s, d, on.Score, want)
					}
				}
				if on.Nodes != off.Nodes {
					changed++
				}
			}
		}
	}
	if changed == 0 {
		t.Error("the cut-offs changed no search")
	}
}
