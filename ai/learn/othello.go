package learn

import (
	"context"
	"fmt"
	"math"

	"boardgames/ai"
	"boardgames/ai/eval"
	"boardgames/ai/solve/endgame"
	"boardgames/rules"
	"boardgames/rules/othello"
)

// othelloSolverMiB is the endgame solver's table in self-play games.
const othelloSolverMiB = 16

// othelloPlayer returns the players of Othello self-play games: a random
// opening of cfg.OpeningMin..cfg.OpeningMax plies, then the engine at
// cfg.Depth with ev, and from cfg.Exact empty squares on the exact endgame
// solver, so that the result of the game is the exact value of every
// position from there on.
func othelloPlayer(cfg *Config, ev ai.Evaluator[othello.Position]) func() playFunc {
	return func() playFunc {
		solver := endgame.New(othelloSolverMiB)
		return func(ctx context.Context, i int) (Record, error) {
			// A fresh table per game: which of several best moves the
			// solver gives depends on what its table holds.
			solver.Reset()
			rng := gameRand(cfg.Seed, i)
			start := othello.Start()
			pos := start
			var moves []rules.Move
			var buf [rules.MaxMoves]rules.Move
			opening := cfg.OpeningMin + rng.IntN(cfg.OpeningMax-cfg.OpeningMin+1)
			for {
				legal := pos.Moves(buf[:0])
				if len(legal) == 0 {
					break
				}
				var m rules.Move
				switch {
				case len(moves) < opening:
					m = legal[rng.IntN(len(legal))]
				case len(legal) == 1:
					m = legal[0]
				case pos.Empties() <= cfg.Exact:
					r, err := solver.SolveBest(ctx, pos)
					if err != nil {
						return Record{}, err
					}
					m = r.Best[0]
				default:
					info, err := ai.Search(ctx, "engine", pos, ev, ai.Params{Depth: cfg.Depth, TTMiB: 4})
					if err != nil {
						return Record{}, err
					}
					if err := ctx.Err(); err != nil {
						return Record{}, err
					}
					m = info.Move
				}
				moves = append(moves, m)
				pos = pos.Play(m)
			}
			return Record{Result: pos.Score(), Moves: othello.FormatMoves(start, moves)}, nil
		}
	}
}

// othelloSample is a position of a self-play game, from the side to
// move's view, with the game's final disc margin.
type othelloSample struct {
	own, opp uint64
	result   int8  // the final margin, from the side to move's view
	white    bool  // White is to move
	game     int32 // the game's number in its set
}

func (s othelloSample) empties() int { return 64 - popcount(s.own|s.opp) }

// othelloSamples replays the games and returns every position before the
// end of each.
func othelloSamples(recs []Record) ([]othelloSample, error) {
	var out []othelloSample
	for g, r := range recs {
		h, err := othello.ParseMoves(othello.Start(), r.Moves)
		if err != nil {
			return nil, &recordError{g, err}
		}
		final := h.Position()
		if !final.Result().Over() || final.Score() != r.Result {
			return nil, &recordError{g, fmt.Errorf("the moves end with %d, the record says %d", final.Score(), r.Result)}
		}
		for i := range h.Len() {
			p := h.At(i)
			black, white := p.Bitboards()
			own, opp, margin := black, white, r.Result
			if p.ToMove() == rules.White {
				own, opp, margin = white, black, -margin
			}
			out = append(out, othelloSample{own: own, opp: opp, result: int8(margin), white: p.ToMove() == rules.White, game: int32(g)})
		}
	}
	return out, nil
}

// phaseRange is the empty squares of the positions phase p learns from:
// its own range widened by overlap on each side, so that neighbouring
// phases learn from some of the same positions and their weights do not
// jump.
func phaseRange(p, overlap int) (lo, hi int) {
	lo, hi = 4*p+1-overlap, 4*p+4+overlap
	if p == eval.OthelloPhases-1 {
		hi = 60
	}
	return lo, hi
}

