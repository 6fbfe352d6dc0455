package eval

import (
	"math/rand/v2"
	"testing"

	"boardgames/rules/checkers"
)

// tunedFeatures returns the tuned features of a position as a map from
// index to value.
func tunedFeatures(t *testing.T, fen string) map[int32]int32 {
	t.Helper()
	var idx, val [MaxCheckersTunedFeatures]int32
	n, _ := CheckersTunedFeatures(mustCheckers(t, fen), &idx, &val)
	m := map[int32]int32{}
	for k := range n {
		if _, dup := m[idx[k]]; dup {
			t.Fatalf("%s: feature %d twice", fen, idx[k])
		}
		if idx[k] < 0 || idx[k] >= CheckersTunedKinds {
			t.Fatalf("%s: feature %d out of range", fen, idx[k])
		}
		m[idx[k]] = val[k]
	}
	return m
}

func TestCheckersTunedFeatures(t *testing.T) {
	for _, c := range []struct {
		fen  string
		want map[int32]int32 // features checked (0: absent)
	}{
		// Black's man on 28 held by White's on 32: the dog-hole. The
		// home rows: Black's empty, White's man on 32 (its first square
		// read from its side).
		{"B:W32:B28", map[int32]int32{cktOwnDogHole: 1, cktOppDogHole: 0, cktOwnBack: 1, cktOppBack + 1: 1,
			cktOwnMan + 27: 1, cktOppMan + 31: 1, cktOwnTempo: 6, cktOppTempo: 0, cktOwnMen: 1, cktOppMen: 1}},
		// The same from White's side, turned: White's man on 5 held by
		// Black's on 1.
		{"W:W5:B1", map[int32]int32{cktOwnDogHole: 1, cktOwnBack: 1, cktOppBack + 1: 1, cktOwnMan + 27: 1, cktOppMan + 31: 1}},
		// No dog-hole while 32 is empty.
		{"B:W31:B28", map[int32]int32{cktOwnDogHole: 0}},
		// Black's men on 1 and 3 guard the home row (the bridge).
		{"B:W29:B1,3", map[int32]int32{cktOwnBack + 5: 1, cktOppBack + 8: 1}},
		// Black's king on 4: its one square, 8, holds a White man that
		// 11 behind it protects: trapped.
		{"B:W8,11:BK4", map[int32]int32{cktOwnTrapped: 1, cktOwnKingSteps: 0, cktOwnKings: 1, cktOppMen: 2, cktOppKingsOnly: 0, cktOwnKingsOnly: 1}},
		// With 11 empty the king can capture: not trapped.
		{"B:W8:BK4", map[int32]int32{cktOwnTrapped: 0, cktJumpNow: 1}},
		// A king in the middle has four moves.
		{"W:WK15:B1", map[int32]int32{cktOwnKingSteps: 4, cktOwnTrapped: 0, cktOwnKings: 1}},
		// A lone man with nothing ahead runs free; one with an enemy
		// piece in its cone does not.
		{"B:W5:B13", map[int32]int32{cktOwnRunaway: 1, cktOppRunaway: 1}},
		{"B:W22:B13", map[int32]int32{cktOwnRunaway: 0, cktOppRunaway: 0}},
	} {
		f := tunedFeatures(t, c.fen)
		for i, v := range c.want {
			if f[i] != v {
				t.Errorf("%s: feature %d = %d, want %d", c.fen, i, f[i], v)
			}
		}
		if f[cktBias] != 1 {
			t.Errorf("%s: no bias", c.fen)
		}
	}
}

