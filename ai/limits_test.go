package ai

import (
	"strings"
	"testing"
)

// Item 8 of issue 20: every parameter has a range that finishes.
func TestParameterRangesFinish(t *testing.T) {
	for _, tc := range []struct {
		algo string
		p    Params
		want string // "" for valid
	}{
		{"annealing", Params{Cooling: 0.9999999999}, "at most 0.9999993, or iterations"},
		{"annealing", Params{Cooling: 0.9999993}, ""},
		{"annealing", Params{Cooling: 0.9999999999, Iterations: 1000}, ""}, // the iterations bound it
		{"annealing", Params{Iterations: MaxIterations + 1}, "outside 0..10000000"},
		{"mcts", Params{Iterations: 1_000_000_000_000}, "outside 0..10000000"},
		{"genetic", Params{Population: 10_001, Generations: 1000}, "more than 10000000"},
		{"genetic", Params{Population: 10_000, Generations: 1000}, ""},
	} {
		err := tc.p.Validate(tc.algo)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s %+v: %v, want %q", tc.algo, tc.p, err, tc.want)
		}
	}
	if d := (Params{Cooling: 0.9999993}).Defaults("annealing"); d.Iterations > MaxIterations || d.Iterations < MaxIterations*9/10 {
		t.Errorf("annealing steps at the largest cooling rate: %d", d.Iterations)
	}
}
