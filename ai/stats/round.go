package stats

import (
	"math"
	"strconv"
)

// Decimal writes x with prec decimals, a half rounded away from zero as a
// reader rounds: 57.5 % is "58", 0.125 with two decimals "0.13". The
// binary noise of a computed value (100 × 0.575 is 57.49999999999999) is
// removed first, at 12 significant digits, so that it is the decimal
// value that is rounded.
func Decimal(x float64, prec int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return strconv.FormatFloat(x, 'f', prec, 64)
	}
	clean, err := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 12, 64), 64)
	if err != nil {
		clean = x
	}
	p := math.Pow10(prec)
	r := math.Round(clean*p) / p
	if r == 0 {
		r = 0 // no "-0"
	}
	return strconv.FormatFloat(r, 'f', prec, 64)
}
