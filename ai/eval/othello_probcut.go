package eval

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"sync"

	"boardgames/ai"
	"boardgames/assets/weights"
	"boardgames/rules/othello"
)

// ProbCutStats are the Multi-ProbCut statistics of an evaluation (see
// ai.ProbCut): for each deep search depth measured, the shallow depth
// tested (ProbCutShallow), the regression of the deep value on the shallow
// one, and the standard deviation of its error as a line in the number of
// empty squares. Deeper searches take the deepest depth's statistics: the
// shallow depth grows with the deep one, and so the error stays about the
// same. Package ai/learn fits them on searches of its self-play positions.
type ProbCutStats struct {
	Model  string // the evaluation's features (OthelloModel)
	Depths []ProbCutDepth
}

// ProbCutDepth is the regression of one deep depth over Positions
// positions: value ≈ Slope × shallow value + Offset, with an error whose
// standard deviation, in evaluation units, is Sigma0 + Sigma1 × empties.
type ProbCutDepth struct {
	Depth, Shallow int
	Slope, Offset  float64
	Sigma0, Sigma1 float64
	Positions      int
}

// SigmaAt is the standard deviation of the error with empties empty
// squares.
func (d ProbCutDepth) SigmaAt(empties int) float64 { return d.Sigma0 + d.Sigma1*float64(empties) }

// ProbCutShallow is the depth of the shallow search that Multi-ProbCut
// runs before a search of depth d: about half of it, of the same parity
// (Othello's values swing between odd and even depths).
func ProbCutShallow(d int) int { return d - 2*((d+3)/4) }

// WriteTo writes the statistics as text: a comment, then lines "model
// NAME" and "depth D shallow S slope A offset B sigma S0 S1 positions N".
func (s *ProbCutStats) WriteTo(w io.Writer) (int64, error) {
	var b bytes.Buffer
	b.WriteString("# Multi-ProbCut statistics (boardgames train): the value of a search `depth` deep is about\n")
	b.WriteString("# slope × the value `shallow` deep + offset, with an error whose standard deviation, in\n")
	b.WriteString("# evaluation units, is sigma[0] + sigma[1] × empties; deeper searches take the last line's.\n")
	fmt.Fprintf(&b, "model %s\n", s.Model)
	for _, d := range s.Depths {
		fmt.Fprintf(&b, "depth %d shallow %d slope %.4f offset %.2f sigma %.2f %.4f positions %d\n",
			d.Depth, d.Shallow, d.Slope, d.Offset, d.Sigma0, d.Sigma1, d.Positions)
	}
	return b.WriteTo(w)
}

// ReadProbCutStats reads statistics written by WriteTo.
func ReadProbCutStats(r io.Reader) (*ProbCutStats, error) {
	s := &ProbCutStats{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		bad := func() error { return fmt.Errorf("eval: probcut statistics, line %d: %q", n, line) }
		f := strings.Fields(line)
		switch f[0] {
		case "model":
			if len(f) != 2 {
				return nil, bad()
			}
			s.Model = f[1]
		case "depth":
			var d ProbCutDepth
			if _, err := fmt.Sscanf(line, "depth %d shallow %d slope %g offset %g sigma %g %g positions %d",
				&d.Depth, &d.Shallow, &d.Slope, &d.Offset, &d.Sigma0, &d.Sigma1, &d.Positions); err != nil ||
				d.Depth < 2 || d.Depth > 60 || d.Shallow != ProbCutShallow(d.Depth) || !(d.Slope > 0) ||
				!finite(d.Slope, d.Offset, d.Sigma0, d.Sigma1) {
				return nil, bad()
			}
			if len(s.Depths) > 0 && d.Depth != s.Depths[len(s.Depths)-1].Depth+1 {
				return nil, bad()
			}
			s.Depths = append(s.Depths, d)
		default:
			return nil, bad()
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if s.Model == "" || len(s.Depths) == 0 {
		return nil, errors.New("eval: probcut statistics: incomplete")
	}
	return s, nil
}

// finite reports whether every x is a number, not an infinity.
func finite(xs ...float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

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
	m := &othelloProbCut{}
	for e := range m.cuts {
		for d := s.Depths[0].Depth; d <= maxProbCutDepth && d < e; d++ {
			r := s.Depths[len(s.Depths)-1]
			if i := d - s.Depths[0].Depth; i < len(s.Depths) {
				r = s.Depths[i]
			}
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

// shippedOthelloProbCut is the Multi-ProbCut model of the shipped pattern
// weights (assets/weights/othello.probcut), read when first used; nil if
// none is shipped.
var shippedOthelloProbCut = sync.OnceValue(func() ai.ProbCut[othello.Position] {
	if len(weights.OthelloProbCut) == 0 {
		return nil
	}
	s, err := ReadProbCutStats(bytes.NewReader(weights.OthelloProbCut))
	var m ai.ProbCut[othello.Position]
	if err == nil {
		m, err = OthelloProbCut(s, OthelloConfidence)
	}
	if err != nil {
		panic("eval: the shipped Othello probcut statistics: " + err.Error())
	}
	return m
})
