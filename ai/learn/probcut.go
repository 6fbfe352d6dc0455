package learn

import (
	"context"
	"io"
	"math"
	"strings"

	"boardgames/ai"
	"boardgames/ai/eval"
	"boardgames/rules"
	"boardgames/rules/othello"
)

// probCutPath is the Multi-ProbCut statistics file beside a weights file:
// othello.weights -> othello.probcut.
func probCutPath(weightsPath string) string {
	return strings.TrimSuffix(weightsPath, ".weights") + ".probcut"
}

// probCutStats wraps eval.ProbCutStats for writeAtomic.
type probCutStats struct{ *eval.ProbCutStats }

func (s probCutStats) write(w io.Writer) error { _, err := s.WriteTo(w); return err }

// fitProbCut fits the Multi-ProbCut statistics of the weights w: it
// searches cfg.ProbCut positions of the games (spread evenly over the
// numbers of empty squares from 14 to 54, chosen by the seed) with the
// engine and the pattern evaluation, to cfg.ProbCutDepth, and regresses
// each depth's value on its shallow depth's (eval.ProbCutShallow), and the
// errors' standard deviation on the empties.
func fitProbCut(ctx context.Context, c *Config, recs []Record, w *eval.Weights) (probCutStats, error) {
	ev, err := eval.OthelloPattern(w)
	if err != nil {
		return probCutStats{}, err
	}
	positions := probCutPositions(c, recs)
	maxD := c.ProbCutDepth
	// values[i][d] is position i's value at depth d (0: the evaluation).
	values := make([][]float64, 0, len(positions))
	empties := make([]int, 0, len(positions))
	for i, p := range positions {
		c.report(Progress{Stage: "probcut", Done: i, Total: len(positions)})
		v, ok, err := depthValues(ctx, p, ev, maxD)
		if err != nil {
			return probCutStats{}, err
		}
		if ok && p.Empties() > maxD {
			values = append(values, v)
			empties = append(empties, p.Empties())
		}
	}
	c.report(Progress{Stage: "probcut", Done: len(positions), Total: len(positions)})
	stats := &eval.ProbCutStats{Model: eval.OthelloModel}
	for d := 2; d <= maxD; d++ {
		sh := eval.ProbCutShallow(d)
		xs, ys := make([]float64, len(values)), make([]float64, len(values))
		for i, v := range values {
			xs[i], ys[i] = v[sh], v[d]
		}
		a, b := linearFit(xs, ys)
		// The errors' spread by bands of 8 empties, and a line through
		// the bands' spreads, weighted by their sizes.
		type band struct{ sum, sq, e, n float64 }
		bands := map[int]*band{}
		for i, v := range values {
			k := empties[i] / 8
			if bands[k] == nil {
				bands[k] = &band{}
			}
			r := v[d] - (a*v[sh] + b)
			bd := bands[k]
			bd.sq += r * r
			bd.e += float64(empties[i])
			bd.n++
		}
		var es, sds, ns []float64
		for k := range 8 { // in order: the sums are then the same every run
			bd := bands[k]
			if bd != nil && bd.n >= 10 {
				es = append(es, bd.e/bd.n)
				sds = append(sds, math.Sqrt(bd.sq/(bd.n-1)))
				ns = append(ns, bd.n)
			}
		}
		s1, s0 := weightedLine(es, sds, ns)
		stats.Depths = append(stats.Depths, eval.ProbCutDepth{Depth: d, Shallow: sh, Slope: a, Offset: b,
			Sigma0: s0, Sigma1: s1, Positions: len(xs)})
	}
	return probCutStats{stats}, nil
}

// depthValues searches p with the engine and ev to depth maxD and returns
// its values by depth (0: the evaluation); ok is false when a value was
// decided (a won or lost game, or an exact result), which says nothing of
// how a shallow search foretells a deep one.
func depthValues[S rules.State[S]](ctx context.Context, p S, ev ai.Evaluator[S], maxD int) (v []float64, ok bool, err error) {
	v = make([]float64, maxD+1)
	v[0] = float64(ev(p))
	ok = true
	_, err = ai.Search(ctx, "engine", p, ev, ai.Params{Depth: maxD, TTMiB: 16, Progress: func(info ai.Info) {
		if info.Searching == 0 && info.Depth >= 1 && info.Depth <= maxD {
			v[info.Depth] = float64(info.Score)
			if ai.IsDecided(info.Score) || info.Exact {
				ok = false
			}
		}
	}})
	if err == nil {
		err = ctx.Err()
	}
	return v, ok, err
}

// probCutPositions picks the positions of the Multi-ProbCut fit: cfg.ProbCut
// positions of the games with 14 to 54 empty squares, as many of each
// number as can be, chosen by the seed.
func probCutPositions(c *Config, recs []Record) []othello.Position {
	rng := gameRand(c.Seed, -1)
	byEmpties := map[int][]othello.Position{}
	for _, g := range rng.Perm(len(recs)) {
		h, err := othello.ParseMoves(othello.Start(), recs[g].Moves)
		if err != nil {
			continue
		}
		i := rng.IntN(h.Len())
		p := h.At(i)
		var buf [rules.MaxMoves]rules.Move
		if e := p.Empties(); e >= 14 && e <= 54 && len(p.Moves(buf[:0])) > 1 {
			byEmpties[e] = append(byEmpties[e], p)
		}
	}
	return spread(byEmpties, 14, 54, c.ProbCut)
}

// spread takes n positions from the groups lo..hi in turns, one of each
// group a turn, in the groups' order, until it has n or they run out: as
// many of each group as can be.
func spread[P any](groups map[int][]P, lo, hi, n int) []P {
	var out []P
	for round := 0; len(out) < n; round++ {
		added := false
		for k := lo; k <= hi && len(out) < n; k++ {
			if round < len(groups[k]) {
				out = append(out, groups[k][round])
				added = true
			}
		}
		if !added {
			break
		}
	}
	return out
}

// linearFit returns the least-squares line y ≈ a·x + b.
func linearFit(xs, ys []float64) (a, b float64) {
	n := float64(len(xs))
	if n < 2 {
		return 1, 0
	}
	var sx, sy, sxx, sxy float64
	for i := range xs {
		sx += xs[i]
		sy += ys[i]
		sxx += xs[i] * xs[i]
		sxy += xs[i] * ys[i]
	}
	den := n*sxx - sx*sx
	if den == 0 {
		return 1, 0
	}
	a = (n*sxy - sx*sy) / den
	return a, (sy - a*sx) / n
}

// weightedLine returns the weighted least-squares line y ≈ a·x + b
// (a = 0 and b the mean for fewer than two distinct x).
func weightedLine(xs, ys, ws []float64) (a, b float64) {
	var sw, sx, sy, sxx, sxy float64
	for i := range xs {
		w := ws[i]
		sw += w
		sx += w * xs[i]
		sy += w * ys[i]
		sxx += w * xs[i] * xs[i]
		sxy += w * xs[i] * ys[i]
	}
	if sw == 0 {
		return 0, 0
	}
	den := sw*sxx - sx*sx
	if math.Abs(den) < 1e-9*sw*sw {
		return 0, sy / sw
	}
	a = (sw*sxy - sx*sy) / den
	return a, (sy - a*sx) / sw
}
