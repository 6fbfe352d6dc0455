package eval

import (
	"math/rand/v2"
	"testing"

	"boardgames/ai"
	"boardgames/rules"
)

// winScore is the searches' win score; evaluations stay within ±winScore/2.
const winScore = ai.WinScore

// randomPositions plays games random games from start with a fixed seed
// and returns every position on the way that is not over.
func randomPositions[S rules.State[S]](start S, seed uint64, games int) []S {
	rng := rand.New(rand.NewPCG(seed, seed^0x5eed))
	var buf [rules.MaxMoves]rules.Move
	var out []S
	for range games {
		p := start
		for {
			moves := p.Moves(buf[:0])
			if len(moves) == 0 {
				break
			}
			out = append(out, p)
			p = p.Play(moves[rng.IntN(len(moves))])
		}
	}
	return out
}

// checkBounds checks that eval stays within ±winScore/2 on every position.
func checkBounds[S any](t *testing.T, name string, eval func(S) int, positions []S) {
	t.Helper()
	lo, hi := 0, 0
	for _, p := range positions {
		v := eval(p)
		if v > winScore/2 || v < -winScore/2 {
			t.Fatalf("%s: value %d out of range on %v", name, v, p)
		}
		lo, hi = min(lo, v), max(hi, v)
	}
	t.Logf("%s: %d positions, values %d..%d", name, len(positions), lo, hi)
}

// checkAllocs checks that eval allocates nothing.
func checkAllocs[S any](t *testing.T, name string, eval func(S) int, positions []S) {
	t.Helper()
	sink := 0
	i := 0
	allocs := testing.AllocsPerRun(1000, func() {
		sink += eval(positions[i%len(positions)])
		i++
	})
	if allocs != 0 {
		t.Errorf("%s: %v allocations per call, want 0", name, allocs)
	}
	_ = sink
}

// games returns the number of random games to play: fewer under -short.
func games(full, short int) int {
	if testing.Short() {
		return short
	}
	return full
}
