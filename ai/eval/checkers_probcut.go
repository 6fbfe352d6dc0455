package eval

import (
	"fmt"
	"math/bits"
	"strings"
	"sync"

	"boardgames/ai"
	"boardgames/assets/weights"
	"boardgames/rules/checkers"
)

// CheckersStrongModel names, in Multi-ProbCut statistics, the evaluation they
// were measured with: the hand-set "strong" checkers evaluation. Its
// number changes whenever that evaluation does.
const CheckersStrongModel = "checkers-strong/1"

// CheckersBand is the width, in pieces on the board, of the bands of the
// checkers statistics' error (Sigmas[0] for 1–4 pieces, Sigmas[1] for 5–8,
// …, Sigmas[5] for 21–24): the error is widest in the middle game, where
// exchanges are pending, and narrow in the opening and in the ending.
const (
	CheckersBand  = 4
	CheckersBands = 24 / CheckersBand
)

// CheckersConfidence is the confidence, in standard deviations of the
// error, with which the checkers engine's Multi-ProbCut prunes by default.
const CheckersConfidence = 1.0

// checkersProbCutFloor: positions with this many pieces or fewer are never
// pruned; the endgame databases or an exact search decide them.
const checkersProbCutFloor = 6

// checkersProbCut is Multi-ProbCut for the strong checkers evaluation: a
// Cut for every number of pieces and depth, computed once.
type checkersProbCut struct {
	cuts [25][maxProbCutDepth + 1]ai.Cut
}

// CheckersTunedProbCutModel names, in Multi-ProbCut statistics, the tuned
// checkers evaluation's weights they were measured with (those of
// assets/weights/checkers_tuned.weights): its number changes whenever the
// shipped weights do.
const CheckersTunedProbCutModel = "checkers-tuned-weights/1"

// CheckersProbCut returns the Multi-ProbCut model of a checkers evaluation
// (strong's or tuned's) from its statistics (the banded form), pruning
// with confidence t (standard deviations). Depths beyond those measured
// take the deepest one's statistics.
func CheckersProbCut(s *ProbCutStats, t float64) (ai.ProbCut[checkers.Position], error) {
	if s.Model != CheckersStrongModel && s.Model != CheckersTunedProbCutModel {
		return nil, fmt.Errorf("eval: probcut statistics for %s, want %s or %s", s.Model, CheckersStrongModel, CheckersTunedProbCutModel)
	}
	if !(t > 0) {
		return nil, fmt.Errorf("eval: probcut confidence %v must be positive", t)
	}
	if len(s.Depths[0].Sigmas) != CheckersBands {
		return nil, fmt.Errorf("eval: checkers probcut statistics need %d bands of the error, not %d", CheckersBands, len(s.Depths[0].Sigmas))
	}
	m := &checkersProbCut{}
	for n := checkersProbCutFloor + 1; n < len(m.cuts); n++ {
		for d := s.Depths[0].Depth; d <= maxProbCutDepth; d++ {
			r := s.at(d)
			sigma := r.Sigmas[(n-1)/CheckersBand]
			if sigma <= 0 {
				continue
			}
			m.cuts[n][d] = ai.Cut{Depth: ProbCutShallow(d), Slope: r.Slope, Offset: r.Offset, Margin: t * sigma}
		}
	}
	return m, nil
}

// ProbCut implements ai.ProbCut.
func (m *checkersProbCut) ProbCut(p checkers.Position, depth int) (ai.Cut, bool) {
	b, w, _ := p.Bitboards()
	c := m.cuts[bits.OnesCount32(b|w)][min(depth, maxProbCutDepth)]
	return c, c.Slope > 0
}

// checkersStats returns the statistics with which the checkers evaluation
// called name ("" the default) prunes, and the key its models are cached
// by: strong's and tuned's own (each measured with that evaluation),
// tuned's for pattern (in the same points, its own not yet measured); nil
// for the others.
func checkersStats(name string) (key string, stats func() *ProbCutStats) {
	if name == "" {
		name = checkersEvals[0].name
	}
	switch strings.ToLower(name) {
	case "strong":
		return "checkers-strong", shippedCheckersStats
	case "tuned", "pattern":
		return "checkers-tuned", shippedCheckersTunedStats
	}
	return "", nil
}

// shippedCheckersStats are the Multi-ProbCut statistics of the strong
// checkers evaluation (assets/weights/checkers.probcut), read when first
// used; nil if none are shipped.
var shippedCheckersStats = sync.OnceValue(func() *ProbCutStats {
	return shippedStats("checkers", weights.CheckersProbCut)
})

// shippedCheckersTunedStats are the Multi-ProbCut statistics of the tuned
// checkers evaluation (assets/weights/checkers_tuned.probcut).
var shippedCheckersTunedStats = sync.OnceValue(func() *ProbCutStats {
	return shippedStats("checkers tuned", weights.CheckersTunedProbCut)
})
