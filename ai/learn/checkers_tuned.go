package learn

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"boardgames/ai"
	"boardgames/ai/eval"
	"boardgames/internal/nowait"
	"boardgames/rules"
	"boardgames/rules/checkers"
)

// The tuned and pattern checkers evaluations ("tuned" and "pattern",
// Config.Eval) are fitted to labels rather than to game results alone:
//
//  1. Positions: Config.Positions positions drawn (by the seed) from the
//     self-play games of round 1, each once, none with a capture due
//     (the evaluation is asked at quiet positions) and none of the random
//     opening plies.
//  2. Labels: each position's value by a search of the engine with the
//     evaluation Config.LabelEval (strong by default) Config.LabelDepth
//     plies deep (quiescence, Multi-ProbCut and, given an oracle, the
//     endgame databases at its leaves), or, where the oracle (the
//     databases) knows the position, its exact result. The labels file
//     (checkers-tuned-dD.labels, or checkers-tuned-dD-EVAL.labels for
//     another evaluation than strong) grows label by label in order, so
//     that a stopped run goes on where it stopped; both evaluations are
//     fitted to the same file.
//  3. Scale: S, the points a unit of log-odds is worth in the labels'
//     values, is the one with which σ(v/S) of the search values v best
//     predicts the games' results (least cross-entropy).
//  4. Fit: a searched position's target is (1−λ)·σ(v/S) + λ·(the game's
//     result), λ = Config.ResultWeight; an exact one's is its result. The
//     fit is the logistic one of "learned"; the weights are the fitted
//     log-odds times eval.CheckersPointsPerLogOdds, strong's S, so that
//     the evaluation counts in strong's points whichever evaluation
//     labelled its positions (the engine's Multi-ProbCut margins are in
//     points).

// tunedLabel is a labelled position: the game and ply it comes from and
// its search value (side to move's view), or its exact result (1 a win,
// 0 a draw, -1 a loss for the side to move) when exact.
type tunedLabel struct {
	game, ply int32
	value     int32
	exact     bool
}

// tunedPositions draws the positions to label from the games: the first
// c.Positions of them in an order shuffled by the seed, so that the
// positions of a smaller number are the first ones of a larger.
func tunedPositions(recs []Record, c *Config) ([]tunedLabel, []checkers.Position, error) {
	type cand struct {
		game, ply int32
		pos       checkers.Position
	}
	var all []cand
	seen := map[uint64]bool{}
	var buf [rules.MaxMoves]rules.Move
	for g, r := range recs {
		h, err := checkers.ParseMoves(checkers.Start(), r.Moves)
		if err != nil {
			return nil, nil, &recordError{g, err}
		}
		for i := c.OpeningMax; i < h.Len(); i++ {
			p := h.At(i)
			if len(p.Moves(buf[:0])) == 0 || p.MustCapture() {
				continue
			}
			if k := p.Hash(); !seen[k] {
				seen[k] = true
				all = append(all, cand{int32(g), int32(i), p})
			}
		}
	}
	rng := rand.New(rand.NewPCG(c.Seed, 0x7a9ed))
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	all = all[:min(c.Positions, len(all))]
	labels := make([]tunedLabel, len(all))
	pos := make([]checkers.Position, len(all))
	for i, a := range all {
		labels[i] = tunedLabel{game: a.game, ply: a.ply}
		pos[i] = a.pos
	}
	return labels, pos, nil
}

// labelsPath is the tuned evaluation's labels file.
func (c *Config) labelsPath() string {
	name := fmt.Sprintf("checkers-tuned-d%d", c.LabelDepth)
	if c.LabelEval != "strong" {
		name += "-" + c.LabelEval
	}
	return filepath.Join(c.Dir, name+".labels")
}

// labelsHeader names the settings that decide the labels (the games'
// settings), the number of positions excepted: the labels of fewer
// positions are the first lines of the file of more.
func (c *Config) labelsHeader(games string, n int) string {
	s := fmt.Sprintf("# boardgames labels checkers %s games=%d labeldepth=%d", games, n, c.LabelDepth)
	if c.Oracle != nil {
		s += " exact"
	}
	if c.LabelEval != "strong" {
		s += " labeleval=" + c.LabelEval
	}
	return s
}

// searchOracle gives the labelling search the oracle's results at its
// leaves: a draw exactly, a win or a loss as a known one.
func searchOracle(o CheckersOracle) ai.Oracle[checkers.Position] {
	if o == nil {
		return nil
	}
	return func(p checkers.Position) (int, bool, bool) {
		r, ok := o(p)
		if !ok {
			return 0, false, false
		}
		if p.ToMove() == rules.White {
			r = -r
		}
		if r == 0 {
			return 0, true, true
		}
		return r * ai.WinScore / 4, false, true
	}
}

