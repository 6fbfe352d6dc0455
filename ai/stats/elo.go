package stats

import "math"

// EloDiff estimates the Elo rating difference of a player from its
// per-game scores (1 win, 0.5 draw, 0 loss), with a 95 % confidence
// interval. With n games, mean score s and draw share d:
//
//	elo = Elo(s),  Elo(p) = −400 · log10(1/p − 1)
//
// and the interval is Elo of the two fractions p that solve
//
//	(s − p)² = z² · v(p) / n,  v(p) = p(1 − p) − d/4,  z = 1.96:
//
// the normal approximation on the per-game scores, whose variance is
// v(s) (a win-loss game has variance p(1−p); each draw lowers it), solved
// for p as in Wilson's score interval, so that a clean sweep still gets a
// proper interval (after n straight wins the low end is n/(n+z²)). Each
// fraction is clamped to [1/(2n), 1 − 1/(2n)] before it is converted (as if
// half a game had gone the other way), so every number is finite. No games
// give zeros.
func EloDiff(scores []float64) Interval {
	var sum, draws float64
	for _, x := range scores {
		sum += x
		if x == 0.5 {
			draws++
		}
	}
	return eloDiff(float64(len(scores)), sum, draws)
}

// EloCounts is EloDiff of a player's wins, draws and losses.
func EloCounts(wins, draws, losses int) Interval {
	return eloDiff(float64(wins+draws+losses), float64(wins)+float64(draws)/2, float64(draws))
}

// eloDiff is EloDiff of n games that scored sum in all, draws of them
// drawn.
func eloDiff(n, sum, draws float64) Interval {
	if n == 0 {
		return Interval{}
	}
	s := sum / n
	low, high := scoreBounds(n, s, draws)
	return Interval{EloFromScore(s, n), EloFromScore(low, n), EloFromScore(high, n)}
}

// ScoreCounts is a player's score share (wins and half the draws over the
// games) with the 95% interval EloDiff converts to Elo. It returns zeros
// for no games.
func ScoreCounts(wins, draws, losses int) Interval {
	n := float64(wins + draws + losses)
	if n == 0 {
		return Interval{}
	}
	s := (float64(wins) + float64(draws)/2) / n
	low, high := scoreBounds(n, s, float64(draws))
	return Interval{s, low, high}
}

// scoreBounds solves (s − p)² = z²·v(p)/n, v(p) = p(1 − p) − d/4, for p:
// (n + z²)p² − (2ns + z²)p + (ns² + z²d/4) = 0, with d the draws over the
// n games plus Wilson's z² pseudo-games, which are decisive, so that a run
// of draws alone (v(½) = 0 with d = 1) still gets an interval of its width
// rather than none.
func scoreBounds(n, s, draws float64) (low, high float64) {
	z2 := Z95 * Z95
	d := draws / (n + z2)
	a, b, c := n+z2, -(2*n*s + z2), n*s*s+z2*d/4
	root := math.Sqrt(math.Max(0, b*b-4*a*c))
	low, high = (-b-root)/(2*a), (-b+root)/(2*a)
	return math.Max(0, math.Min(low, s)), math.Min(1, math.Max(high, s)) // guard rounding
}

// EloFromScore converts a score fraction p (0..1) over n games to an Elo
// difference, −400·log10(1/p − 1), with p clamped to [1/(2n), 1 − 1/(2n)]
// (n ≤ 1 gives 0).
func EloFromScore(p, n float64) float64 {
	if n <= 1 {
		return 0
	}
	lo := 1 / (2 * n)
	p = math.Max(lo, math.Min(1-lo, p))
	return -400 * math.Log10(1/p-1)
}
