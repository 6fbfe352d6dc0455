package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// Newcombe (1998), "Two-sided confidence intervals for the single
// proportion", Table I, method 3 (Wilson's score interval without
// continuity correction).
func TestWilsonPublished(t *testing.T) {
	tests := []struct {
		k, n    int
		low, hi float64
	}{
		{81, 263, 0.2553, 0.3662},
		{15, 148, 0.0624, 0.1605},
		{0, 20, 0, 0.1611},
		{1, 29, 0.0061, 0.1718},
	}
	for _, tc := range tests {
		iv := Wilson(tc.k, tc.n)
		if !near(iv.Low, tc.low, 5e-5) || !near(iv.High, tc.hi, 5e-5) {
			t.Errorf("Wilson(%d, %d) = [%.4f, %.4f], want [%.4f, %.4f]", tc.k, tc.n, iv.Low, iv.High, tc.low, tc.hi)
		}
	}
	// By hand: 8 of 10 is (0.8 + z²/20 ± z√(0.016 + z²/400)) / (1 + z²/10).
	if iv := Wilson(8, 10); !near(iv.Low, 0.4902, 1e-4) || !near(iv.High, 0.9433, 1e-4) || iv.Value != 0.8 {
		t.Errorf("Wilson(8, 10) = %+v", iv)
	}
	if iv := Wilson(0, 0); iv.Low != 0 || iv.High != 1 {
		t.Errorf("no trials: %+v, want the whole range", iv)
	}
	// A draw counts half a win.
	if a, b := WilsonScore(7, 2, 10), Wilson(8, 10); a != b {
		t.Errorf("7 wins and 2 draws: %+v, want the interval of 8 of 10 %+v", a, b)
	}
}

func TestTDistribution(t *testing.T) {
	// Published quantiles of Student's t (any table): t(0.975, df).
	for _, tc := range []struct{ df, q float64 }{{1, 12.7062}, {3, 3.1824}, {10, 2.2281}, {30, 2.0423}, {1e6, 1.9600}} {
		if q := TQuantile95(tc.df); !near(q, tc.q, 1e-4) {
			t.Errorf("t(0.975, %v) = %.5f, want %.4f", tc.df, q, tc.q)
		}
	}
	// Cauchy (df 1): P(|T| ≥ 1) = 1/2 exactly.
	if p := TTwoSided(1, 1); !near(p, 0.5, 1e-12) {
		t.Errorf("P(|T1| ≥ 1) = %v, want 0.5", p)
	}
	if p := NormalCDF(Z95); !near(p, 0.975, 1e-6) {
		t.Errorf("Φ(1.96) = %v", p)
	}
}

func TestBinomial(t *testing.T) {
	// 9 of 10 under p = 1/2: (1 + 10 + 10 + 1) / 1024.
	if p := SignTest(9, 1); !near(p, 22.0/1024, 1e-12) {
		t.Errorf("sign test 9-1: %v, want 22/1024", p)
	}
	// 3 of 10 under p = 0.2, by hand: every outcome no likelier than
	// P(3) = 0.2013: k = 0 and 3..10, 0.42957 in all (R's binom.test).
	if p := BinomialTest(3, 10, 0.2); !near(p, 0.4295747, 1e-6) {
		t.Errorf("binomial 3 of 10 at 0.2: %v, want 0.42957", p)
	}
	if p := SignTest(5, 5); p != 1 {
		t.Errorf("an even split: %v, want 1", p)
	}
	if p := SignTest(0, 0); p != 1 {
		t.Errorf("no pairs: %v, want 1", p)
	}
	if p := BinomialPMF(2, 4, 0.5); !near(p, 6.0/16, 1e-12) {
		t.Errorf("P(2 of 4) = %v, want 6/16", p)
	}
}

func TestPairedTest(t *testing.T) {
	// Ten openings with both colours: the side won both games of 7,
	// split 2, lost both of 1.
	diffs := []float64{2, 2, 2, 2, 2, 2, 2, 0, 0, -2}
	r := PairedTest(diffs, 1)
	if r.Plus != 7 || r.Minus != 1 || r.Ties != 2 {
		t.Fatalf("counts %+v", r)
	}
	// Sign test 7-1: (1 + 8 + 8 + 1)/256.
	if !near(r.P, 18.0/256, 1e-12) {
		t.Errorf("p = %v, want 18/256", r.P)
	}
	if r.Mean.Value != 1.2 || !(r.Mean.Low < 1.2 && r.Mean.High > 1.2) || r.Mean.High > 2 {
		t.Errorf("mean %+v", r.Mean)
	}
}

func TestBootstrapMean(t *testing.T) {
	if iv := BootstrapMean([]float64{3, 3, 3, 3}, 9); iv != (Interval{3, 3, 3}) {
		t.Errorf("constant data: %+v", iv)
	}
	if iv := BootstrapMean(nil, 9); iv != (Interval{}) {
		t.Errorf("no data: %+v", iv)
	}
	// 400 draws of a normal with sd 10: the bootstrap interval is close to
	// mean ± 1.96·s/√n (here ± 0.98), and the same seed gives the same.
	rng := rand.New(rand.NewPCG(1, 2))
	xs := make([]float64, 400)
	for i := range xs {
		xs[i] = 50 + 10*rng.NormFloat64()
	}
	a, b := BootstrapMean(xs, 4), BootstrapMean(xs, 4)
	if a != b {
		t.Errorf("the same seed gave %+v and %+v", a, b)
	}
	m := Mean(xs)
	var ss float64
	for _, x := range xs {
		ss += (x - m) * (x - m)
	}
	half := Z95 * math.Sqrt(ss/float64(len(xs)-1)/float64(len(xs)))
	if !near(a.Low, m-half, 0.15) || !near(a.High, m+half, 0.15) || a.Value != m {
		t.Errorf("bootstrap %+v, want about [%.2f, %.2f]", a, m-half, m+half)
	}
}

