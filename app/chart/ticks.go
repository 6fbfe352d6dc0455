package chart

import (
	"math"
	"strconv"
	"strings"

	"boardgames/app/internal/tr"
)

// span is an axis range, lo < hi.
type span struct{ lo, hi float64 }

// finite reports whether v is neither NaN nor infinite.
func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// niceNum returns a "nice" number (1, 2 or 5 times a power of ten) close
// to x: the nearest one if round, else the smallest one not below x.
func niceNum(x float64, round bool) float64 {
	if x <= 0 || !finite(x) {
		return 1
	}
	exp := math.Floor(math.Log10(x))
	f := x / math.Pow(10, exp)
	var nf float64
	if round {
		switch {
		case f < 1.5:
			nf = 1
		case f < 3:
			nf = 2
		case f < 7:
			nf = 5
		default:
			nf = 10
		}
	} else {
		switch {
		case f <= 1:
			nf = 1
		case f <= 2:
			nf = 2
		case f <= 5:
			nf = 5
		default:
			nf = 10
		}
	}
	return nf * math.Pow(10, exp)
}

// niceTicks returns ticks at a nice step that cover [lo, hi] with about n
// intervals; the first and last tick enclose the range. With integer, the
// quantity counts whole things (a depth, games): the step is a whole
// number too, so that no tick falls between two values.
func niceTicks(lo, hi float64, n int, integer bool) (ticks []float64, step float64) {
	if n < 1 {
		n = 1
	}
	if !finite(lo) || !finite(hi) {
		lo, hi = 0, 1
	}
	if lo > hi {
		lo, hi = hi, lo
	}
	if lo == hi {
		d := math.Abs(lo) * 0.1
		if d == 0 || integer {
			d = 1
		}
		lo, hi = lo-d, hi+d
	}
	step = niceNum(niceNum(hi-lo, false)/float64(n), true)
	if integer {
		step = max(step, 1)
	}
	first := math.Floor(lo/step) * step
	last := math.Ceil(hi/step) * step
	for i := 0; ; i++ {
		v := first + float64(i)*step
		v, _ = strconv.ParseFloat(strconv.FormatFloat(v, 'g', 12, 64), 64) // 0.3, not 0.30000000000000004
		if v > last+step/2 || i > 1000 {
			break
		}
		if math.Abs(v) < step*1e-9 {
			v = 0 // no "-0" from rounding
		}
		ticks = append(ticks, v)
	}
	return ticks, step
}

// logTicks returns the powers of ten that cover [lo, hi] (lo > 0): from
// the one at or below lo to the one at or above hi, every decade, or every
// few decades when there are more than maxTicks of them.
func logTicks(lo, hi float64, maxTicks int) []float64 {
	if !(lo > 0) || !finite(lo) {
		lo = 1
	}
	if !(hi > 0) || !finite(hi) {
		hi = lo
	}
	if lo > hi {
		lo, hi = hi, lo
	}
	a := int(math.Floor(math.Log10(lo) + 1e-9))
	b := int(math.Ceil(math.Log10(hi) - 1e-9))
	if b <= a {
		b = a + 1
	}
	if maxTicks < 2 {
		maxTicks = 2
	}
	every := 1
	for (b-a)/every+1 > maxTicks {
		every++
	}
	for (b-a)%every != 0 { // end on a tick so that the axis ends there
		b++
	}
	var ticks []float64
	for e := a; e <= b; e += every {
		ticks = append(ticks, math.Pow(10, float64(e)))
	}
	return ticks
}

// integers reports whether every finite value of vs is a whole number
// (and there is one): the values of a count, such as a depth.
func integers(vs []float64) bool {
	seen := false
	for _, v := range vs {
		if !finite(v) {
			continue
		}
		if v != math.Trunc(v) {
			return false
		}
		seen = true
	}
	return seen
}

// siUnit returns the SI divisor and suffix for labels of values whose
// largest magnitude is max: none below 10 000.
func siUnit(max float64) (float64, string) {
	switch max = math.Abs(max); {
	case max >= 1e9:
		return 1e9, "G"
	case max >= 1e6:
		return 1e6, "M"
	case max >= 1e4:
		return 1e3, "k"
	}
	return 1, ""
}

// formatTick formats a linear tick v of a scale with the given step and
// SI unit, with the decimals the step needs.
func formatTick(v, step, unit float64, suffix string) string {
	if v == 0 {
		return "0"
	}
	s := step / unit
	dec := 0
	for dec < 9 && s > 0 {
		f := s * math.Pow(10, float64(dec))
		if math.Abs(f-math.Round(f)) < 1e-6*f {
			break
		}
		dec++
	}
	out := strconv.FormatFloat(v/unit, 'f', dec, 64)
	if out == "-0" {
		out = "0"
	}
	return number(out, suffix)
}

// number writes a number formatted with a decimal point and its SI
// suffix in the language in use: "1.5k", in Indonesian "1,5 rb".
func number(s, suffix string) string {
	if tr.Language() == tr.Indonesian {
		s = strings.Replace(s, ".", ",", 1)
	}
	switch suffix {
	case "k":
		return tr.F("%sk", s)
	case "M":
		return tr.F("%sM", s)
	case "G":
		return tr.F("%sG", s)
	}
	return s
}

// formatLog formats a power of ten of a log scale: 1, 10, 100, 1k, 10k,
// 100k, 1M, ... and 0.1, 0.01, ... below one.
func formatLog(v float64) string {
	if v <= 0 || !finite(v) {
		return "0"
	}
	e := int(math.Round(math.Log10(v)))
	switch {
	case e < 0:
		return number(strconv.FormatFloat(math.Pow(10, float64(e)), 'f', -e, 64), "")
	case e >= 12:
		return "1e" + strconv.Itoa(e)
	}
	suffixes := []string{"", "k", "M", "G"}
	return number("1"+strings.Repeat("0", e%3), suffixes[e/3])
}

// formatValue formats a data value for a legend or a cell label: an
// integer when it is one, else three significant digits; SI suffix from
// 10 000 up.
func formatValue(v float64) string {
	if !finite(v) {
		return ""
	}
	unit, suffix := siUnit(v)
	x := v / unit
	if x == math.Trunc(x) {
		return number(strconv.FormatFloat(x, 'f', 0, 64), suffix)
	}
	return number(strconv.FormatFloat(x, 'g', 3, 64), suffix)
}
