package eval

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"

	"boardgames/ai"
	"boardgames/rules/checkers"
	"boardgames/rules/othello"
)

// ProbCutStats are the Multi-ProbCut statistics of an evaluation (see
// ai.ProbCut): for each deep search depth measured, the shallow depth
// tested (ProbCutShallow), the regression of the deep value on the shallow
// one, and the standard deviation of its error. Deeper searches take the
// deepest depth's statistics: the shallow depth grows with the deep one,
// and so the error stays about the same. Package ai/learn fits them on
// searches of self-play positions.
//
// How the error's spread depends on the position is the model's: in
// Othello it is a line in the number of empty squares (Sigma0, Sigma1); in
// checkers, where it is widest in the middle game and narrow at both ends,
// one value for each band of CheckersBand pieces (Sigmas).
type ProbCutStats struct {
	Model  string // the evaluation's features (OthelloModel, CheckersStrongModel, CheckersTunedProbCutModel)
	Depths []ProbCutDepth
}

// ProbCutDepth is the regression of one deep depth over Positions
// positions: value ≈ Slope × shallow value + Offset, with an error whose
// standard deviation, in evaluation units, is Sigma0 + Sigma1 × empties,
// or, when Sigmas is set, Sigmas[band] for the position's band.
type ProbCutDepth struct {
	Depth, Shallow int
	Slope, Offset  float64
	Sigma0, Sigma1 float64
	Sigmas         []float64
	Positions      int
}

// SigmaAt is the standard deviation of the error with empties empty
// squares (the line's form).
func (d ProbCutDepth) SigmaAt(empties int) float64 { return d.Sigma0 + d.Sigma1*float64(empties) }

// at returns the statistics of depth d, at least the first depth
// measured: the deepest one's beyond those measured.
func (s *ProbCutStats) at(d int) ProbCutDepth {
	if i := d - s.Depths[0].Depth; i < len(s.Depths) {
		return s.Depths[i]
	}
	return s.Depths[len(s.Depths)-1]
}

// ProbCutShallow is the depth of the shallow search that Multi-ProbCut
// runs before a search of depth d: about half of it, of the same parity
// (Othello's values swing between odd and even depths).
func ProbCutShallow(d int) int { return d - 2*((d+3)/4) }

