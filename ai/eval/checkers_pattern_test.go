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
			for row := range 3 {
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
		want := featureSum(idx[:], val[:], n, pieces, w.Values, CheckersPatternKinds)
		if got := pt.evaluate(p); got != want {
			t.Fatalf("%v: evaluate %d, the features' sum %d", p, got, want)
		}
	}
	if _, err := CheckersPattern(&Weights{Model: CheckersTunedModel, Phases: 1, Params: CheckersTunedParams, Values: make([]int16, CheckersTunedParams)}); err == nil {
		t.Error("the tuned evaluation's weights were accepted")
	}
}
