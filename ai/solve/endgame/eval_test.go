package endgame

import (
	"context"
	"fmt"
	"os"
	"testing"

	"boardgames/ai/eval"
)

// benchEval is the evaluation the benchmarks order by: the pattern
// evaluation, as in the perfect player's solvers, or none with
// ENDGAME_EVAL=none.
func benchEval() func(p, o uint64) int {
	if os.Getenv("ENDGAME_EVAL") == "none" {
		return nil
	}
	return eval.OthelloPatternBits
}

// Ordering by an evaluation changes the work, never the answer: every
// FForum position of up to 18 empties (16 with -short) gets its listed
// score and a listed best move, and a solve allocates no more than
// without one.
func TestEvaluationOrdering(t *testing.T) {
	s := New(16)
	s.SetEvaluation(eval.OthelloPatternBits)
	limit := 18
	if testing.Short() {
		limit = 16
	}
	ctx := context.Background()
	var with, without uint64
	plain := New(16)
	for _, name := range []string{"fforum-1-19.obf", "fforum-20-39.obf"} {
		for _, c := range loadOBF(t, name) {
			if c.pos.Empties() > limit {
				continue
			}
			t.Run(fmt.Sprintf("%s:%d", name, c.line), func(t *testing.T) {
				res, err := s.SolveBest(ctx, c.pos)
				if err != nil || res.Score != c.scores[0] {
					t.Fatalf("score %d %v, want %d", res.Score, err, c.scores[0])
				}
				ok := false
				for i, m := range c.moves {
					ok = ok || (m == res.Best[0] && c.scores[i] == c.scores[0])
				}
				if !ok {
					t.Errorf("best move %s is not listed with %d", c.pos.MoveString(res.Best[0]), c.scores[0])
				}
				ref, err := plain.SolveBest(ctx, c.pos)
				if err != nil || ref.Score != res.Score {
					t.Fatalf("without the evaluation: %d %v", ref.Score, err)
				}
				with += res.Nodes
				without += ref.Nodes
			})
		}
	}
	t.Logf("%d nodes with the evaluation, %d without", with, without)
	pos := loadOBF(t, "fforum-1-19.obf")[0].pos
	allocs := testing.AllocsPerRun(3, func() {
		s.Reset()
		if _, err := s.SolveBest(ctx, pos); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 3 { // the result's map, its bucket and Best, as TestAllocs
		t.Errorf("SolveBest with the evaluation allocates %.0f times", allocs)
	}
}
