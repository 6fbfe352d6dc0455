package eval

import (
	"context"
	"math"
	"testing"

	"boardgames/ai/solve/endgame"
	"boardgames/rules/othello"
)

// The Othello evaluations that estimate the final disc difference say how
// many of their points make a disc; the positional table does not.
func TestOthelloPerDisc(t *testing.T) {
	for _, name := range Names(othello.Name) {
		n, ok := OthelloPerDisc(name)
		if want := name != "positional"; ok != want || ok && n <= 0 {
			t.Errorf("%s: %d per disc, %v; want an estimate: %v", name, n, ok, want)
		}
	}
	if n, _ := OthelloPerDisc(""); n != StrongPerDisc || Default(othello.Name) != "strong" {
		t.Errorf("the default evaluation: %d per disc", n)
	}
	if _, ok := OthelloPerDisc("nonsense"); ok {
		t.Error("an unknown evaluation has a scale")
	}
}

// In discs, the strong and the learned evaluations stay within the
// board's ±64 on positions of random games (OthelloDiscs bounds the few
// lopsided endings beyond), and near the end they
// estimate the exact final margin: the least-squares slope of the exact
// value on the estimate is near 1 and the estimate's error is well under
// the values' own spread (the measured fit is in StrongPerDisc's comment).
func TestOthelloEstimatesDiscs(t *testing.T) {
	positions := randomPositions(othello.Start(), 29, 300)
	for _, name := range []string{"strong", "pattern"} {
		ev, err := Othello(name)
		if err != nil {
			t.Skip(err) // the browser build has no patterns
		}
		n, _ := OthelloPerDisc(name)
		var ends []othello.Position
		beyond := 0
		for _, p := range positions {
			v, _ := OthelloDiscs(name, ev(p))
			if math.Abs(v) > 64 {
				t.Fatalf("%s: %.1f discs on %v", name, v, p)
			}
			if math.Abs(float64(ev(p))/float64(n)) > 64 {
				beyond++
			}
			if p.Empties() == 12 {
				ends = append(ends, p)
			}
		}
		if len(ends) < 100 {
			t.Fatalf("%d positions at 12 empties", len(ends))
		}
		s := endgame.New(16)
		var xy, xx, yy, se float64
		for _, p := range ends {
			r, err := s.Solve(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			x, _ := OthelloDiscs(name, ev(p))
			y := float64(r.Score)
			xy, xx, yy, se = xy+x*y, xx+x*x, yy+y*y, se+(x-y)*(x-y)
		}
		t.Logf("%s: %d of %d positions beyond ±64 discs before the bound", name, beyond, len(positions))
		k := float64(len(ends))
		slope, rmse, spread := xy/xx, math.Sqrt(se/k), math.Sqrt(yy/k)
		t.Logf("%s: %d positions at 12 empties: exact ≈ %.2f × estimate, error %.1f discs, spread %.1f", name, len(ends), slope, rmse, spread)
		if slope < 0.7 || slope > 1.4 || rmse > 0.7*spread {
			t.Errorf("%s: exact ≈ %.2f × estimate, error %.1f discs for a spread of %.1f: not in discs", name, slope, rmse, spread)
		}
	}
}
