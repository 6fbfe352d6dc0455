package ai

import (
	"math/bits"
	"testing"
)

// Annealing's temperature is in units of the spread of the root moves'
// values: with an evaluation in the thousands, worse moves are accepted
// while it is hot (the classic curve), and none once it is cold. Before
// the scaling, T0 = 10 against differences of thousands accepted none.
func TestAnnealingTemperatureScaledToTheEvaluation(t *testing.T) {
	// The side to move's view of a flip position: each own square worth
	// 1000 times its index, each of the opponent's the same against.
	weighted := func(f flip) int {
		own, opp := f.b, f.w
		if f.white {
			own, opp = f.w, f.b
		}
		v := 0
		for e := own; e != 0; e &= e - 1 {
			v += 1000 * (1 + bits.TrailingZeros32(e))
		}
		for e := opp; e != 0; e &= e - 1 {
			v -= 1000 * (1 + bits.TrailingZeros32(e))
		}
		return v
	}
	worseEarly, worseLate := 0, 0
	for seed := range uint64(8) {
		info := mustSearch(t, "annealing", newFlip(4), weighted, Params{Seed: seed})
		n := len(info.Trace)
		if n < 100 || info.Trace[0].Temperature != defaultT0 {
			t.Fatalf("seed %d: %d samples from %v", seed, n, info.Trace[0].Temperature)
		}
		for k := 1; k < n; k++ {
			if info.Trace[k].Current < info.Trace[k-1].Current {
				if k < n/2 {
					worseEarly++
				} else if k > 9*n/10 {
					worseLate++
				}
			}
		}
	}
	if worseEarly < 20 {
		t.Errorf("%d worse moves accepted in the hot halves of 8 runs: the temperature does not reach the evaluation's scale", worseEarly)
	}
	if worseLate > 0 {
		t.Errorf("%d worse moves accepted in the cold last tenths", worseLate)
	}
}
