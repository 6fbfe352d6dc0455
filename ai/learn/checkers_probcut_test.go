package learn

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"boardgames/ai/eval"
)

// A tiny run writes statistics the checkers model takes, with every band
// of the error filled; run again on the same folder it resumes from the
// games kept there and writes the same file.
func TestTinyCheckersProbCut(t *testing.T) {
	dir := t.TempDir()
	c := DefaultCheckersProbCut()
	c.Dir, c.Out = dir, filepath.Join(dir, "checkers.probcut")
	c.Games, c.Depth, c.MaxPlies, c.Workers = 60, 2, 150, 2
	c.ProbCut, c.ProbCutDepth = 30, 5
	res, err := CheckersProbCut(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if res.Games != c.Games || res.Positions < 20 || res.Positions > c.ProbCut {
		t.Fatalf("%d games, %d positions", res.Games, res.Positions)
	}
	first, err := os.ReadFile(c.Out)
	if err != nil {
		t.Fatal(err)
	}
	stats, err := eval.ReadProbCutStats(bytes.NewReader(first))
	if err != nil {
		t.Fatalf("%v\n%s", err, first)
	}
	if stats.Model != eval.CheckersStrongModel || len(stats.Depths) != c.ProbCutDepth-1 {
		t.Fatalf("statistics:\n%s", first)
	}
	for _, d := range stats.Depths {
		if d.Positions != res.Positions || !(d.Slope > 0.5 && d.Slope < 2) {
			t.Errorf("depth %d: %+v", d.Depth, d)
		}
		for k, s := range d.Sigmas {
			if !(s > 0) {
				t.Errorf("depth %d: band %d has no spread: %v", d.Depth, k, d.Sigmas)
			}
		}
	}
	if _, err := eval.CheckersProbCut(stats, eval.CheckersConfidence); err != nil {
		t.Fatal(err)
	}
	if _, err := CheckersProbCut(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	again, err := os.ReadFile(c.Out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first, again) {
		t.Errorf("the same settings gave another file:\n%s\n%s", first, again)
	}
	t.Logf("%s", first)

	// The tuned evaluation's, on the same games' positions: its own model,
	// its own values.
	c.Eval, c.Out = "tuned", filepath.Join(dir, "checkers_tuned.probcut")
	tres, err := CheckersProbCut(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if tres.Games != c.Games || tres.Positions < 20 {
		t.Fatalf("tuned: %d games, %d positions", tres.Games, tres.Positions)
	}
	tuned, err := os.ReadFile(c.Out)
	if err != nil {
		t.Fatal(err)
	}
	tstats, err := eval.ReadProbCutStats(bytes.NewReader(tuned))
	if err != nil {
		t.Fatal(err)
	}
	if tstats.Model != eval.CheckersTunedProbCutModel || len(tstats.Depths) != len(stats.Depths) {
		t.Fatalf("tuned's statistics:\n%s", tuned)
	}
	if _, err := eval.CheckersProbCut(tstats, eval.CheckersConfidence); err != nil {
		t.Fatal(err)
	}
	if slices.EqualFunc(stats.Depths, tstats.Depths, func(a, b eval.ProbCutDepth) bool { return a.Slope == b.Slope && a.Offset == b.Offset }) {
		t.Errorf("tuned's statistics are strong's:\n%s", tuned)
	}
	t.Logf("%s", tuned)
}

func TestCheckersProbCutRefusesNonsense(t *testing.T) {
	for _, change := range []func(*Config){
		func(c *Config) { c.ProbCut = 5 },
		func(c *Config) { c.ProbCutDepth = 2 },
		func(c *Config) { c.ProbCutDepth = 40 },
		func(c *Config) { c.Depth = 30 },
		func(c *Config) { c.Out = "" },
		func(c *Config) { c.Eval = "learned" },
	} {
		c := DefaultCheckersProbCut()
		c.Dir, c.Out = t.TempDir(), "x.probcut"
		change(&c)
		if err := CheckCheckersProbCut(c); err == nil {
			t.Errorf("accepted %+v", c)
		}
	}
}

// A band of too few positions takes its nearest neighbour's spread, the
// wider band's on a tie; with no band full enough, all take the spread of
// every position together.
func TestBandSigmas(t *testing.T) {
	got := bandSigmas([]float64{0, 4 * 19, 0, 100, 9 * 29, 0}, []float64{0, 20, 0, 5, 30, 0})
	if want := []float64{2, 2, 2, 3, 3, 3}; !slices.Equal(got, want) {
		t.Errorf("bands %v, want %v", got, want)
	}
	got = bandSigmas([]float64{0, 0, 16, 0, 0, 0}, []float64{0, 0, 5, 0, 0, 0})
	if want := []float64{2, 2, 2, 2, 2, 2}; !slices.Equal(got, want) {
		t.Errorf("bands %v, want %v", got, want)
	}
}
