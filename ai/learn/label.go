package learn

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"boardgames/ai"
	"boardgames/ai/eval"
	"boardgames/ai/solve/endgame"
	"boardgames/assets/weights"
	"boardgames/internal/nowait"
	"boardgames/rules"
	"boardgames/rules/othello"
)

// Labels. A game's final margin is a noisy label of its early positions
// (both sides' later mistakes are in it). A labelling run gives positions
// of the self-play games a better one: the value of a deeper search of
// the position itself with the current pattern evaluation (and its
// Multi-ProbCut), or its exact value from the endgame solver when it has
// few empty squares. A fit given the labels (Config.Labels) takes a
// labelled position's label as its target instead of its bootstrapped
// one.
//
// A labels file is a game file (records.go) whose header is
// "# boardgames labels othello KEY=VALUE..." and whose lines are "VALUE
// MOVES": the moves from the start that reach the position and its value
// for Black in 1/eval.DiscUnit of a disc of the final margin. Label i is
// always the same position with the same value, whichever worker made it,
// so that a run grows the file label by label (NAME.labels.gz.partial) and
// resumes after the last one written, like self-play.

// LabelConfig is an Othello labelling run.
type LabelConfig struct {
	// Games are the games whose positions are labelled, Source names
	// them in the header (their file).
	Games  []Record
	Source string
	// Path is the labels file to make (NAME.labels.gz).
	Path string
	// N is the number of labels.
	N int
	// Depth is the search's depth; positions with at most Exact empty
	// squares are solved exactly instead.
	Depth, Exact int
	// MinEmpties and MaxEmpties bound the positions' empty squares;
	// positions are drawn evenly over that range.
	MinEmpties, MaxEmpties int
	Seed                   uint64
	Workers                int
	// Weights, if set, are the pattern evaluation's weights of the
	// searches (nil: the shipped ones); the searches prune with the
	// shipped Multi-ProbCut statistics either way.
	Weights *eval.Weights
	// Progress, if set, gets the labels done and N.
	Progress func(done, total int)
}

// DefaultLabelConfig is a labelling run's default settings: 8-ply
// searches of positions with 17 to 54 empty squares (the self-play games
// are exact from 16 on: their final margin is the exact value there).
func DefaultLabelConfig() LabelConfig {
	return LabelConfig{N: 100000, Depth: 8, Exact: 16, MinEmpties: 17, MaxEmpties: 54, Seed: 1, Workers: 1}
}

func (c *LabelConfig) check() error {
	switch {
	case len(c.Games) == 0:
		return errors.New("learn: no games to label positions of")
	case c.Path == "":
		return errors.New("learn: no labels file")
	case c.N < 1 || c.N > MaxGames:
		return fmt.Errorf("learn: %d labels: 1..%d", c.N, MaxGames)
	case c.Depth < 1 || c.Depth > 20:
		return fmt.Errorf("learn: labelling depth %d: 1..20", c.Depth)
	case c.Exact < 0 || c.Exact > 24:
		return fmt.Errorf("learn: exact labels from %d empties: 0..24", c.Exact)
	case c.MinEmpties < 1 || c.MaxEmpties < c.MinEmpties || c.MaxEmpties > 59:
		return fmt.Errorf("learn: positions of %d..%d empty squares: need 1 <= min <= max <= 59", c.MinEmpties, c.MaxEmpties)
	}
	return nil
}

// labelsHeader is the first line of a labels file.
func (c *LabelConfig) header() string {
	return fmt.Sprintf("# boardgames labels othello games=%s seed=%d depth=%d exact=%d empties=%d-%d eval=%s weights=%x",
		strings.ReplaceAll(c.Source, " ", "_"), c.Seed, c.Depth, c.Exact, c.MinEmpties, c.MaxEmpties, eval.OthelloModel, c.weightsSum())
}

// weightsSum is the checksum of the searches' weights.
func (c *LabelConfig) weightsSum() uint64 {
	if c.Weights != nil {
		return weightsSum(c.Weights)
	}
	w, err := eval.ReadWeights(bytes.NewReader(weights.Othello))
	if err != nil {
		return 0
	}
	return weightsSum(w)
}

// LabelOthello makes (or reads, or goes on with) the labels file of c and
// returns its labels. The evaluation is the pattern evaluation with
// c.Weights.
func LabelOthello(ctx context.Context, c LabelConfig) ([]Record, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	ev, err := eval.Othello(eval.OthelloLearned)
	if c.Weights != nil {
		ev, err = eval.OthelloPattern(c.Weights)
	}
	if err != nil {
		return nil, err
	}
	sel := eval.Selectivity[othello.Position](eval.OthelloLearned)
	newLabeller := func() playFunc {
		solver := endgame.New(othelloSolverMiB)
		return func(ctx context.Context, i int) (Record, error) {
			moves, pos, err := labelPosition(&c, i)
			if err != nil {
				return Record{}, err
			}
			v, err := labelValue(ctx, solver, pos, ev, sel, c.Depth, c.Exact)
			if err != nil {
				return Record{}, err
			}
			if pos.ToMove() == rules.White {
				v = -v
			}
			return Record{Result: v, Moves: moves}, nil
		}
	}
	return generate(ctx, c.Path, c.header(), c.N, max(c.Workers, 1), newLabeller, c.Progress)
}

