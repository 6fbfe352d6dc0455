package stats

import (
	"math"
	"math/rand/v2"
	"slices"
)

// Interval is an estimate with its two-sided 95 % interval.
type Interval struct {
	Value, Low, High float64
}

// Contains reports whether x lies in the interval, ends included.
func (iv Interval) Contains(x float64) bool { return iv.Low <= x && x <= iv.High }

// Wilson is the proportion k/n with Wilson's score interval (Wilson 1927):
// the p whose normal test would not reject k successes in n trials,
//
//	(p̂ + z²/2n ± z·√(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n),  z = 1.96.
//
// Unlike p̂ ± z·√(p̂(1−p̂)/n) it stays inside [0, 1] and is not empty for
// 0 of n or n of n. Zero trials give the whole range [0, 1] around 0.
func Wilson(k, n int) Interval {
	if n <= 0 {
		return Interval{0, 0, 1}
	}
	return wilson(float64(k), float64(n))
}

// WilsonScore is Wilson's interval of a match score: wins count 1 and
// draws half, as a proportion of the games.
func WilsonScore(wins, draws, games int) Interval {
	if games <= 0 {
		return Interval{0, 0, 1}
	}
	return wilson(float64(wins)+float64(draws)/2, float64(games))
}

func wilson(k, n float64) Interval {
	p := k / n
	z2 := Z95 * Z95
	centre := (p + z2/(2*n)) / (1 + z2/n)
	half := Z95 * math.Sqrt(p*(1-p)/n+z2/(4*n*n)) / (1 + z2/n)
	return Interval{p, math.Max(0, centre-half), math.Min(1, centre+half)}
}

// Bootstraps is the number of resamples BootstrapMean draws.
const Bootstraps = 2000

// BootstrapMean is the mean of xs with a percentile bootstrap interval
// (Efron 1979): the 2.5th and 97.5th percentiles of the means of
// Bootstraps resamples of xs drawn with replacement, the draws seeded by
// seed, so the same data and seed give the same interval. No data give
// zeros; one value gives a point.
func BootstrapMean(xs []float64, seed uint64) Interval {
	n := len(xs)
	if n == 0 {
		return Interval{}
	}
	m := Mean(xs)
	if n == 1 {
		return Interval{m, m, m}
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x2545f4914f6cdd1d))
	means := make([]float64, Bootstraps)
	for b := range means {
		sum := 0.0
		for range n {
			sum += xs[rng.IntN(n)]
		}
		means[b] = sum / float64(n)
	}
	slices.Sort(means)
	lo, hi := percentile(means, 0.025), percentile(means, 0.975)
	return Interval{m, math.Min(lo, m), math.Max(hi, m)}
}

// percentile is the q-quantile of sorted, interpolating between the two
// nearest values.
func percentile(sorted []float64, q float64) float64 {
	pos := q * float64(len(sorted)-1)
	i := int(pos)
	if i >= len(sorted)-1 {
		return sorted[len(sorted)-1]
	}
	f := pos - float64(i)
	return sorted[i]*(1-f) + sorted[i+1]*f
}

// Mean is the arithmetic mean of xs, 0 for none.
func Mean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}
