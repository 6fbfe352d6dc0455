package lab

import (
	"slices"
	"testing"
)

// The ranking says "=" between bots whose shares the table writes alike,
// and such a tie is no strict order.
func TestRankingTies(t *testing.T) {
	tl := pointTally{
		points: map[string]float64{"minimax": 77, "SA": 36.5, "GA": 36.52},
		games:  map[string]int{"minimax": 100, "SA": 100, "GA": 100},
	}
	order := []string{"minimax", "SA", "GA"}
	ranked, scores := tl.ranking(ExperimentOptions{}, order)
	if !slices.Equal(ranked, order) || tl.ranks(ranked) != "minimax > SA = GA" || scores != "minimax 77.0%, SA 36.5%, GA 36.5%" {
		t.Errorf("ranked %v as %q, shares %q", ranked, tl.ranks(ranked), scores)
	}
	if tl.strictlyOrdered(order) {
		t.Error("a tie counted as a strict order")
	}
	tl.points["GA"] = 30
	if got := tl.ranks(ranked); got != "minimax > SA > GA" || !tl.strictlyOrdered(order) {
		t.Errorf("%q, strict %v", got, tl.strictlyOrdered(order))
	}
}
