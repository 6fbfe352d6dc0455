// Package stats holds the few statistics the lab needs to say what a
// number of games shows and what it does not: intervals for proportions,
// means and Elo differences, tests for paired results and for a trend.
// Every interval is a two-sided 95 % interval unless a function says
// otherwise; every random draw comes from a seed the caller gives.
//
// Files:
//   - dist.go       the normal, Student t and binomial distributions
//   - interval.go   Wilson's interval for a proportion, the bootstrap for a mean
//   - elo.go        the Elo difference of a score, with its interval
//   - tests.go      the exact binomial and sign tests, paired results
//   - trend.go      a trend over many levels: least-squares slope and Spearman's rho
//   - round.go      numbers rounded as a reader rounds them (halves away from zero)
package stats