// othelloPhaseData gathers the examples of phase p (phaseRange), each
// with its target, of the samples keep takes (nil: all). The games whose number is validationEvery-1 modulo
// validationEvery go to the validation set.
func othelloPhaseData(samples []othelloSample, targets []float32, p, overlap int, keep func(int) bool) (train, valid *dataset) {
	lo, hi := phaseRange(p, overlap)
	train, valid = newDataset(), newDataset()
	var f [eval.OthelloFeatures]int32
	for i, s := range samples {
		e := s.empties()
		if e < lo || e > hi || keep != nil && !keep(i) {
			continue
		}
		d := train
		if isValidation(int(s.game)) {
			d = valid
		}
		eval.OthelloFeatureIndices(s.own, s.opp, &f)
		d.add(f[:], nil, targets[i], 0)
	}
	return train, valid
}

// validationEvery: one game in this many is held out of the fit, to score
// it.
const validationEvery = 16

func isValidation(game int) bool { return game%validationEvery == validationEvery-1 }

// othelloWeights rounds fitted parameters (in discs), phase by phase, to
// the evaluation's units.
func othelloWeights(phases [][]float32) *eval.Weights {
	w := &eval.Weights{Model: eval.OthelloModel, Phases: eval.OthelloPhases, Params: eval.OthelloParams()}
	w.Values = make([]int16, w.Phases*w.Params)
	for p, params := range phases {
		for j, x := range params {
			v := math.Round(float64(x) * eval.DiscUnit)
			w.Values[p*w.Params+j] = int16(max(min(v, math.MaxInt16), math.MinInt16))
		}
	}
	return w
}

// Bootstrapped targets. The final margin of a self-play game is a noisy
// label of its early positions: the engine's mistakes of the rest of the
// game are in it. Like temporal-difference learning (Sutton 1988; Buro
// trained Logistello's later versions on the values of its own searches),
// the target of a position can lean instead on the value of a later
// position of the same game, as found by a search with the phases already
// fitted: the phases are fitted from the end of the game backwards, so
// that the later position's search sees only fitted phases. The target of
// a position with e empty squares is
//
//	λ · (search value of the first later position with at most e−gap
//	     empty squares) + (1−λ) · final margin,
//
// both from its side to move's view, and the final margin alone when that
// position was played by the exact solver (its value is the final margin)
// or the game ends first.

// bootstrapLinks returns, for each sample, the index of the first later
// position of its game with at most gap fewer empty squares, or -1.
func bootstrapLinks(samples []othelloSample, gap int) []int32 {
	next := make([]int32, len(samples))
	for i := range samples {
		next[i] = -1
		want := samples[i].empties() - gap
		for j := i + 1; j < len(samples) && samples[j].game == samples[i].game; j++ {
			if samples[j].empties() <= want {
				next[i] = int32(j)
				break
			}
		}
	}
	return next
}

// searchValues sets values[j], in discs from the side to move's view, for
// every sample j that is a link target and whose phase is p, by a search
// of depth plies with ev, on workers goroutines. Each value depends only on
// its position and ev.
func searchValues(ctx context.Context, samples []othelloSample, needed []bool, values []float32, p, depth, workers int, ev ai.Evaluator[othello.Position]) error {
	var todo []int
	for j, s := range samples {
		if needed[j] && eval.OthelloPhase(s.empties()) == p {
			todo = append(todo, j)
		}
	}
	next := make(chan int)
	errs := make(chan error, workers)
	for range workers {
		go func() {
			for j := range next {
				s := samples[j]
				pos := othelloPosition(s)
				info, err := ai.Search(ctx, "engine", pos, ev, ai.Params{Depth: depth, TTMiB: 1})
				if err == nil {
					err = ctx.Err()
				}
				if err != nil {
					errs <- err
					for range next {
					}
					return
				}
				v := float32(s.result) // a game decided within the search: its end is known
				if !ai.IsDecided(info.Score) {
					v = float32(info.Score) / eval.DiscUnit
				}
				values[j] = v
			}
			errs <- nil
		}()
	}
	for _, j := range todo {
		next <- j
	}
	close(next)
	var first error
	for range workers {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	return first
}

// othelloPosition rebuilds a sample's position.
func othelloPosition(s othelloSample) othello.Position {
	black, white := s.own, s.opp
	side := "X"
	if s.white {
		black, white, side = white, black, "O"
	}
	p, err := othello.Parse(rules.FormatBoard(black, white)+" "+side, othello.Options{})
	if err != nil {
		panic("learn: a sample that is no position: " + err.Error())
	}
	return p
}
