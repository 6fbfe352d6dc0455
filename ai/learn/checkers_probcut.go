package learn

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"os"
	"sync"
	"time"

	"boardgames/ai"
	"boardgames/ai/eval"
	"boardgames/rules"
	"boardgames/rules/checkers"
)

// DefaultCheckersProbCut returns the settings that made the shipped
// Multi-ProbCut statistics of the strong checkers evaluation
// (assets/weights/checkers.probcut): 2000 self-play games of the engine at
// depth 6 after 2–10 random plies, one position of each kept, and 1200 of
// them searched 13 plies deep (Eval "tuned" for the tuned evaluation's,
// assets/weights/checkers_tuned.probcut).
func DefaultCheckersProbCut() Config {
	c := DefaultConfig(checkers.Name)
	c.Eval, c.Games, c.Depth = "strong", 2000, 6
	c.ProbCut, c.ProbCutDepth = 1200, 13
	return c
}

// Checkers positions with more pieces than this are the fit's; fewer are
// never pruned (eval.CheckersProbCut).
const checkersProbCutMinPieces = 7

// CheckersProbCut fits the Multi-ProbCut statistics of a checkers
// evaluation, cfg.Eval ("strong", the default, or "tuned"), and writes them
// to cfg.Out: cfg.Games self-play games of the engine with strong (kept in
// cfg.Dir, so that an interrupted run resumes them, and the same games for
// either evaluation), one position of each with at least 7 pieces,
// cfg.ProbCut of them spread evenly over the numbers of pieces, each
// searched by the engine with cfg.Eval to cfg.ProbCutDepth on cfg.Workers
// goroutines; then for each depth the regression of its value on its
// shallow depth's (eval.ProbCutShallow) and the error's standard deviation
// by bands of eval.CheckersBand pieces. The same settings give the same
// file. Zero settings take DefaultCheckersProbCut's.
func CheckersProbCut(ctx context.Context, cfg Config) (Result, error) {
	d := DefaultCheckersProbCut()
	cfg.Game = checkers.Name
	for _, f := range []struct {
		dst *int
		v   int
	}{{&cfg.Games, d.Games}, {&cfg.Depth, d.Depth}, {&cfg.ProbCut, d.ProbCut}, {&cfg.ProbCutDepth, d.ProbCutDepth}} {
		if *f.dst == 0 {
			*f.dst = f.v
		}
	}
	if err := CheckCheckersProbCut(cfg); err != nil {
		return Result{}, err
	}
	model, _ := checkersProbCutModel(cfg.Eval)
	name := cfg.Eval
	if name == "" {
		name = "strong" // not the engine's default, which is tuned
	}
	cfg.Eval = "" // Config.Eval's check is train's (learned or tuned)
	if err := cfg.defaults(); err != nil {
		return Result{}, err
	}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return Result{}, err
	}
	var res Result
	strong, err := eval.Checkers("strong")
	if err != nil {
		return res, err
	}
	ev, err := eval.Checkers(name)
	if err != nil {
		return res, err
	}
	recs, err := selfPlay(ctx, &cfg, 1, checkersPlayer(&cfg, strong), &res)
	if err != nil {
		return res, err
	}
	start := time.Now()
	positions := checkersProbCutPositions(&cfg, recs)
	values, pieces, err := checkersDepthValues(ctx, &cfg, positions, ev)
	res.ProbCut = time.Since(start)
	if err != nil {
		return res, err
	}
	res.Positions = len(values)
	if len(values) < 2 {
		return res, fmt.Errorf("learn: only %d positions to fit the probcut statistics on", len(values))
	}
	stats := &eval.ProbCutStats{Model: model}
	for dd := 2; dd <= cfg.ProbCutDepth; dd++ {
		sh := eval.ProbCutShallow(dd)
		xs, ys := make([]float64, len(values)), make([]float64, len(values))
		for i, v := range values {
			xs[i], ys[i] = v[sh], v[dd]
		}
		a, b := linearFit(xs, ys)
		var sq, n [eval.CheckersBands]float64
		for i, v := range values {
			r := v[dd] - (a*v[sh] + b)
			k := (pieces[i] - 1) / eval.CheckersBand
			sq[k] += r * r
			n[k]++
		}
		stats.Depths = append(stats.Depths, eval.ProbCutDepth{Depth: dd, Shallow: sh, Slope: a, Offset: b,
			Sigmas: bandSigmas(sq[:], n[:]), Positions: len(values)})
	}
	return res, writeAtomic(cfg.Out, probCutStats{stats}.write)
}