// labelPosition draws label i's position: a number of empty squares
// evenly in range, a game, and that game's first position with at most
// that many empty squares (a game that ends before is drawn again).
func labelPosition(c *LabelConfig, i int) (string, othello.Position, error) {
	rng := gameRand(c.Seed^0x1abe1, i)
	for range 1000 {
		want := c.MinEmpties + rng.IntN(c.MaxEmpties-c.MinEmpties+1)
		g := rng.IntN(len(c.Games))
		h, err := othello.ParseMoves(othello.Start(), c.Games[g].Moves)
		if err != nil {
			return "", othello.Position{}, &recordError{g, err}
		}
		for k := range h.Len() {
			p := h.At(k)
			if p.Empties() > want {
				continue
			}
			if p.Empties() < c.MinEmpties || len(p.Moves(nil)) == 0 {
				break
			}
			played := h.Moves()[:k]
			return othello.FormatMoves(othello.Start(), played), p, nil
		}
	}
	return "", othello.Position{}, errors.New("learn: no position of the games has the empty squares asked for")
}

// labelValue is the value of p for its side to move, in 1/eval.DiscUnit
// of a disc: exact at exact empty squares or fewer, else a depth-ply
// search (a game whose end the search sees is solved, or scored ±64
// discs above 24 empty squares).
func labelValue(ctx context.Context, solver *endgame.Solver, p othello.Position, ev ai.Evaluator[othello.Position], sel any, depth, exact int) (int, error) {
	solve := func() (int, error) {
		solver.Reset()
		r, err := solver.Solve(ctx, p)
		return r.Score * eval.DiscUnit, err
	}
	if p.Empties() <= exact {
		return solve()
	}
	info, err := ai.Search(ctx, "engine", p, ev, ai.Params{Depth: depth, TTMiB: 4, Selectivity: sel})
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return 0, err
	}
	if ai.IsDecided(info.Score) {
		if p.Empties() <= 24 {
			return solve()
		}
		if info.Score > 0 {
			return 64 * eval.DiscUnit, nil
		}
		return -64 * eval.DiscUnit, nil
	}
	return info.Score, nil
}

// ReadLabels reads a finished labels file: its header and its labels.
func ReadLabels(path string) (string, []Record, error) {
	f, err := nowait.Open(path)
	if err != nil {
		return "", nil, err
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return "", nil, fmt.Errorf("%s: %w", path, err)
	}
	b := bufio.NewReader(io.LimitReader(z, 1<<30))
	head, err := b.ReadString('\n')
	head = strings.TrimSuffix(head, "\n")
	if err != nil || !strings.HasPrefix(head, "# boardgames labels othello ") {
		return "", nil, fmt.Errorf("%s: not a labels file of this program", path)
	}
	recs, err := readRecords(io.MultiReader(strings.NewReader(head+"\n"), b), head, false)
	if err != nil {
		return "", nil, fmt.Errorf("%s: %w", path, err)
	}
	return head, recs, nil
}

// labelTargets reads labels into a map from a position (the side to
// move's discs, the opponent's) to its label in discs for the side to
// move.
func labelTargets(recs []Record) (map[[2]uint64]float32, error) {
	out := make(map[[2]uint64]float32, len(recs))
	for i, r := range recs {
		h, err := othello.ParseMoves(othello.Start(), r.Moves)
		if err != nil {
			return nil, &recordError{i, err}
		}
		p := h.Position()
		black, white := p.Bitboards()
		own, opp, v := black, white, r.Result
		if p.ToMove() == rules.White {
			own, opp, v = white, black, -v
		}
		out[[2]uint64{own, opp}] = float32(v) / eval.DiscUnit
	}
	return out, nil
}

// labelSamples makes a training position of each label's position, its
// final margin the label rounded to discs, the label i a game numbered
// first+i of its own.
func labelSamples(recs []Record, first int) ([]othelloSample, error) {
	out := make([]othelloSample, 0, len(recs))
	for i, r := range recs {
		h, err := othello.ParseMoves(othello.Start(), r.Moves)
		if err != nil {
			return nil, &recordError{i, err}
		}
		p := h.Position()
		if p.Result().Over() {
			return nil, &recordError{i, errors.New("the game is over: no position to label")}
		}
		black, white := p.Bitboards()
		own, opp, v := black, white, r.Result
		if p.ToMove() == rules.White {
			own, opp, v = white, black, -v
		}
		margin := max(-64, min(64, int(math.Round(float64(v)/eval.DiscUnit))))
		out = append(out, othelloSample{own: own, opp: opp, result: int8(margin), white: p.ToMove() == rules.White, game: int32(first + i)})
	}
	return out, nil
}