// label labels the positions from where the labels file stops, workers at
// a time, appending each to the file in order.
func (c *Config) label(ctx context.Context, labels []tunedLabel, pos []checkers.Position, head string, res *Result) error {
	path := c.labelsPath()
	done, err := readLabels(path, head, labels)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	// Rewrite what was read (a torn last line is dropped), then append.
	if err := f.Truncate(0); err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	w.WriteString(head + "\n")
	for _, l := range labels[:done] {
		w.WriteString(formatLabel(l) + "\n")
	}
	if err := w.Flush(); err != nil {
		return err
	}
	c.report(Progress{Stage: "label", Done: done, Total: len(labels)})
	if done == len(labels) {
		return nil
	}
	start := time.Now()
	defer func() { res.Labelling += time.Since(start) }()
	ev, err := eval.Checkers(c.LabelEval)
	if err != nil {
		return err
	}
	params := ai.Params{Depth: c.LabelDepth, TTMiB: 16, Selectivity: eval.Selectivity[checkers.Position](c.LabelEval),
		Oracle: searchOracle(c.Oracle)}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type result struct {
		i   int
		err error
	}
	next, results := make(chan int), make(chan result)
	var wg sync.WaitGroup
	for range c.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				err := labelOne(ctx, c, &labels[i], pos[i], ev, params)
				select {
				case results <- result{i, err}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(next)
		for i := done; i < len(labels); i++ {
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()
	ready := make([]bool, len(labels))
	var firstErr error
	for r := range results {
		if r.err != nil {
			if firstErr == nil {
				firstErr = r.err
			}
			cancel()
			continue
		}
		ready[r.i] = true
		for done < len(labels) && ready[done] && firstErr == nil {
			if _, err := f.WriteString(formatLabel(labels[done]) + "\n"); err != nil {
				firstErr = err
				cancel()
				break
			}
			done++
			c.report(Progress{Stage: "label", Done: done, Total: len(labels)})
		}
	}
	if firstErr == nil && done < len(labels) {
		firstErr = ctx.Err()
	}
	return firstErr
}

// labelOne labels one position: exactly when the oracle knows it, else by
// the search.
func labelOne(ctx context.Context, c *Config, l *tunedLabel, p checkers.Position, ev ai.Evaluator[checkers.Position], params ai.Params) error {
	if c.Oracle != nil {
		if r, ok := c.Oracle(p); ok {
			if p.ToMove() == rules.White {
				r = -r
			}
			l.value, l.exact = int32(r), true
			return nil
		}
	}
	info, err := ai.Search(ctx, "engine", p, ev, params)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	l.value = int32(info.Score)
	return nil
}

// A labels file: the header, then one label a line, "GAME PLY VALUE" or
// "GAME PLY =RESULT" for an exact one.
func formatLabel(l tunedLabel) string {
	if l.exact {
		return fmt.Sprintf("%d %d =%d", l.game, l.ply, l.value)
	}
	return fmt.Sprintf("%d %d %d", l.game, l.ply, l.value)
}

// readLabels reads the labels file at path into labels and returns how
// many it holds: 0 when there is none or it was made with other settings;
// an error when a line names another position than the one due.
func readLabels(path, head string, labels []tunedLabel) (int, error) {
	f, err := nowait.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	defer f.Close()
	b := bufio.NewReaderSize(f, 1<<16)
	line, err := b.ReadString('\n')
	if err != nil || line != head+"\n" {
		return 0, nil // other settings: labelled again
	}
	n := 0
	for n < len(labels) {
		line, err := b.ReadString('\n')
		if err == io.EOF {
			break // a torn last line is labelled again
		}
		if err != nil {
			return 0, err
		}
		fs := strings.Fields(line)
		if len(fs) != 3 {
			return 0, fmt.Errorf("%s line %d: want GAME PLY VALUE", path, n+2)
		}
		g, err1 := strconv.Atoi(fs[0])
		ply, err2 := strconv.Atoi(fs[1])
		v, exact := fs[2], false
		if strings.HasPrefix(v, "=") {
			v, exact = v[1:], true
		}
		x, err3 := strconv.Atoi(v)
		if err1 != nil || err2 != nil || err3 != nil || int32(g) != labels[n].game || int32(ply) != labels[n].ply ||
			exact && (x < -1 || x > 1) || x < -ai.WinScore || x > ai.WinScore {
			return 0, fmt.Errorf("%s line %d: %q is not the label of game %d ply %d", path, n+2, strings.TrimSpace(line), labels[n].game, labels[n].ply)
		}
		labels[n].value, labels[n].exact = int32(x), exact
		n++
	}
	return n, nil
}

// gameScore is game g's result for the side to move of p: 1, ½ or 0.
func gameScore(recs []Record, g int32, p checkers.Position) float64 {
	s := float64(recs[g].Result+1) / 2
	if p.ToMove() == rules.White {
		s = 1 - s
	}
	return s
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// tunedScale finds S: the points per unit of log-odds with which σ(v/S)
// of the search values best predicts the games' results, in steps of 5
// points between 20 and 1000.
func tunedScale(labels []tunedLabel, pos []checkers.Position, recs []Record) float64 {
	best, bestLoss := 100.0, math.Inf(1)
	for s := 20.0; s <= 1000; s += 5 {
		loss, n := 0.0, 0
		for i, l := range labels {
			if l.exact || l.value > 2000 || l.value < -2000 {
				continue
			}
			l, _ := Logistic.lossGrad(float64(l.value)/s, gameScore(recs, l.game, pos[i]))
			loss += l
			n++
		}
		if n > 0 && loss/float64(n) < bestLoss {
			best, bestLoss = s, loss/float64(n)
		}
	}
	return best
}

func trainTuned(ctx context.Context, c *Config) (Result, error) {
	var res Result
	play := *c
	play.Oracle = nil // the games are round 1's, played to their end
	strong, _ := eval.Checkers("strong")
	recs, err := selfPlay(ctx, &play, 1, checkersPlayer(&play, strong), &res)
	if err != nil {
		return res, err
	}
	labels, pos, err := tunedPositions(recs, c)
	if err != nil {
		return res, c.recordAt(err, 1)
	}
	if err := c.label(ctx, labels, pos, c.labelsHeader(play.settings(1), len(recs)), &res); err != nil {
		return res, err
	}
	start := time.Now()
	scale := tunedScale(labels, pos, recs)
	res.Scale = scale
	model := tunedModels[c.Eval]
	train, valid := newDataset(), newDataset()
	train.half, valid.half = int32(model.kinds), int32(model.kinds)
	train.val, valid.val = []float32{}, []float32{}
	var idx, val [eval.MaxCheckersPatternFeatures]int32
	var fval [eval.MaxCheckersPatternFeatures]float32
	for i, l := range labels {
		var y float64
		if l.exact {
			y = float64(l.value+1) / 2
			res.Exact++
		} else {
			y = (1-c.ResultWeight)*sigmoid(float64(l.value)/scale) + c.ResultWeight*gameScore(recs, l.game, pos[i])
		}
		n, pieces := model.features(pos[i], &idx, &val)
		for k := range n {
			fval[k] = float32(val[k])
		}
		d := train
		if isValidation(int(l.game)) {
			d = valid
		}
		d.add(idx[:n], fval[:n], float32(y), float32(min(max(pieces, 2), 24)-2)/22)
	}
	res.Positions, res.Params = len(labels), 2*model.kinds
	w, curve, err := fit(ctx, train, valid, 2*model.kinds, nil, c.Fit, func(e Epoch) {
		c.report(Progress{Stage: "fit", Round: 1, Done: e.N, Total: c.Fit.Epochs, Epoch: &e})
	})
	res.Fitting += time.Since(start)
	if err != nil {
		return res, err
	}
	res.Curves = [][]Epoch{curve}
	fitted := tunedWeights(model.name, w)
	err = writeAtomic(c.Out, func(w io.Writer) error { _, err := fitted.WriteTo(w); return err })
	return res, err
}

// tunedModels are the evaluations fitted to the labels (Config.Eval): the
// name of their features in weights files, the number of their features
// (each with an opening and an ending weight) and the features of a
// position (CheckersPatternFeatures' layout: tuned's only fill its first
// part).
var tunedModels = map[string]struct {
	name     string
	kinds    int
	features func(checkers.Position, *[eval.MaxCheckersPatternFeatures]int32, *[eval.MaxCheckersPatternFeatures]int32) (int, int)
}{
	"tuned": {eval.CheckersTunedModel, eval.CheckersTunedKinds, func(p checkers.Position, idx, val *[eval.MaxCheckersPatternFeatures]int32) (int, int) {
		return eval.CheckersTunedFeatures(p, (*[eval.MaxCheckersTunedFeatures]int32)(idx[:]), (*[eval.MaxCheckersTunedFeatures]int32)(val[:]))
	}},
	"pattern": {eval.CheckersPatternModel, eval.CheckersPatternKinds, eval.CheckersPatternFeatures},
}

// tunedWeights turns fitted log-odds into the evaluation's units: strong's
// points (log-odds × eval.CheckersPointsPerLogOdds), in
// 1/CheckersTunedScale of a point, for the model called model.
func tunedWeights(model string, params []float32) *eval.Weights {
	w := &eval.Weights{Model: model, Phases: 1, Params: len(params)}
	w.Values = make([]int16, w.Params)
	for j, x := range params {
		v := math.Round(float64(x) * eval.CheckersPointsPerLogOdds * eval.CheckersTunedScale)
		w.Values[j] = int16(max(min(v, math.MaxInt16), math.MinInt16))
	}
	return w
}
