package engine

import (
	"math/rand/v2"
	"testing"

	"boardgames/ai/internal/search"
	"boardgames/rules"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/othello"
)

// noiseEval scores a position by its hash, from -1000 to 1000: an
// evaluation with no relation to the game, whose values vary from one
// position to the next far more than a real one's, so that every
// difference between two searches shows.
func noiseEval[S rules.State[S]](s S) int { return int(s.Hash()%2001) - 1000 }

// hashOracle knows the positions whose hash is a multiple of 13, with a
// value (not exact) taken from the hash too.
func hashOracle[S rules.State[S]](s S) (int, bool, bool) {
	h := s.Hash()
	return int(h>>8%301) - 150, false, h%13 == 0
}

// negamax is the plain negamax value of s at depth d, with ev at the
// horizon: what the engine must return without quiescence.
func negamax[S rules.State[S]](s S, ev search.Evaluator[S], d, ply int) int {
	if r := s.Result(); r.Over() {
		return search.Terminal(s, r, ply)
	}
	if d == 0 {
		return search.ClampEval(ev(s))
	}
	var buf [rules.MaxMoves]rules.Move
	best := -search.Inf
	for _, m := range s.Moves(buf[:0]) {
		best = max(best, -negamax(s.Play(m), ev, d-1, ply+1))
	}
	return best
}

// withETC runs f with enhanced transposition cut-offs from depth d up.
func withETC(d int, f func()) {
	old := etcDepth
	etcDepth = d
	defer func() { etcDepth = old }()
	f()
}

// checkETC searches n random positions of start to every depth up to
// maxD, with the evaluation ev, with enhanced transposition cut-offs from
// depth 2 and without them: both must find the negamax value (when plain
// is true, else the same value as each other), and the cut-offs must
// change the tree of some search (or the test would not test them).
func checkETC[S rules.State[S]](t *testing.T, name string, start S, ev search.Evaluator[S], n, plies, maxD int, cfg Config[S], plain bool) {
	t.Helper()
	rng := rand.New(rand.NewPCG(31, 1))
	changed := 0
	for k := range n {
		s := randomPosition(start, plies/2+rng.IntN(plies/2+1), rng)
		for d := 1; d <= maxD; d++ {
			cfg.Depth = d
			var on, off search.Info
			withETC(2, func() { on = mustSearchEval(t, s, cfg, ev) })
			withETC(search.MaxDepth+1, func() { off = mustSearchEval(t, s, cfg, ev) })
			if on.Score != off.Score {
				t.Fatalf("%s #%d %v depth %d: %d with cut-offs, %d without", name, k, s, d, on.Score, off.Score)
			}
			if plain {
				if want := negamax(s, ev, d, 0); on.Score != want {
					t.Fatalf("%s #%d %v depth %d: the engine scores %d, negamax %d", name, k, s, d, on.Score, want)
				}
			}
			if on.Nodes != off.Nodes {
				changed++
			}
		}
	}
	if changed == 0 {
		t.Errorf("%s: the cut-offs changed no search", name)
	}
}

func TestETCKeepsTheValue(t *testing.T) {
	n, d := 12, 6
	if testing.Short() {
		n, d = 4, 5
	}
	for _, ev := range []struct {
		name string
		o    search.Evaluator[othello.Position]
		c4   search.Evaluator[connect4.Position]
		ch   search.Evaluator[checkers.Position]
	}{
		{"score", scoreEval[othello.Position], scoreEval[connect4.Position], scoreEval[checkers.Position]},
		{"noise", noiseEval[othello.Position], noiseEval[connect4.Position], noiseEval[checkers.Position]},
	} {
		t.Run(ev.name, func(t *testing.T) {
			checkETC(t, "othello", othello.Start(), ev.o, n, 40, d, Config[othello.Position]{NoQuiescence: true}, true)
			checkETC(t, "connect4", connect4.Start(), ev.c4, n, 16, d+1, Config[connect4.Position]{NoQuiescence: true}, true)
			checkETC(t, "checkers", checkers.Start(), ev.ch, n, 30, d, Config[checkers.Position]{NoQuiescence: true}, true)
			// With quiescence, and with the repetition check, whose
			// draws depend on the path: the same value with and without
			// the cut-offs.
			checkETC(t, "checkers, quiescence and repetitions", checkers.Start(), ev.ch, n, 80, d,
				Config[checkers.Position]{Past: []uint64{}}, false)
			// With an oracle that knows one position in 13.
			checkETC(t, "checkers, oracle", checkers.Start(), ev.ch, 2*n, 30, d+1,
				Config[checkers.Position]{NoQuiescence: true, Oracle: hashOracle[checkers.Position]}, false)
		})
	}
}
