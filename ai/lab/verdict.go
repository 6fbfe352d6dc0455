package lab

import (
	"math"

	"boardgames/ai/stats"
)

// The values of Comparison.Agree: a verdict from a test at the 5 % level,
// never from a point estimate alone.
const (
	// Agrees: our games show what the paper reports (a 95 % interval on
	// the paper's side, or an exact check that holds).
	Agrees = "agrees"
	// Differs: our games show the opposite (a 95 % interval on the other
	// side), or an exact check fails.
	Differs = "disagrees"
	// CannotTell: the interval straddles the line: more games could tell
	// (Comparison.Games says how many this verdict rests on).
	CannotTell = "cannot tell"
	// NotComparable: the paper's figure cannot be replayed here (a human
	// opponent, another machine); Why says why.
	NotComparable = "n/a"
	// NoEvidence: a test of what the paper states (a uniform draw, say)
	// did not reject it at the 5 % level; that is no proof of it, so the
	// verdict says so, with the p-value (Comparison.P and Null).
	NoEvidence = "no evidence against"
)

// Verdict words a comparison's verdict for its reader: "agrees",
// "disagrees", "cannot tell at 40 games", "no evidence against a uniform
// choice (p = 0.185)" or "n/a".
func Verdict(w Words, c Comparison) string {
	o := ExperimentOptions{Words: w}
	switch c.Agree {
	case Agrees:
		return o.say("agrees")
	case Differs:
		return o.say("disagrees")
	case CannotTell:
		switch {
		case c.Games <= 0:
			return o.say("cannot tell")
		case c.Unit == UnitPositions:
			return o.sayN(c.Games, "cannot tell at %d position", "cannot tell at %d positions", c.Games)
		case c.Unit == UnitSeeds:
			return o.sayN(c.Games, "cannot tell at %d seed", "cannot tell at %d seeds", c.Games)
		}
		return o.sayN(c.Games, "cannot tell at %d game", "cannot tell at %d games", c.Games)
	case NotComparable:
		return o.say("n/a")
	case NoEvidence:
		return o.say("no evidence against %s (%s)", c.Null, o.pValue(c.P))
	}
	return c.Agree
}

// agreement is Agrees when an exact check holds, else Differs.
func agreement(ok bool) string {
	if ok {
		return Agrees
	}
	return Differs
}

// side says where an interval lies against x: +1 wholly above, -1 wholly
// below, 0 when it contains x.
func side(iv stats.Interval, x float64) int {
	switch {
	case iv.Low > x:
		return 1
	case iv.High < x:
		return -1
	}
	return 0
}

// minBootstrap is the fewest observations a bootstrap interval decides a
// verdict from: below it the resamples cannot show the spread (one pair
// gives a single point), and the verdict is "cannot tell".
const minBootstrap = 8

// sideOfMean is side for a bootstrap interval of a mean of n
// observations: 0 when n is below minBootstrap.
func sideOfMean(iv stats.Interval, n int, x float64) int {
	if n < minBootstrap {
		return 0
	}
	return side(iv, x)
}

// verdict is the verdict on a claim that a quantity lies on the side want
// (+1 above, -1 below) of a line, from the side its interval lies on.
func verdict(got, want int) string {
	switch {
	case got == 0:
		return CannotTell
	case got == want:
		return Agrees
	}
	return Differs
}

// sign01 is +1, -1 or 0 as x is positive, negative or zero.
func sign01(x float64) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// pctIv writes a proportion with its interval: "62% [55–69%]".
func (o ExperimentOptions) pctIv(iv stats.Interval) string {
	d := o.words().Decimal
	return o.say("%s%% [%s–%s%%]", d(100*iv.Value, 0), d(100*iv.Low, 0), d(100*iv.High, 0))
}

// meanIv writes a mean with its interval, one decimal: "31.4 [30.2–32.6]".
func (o ExperimentOptions) meanIv(iv stats.Interval) string {
	return o.say("%s [%s–%s]", o.f1(iv.Value), o.f1(iv.Low), o.f1(iv.High))
}

// ratioIv writes a ratio with its interval, two decimals.
func (o ExperimentOptions) ratioIv(iv stats.Interval) string {
	return o.say("%s [%s–%s]", o.f2(iv.Value), o.f2(iv.Low), o.f2(iv.High))
}

// pValue writes a p-value: "p = 0.031", "p < 0.001".
func (o ExperimentOptions) pValue(p float64) string {
	if p < 0.001 {
		return o.say("p < 0.001")
	}
	return o.say("p = %s", o.words().Decimal(p, 3))
}

// pairDiffs returns, for the games of a match played in pairs (games 2k-1
// and 2k on one opening with the colours swapped), each pair's points of
// P1 minus P2's (-2..2); a game whose partner did not finish counts alone
// (-1..1).
func pairDiffs(res ArenaResult) []float64 {
	byPair := map[int]float64{}
	var order []int
	for _, r := range res.Records {
		k := (r.Number - 1) / 2
		if _, ok := byPair[k]; !ok {
			order = append(order, k)
		}
		byPair[k] += 2*r.P1Points - 1
	}
	out := make([]float64, len(order))
	for i, k := range order {
		out[i] = byPair[k]
	}
	return out
}

// scoreOf is P1's score of a match with its Wilson interval (a draw counts
// half a win).
func scoreOf(res ArenaResult) stats.Interval {
	return stats.WilsonScore(res.P1.Wins, res.P1.Draws, res.Games)
}

// gameSeed derives the seed of a bootstrap from the experiment's seed and
// a path, so that the same run prints the same intervals.
func gameSeed(opt ExperimentOptions, path ...uint64) uint64 {
	return mix(opt.Seed, append([]uint64{99}, path...)...)
}

// finite replaces NaN by 0, for tables and charts.
func finite(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0
	}
	return x
}
