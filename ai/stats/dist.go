package stats

import "math"

// Z95 is the normal quantile of a two-sided 95 % interval, 1.959964.
const Z95 = 1.959964

// NormalCDF is the standard normal distribution function Φ(x).
func NormalCDF(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }

// TTwoSided is the two-sided tail of Student's t distribution with df
// degrees of freedom: P(|T| ≥ |t|). It is I_x(df/2, 1/2) with
// x = df/(df + t²), the regularized incomplete beta function.
func TTwoSided(t, df float64) float64 {
	if df <= 0 || math.IsNaN(t) {
		return math.NaN()
	}
	if math.IsInf(t, 0) {
		return 0
	}
	return betaInc(df/2, 0.5, df/(df+t*t))
}

// TQuantile95 is the quantile t with P(|T| ≥ t) = 0.05 of Student's t
// distribution with df degrees of freedom (12.706 for 1, 2.228 for 10,
// 1.96 in the limit), found by bisection.
func TQuantile95(df float64) float64 { return tQuantile(0.05, df) }

// tQuantile returns t with P(|T| ≥ t) = tail.
func tQuantile(tail, df float64) float64 {
	lo, hi := 0.0, 1.0
	for TTwoSided(hi, df) > tail {
		hi *= 2
	}
	for range 200 {
		mid := (lo + hi) / 2
		if TTwoSided(mid, df) > tail {
			lo = mid
		} else {
			hi = mid
		}
		if hi-lo < 1e-12*hi {
			break
		}
	}
	return (lo + hi) / 2
}

// betaInc is the regularized incomplete beta function I_x(a, b), by the
// continued fraction of its power series (evaluated with Lentz's method),
// using the symmetry I_x(a, b) = 1 − I_{1−x}(b, a) where the fraction
// converges slowly.
func betaInc(a, b, x float64) float64 {
	switch {
	case x <= 0:
		return 0
	case x >= 1:
		return 1
	}
	la, _ := math.Lgamma(a)
	lb, _ := math.Lgamma(b)
	lab, _ := math.Lgamma(a + b)
	front := math.Exp(lab - la - lb + a*math.Log(x) + b*math.Log1p(-x))
	if x < (a+1)/(a+b+2) {
		return front * betaFraction(a, b, x) / a
	}
	return 1 - front*betaFraction(b, a, 1-x)/b
}

// betaFraction evaluates the continued fraction of I_x(a, b):
// 1/(1+ d1/(1+ d2/(1+ ...))) with d_{2m+1} = −(a+m)(a+b+m)x/((a+2m)(a+2m+1))
// and d_{2m} = m(b−m)x/((a+2m−1)(a+2m)).
func betaFraction(a, b, x float64) float64 {
	const tiny = 1e-300
	c, d := 1.0, 1-(a+b)*x/(a+1)
	if math.Abs(d) < tiny {
		d = tiny
	}
	d = 1 / d
	h := d
	for m := 1.0; m <= 500; m++ {
		// The even step.
		num := m * (b - m) * x / ((a + 2*m - 1) * (a + 2*m))
		d = 1 + num*d
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = 1 + num/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		h *= d * c
		// The odd step.
		num = -(a + m) * (a + b + m) * x / ((a + 2*m) * (a + 2*m + 1))
		d = 1 + num*d
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = 1 + num/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		step := d * c
		h *= step
		if math.Abs(step-1) < 1e-15 {
			break
		}
	}
	return h
}

// BinomialPMF is P(X = k) for X binomial with n trials of chance p.
func BinomialPMF(k, n int, p float64) float64 {
	if k < 0 || k > n {
		return 0
	}
	switch p {
	case 0:
		if k == 0 {
			return 1
		}
		return 0
	case 1:
		if k == n {
			return 1
		}
		return 0
	}
	ln, _ := math.Lgamma(float64(n + 1))
	lk, _ := math.Lgamma(float64(k + 1))
	lnk, _ := math.Lgamma(float64(n - k + 1))
	return math.Exp(ln - lk - lnk + float64(k)*math.Log(p) + float64(n-k)*math.Log1p(-p))
}
