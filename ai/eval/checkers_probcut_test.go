package eval

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"boardgames/ai"
	"boardgames/rules/checkers"
	"boardgames/rules/othello"
)

func testCheckersStats() *ProbCutStats {
	s := &ProbCutStats{Model: CheckersStrongModel}
	for d := 2; d <= 5; d++ {
		s.Depths = append(s.Depths, ProbCutDepth{Depth: d, Shallow: ProbCutShallow(d), Slope: 1.05, Offset: 2,
			Sigmas: []float64{10, 20, 30, 40, 50, 60}, Positions: 80})
	}
	return s
}

// The banded form reads back as written; a file mixing the forms, or with
// a negative or missing band, does not read.
func TestProbCutStatsBandsRoundTrip(t *testing.T) {
	s := testCheckersStats()
	r, b := roundTrip(t, s)
	if !reflect.DeepEqual(r, s) {
		t.Fatalf("read back %+v, want %+v", r, s)
	}
	text := b.String()
	for _, bad := range []string{
		strings.Replace(text, "sigmas 10.00 20.00 30.00 40.00 50.00 60.00 positions 80\ndepth 3", "sigma 300 2 positions 80\ndepth 3", 1),
		strings.Replace(text, "sigmas 10.00", "sigmas -10.00", 1),
		strings.Replace(text, "sigmas 10.00 20.00", "sigmas 20.00", 1), // fewer bands than the line before
		strings.Replace(text, "sigmas 10.00 20.00 30.00 40.00 50.00 60.00", "sigmas", 1),
		strings.Replace(text, "positions 80", "positions", 1),
		strings.Replace(text, "sigmas 10.00", "sigmas NaN", 1),
	} {
		if _, err := ReadProbCutStats(strings.NewReader(bad)); err == nil {
			t.Errorf("bad statistics accepted:\n%s", bad)
		}
	}
	if _, err := OthelloProbCut(s, 1); err == nil {
		t.Error("Othello's model took the checkers statistics")
	}
}

func TestCheckersProbCutModel(t *testing.T) {
	pc, err := CheckersProbCut(testCheckersStats(), 2)
	if err != nil {
		t.Fatal(err)
	}
	start := checkers.Start() // 24 pieces: the last band
	for d := 0; d <= 30; d++ {
		c, ok := pc.ProbCut(start, d)
		switch {
		case d < 2:
			if ok {
				t.Errorf("depth %d: a cut below the first depth measured", d)
			}
		case !ok:
			t.Errorf("depth %d: no cut", d)
		case c.Depth != ProbCutShallow(d) || c.Slope != 1.05 || c.Offset != 2 || c.Margin != 2*60:
			t.Errorf("depth %d: %+v", d, c)
		}
	}
	for _, c := range []struct {
		fen    string
		margin float64 // 0: no cut
	}{
		{"W:W20,21,22,23,24,25,26,27,28,29:B1,2,3,4,5,6,7,8,9,10", 2 * 50}, // 20 pieces: band 4 (17–20)
		{"W:W25,26,27,28,29:B1,2,3,4", 2 * 30},                             // 9 pieces: band 2
		{"W:W25,26,27:B1,2,3,4", 2 * 20},                                   // 7 pieces: band 1
		{"W:W25,26,27:B1,2,3", 0},                                          // 6 pieces: the databases' and the exact search's
	} {
		p, err := checkers.Parse(c.fen, checkers.Options{})
		if err != nil {
			t.Fatal(err)
		}
		cut, ok := pc.ProbCut(p, 8)
		if ok != (c.margin > 0) || ok && cut.Margin != c.margin {
			t.Errorf("%s: %+v %v, want margin %v", c.fen, cut, ok, c.margin)
		}
	}
	if _, err := CheckersProbCut(testCheckersStats(), 0); err == nil {
		t.Error("confidence 0 accepted")
	}
	for _, model := range []string{OthelloModel, CheckersTunedModel} {
		other := testCheckersStats()
		other.Model = model
		if _, err := CheckersProbCut(other, 1); err == nil {
			t.Errorf("statistics of %s accepted", model)
		}
	}
	tuned := testCheckersStats()
	tuned.Model = CheckersTunedProbCutModel
	if _, err := CheckersProbCut(tuned, 1); err != nil {
		t.Errorf("tuned's statistics: %v", err)
	}
	lined := testStats()
	lined.Model = CheckersStrongModel
	if _, err := CheckersProbCut(lined, 1); err == nil {
		t.Error("statistics without bands accepted")
	}
}

// Strong and tuned each prune by their own shipped statistics (pattern,
// the default, by tuned's); with them the engine searches fewer nodes to the
// same depth. A high confidence prunes so little that the shallow
// searches cost more than they save.
func TestCheckersSelectivityShipped(t *testing.T) {
	for _, name := range []string{"factors", "learned"} {
		if Selectivity[checkers.Position](name) != nil || HasProbCut(checkers.Name, name) {
			t.Errorf("%s has Multi-ProbCut statistics", name)
		}
	}
	sel := Selectivity[checkers.Position]("")
	if _, ok := sel.(ai.ProbCut[checkers.Position]); !ok || sel != Selectivity[checkers.Position]("tuned") {
		t.Fatalf("the default evaluation has no Multi-ProbCut statistics of its own: %T", sel)
	}
	strong := Selectivity[checkers.Position]("strong")
	if _, ok := strong.(ai.ProbCut[checkers.Position]); !ok || strong == sel {
		t.Fatalf("strong prunes by %T, the same model as tuned: %v", strong, strong == sel)
	}
	for _, c := range []struct{ name, model string }{{"strong", CheckersStrongModel}, {"tuned", CheckersTunedProbCutModel}} {
		if _, stats := checkersStats(c.name); stats == nil || stats() == nil || stats().Model != c.model {
			t.Errorf("%s's statistics are not %s", c.name, c.model)
		}
	}
	if !HasProbCut(checkers.Name, "strong") || !HasProbCut("", "tuned") || HasProbCut(othello.Name, "tuned") || HasProbCut("", "never") {
		t.Error("HasProbCut is wrong about strong, tuned or never")
	}
	if SelectivityAt[checkers.Position]("strong", -1) != nil {
		t.Error("a negative confidence gave a model")
	}
	ev, _ := Checkers("tuned")
	var nodes [3]uint64 // without, at confidence 3, at the default
	for _, p := range midgames(checkers.Start(), 17, 14, 6) {
		for i, s := range []any{false, SelectivityAt[checkers.Position]("tuned", 3), sel} {
			info, err := ai.Search(context.Background(), "engine", p, ev, ai.Params{Depth: 11, TTMiB: 4, Selectivity: s})
			if err != nil {
				t.Fatal(err)
			}
			nodes[i] += info.Nodes
		}
	}
	t.Logf("depth 11: %d nodes without Multi-ProbCut, %d at confidence 3, %d at %v", nodes[0], nodes[1], nodes[2], CheckersConfidence)
	if !(nodes[2] < nodes[0] && nodes[2] < nodes[1]) {
		t.Errorf("depth 11: %d nodes without Multi-ProbCut, %d at confidence 3, %d at %v", nodes[0], nodes[1], nodes[2], CheckersConfidence)
	}
}