func TestTrend(t *testing.T) {
	// By hand: x 1..5, y 2 4 5 4 5: b = Sxy/Sxx = 6/10, SSE = 6 − 0.6·6 =
	// 2.4, se = √(2.4/3/10) = 0.28284, t(0.975, 3) = 3.18245.
	tr := TrendOf([]float64{1, 2, 3, 4, 5}, []float64{2, 4, 5, 4, 5})
	if !near(tr.Slope.Value, 0.6, 1e-12) || !near(tr.Slope.Low, 0.6-3.18245*0.282843, 1e-4) ||
		!near(tr.Slope.High, 0.6+3.18245*0.282843, 1e-4) {
		t.Errorf("slope %+v", tr.Slope)
	}
	// t = 0.6/0.28284 = 2.1213 with 3 df: p = 0.1240.
	if !near(tr.P, 0.12403, 1e-4) || tr.Rises() || tr.Falls() {
		t.Errorf("p %v rises %v", tr.P, tr.Rises())
	}
	// Spearman by hand: y 2 1 4 3 5 against 1..5: Σd² = 4, rho = 1 −
	// 6·4/(5·24) = 0.8; t = 0.8·√(3/0.36) = 2.3094, p = 0.1041.
	rho, p := Spearman([]float64{1, 2, 3, 4, 5}, []float64{2, 1, 4, 3, 5})
	if !near(rho, 0.8, 1e-12) || !near(p, 0.10409, 1e-4) {
		t.Errorf("Spearman %v p %v, want 0.8 and 0.1041", rho, p)
	}
	// Ties share their mean rank: ranks of 1 1 2 are 1.5 1.5 3.
	if r := ranks([]float64{1, 1, 2}); r[0] != 1.5 || r[1] != 1.5 || r[2] != 3 {
		t.Errorf("ranks %v", r)
	}
	// Many noisy games over nine depths: a clear rise is found, and no
	// trend in pure noise.
	rng := rand.New(rand.NewPCG(5, 6))
	var x, up, flat []float64
	for d := 1; d <= 9; d++ {
		for range 20 {
			x = append(x, float64(d))
			up = append(up, 30+float64(d)+8*rng.NormFloat64())
			flat = append(flat, 30+8*rng.NormFloat64())
		}
	}
	if tr := TrendOf(x, up); !tr.Rises() || !tr.Slope.Contains(1) || tr.RhoP > 0.01 {
		t.Errorf("rising data: %+v", tr)
	}
	if tr := TrendOf(x, flat); tr.Rises() || tr.Falls() {
		t.Errorf("flat data: %+v", tr)
	}
	if tr := TrendOf([]float64{1, 2}, []float64{1, 2}); tr.P != 1 || tr.Rises() {
		t.Errorf("two points: %+v", tr)
	}
}

func TestEloDiff(t *testing.T) {
	nearE := func(a, b float64) bool { return math.Abs(a-b) < 0.1 }
	e := EloDiff([]float64{1, 0, 1, 0})
	if e.Value != 0 || !(e.Low < 0 && e.High > 0) || !nearE(e.Low, -e.High) {
		t.Errorf("an even match: %+v", e)
	}
	// 3 of 4 points: 400·log10(3) = 190.8.
	if e := EloDiff([]float64{1, 1, 1, 0}); !nearE(e.Value, 190.85) {
		t.Errorf("75%%: Elo %v, want 190.85", e.Value)
	}
	// A sweep is large but finite (the fraction is clamped to 1 − 1/(2n)),
	// and its interval starts at n/(n+z²).
	e = EloDiff([]float64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1})
	if !nearE(e.Value, 400*math.Log10(19)) || e.High != e.Value || !nearE(e.Low, EloFromScore(10/(10+Z95*Z95), 10)) {
		t.Errorf("10-0: %+v", e)
	}
	// Without draws the interval is Wilson's: 15 of 20 gives p in
	// [0.531, 0.888].
	w := Wilson(15, 20)
	if e := EloCounts(15, 0, 5); !nearE(e.Low, EloFromScore(w.Low, 20)) || !nearE(e.High, EloFromScore(w.High, 20)) {
		t.Errorf("15 of 20: %+v, want Elo of %+v", e, w)
	}
	if e := EloDiff(nil); e != (Interval{}) {
		t.Errorf("no games: %+v", e)
	}
	// Draws narrow the interval.
	a, b := EloDiff([]float64{1, 0, 1, 0, 1, 0, 1, 0}), EloDiff([]float64{0.5, 0.5, 0.5, 0.5, 1, 0, 1, 0})
	if b.High-b.Low >= a.High-a.Low {
		t.Errorf("draws should narrow the interval: %+v vs %+v", b, a)
	}
}

// Decimal rounds the decimal value a reader sees, halves away from zero.
func TestDecimal(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		prec int
		want string
	}{
		{100 * 0.575, 0, "58"}, // 57.49999999999999 in binary
		{100 * 23.0 / 40, 0, "58"},
		{56.5, 0, "57"}, // strconv rounds a half to even: 56
		{0.125, 2, "0.13"},
		{2.675, 2, "2.68"}, // 2.67499999999999982236431605997495353221893310546875
		{-0.4, 0, "0"},
		{-2.5, 0, "-3"},
		{1234.5678, 1, "1234.6"},
		{0.3333333333, 3, "0.333"},
	} {
		if got := Decimal(tc.x, tc.prec); got != tc.want {
			t.Errorf("Decimal(%v, %d) = %s, want %s", tc.x, tc.prec, got, tc.want)
		}
	}
}
