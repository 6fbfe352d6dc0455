package learn

import (
	"context"
	"fmt"
	"io"
	"math"
	"time"

	"boardgames/ai"
	"boardgames/ai/eval"
	"boardgames/rules"
	"boardgames/rules/checkers"
)

// CheckersOracle gives the exact result of a checkers position when it
// knows it, from Black's view (1 a win, 0 a draw, -1 a loss): the endgame
// databases (ai/solve/egdb) once they exist. Self-play games end at the
// first position it knows, with its result, so that the positions before
// are labelled by perfect play from there.
type CheckersOracle func(p checkers.Position) (result int, ok bool)

// checkersPlayer returns the players of checkers self-play games: a random
// opening of cfg.OpeningMin..cfg.OpeningMax plies, then the engine at
// cfg.Depth with ev until the game ends (a threefold repetition is a
// draw), cfg.MaxPlies have been played (a draw) or cfg.Oracle knows the
// result.
func checkersPlayer(cfg *Config, ev ai.Evaluator[checkers.Position]) func() playFunc {
	return func() playFunc {
		return func(ctx context.Context, i int) (Record, error) {
			rng := gameRand(cfg.Seed, i)
			start := checkers.Start()
			h := rules.NewHistory(start) // for draws by repetition
			var buf [rules.MaxMoves]rules.Move
			opening := cfg.OpeningMin + rng.IntN(cfg.OpeningMax-cfg.OpeningMin+1)
			result := 0
			for h.Len() < cfg.MaxPlies {
				pos := h.Position()
				if r := h.Result(); r.Over() {
					if w, ok := r.Winner(); ok {
						result = 1
						if w == rules.White {
							result = -1
						}
					}
					break
				}
				if cfg.Oracle != nil {
					if r, ok := cfg.Oracle(pos); ok {
						result = r
						break
					}
				}
				legal := pos.Moves(buf[:0])
				var m rules.Move
				switch {
				case h.Len() < opening:
					m = legal[rng.IntN(len(legal))]
				case len(legal) == 1:
					m = legal[0]
				default:
					// The engine as it was when the shipped games were made
					// (no quiescence, whole iterations), so that they stay
					// the pipeline's output.
					info, err := ai.Search(ctx, "engine", pos, ev, ai.Params{Depth: cfg.Depth, TTMiB: 4, NoQuiescence: true, WholeIterations: true})
					if err != nil {
						return Record{}, err
					}
					if err := ctx.Err(); err != nil {
						return Record{}, err
					}
					m = info.Move
				}
				if err := h.Play(m); err != nil {
					return Record{}, err
				}
			}
			return Record{Result: result, Moves: checkers.FormatMoves(start, h.Moves())}, nil
		}
	}
}

// checkersSample is a position of a self-play game with the game's score
// for the side to move: 1 a win, 0.5 a draw, 0 a loss.
type checkersSample struct {
	pos   checkers.Position
	score float32
	game  int32
}

// checkersSamples replays the games and returns their positions, the game's
// last one excepted.
func checkersSamples(recs []Record) ([]checkersSample, error) {
	var out []checkersSample
	for g, r := range recs {
		if r.Result < -1 || r.Result > 1 {
			return nil, &recordError{g, fmt.Errorf("result %d is not -1, 0 or 1", r.Result)}
		}
		h, err := checkers.ParseMoves(checkers.Start(), r.Moves)
		if err != nil {
			return nil, &recordError{g, err}
		}
		if res := h.Result(); res.Over() {
			want := 0
			if w, ok := res.Winner(); ok {
				want = 1
				if w == rules.White {
					want = -1
				}
			}
			if want != r.Result {
				return nil, &recordError{g, fmt.Errorf("the moves end with %d, the record says %d", want, r.Result)}
			}
		}
		for i := range h.Len() {
			p := h.At(i)
			score := float32(r.Result+1) / 2
			if p.ToMove() == rules.White {
				score = 1 - score
			}
			out = append(out, checkersSample{pos: p, score: score, game: int32(g)})
		}
	}
	return out, nil
}

// checkersData builds the tapered datasets of the learned evaluation.
func checkersData(samples []checkersSample) (train, valid *dataset) {
	train, valid = newDataset(), newDataset()
	train.half, valid.half = eval.CheckersFeatureKinds, eval.CheckersFeatureKinds
	train.val, valid.val = []float32{}, []float32{}
	var idx, val [eval.MaxCheckersFeatures]int32
	var fval [eval.MaxCheckersFeatures]float32
	for _, s := range samples {
		n, pieces := eval.CheckersFeatures(s.pos, &idx, &val)
		for k := range n {
			fval[k] = float32(val[k])
		}
		d := train
		if isValidation(int(s.game)) {
			d = valid
		}
		t := float32(min(max(pieces, 2), 24)-2) / 22
		d.add(idx[:n], fval[:n], s.score, t)
	}
	return train, valid
}

// checkersWeights rounds fitted parameters (in log-odds) to the
// evaluation's units.
func checkersWeights(params []float32) *eval.Weights {
	w := &eval.Weights{Model: eval.CheckersModel, Phases: 1, Params: eval.CheckersParams}
	w.Values = make([]int16, w.Params)
	for j, x := range params {
		v := math.Round(float64(x) * eval.CheckersUnit)
		w.Values[j] = int16(max(min(v, math.MaxInt16), math.MinInt16))
	}
	return w
}

func trainCheckers(ctx context.Context, c *Config) (Result, error) {
	var res Result
	var all []Record
	var fitted *eval.Weights
	for round := 1; round <= c.Rounds; round++ {
		ev, _ := eval.Checkers("strong")
		if fitted != nil {
			var err error
			if ev, err = eval.CheckersLearned(fitted); err != nil {
				return res, err
			}
		}
		recs, err := selfPlay(ctx, c, round, checkersPlayer(c, ev), &res)
		if err != nil {
			return res, err
		}
		all = append(all, recs...)
		start := time.Now()
		samples, err := checkersSamples(all)
		if err != nil {
			return res, c.recordAt(err, 0)
		}
		train, valid := checkersData(samples)
		res.Positions, res.Params = len(samples), eval.CheckersParams
		fc := c.Fit
		w, curve, err := fit(ctx, train, valid, eval.CheckersParams, nil, fc, func(e Epoch) {
			c.report(Progress{Stage: "fit", Round: round, Done: e.N, Total: fc.Epochs, Epoch: &e})
		})
		res.Fitting += time.Since(start)
		if err != nil {
			return res, err
		}
		res.Curves = [][]Epoch{curve}
		fitted = checkersWeights(w)
	}
	err := writeAtomic(c.Out, func(w io.Writer) error { _, err := fitted.WriteTo(w); return err })
	return res, err
}
