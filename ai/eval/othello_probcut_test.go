package eval

import (
	"bytes"
	"context"
	"reflect"
	"strings"
	"testing"

	"boardgames/ai"
	"boardgames/rules/othello"
)

func testStats() *ProbCutStats {
	s := &ProbCutStats{Model: OthelloModel}
	for d := 2; d <= 6; d++ {
		s.Depths = append(s.Depths, ProbCutDepth{Depth: d, Shallow: ProbCutShallow(d), Slope: 0.9, Offset: -10,
			Sigma0: 300, Sigma1: 2, Positions: 100})
	}
	return s
}

// roundTrip writes s and reads it back.
func roundTrip(t *testing.T, s *ProbCutStats) (*ProbCutStats, *bytes.Buffer) {
	t.Helper()
	var b bytes.Buffer
	if _, err := s.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	r, err := ReadProbCutStats(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	return r, &b
}

func TestProbCutStatsRoundTrip(t *testing.T) {
	s := testStats()
	r, b := roundTrip(t, s)
	if r.Model != s.Model || len(r.Depths) != len(s.Depths) || !reflect.DeepEqual(r.Depths[3], s.Depths[3]) {
		t.Fatalf("read back %+v, want %+v", r, s)
	}
	for _, bad := range []string{
		"",
		"model othello-pattern/1\n",
		strings.Replace(b.String(), "shallow 2 slope", "shallow 3 slope", 1), // not ProbCutShallow
		strings.Replace(b.String(), "slope 0.9000", "slope -1", 1),
		strings.Replace(b.String(), "depth 3 ", "depth 9 ", 1), // depths not in a row
		b.String() + "more 1\n",
	} {
		if _, err := ReadProbCutStats(strings.NewReader(bad)); err == nil {
			t.Errorf("bad statistics accepted:\n%s", bad)
		}
	}
}

func TestOthelloProbCutModel(t *testing.T) {
	pc, err := OthelloProbCut(testStats(), 2)
	if err != nil {
		t.Fatal(err)
	}
	p := othello.Start() // 60 empties
	for d := 0; d <= 30; d++ {
		c, ok := pc.ProbCut(p, d)
		switch {
		case d < 2:
			if ok {
				t.Errorf("depth %d: a cut below the first depth measured", d)
			}
		case !ok:
			t.Errorf("depth %d: no cut", d)
		default:
			if c.Depth != ProbCutShallow(d) || c.Slope != 0.9 || c.Margin != 2*(300+2*60) {
				t.Errorf("depth %d: %+v", d, c)
			}
		}
	}
	// Never where the search reaches the end.
	end, _ := othello.Parse(strings.Repeat("X", 30)+strings.Repeat("O", 30)+"---- X", othello.Options{})
	if _, ok := pc.ProbCut(end, 4); ok {
		t.Error("a cut at depth 4 with 4 empty squares")
	}
	if _, err := OthelloProbCut(testStats(), 0); err == nil {
		t.Error("confidence 0 accepted")
	}
	other := testStats()
	other.Model = "other/1"
	if _, err := OthelloProbCut(other, 1.5); err == nil {
		t.Error("statistics of another model accepted")
	}
}

func TestOthelloSelectivityShipped(t *testing.T) {
	if Selectivity[othello.Position]("strong") != nil || Selectivity[othello.Position]("discs") != nil {
		t.Error("hand-set evaluations have Multi-ProbCut statistics")
	}
	sel := Selectivity[othello.Position]("pattern")
	if _, ok := sel.(ai.ProbCut[othello.Position]); !ok {
		t.Fatalf("the pattern evaluation has no Multi-ProbCut statistics: %T", sel)
	}
	// The selective engine searches a fraction of the plain one's nodes.
	ev, _ := Othello("pattern")
	var plain, cut uint64
	for _, p := range midgames(othello.Start(), 91, 20, 6) {
		a, _ := ai.Search(context.Background(), "engine", p, ev, ai.Params{Depth: 7, TTMiB: 4, Selectivity: false})
		b, _ := ai.Search(context.Background(), "engine", p, ev, ai.Params{Depth: 7, TTMiB: 4, Selectivity: sel})
		plain += a.Nodes
		cut += b.Nodes
	}
	t.Logf("depth 7: %d nodes with Multi-ProbCut, %d without", cut, plain)
	if cut >= plain {
		t.Errorf("depth 7: %d nodes with Multi-ProbCut, %d without", cut, plain)
	}
}