// CheckCheckersProbCut reports settings CheckersProbCut would refuse.
func CheckCheckersProbCut(c Config) error {
	c.Game = checkers.Name
	if _, err := checkersProbCutModel(c.Eval); err != nil {
		return err
	}
	c.Eval = ""
	switch {
	case c.ProbCut < 20 || c.ProbCut > 100_000:
		return fmt.Errorf("learn: %d positions for the probcut statistics: 20..100000", c.ProbCut)
	case c.ProbCutDepth < 3 || c.ProbCutDepth > 20:
		return fmt.Errorf("learn: probcut searches %d plies deep: 3..20", c.ProbCutDepth)
	}
	return c.defaults()
}

// checkersProbCutModel names the statistics of the checkers evaluation
// called name ("" for strong): those with which the engine prunes.
func checkersProbCutModel(name string) (string, error) {
	switch name {
	case "", "strong":
		return eval.CheckersStrongModel, nil
	case "tuned":
		return eval.CheckersTunedProbCutModel, nil
	}
	return "", fmt.Errorf("learn: probcut statistics of the checkers evaluation %q: strong or tuned", name)
}

// bandSigmas is each band's standard deviation from its sum of squared
// errors and its count; a band of fewer than 10 positions takes the
// nearest band's that has them (the wider one on a tie), or, when none
// has, the spread of all the positions together.
func bandSigmas(sq, n []float64) []float64 {
	const enough = 10
	var allSq, allN float64
	for k := range sq {
		allSq += sq[k]
		allN += n[k]
	}
	out := make([]float64, len(sq))
	for k := range out {
		if allN > 1 {
			out[k] = math.Sqrt(allSq / (allN - 1))
		}
		for dist := 0; dist < len(out); dist++ {
			if j := k + dist; j < len(out) && n[j] >= enough {
				out[k] = math.Sqrt(sq[j] / (n[j] - 1))
				break
			}
			if j := k - dist; j >= 0 && n[j] >= enough {
				out[k] = math.Sqrt(sq[j] / (n[j] - 1))
				break
			}
		}
	}
	return out
}

// checkersProbCutPositions picks the positions of the fit: one of each
// game with 7 to 24 pieces and a choice of moves, cfg.ProbCut of them, as
// many of each number of pieces as can be, chosen by the seed.
func checkersProbCutPositions(c *Config, recs []Record) []checkers.Position {
	rng := gameRand(c.Seed, -1)
	byPieces := map[int][]checkers.Position{}
	for _, g := range rng.Perm(len(recs)) {
		h, err := checkers.ParseMoves(checkers.Start(), recs[g].Moves)
		if err != nil || h.Len() == 0 {
			continue
		}
		p := h.At(rng.IntN(h.Len()))
		var buf [rules.MaxMoves]rules.Move
		if n := checkersPieces(p); n >= checkersProbCutMinPieces && len(p.Moves(buf[:0])) > 1 {
			byPieces[n] = append(byPieces[n], p)
		}
	}
	return spread(byPieces, checkersProbCutMinPieces, 24, c.ProbCut)
}

func checkersPieces(p checkers.Position) int {
	b, w, _ := p.Bitboards()
	return bits.OnesCount32(b | w)
}

// checkersDepthValues searches each position to c.ProbCutDepth on
// c.Workers goroutines and returns, for those whose values stay
// undecided at every depth, the values by depth (0: the evaluation) and
// the number of pieces, in the positions' order.
func checkersDepthValues(ctx context.Context, c *Config, positions []checkers.Position, ev ai.Evaluator[checkers.Position]) ([][]float64, []int, error) {
	maxD := c.ProbCutDepth
	all := make([][]float64, len(positions))
	next := make(chan int)
	var (
		mu       sync.Mutex
		firstErr error
		done     int
		wg       sync.WaitGroup
	)
	c.report(Progress{Stage: "probcut", Done: 0, Total: len(positions)})
	for range max(1, min(c.Workers, len(positions))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				v, ok, err := depthValues(ctx, positions[i], ev, maxD)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				if ok && err == nil {
					all[i] = v
				}
				done++
				c.report(Progress{Stage: "probcut", Done: done, Total: len(positions)})
				mu.Unlock()
			}
		}()
	}
feed:
	for i := range positions {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return nil, nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	var values [][]float64
	var pieces []int
	for i, v := range all {
		if v != nil {
			values = append(values, v)
			pieces = append(pieces, checkersPieces(positions[i]))
		}
	}
	return values, pieces, nil
}
