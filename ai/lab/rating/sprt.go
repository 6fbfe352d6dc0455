package rating

import (
	"fmt"
	"math"
)

// SPRT is a sequential probability ratio test of a match of two players
// played in pairs of games (one opening, the colours swapped): is the
// first player's Elo advantage elo0 (H0) or elo1 (H1)?
//
// It is the pentanomial GSPRT that fishtest and fastchess run, in its
// normal approximation: each pair's score x (the first player's points
// over the pair's two games, halved: 0, ¼, ½, ¾ or 1) is taken as normal
// with the variance σ² observed over the pairs so far, and after N pairs
// of mean x̄
//
//	LLR = N (s1 − s0)(2x̄ − s0 − s1) / (2σ²),  s = Expected(elo),
//
// the log of the likelihood ratio of H1 to H0 (logistic Elo). The test
// stops when LLR ≤ ln(β/(1−α)) (H0 accepted) or LLR ≥ ln((1−β)/α) (H1
// accepted), so that it accepts H1 wrongly with probability about α and
// H0 wrongly about β. While every pair has scored the same (σ² = 0), the
// LLR is 0.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
	// Pairs counts the pairs by the first player's points in them: [0]
	// lost both, [1] half a point, ..., [4] won both.
	Pairs [5]int
}

// NewSPRT returns a test of H0: Elo = elo0 against H1: Elo = elo1, with
// error rates alpha and beta.
func NewSPRT(elo0, elo1, alpha, beta float64) (*SPRT, error) {
	switch {
	case math.IsNaN(elo0) || math.IsNaN(elo1) || elo0 >= elo1:
		return nil, fmt.Errorf("rating: SPRT bounds %g,%g: want elo0 < elo1", elo0, elo1)
	case math.Abs(elo0) > 1000 || math.Abs(elo1) > 1000:
		return nil, fmt.Errorf("rating: SPRT bounds %g,%g: want Elo within ±1000", elo0, elo1)
	case !(alpha > 0 && alpha < 0.5) || !(beta > 0 && beta < 0.5):
		return nil, fmt.Errorf("rating: SPRT error rates %g and %g: each must be in (0, 0.5)", alpha, beta)
	}
	return &SPRT{Elo0: elo0, Elo1: elo1, Alpha: alpha, Beta: beta}, nil
}

// Add counts a pair in which the first player scored points (0, 0.5, 1,
// 1.5 or 2; other values are rounded to the nearest half).
func (s *SPRT) Add(points float64) {
	k := int(math.Round(points * 2))
	s.Pairs[min(max(k, 0), 4)]++
}

// N is the number of pairs counted.
func (s *SPRT) N() int {
	n := 0
	for _, c := range s.Pairs {
		n += c
	}
	return n
}

// LLR is the log-likelihood ratio of H1 to H0 so far.
func (s *SPRT) LLR() float64 {
	n := float64(s.N())
	if n == 0 {
		return 0
	}
	mean := 0.0
	for k, c := range s.Pairs {
		mean += float64(c) * float64(k) / 4
	}
	mean /= n
	variance := 0.0
	for k, c := range s.Pairs {
		d := float64(k)/4 - mean
		variance += float64(c) * d * d
	}
	variance /= n
	if variance < 1e-12 {
		return 0
	}
	s0, s1 := Expected(s.Elo0), Expected(s.Elo1)
	return n * (s1 - s0) * (2*mean - s0 - s1) / (2 * variance)
}

// Bounds are the LLR's bounds: at or below lower H0 is accepted, at or
// above upper H1.
func (s *SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// Verdict is "H1" or "H0" when the test has stopped, "" while it goes on.
func (s *SPRT) Verdict() string {
	llr := s.LLR()
	lo, hi := s.Bounds()
	switch {
	case llr >= hi:
		return "H1"
	case llr <= lo:
		return "H0"
	}
	return ""
}