// WriteTo writes the statistics as text: a comment, then lines "model
// NAME" and "depth D shallow S slope A offset B sigma S0 S1 positions N"
// (or "sigmas" and one value for each band, for the banded form).
func (s *ProbCutStats) WriteTo(w io.Writer) (int64, error) {
	var b bytes.Buffer
	b.WriteString("# Multi-ProbCut statistics (boardgames train, probcut): the value of a search `depth`\n")
	b.WriteString("# deep is about slope × the value `shallow` deep + offset, with an error whose standard\n")
	b.WriteString("# deviation, in evaluation units, is sigma[0] + sigma[1] × empties, or sigmas[band] by\n")
	b.WriteString("# bands of the model's pieces; deeper searches take the last line's.\n")
	fmt.Fprintf(&b, "model %s\n", s.Model)
	for _, d := range s.Depths {
		fmt.Fprintf(&b, "depth %d shallow %d slope %.4f offset %.2f", d.Depth, d.Shallow, d.Slope, d.Offset)
		if d.Sigmas != nil {
			b.WriteString(" sigmas")
			for _, x := range d.Sigmas {
				fmt.Fprintf(&b, " %.2f", x)
			}
		} else {
			fmt.Fprintf(&b, " sigma %.2f %.4f", d.Sigma0, d.Sigma1)
		}
		fmt.Fprintf(&b, " positions %d\n", d.Positions)
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
			d, ok := parseProbCutDepth(f)
			if !ok {
				return nil, bad()
			}
			if len(s.Depths) > 0 && (d.Depth != s.Depths[len(s.Depths)-1].Depth+1 ||
				len(d.Sigmas) != len(s.Depths[0].Sigmas)) {
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

// parseProbCutDepth reads the fields of a "depth" line.
func parseProbCutDepth(f []string) (ProbCutDepth, bool) {
	var d ProbCutDepth
	num := func(i int) (float64, bool) {
		if i >= len(f) {
			return 0, false
		}
		x, err := strconv.ParseFloat(f[i], 64)
		return x, err == nil && finite(x)
	}
	integer := func(i int) (int, bool) {
		if i >= len(f) {
			return 0, false
		}
		x, err := strconv.Atoi(f[i])
		return x, err == nil
	}
	key := func(i int, k string) bool { return i < len(f) && f[i] == k }
	var ok [6]bool
	d.Depth, ok[0] = integer(1)
	if !key(2, "shallow") || !key(4, "slope") || !key(6, "offset") {
		return d, false
	}
	d.Shallow, ok[1] = integer(3)
	d.Slope, ok[2] = num(5)
	d.Offset, ok[3] = num(7)
	i := 9
	switch {
	case key(8, "sigma"):
		d.Sigma0, ok[4] = num(9)
		d.Sigma1, ok[5] = num(10)
		i = 11
	case key(8, "sigmas"):
		for i < len(f) && f[i] != "positions" {
			x, good := num(i)
			if !good || x < 0 {
				return d, false
			}
			d.Sigmas = append(d.Sigmas, x)
			i++
		}
		ok[4], ok[5] = len(d.Sigmas) > 0, true
	}
	if !key(i, "positions") || i+2 != len(f) {
		return d, false
	}
	var pos bool
	d.Positions, pos = integer(i + 1)
	for _, good := range ok {
		pos = pos && good
	}
	return d, pos && d.Depth >= 2 && d.Depth <= 60 && d.Shallow == ProbCutShallow(d.Depth) && d.Slope > 0 && d.Positions >= 0
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

// shippedStats reads statistics embedded in the program; a shipped file
// that does not read is a build error, so it panics.
func shippedStats(game string, b []byte) *ProbCutStats {
	if len(b) == 0 {
		return nil
	}
	s, err := ReadProbCutStats(bytes.NewReader(b))
	if err != nil {
		panic("eval: the shipped " + game + " probcut statistics: " + err.Error())
	}
	return s
}

// probCutModels caches the models of the shipped statistics by the
// statistics (a game's, or one of its evaluations') and confidence.
var probCutModels sync.Map // probCutKey -> any (an ai.ProbCut[S], or nil)

type probCutKey struct {
	stats string
	t     float64
}

// Selectivity returns the Multi-ProbCut model of the evaluation called
// name ("" for the default) of the game whose positions are S, pruning
// with its default confidence, for ai.Params.Selectivity: an ai.ProbCut[S],
// or nil when the evaluation has no statistics (Othello's "pattern" and
// checkers' "strong" and "tuned" have).
func Selectivity[S any](name string) any {
	return SelectivityAt[S](name, 0)
}

// SelectivityAt is Selectivity with confidence t, in standard deviations
// of the error (0: the evaluation's default; a larger t prunes less).
func SelectivityAt[S any](name string, t float64) any {
	if t < 0 || !finite(t) {
		return nil
	}
	var zero S
	switch any(zero).(type) {
	case othello.Position:
		if strings.EqualFold(name, "pattern") || name == "" && othelloEvals[0].name == "pattern" {
			return cachedModel(othello.Name, t, OthelloConfidence, shippedOthelloStats, OthelloProbCut)
		}
	case checkers.Position:
		if key, stats := checkersStats(name); stats != nil {
			return cachedModel(key, t, CheckersConfidence, stats, CheckersProbCut)
		}
	}
	return nil
}

// HasProbCut reports whether the evaluation called name ("" the default)
// of game, or of any game when game is "", has Multi-ProbCut statistics,
// those Selectivity returns.
func HasProbCut(game, name string) bool {
	switch game {
	case othello.Name:
		return Selectivity[othello.Position](name) != nil
	case checkers.Name:
		return Selectivity[checkers.Position](name) != nil
	case "":
		return HasProbCut(othello.Name, name) || HasProbCut(checkers.Name, name)
	}
	return false
}

// cachedModel builds (once for each confidence) the model of shipped
// statistics, named game in the cache and in messages; nil when none are
// shipped.
func cachedModel[S any](game string, t, byDefault float64, stats func() *ProbCutStats, model func(*ProbCutStats, float64) (ai.ProbCut[S], error)) any {
	if t == 0 {
		t = byDefault
	}
	key := probCutKey{game, t}
	if m, ok := probCutModels.Load(key); ok {
		return m
	}
	s := stats()
	if s == nil {
		return nil
	}
	m, err := model(s, t)
	if err != nil {
		panic("eval: the shipped " + game + " probcut statistics: " + err.Error())
	}
	v, _ := probCutModels.LoadOrStore(key, any(m))
	return v
}
