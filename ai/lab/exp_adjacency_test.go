package lab

import (
	"testing"

	"boardgames/ai/stats"
)

// The ranking holds when every bot scores above 50% against each bot
// ranked below it (Wilson's interval), fails when one scores below, and
// cannot tell otherwise.
func TestPairRanking(t *testing.T) {
	res := func(w, d, l int) ArenaResult {
		return ArenaResult{Games: w + d + l,
			P1: PlayerStats{Wins: w, Draws: d, Losses: l, Points: float64(w) + float64(d)/2},
			P2: PlayerStats{Wins: l, Draws: d, Losses: w, Points: float64(l) + float64(d)/2}}
	}
	order := []string{"minimax", "SA", "GA"}
	var tl pairTally
	tl.add([2]string{"minimax", "SA"}, res(70, 0, 30))
	tl.add([2]string{"GA", "minimax"}, res(10, 0, 90)) // minimax as O
	tl.add([2]string{"SA", "GA"}, res(80, 10, 10))
	if c := tl.ranking(ExperimentOptions{}, order); c.Agree != Agrees || c.Games != 300 {
		t.Errorf("a clear ranking: %+v", c)
	}
	if iv, _ := tl.score("minimax", "GA"); iv.Value != 0.9 {
		t.Errorf("minimax against GA as O: %+v", iv)
	}
	var close pairTally
	close.add([2]string{"minimax", "SA"}, res(11, 0, 9))
	close.add([2]string{"minimax", "GA"}, res(90, 0, 10))
	close.add([2]string{"SA", "GA"}, res(90, 0, 10))
	if c := close.ranking(ExperimentOptions{}, order); c.Agree != CannotTell || Verdict(English{}, c) != "cannot tell at 220 games" {
		t.Errorf("11-9: %+v (%s)", c, Verdict(English{}, c))
	}
	var wrong pairTally
	wrong.add([2]string{"minimax", "SA"}, res(20, 0, 80))
	wrong.add([2]string{"SA", "GA"}, res(80, 0, 20))
	if c := wrong.ranking(ExperimentOptions{}, order); c.Agree != Differs {
		t.Errorf("SA stronger than minimax: %+v", c)
	}
}

// A pairing's verdict compares the paper's winner with our interval; a
// drawn paper game cannot agree with a clear winner.
func TestPairingComparison(t *testing.T) {
	pg := paper002Game{"paper002-annealing", "paper002-minimax", 8, 10, 14, "4.3.1"}
	names := [2]string{"SA", "minimax"}
	mk := func(w, l int) ArenaResult {
		return ArenaResult{Games: w + l, P1: PlayerStats{Wins: w, Losses: l}, P2: PlayerStats{Wins: l, Losses: w}}
	}
	for _, tc := range []struct {
		pg   paper002Game
		res  ArenaResult
		want string
	}{
		{pg, mk(10, 90), Agrees},     // the paper's O bot, minimax, wins
		{pg, mk(90, 10), Differs},    // SA wins
		{pg, mk(10, 10), CannotTell}, // 50% [30-70%]
		{paper002Game{"a", "b", 12, 16, 16, "4.3.2"}, mk(90, 10), Differs},
		{paper002Game{"a", "b", 12, 16, 16, "4.3.2"}, mk(52, 48), CannotTell},
	} {
		if c := pairingComparison(ExperimentOptions{}, tc.pg, names, 0, 0, tc.res); c.Agree != tc.want || c.Games != tc.res.Games {
			t.Errorf("%v, %d-%d: %s, want %s", tc.pg, tc.res.P1.Wins, tc.res.P1.Losses, c.Agree, tc.want)
		}
	}
}

// Pairs of games on one opening, one with each colour, give one
// difference each; a lone game counts alone.
func TestPairDiffs(t *testing.T) {
	res := ArenaResult{Records: []GameRecord{{Number: 1, P1Points: 1}, {Number: 2, P1Points: 0.5}, {Number: 3, P1Points: 0},
		{Number: 4, P1Points: 0}, {Number: 5, P1Points: 1}}}
	got := pairDiffs(res)
	want := []float64{1, -2, 1}
	if len(got) != len(want) {
		t.Fatalf("%v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("%v, want %v", got, want)
		}
	}
}

// A bootstrap interval of too few observations decides nothing: one pair
// of games gives a single point, not an interval.
func TestSideOfMean(t *testing.T) {
	one := stats.BootstrapMean([]float64{-10}, 1)
	if s := sideOfMean(one, 1, 0); s != 0 {
		t.Errorf("one pair at -10: side %d, want 0 (cannot tell)", s)
	}
	many := stats.BootstrapMean([]float64{-10, -8, -12, -9, -11, -10, -7, -13}, 1)
	if s := sideOfMean(many, 8, 0); s != -1 {
		t.Errorf("eight pairs near -10: side %d, want -1", s)
	}
}
