package stats

import (
	"math"
	"slices"
)

// Trend is how y moves with x over every observation, not only the first
// and the last level.
type Trend struct {
	N     int      // observations
	Slope Interval // least-squares slope of y on x, with its t interval
	P     float64  // two-sided p-value of "slope = 0"
	Rho   float64  // Spearman's rank correlation (ties at their mean rank)
	RhoP  float64  // two-sided p-value of "rho = 0" (t approximation, n−2 df)
}

// Rises reports whether y rises with x at the 5 % level (the slope's
// interval above 0); Falls the opposite.
func (t Trend) Rises() bool { return t.N > 2 && t.Slope.Low > 0 }

// Falls reports whether y falls with x at the 5 % level.
func (t Trend) Falls() bool { return t.N > 2 && t.Slope.High < 0 }

// TrendOf fits y = a + b·x by least squares over all pairs (x[i], y[i]):
// b = Sxy/Sxx, its standard error √(SSE/(n−2)/Sxx), and the interval
// b ± t(0.975, n−2)·se; and Spearman's rho of the same pairs. It needs at
// least 3 pairs and two different x; otherwise it returns N and p-values 1.
func TrendOf(x, y []float64) Trend {
	n := min(len(x), len(y))
	t := Trend{N: n, P: 1, RhoP: 1}
	if n < 3 {
		return t
	}
	x, y = x[:n], y[:n]
	mx, my := Mean(x), Mean(y)
	var sxx, sxy, syy float64
	for i := range n {
		dx, dy := x[i]-mx, y[i]-my
		sxx += dx * dx
		sxy += dx * dy
		syy += dy * dy
	}
	if sxx == 0 {
		return t
	}
	b := sxy / sxx
	df := float64(n - 2)
	sse := math.Max(0, syy-b*sxy)
	se := math.Sqrt(sse / df / sxx)
	q := TQuantile95(df)
	t.Slope = Interval{b, b - q*se, b + q*se}
	switch {
	case se > 0:
		t.P = TTwoSided(b/se, df)
	case b != 0:
		t.P = 0
	}
	t.Rho = pearson(ranks(x), ranks(y))
	t.RhoP = correlationP(t.Rho, n)
	return t
}

// correlationP is the two-sided p-value of a correlation r of n pairs,
// from t = r·√((n−2)/(1−r²)) with n−2 degrees of freedom.
func correlationP(r float64, n int) float64 {
	if math.IsNaN(r) {
		return 1
	}
	if math.Abs(r) >= 1 {
		return 0
	}
	df := float64(n - 2)
	return TTwoSided(r*math.Sqrt(df/(1-r*r)), df)
}

// Spearman is Spearman's rank correlation of x and y (tied values share
// their mean rank) with its two-sided p-value.
func Spearman(x, y []float64) (rho, p float64) {
	n := min(len(x), len(y))
	if n < 3 {
		return 0, 1
	}
	rho = pearson(ranks(x[:n]), ranks(y[:n]))
	if math.IsNaN(rho) {
		return 0, 1
	}
	return rho, correlationP(rho, n)
}

// ranks returns the rank of each value (1 the smallest), tied values
// sharing the mean of their ranks.
func ranks(v []float64) []float64 {
	idx := make([]int, len(v))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case v[a] < v[b]:
			return -1
		case v[a] > v[b]:
			return 1
		}
		return 0
	})
	r := make([]float64, len(v))
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && v[idx[j+1]] == v[idx[i]] {
			j++
		}
		mean := float64(i+j)/2 + 1
		for k := i; k <= j; k++ {
			r[idx[k]] = mean
		}
		i = j + 1
	}
	return r
}

// pearson is the correlation coefficient of x and y (NaN if either is
// constant).
func pearson(x, y []float64) float64 {
	mx, my := Mean(x), Mean(y)
	var sxx, syy, sxy float64
	for i := range x {
		dx, dy := x[i]-mx, y[i]-my
		sxx += dx * dx
		syy += dy * dy
		sxy += dx * dy
	}
	if sxx == 0 || syy == 0 {
		return math.NaN()
	}
	return sxy / math.Sqrt(sxx*syy)
}
