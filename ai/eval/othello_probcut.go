package eval

import (
	"fmt"
	"sync"

	"boardgames/ai"
	"boardgames/assets/weights"
	"boardgames/rules/othello"
)

// OthelloConfidence is the confidence, in standard deviations of the
// error, with which the Othello pattern evaluation's Multi-ProbCut prunes
// by default.
const OthelloConfidence = 1.0

// othelloProbCut is Multi-ProbCut for the Othello pattern evaluation: a
// Cut for every number of empty squares and depth, computed once.
type othelloProbCut struct {
	cuts [61][maxProbCutDepth + 1]ai.Cut
}

// maxProbCutDepth: deeper searches use this depth's cut.
const maxProbCutDepth = 40

// OthelloProbCut returns the Multi-ProbCut model of the pattern evaluation
// from its statistics, pruning with confidence t (standard deviations).
// Depths beyond those measured take the deepest one's statistics. Nodes
// whose search would reach the end of the game are never pruned.
func OthelloProbCut(s *ProbCutStats, t float64) (ai.ProbCut[othello.Position], error) {
	if s.Model != OthelloModel {
		return nil, fmt.Errorf("eval: probcut statistics for %s, want %s", s.Model, OthelloModel)
	}
	if !(t > 0) {
		return nil, fmt.Errorf("eval: probcut confidence %v must be positive", t)
	}
	if s.Depths[0].Sigmas != nil {
		return nil, fmt.Errorf("eval: othello probcut statistics need the error's line, not bands")
	}
	m := &othelloProbCut{}
	for e := range m.cuts {
		for d := s.Depths[0].Depth; d <= maxProbCutDepth && d < e; d++ {
			r := s.at(d)
			sigma := r.SigmaAt(e)
			if sigma <= 0 {
				continue
			}
			m.cuts[e][d] = ai.Cut{Depth: ProbCutShallow(d), Slope: r.Slope, Offset: r.Offset, Margin: t * sigma}
		}
	}
	return m, nil
}

// ProbCut implements ai.ProbCut.
func (m *othelloProbCut) ProbCut(p othello.Position, depth int) (ai.Cut, bool) {
	c := m.cuts[p.Empties()][min(depth, maxProbCutDepth)]
	return c, c.Slope > 0
}

// shippedOthelloStats are the Multi-ProbCut statistics of the shipped
// pattern weights (assets/weights/othello.probcut), read when first used;
// nil if none are shipped.
var shippedOthelloStats = sync.OnceValue(func() *ProbCutStats {
	return shippedStats("Othello", weights.OthelloProbCut)
})
