package eval

import (
	"math/rand/v2"
	"testing"

	"boardgames/rules/checkers"
)

// The regions' configurations, read square by square: region r covers
// ckRegionRows rows from row r/3 (from 0), the squares r%3 and r%3+1 of
// each, and a square's digit (1 own man, 2 opponent's man, 0 else) counts
// 3^(2·row + column) within the region.
func TestCheckersRegionsSquareBySquare(t *testing.T) {
	positions := randomPositions(checkers.Start(), 29, games(60, 10))
	if len(positions) < 100 {
		t.Fatalf("%d positions", len(positions))
	}
	seen := map[int]bool{}
	for _, p := range positions {
		var idx, val [MaxCheckersPatternFeatures]int32
		n, _ := CheckersPatternFeatures(p, &idx, &val)
		own, opp, kings := turnedSides(p)
		for r := range CheckersRegions {
			want, pow := 0, 1
			for row := range ckRegionRows {
				for col := range 2 {
					sq := 4*(r/3+row) + r%3 + col
					switch {
					case (own&^kings)>>sq&1 != 0:
						want += pow
					case (opp&^kings)>>sq&1 != 0:
						want += 2 * pow
					}
					pow *= 3
				}
			}
			k := n - CheckersRegions + r
			if got := int(idx[k]) - CheckersTunedKinds - r*CheckersRegionConfigs; got != want || val[k] != 1 {
				t.Fatalf("%v: region %d: configuration %d (value %d), want %d", p, r, got, val[k], want)
			}
			seen[want] = true
		}
	}
	if len(seen) < 50 {
		t.Errorf("only %d configurations among the random positions", len(seen))
	}
}

func TestCheckersPatternEvaluateIsTheFeatureSum(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	w := &Weights{Model: CheckersPatternModel, Phases: 1, Params: CheckersPatternParams, Values: make([]int16, CheckersPatternParams)}
	for i := range w.Values {
		w.Values[i] = int16(rng.IntN(2001) - 1000)
	}
	pt, err := newCheckersPattern(w)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range randomPositions(checkers.Start(), 31, games(60, 10)) {
		var idx, val [MaxCheckersPatternFeatures]int32
		n, pieces := CheckersPatternFeatures(p, &idx, &val)
		var o, e int
		for k := range n {
			o += int(val[k]) * int(w.Values[idx[k]])
			e += int(val[k]) * int(w.Values[CheckersPatternKinds+int(idx[k])])
		}
		pieces = min(max(pieces, 2), 24)
		want := (o*(pieces-2) + e*(24-pieces)) / (22 * CheckersTunedScale)
		if got := pt.evaluate(p); got != want {
			t.Fatalf("%v: evaluate %d, the features' sum %d", p, got, want)
		}
	}
	if _, err := CheckersPattern(&Weights{Model: CheckersTunedModel, Phases: 1, Params: CheckersTunedParams, Values: make([]int16, CheckersTunedParams)}); err == nil {
		t.Error("the tuned evaluation's weights were accepted")
	}
}

func TestCheckersPatternShipped(t *testing.T) {
	ev, err := Checkers("pattern")
	if err != nil {
		t.Fatal(err)
	}
	if Default(checkers.Name) != "pattern" {
		t.Errorf("the checkers default is %s", Default(checkers.Name))
	}
	// In strong's points: a man up is worth about a man, a man down the
	// opposite.
	up := mustCheckers(t, "B:W21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,12")
	down := mustCheckers(t, "W:W21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,12")
	if v := ev(up); v < 40 || v > 300 {
		t.Errorf("a man up: %d, want about a man (40..300)", v)
	}
	if v := ev(down); v > -40 || v < -300 {
		t.Errorf("a man down: %d, want about minus a man (-300..-40)", v)
	}
	if v := ev(mustCheckers(t, "B:WK18:BK1,K3")); v <= 0 {
		t.Errorf("two kings against one: %d, want more than 0", v)
	}
	// The start is about even for the side to move.
	if v := ev(checkers.Start()); v < -60 || v > 60 {
		t.Errorf("the start: %d, want about 0", v)
	}
}
