package stats

import "math"

// BinomialTest is the exact two-sided p-value of k successes in n trials
// of chance p: the total probability of every outcome no more likely than
// k (the rule of R's binom.test). With p = 0.5 it is the sign test.
func BinomialTest(k, n int, p float64) float64 {
	if n <= 0 {
		return 1
	}
	pk := BinomialPMF(k, n, p)
	limit := pk * (1 + 1e-7) // outcomes as likely as k, up to rounding
	total := 0.0
	for i := 0; i <= n; i++ {
		if q := BinomialPMF(i, n, p); q <= limit {
			total += q
		}
	}
	return math.Min(1, total)
}

// SignTest is the exact two-sided sign test of paired results: plus pairs
// went one way, minus the other (ties are left out, as the test does).
// It is the chance, if both ways were equally likely, of a split at least
// as uneven.
func SignTest(plus, minus int) float64 { return BinomialTest(plus, plus+minus, 0.5) }

// Paired summarises results that come in pairs, such as an opening played
// once with each colour: Diffs[i] is pair i's result for one side minus
// the other's (for two games of one opening, the side's points minus
// the opponent's, -2..2).
type Paired struct {
	Plus, Minus, Ties int      // pairs won, lost and level
	P                 float64  // the sign test's two-sided p-value
	Mean              Interval // the mean difference with its bootstrap interval
}

// PairedTest tests paired differences: the sign test on the pairs that
// were not level, and the mean difference with a bootstrap interval drawn
// from seed.
func PairedTest(diffs []float64, seed uint64) Paired {
	var r Paired
	for _, d := range diffs {
		switch {
		case d > 0:
			r.Plus++
		case d < 0:
			r.Minus++
		default:
			r.Ties++
		}
	}
	r.P = SignTest(r.Plus, r.Minus)
	r.Mean = BootstrapMean(diffs, seed)
	return r
}