func TestCheckersTunedSum(t *testing.T) {
	// The evaluation blends the opening and ending sums by the pieces,
	// in 1/CheckersTunedScale of a point.
	w := &Weights{Model: CheckersTunedModel, Phases: 1, Params: CheckersTunedParams, Values: make([]int16, CheckersTunedParams)}
	w.Values[cktBias] = 100 * CheckersTunedScale
	w.Values[CheckersTunedKinds+cktBias] = -100 * CheckersTunedScale
	f, err := CheckersTuned(w)
	if err != nil {
		t.Fatal(err)
	}
	if v := f(checkers.Start()); v != 100 {
		t.Errorf("start (24 pieces): %d, want the opening weight 100", v)
	}
	if v := f(mustCheckers(t, "B:W32:B13")); v != -100 {
		t.Errorf("2 pieces: %d, want the ending weight -100", v)
	}
	if _, err := CheckersTuned(&Weights{Model: CheckersModel, Phases: 1, Params: CheckersParams, Values: make([]int16, CheckersParams)}); err == nil {
		t.Error("the learned evaluation's weights were accepted")
	}
}

// The fitted evaluations' shipped weights count in strong's points.
func TestCheckersFittedShipped(t *testing.T) {
	for _, name := range []string{"tuned", "pattern"} {
		ev, err := Checkers(name)
		if err != nil {
			t.Fatal(err)
		}
		// A man up is worth about a man; a man down the opposite.
		up := mustCheckers(t, "B:W21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,12")
		down := mustCheckers(t, "W:W21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,12")
		if v := ev(up); v < 40 || v > 300 {
			t.Errorf("%s, a man up: %d, want about a man (40..300)", name, v)
		}
		if v := ev(down); v > -40 || v < -300 {
			t.Errorf("%s, a man down: %d, want about minus a man (-300..-40)", name, v)
		}
		// Two kings against one in the ending are better than even; the
		// start is about even.
		if v := ev(mustCheckers(t, "B:WK18:BK1,K3")); v <= 0 {
			t.Errorf("%s, two kings against one: %d, want more than 0", name, v)
		}
		if v := ev(checkers.Start()); v < -60 || v > 60 {
			t.Errorf("%s, the start: %d, want about 0", name, v)
		}
	}
	if Default(checkers.Name) != "pattern" {
		t.Errorf("the checkers default is %s, not pattern", Default(checkers.Name))
	}
}

// featureSum is the value of the features idx, val (n of them, on a board
// of pieces pieces) with the weights values of a model of kinds features,
// the opening weights first: the sum the evaluations must give.
func featureSum(idx, val []int32, n, pieces int, values []int16, kinds int) int {
	var o, e int
	for k := range n {
		o += int(val[k]) * int(values[idx[k]])
		e += int(val[k]) * int(values[kinds+int(idx[k])])
	}
	pieces = min(max(pieces, 2), 24)
	return (o*(pieces-2) + e*(24-pieces)) / (22 * CheckersTunedScale)
}

func TestCheckersTunedEvaluateIsTheFeatureSum(t *testing.T) {
	// evaluate, which folds some features into the square tables, gives
	// the weighted sum of CheckersTunedFeatures' features, for random
	// weights on random positions.
	rng := rand.New(rand.NewPCG(7, 8))
	w := &Weights{Model: CheckersTunedModel, Phases: 1, Params: CheckersTunedParams, Values: make([]int16, CheckersTunedParams)}
	for i := range w.Values {
		w.Values[i] = int16(rng.IntN(2001) - 1000)
	}
	tt, err := newCheckersTuned(w)
	if err != nil {
		t.Fatal(err)
	}
	positions := randomPositions(checkers.Start(), 23, games(60, 10))
	if len(positions) < 100 {
		t.Fatalf("%d positions", len(positions))
	}
	kings := 0
	for _, p := range positions {
		var idx, val [MaxCheckersTunedFeatures]int32
		n, pieces := CheckersTunedFeatures(p, &idx, &val)
		want := featureSum(idx[:], val[:], n, pieces, w.Values, CheckersTunedKinds)
		if got := tt.evaluate(p); got != want {
			t.Fatalf("%v: evaluate %d, the features' sum %d", p, got, want)
		}
		if _, _, k := p.Bitboards(); k != 0 {
			kings++
		}
	}
	if kings == 0 {
		t.Error("no position with kings among the random ones")
	}
}
