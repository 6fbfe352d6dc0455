package learn

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"boardgames/ai/eval"
	"boardgames/internal/nowait"
	"boardgames/rules/checkers"
	"boardgames/rules/othello"
)

// Config is one training run. Train fills its zero fields with the
// defaults of the game (DefaultConfig).
type Config struct {
	Game string // "othello" or "checkers"
	// Dir is the working folder: the self-play games, the checkpoints
	// and the fitted statistics go there. A run started again with the
	// same Dir and settings goes on from what is there.
	Dir string
	// Out is the weights file to write (the shipped ones live in
	// assets/weights).
	Out  string
	Seed uint64
	// Games is the number of self-play games of each round; Rounds the
	// rounds: the first plays with the game's hand-set evaluation, each
	// later one with the weights fitted on the games before it, and the
	// last fit uses the games of every round.
	Games, Rounds int
	// Depth is the engine's depth in self-play games; OpeningMin and
	// OpeningMax bound the random plies that start each game.
	Depth                  int
	OpeningMin, OpeningMax int
	// Exact is where Othello games switch to the exact endgame solver
	// (empty squares), so that every position from there on is labelled
	// with its exact value.
	Exact int
	// MaxPlies ends a checkers game as a draw.
	MaxPlies int
	// Oracle, if set, ends checkers games at the first position it knows
	// (the endgame databases), with its result.
	Oracle CheckersOracle
	// Workers is the number of games played at once (default: the cores).
	Workers int
	// Fit tunes the fit of every phase.
	Fit FitConfig
	// PhaseOverlap widens each Othello phase's training positions by this
	// many empty squares on each side.
	PhaseOverlap int
	// Bootstrap is the weight λ of the bootstrapped part of an Othello
	// position's target (see bootstrapLinks; 0: the final margin alone);
	// BootstrapGap the empty squares between a position and the later
	// one whose value it takes, BootstrapDepth the depth of that value's
	// search.
	Bootstrap                    float64
	BootstrapGap, BootstrapDepth int
	// ProbCut is the number of positions whose searches the Othello
	// Multi-ProbCut statistics are fitted on (0: none fitted), and
	// ProbCutDepth the deepest search.
	ProbCut, ProbCutDepth int
	// Eval is the checkers evaluation fitted: "learned" (the default,
	// from game results), "tuned" or "pattern" (from labels:
	// checkers_tuned.go).
	Eval string
	// Positions is the number of positions the tuned checkers evaluation
	// is fitted on, and ResultWeight the share λ of the game's result in
	// the target of a searched position.
	Positions    int
	ResultWeight float64
	// LabelDepth is the depth of the searches that label positions:
	// checkers' tuned evaluation (default 10), Othello's Labels (default
	// 8).
	LabelDepth int
	// LabelEval is the evaluation of the searches that label checkers
	// positions for the tuned and pattern evaluations (default "strong").
	LabelEval string
	// Labels is the number of Othello positions of the games to label by
	// deeper searches (label.go; 0: none), made in Dir before the last
	// round's fit and used by it; LabelMin and LabelMax bound their empty
	// squares (default 17..54), and LabelOnly stops the run once they are
	// made.
	Labels, LabelMin, LabelMax int
	LabelOnly                  bool
	// LabelExact is where the labels are exact solves instead of
	// searches (empty squares; default Exact, the games' own).
	LabelExact int
	// ExtraLabels are labels made before (of other games: ReadLabels),
	// fitted with the run's own by a fine-tune: each labelled position
	// joins the training positions, and where a position has a label of
	// both, the run's own is taken.
	ExtraLabels []Record
	// FineTune, if set, makes the fit start every phase from these
	// weights (the shipped ones, say) and learn from the labelled
	// positions alone, without the bootstrap's searches: a fit of the
	// labels in seconds instead of a refit of every position. The labels
	// are then made with these weights too.
	FineTune *eval.Weights
	// PriorMix, with FineTune, also fits the pattern kinds' networks
	// (mlp.go) to the labels and blends their tables into the
	// fine-tuned ones: PriorMix × the networks' + (1 − PriorMix) × the
	// tables', in every phase the networks learned from positions of (0:
	// no networks).
	PriorMix float64
	// Progress, if set, is told how the run goes.
	Progress func(Progress)
}

// Progress is what Train reports as it goes.
type Progress struct {
	Stage       string // "self-play", "fit", "probcut"
	Round       int    // the round of self-play
	Phase       int    // the phase being fitted
	Done, Total int    // games, epochs or positions
	Epoch       *Epoch // the epoch just finished, while fitting
}

// DefaultConfig returns the settings that made the shipped weights of
// game, with dir and out for the working folder and the weights file.
func DefaultConfig(game string) Config {
	c := Config{Game: game, Seed: 1, Rounds: 1, OpeningMin: 2, OpeningMax: 10}
	c.Fit = FitConfig{Epochs: 60, Batch: 1024, Patience: 4, Seed: 1}
	switch game {
	case othello.Name:
		c.Games, c.Depth, c.Exact = 60000, 4, 16
		c.Fit.Rate, c.Fit.L2, c.Fit.Loss = 0.02, 1e-4, Squared
		c.PhaseOverlap = 2
		c.Bootstrap, c.BootstrapGap, c.BootstrapDepth = 0.75, 8, 4
		c.ProbCut, c.ProbCutDepth = 600, 10
	case checkers.Name:
		c.Games, c.Depth, c.MaxPlies = 20000, 6, 300
		c.Fit.Rate, c.Fit.L2, c.Fit.Loss = 0.002, 1e-6, Logistic
		c.Eval, c.Positions, c.LabelDepth, c.ResultWeight = "learned", 100000, 10, 0.2
	}
	return c
}

// defaults fills the zero fields of c with the game's defaults.
func (c *Config) defaults() error {
	d := DefaultConfig(c.Game)
	if d.Games == 0 {
		return fmt.Errorf("learn: no training for %q (othello or checkers)", c.Game)
	}
	set := func(x *int, v int) {
		if *x == 0 {
			*x = v
		}
	}
	set(&c.Games, d.Games)
	set(&c.Rounds, d.Rounds)
	set(&c.Depth, d.Depth)
	set(&c.OpeningMax, d.OpeningMax)
	set(&c.Exact, d.Exact)
	set(&c.MaxPlies, d.MaxPlies)
	set(&c.Workers, max(1, min(runtime.NumCPU(), runtime.GOMAXPROCS(0))))
	set(&c.PhaseOverlap, d.PhaseOverlap)
	set(&c.BootstrapGap, d.BootstrapGap)
	set(&c.BootstrapDepth, d.BootstrapDepth)
	set(&c.ProbCutDepth, d.ProbCutDepth)
	set(&c.Positions, d.Positions)
	set(&c.LabelDepth, d.LabelDepth)
	if c.Eval == "" {
		c.Eval = d.Eval
	}
	if c.LabelEval == "" {
		c.LabelEval = "strong"
	}
	ld := DefaultLabelConfig()
	set(&c.LabelDepth, ld.Depth)
	set(&c.LabelMin, ld.MinEmpties)
	set(&c.LabelMax, ld.MaxEmpties)
	set(&c.LabelExact, c.Exact)
	set(&c.Fit.Epochs, d.Fit.Epochs)
	set(&c.Fit.Batch, d.Fit.Batch)
	set(&c.Fit.Patience, d.Fit.Patience)
	if c.Fit.Rate == 0 {
		c.Fit.Rate = d.Fit.Rate
	}
	if c.Fit.L2 == 0 {
		c.Fit.L2 = d.Fit.L2
	}
	c.Fit.Loss = d.Fit.Loss
	if c.Fit.Seed == 0 {
		c.Fit.Seed = c.Seed
	}
	switch {
	case c.Dir == "" || c.Out == "":
		return errors.New("learn: a working folder and an output file are needed")
	case c.Games < 2 || c.Rounds < 1 || c.Depth < 1 || c.Depth > 20:
		return fmt.Errorf("learn: %d games, %d rounds, depth %d: need at least 2 games, 1 round, depth 1..20", c.Games, c.Rounds, c.Depth)
	case c.OpeningMin < 0 || c.OpeningMax < c.OpeningMin || c.OpeningMax > 40:
		return fmt.Errorf("learn: openings of %d..%d plies: need 0 <= min <= max <= 40", c.OpeningMin, c.OpeningMax)
	case c.Exact < 0 || c.Exact > 24:
		return fmt.Errorf("learn: exact from %d empties: 0..24", c.Exact)
	case c.Game == othello.Name && (c.Bootstrap < 0 || c.Bootstrap > 1 || math.IsNaN(c.Bootstrap) || c.BootstrapGap < 4+2*c.PhaseOverlap):
		return fmt.Errorf("learn: bootstrap weight %v (0..1) with a gap of %d empties (at least %d, so that the later position's search sees fitted phases only)",
			c.Bootstrap, c.BootstrapGap, 4+2*c.PhaseOverlap)
	case c.Game == checkers.Name && c.Eval != "learned" && c.Eval != "tuned" && c.Eval != "pattern":
		return fmt.Errorf("learn: checkers evaluation %q: learned, tuned or pattern", c.Eval)
	case c.Game == checkers.Name && !slices.Contains(eval.Names(checkers.Name), c.LabelEval):
		return fmt.Errorf("learn: label evaluation %q: %s", c.LabelEval, strings.Join(eval.Names(checkers.Name), ", "))
	case c.Game == checkers.Name && (c.LabelDepth < 1 || c.LabelDepth > 30 || c.ResultWeight < 0 || c.ResultWeight > 1 || math.IsNaN(c.ResultWeight)):
		return fmt.Errorf("learn: label depth %d (1..30), result weight %v (0..1)", c.LabelDepth, c.ResultWeight)
	case c.Labels != 0 && c.Game != othello.Name:
		return fmt.Errorf("learn: labels of %s: only Othello's positions are labelled this way (checkers: the tuned evaluation)", c.Game)
	case c.Labels < 0 || c.Labels > MaxGames || (c.Game == othello.Name && c.LabelDepth > 20) || c.LabelMin < 1 || c.LabelMax < c.LabelMin || c.LabelMax > 59:
		return fmt.Errorf("learn: %d labels (0..%d) of depth %d (1..20) at %d..%d empties (1..59)", c.Labels, MaxGames, c.LabelDepth, c.LabelMin, c.LabelMax)
	case c.Labels > 0 && (c.LabelExact < 0 || c.LabelExact > 24):
		return fmt.Errorf("learn: exact labels from %d empties: 0..24", c.LabelExact)
	case c.PriorMix != 0 && c.FineTune == nil:
		return errors.New("learn: the networks' prior is for a fine-tune")
	case c.PriorMix < 0 || c.PriorMix > 1 || math.IsNaN(c.PriorMix):
		return fmt.Errorf("learn: a prior's share of %v: 0..1", c.PriorMix)
	case c.FineTune != nil && c.Labels == 0:
		return errors.New("learn: fine-tuning needs labels")
	case len(c.ExtraLabels) > 0 && c.FineTune == nil:
		return errors.New("learn: labels of other games are fitted by a fine-tune only")
	case c.FineTune != nil && (c.FineTune.Model != eval.OthelloModel || c.FineTune.Phases != eval.OthelloPhases || c.FineTune.Params != eval.OthelloParams()):
		return fmt.Errorf("learn: fine-tuning weights of %s (%d×%d), want %s", c.FineTune.Model, c.FineTune.Phases, c.FineTune.Params, eval.OthelloModel)
	case c.Fit.Rate <= 0 || c.Fit.L2 < 0 || math.IsNaN(c.Fit.Rate) || math.IsNaN(c.Fit.L2):
		return errors.New("learn: the rate must be positive and the L2 penalty not negative")
	}
	return nil
}

// Check reports settings Train would refuse, without running anything.
func Check(c Config) error { return c.defaults() }

// settings names the settings that decide a round's games, for their
// file's header.
func (c *Config) settings(round int) string {
	s := fmt.Sprintf("seed=%d round=%d depth=%d opening=%d-%d", c.Seed, round, c.Depth, c.OpeningMin, c.OpeningMax)
	if c.Game == othello.Name {
		s += fmt.Sprintf(" exact=%d", c.Exact)
	} else {
		s += fmt.Sprintf(" maxplies=%d", c.MaxPlies)
		if c.Oracle != nil {
			s += " oracle"
		}
	}
	return s
}

// Result is what a training run did.
type Result struct {
	Games     int           // self-play games, all rounds
	Positions int           // training positions of the last fit
	Params    int           // fitted parameters, all phases
	Curves    [][]Epoch     // the last fit's loss curve of each phase
	Prior     []Epoch       // the loss curve of the networks' fit (Config.PriorMix)
	SelfPlay  time.Duration // time spent in self-play
	Exact     int           // labels from the oracle (tuned)
	Scale     float64       // points a unit of log-odds is worth (tuned)
	Fitting   time.Duration // time spent fitting
	ProbCut   time.Duration // time spent on the Multi-ProbCut statistics
	Labels    int           // labels made or read (Config.Labels)
	Labelled  int           // training positions whose target is a label
	Labelling time.Duration // time spent labelling
}

// Train runs the training pipeline of cfg.Game: rounds of self-play, a
// fit of the evaluation's weights on their positions, written to cfg.Out,
// and for Othello the Multi-ProbCut statistics beside it. Every stage
// keeps its work in cfg.Dir, so that a run stopped (ctx cancelled) and
// started again with the same settings goes on where it stopped; the same
// settings and seed give the same weights.
func Train(ctx context.Context, cfg Config) (Result, error) {
	if err := cfg.defaults(); err != nil {
		return Result{}, err
	}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return Result{}, err
	}
	switch cfg.Game {
	case othello.Name:
		return trainOthello(ctx, &cfg)
	default:
		if cfg.Eval == "tuned" || cfg.Eval == "pattern" {
			return trainTuned(ctx, &cfg)
		}
		return trainCheckers(ctx, &cfg)
	}
}

func (c *Config) report(p Progress) {
	if c.Progress != nil {
		c.Progress(p)
	}
}

// gamesPath is the file of a round's games.
func (c *Config) gamesPath(round int) string {
	return filepath.Join(c.Dir, fmt.Sprintf("%s-round%d.games.gz", c.Game, round))
}

// selfPlay makes (or reads) the games of one round.
func selfPlay(ctx context.Context, c *Config, round int, newPlayer func() playFunc, res *Result) ([]Record, error) {
	start := time.Now()
	recs, err := generate(ctx, c.gamesPath(round), header(c.Game, c.settings(round)), c.Games, c.Workers, newPlayer,
		func(done, total int) { c.report(Progress{Stage: "self-play", Round: round, Done: done, Total: total}) })
	res.SelfPlay += time.Since(start)
	res.Games += len(recs)
	return recs, err
}

func trainOthello(ctx context.Context, c *Config) (Result, error) {
	var res Result
	var all []Record
	var fitted *eval.Weights
	for round := 1; round <= c.Rounds; round++ {
		ev, _ := eval.Othello("strong")
		if fitted != nil {
			var err error
			if ev, err = eval.OthelloPattern(fitted); err != nil {
				return res, err
			}
		}
		recs, err := selfPlay(ctx, c, round, othelloPlayer(c, ev), &res)
		if err != nil {
			return res, err
		}
		all = append(all, recs...)
		var labels []Record
		if round == c.Rounds && c.Labels > 0 {
			if labels, err = c.labelOthello(ctx, all, &res); err != nil || c.LabelOnly {
				return res, err
			}
		}
		if fitted, err = fitOthello(ctx, c, round, all, labels, &res); err != nil {
			return res, err
		}
	}
	if err := writeAtomic(c.Out, func(w io.Writer) error { _, err := fitted.WriteTo(w); return err }); err != nil {
		return res, err
	}
	if c.ProbCut > 0 {
		start := time.Now()
		stats, err := fitProbCut(ctx, c, all, fitted)
		res.ProbCut = time.Since(start)
		if err != nil {
			return res, err
		}
		if err := writeAtomic(probCutPath(c.Out), stats.write); err != nil {
			return res, err
		}
	}
	return res, nil
}

// fitOthello fits the pattern evaluation's phases on the games, from the
// end of the game backwards, each phase checkpointed in cfg.Dir once
// fitted.
func fitOthello(ctx context.Context, c *Config, round int, recs, labels []Record, res *Result) (*eval.Weights, error) {
	start := time.Now()
	defer func() { res.Fitting += time.Since(start) }()
	samples, err := othelloSamples(recs)
	if err != nil {
		return nil, c.recordAt(err, round)
	}
	if len(c.ExtraLabels) > 0 && c.FineTune != nil && len(labels) > 0 {
		// The extra labels' positions, each a game of its own after the
		// games (for the validation split), and their labels under the
		// run's own.
		extra, err := labelSamples(c.ExtraLabels, len(recs))
		if err != nil {
			return nil, fmt.Errorf("extra labels: %w", err)
		}
		samples = append(samples, extra...)
		labels = append(append([]Record{}, c.ExtraLabels...), labels...)
	}
	res.Positions, res.Params = len(samples), eval.OthelloPhases*eval.OthelloParams()
	res.Curves = make([][]Epoch, eval.OthelloPhases)
	phases := make([][]float32, eval.OthelloPhases)
	tag := fmt.Sprintf("%s %s games=%d overlap=%d bootstrap=%g/%d/%d fit=%s", header(c.Game, c.settings(round)), othello.Name,
		len(recs), c.PhaseOverlap, c.Bootstrap, c.BootstrapGap, c.BootstrapDepth, fitTag(c.Fit))
	targets := make([]float32, len(samples))
	for i, s := range samples {
		targets[i] = float32(s.result)
	}
	// The labelled positions' labels, by sample (NaN: none). A fine-tune
	// learns from labelled positions alone, each once (the openings'
	// positions recur in many games: the same position in a training
	// game and a validation game would hide overfitting).
	fineTune := c.FineTune != nil && len(labels) > 0
	labelled := make([]float32, len(samples))
	if len(labels) > 0 {
		byPos, err := labelTargets(labels)
		if err != nil {
			return nil, err
		}
		seen := map[[2]uint64]bool{}
		n := 0
		for i, s := range samples {
			labelled[i] = float32(math.NaN())
			k := [2]uint64{s.own, s.opp}
			if v, ok := byPos[k]; ok && !(fineTune && seen[k]) {
				seen[k] = true
				labelled[i] = v
				n++
			}
		}
		res.Labelled = n
		tag += fmt.Sprintf(" labels=%d/%d/%d-%d", len(labels), c.LabelDepth, c.LabelMin, c.LabelMax)
		if c.LabelExact != c.Exact {
			tag += fmt.Sprintf(" labelexact=%d", c.LabelExact)
		}
		if n := len(c.ExtraLabels); n > 0 {
			tag += fmt.Sprintf(" extra=%d/%x", n, recordsSum(c.ExtraLabels))
		}
	}
	if fineTune {
		tag += fmt.Sprintf(" finetune=%x", weightsSum(c.FineTune))
	}
	hasLabel := func(i int) bool { return !math.IsNaN(float64(labelled[i])) }
	useLabels := func() {
		for i, v := range labelled {
			if hasLabel(i) {
				targets[i] = v
			}
		}
	}
	var prior [][]float32 // the networks' tables, nil in the phases they did not learn
	if fineTune && c.PriorMix > 0 {
		useLabels()
		var err error
		prior, res.Prior, err = fitOthelloPrior(ctx, c, round, samples, targets, hasLabel, tag+" "+priorTag())
		if err != nil {
			return nil, err
		}
	}
	bootstrap := c.Bootstrap > 0 && !fineTune
	var links []int32
	var values []float32
	needed := make([]bool, len(samples))
	if bootstrap {
		links = bootstrapLinks(samples, c.BootstrapGap)
		values = make([]float32, len(samples))
		for _, j := range links {
			if j >= 0 && samples[j].empties() > c.Exact {
				needed[j] = true
			}
		}
	}
	for p := range phases {
		if bootstrap {
			lo, hi := phaseRange(p, c.PhaseOverlap)
			for i, s := range samples {
				if e := s.empties(); e >= lo && e <= hi {
					targets[i] = float32(s.result)
					if j := links[i]; j >= 0 && needed[j] {
						v := values[j]
						if samples[j].white != s.white {
							v = -v
						}
						targets[i] = float32(c.Bootstrap)*v + float32(1-c.Bootstrap)*float32(s.result)
					}
				}
			}
		}
		if len(labels) > 0 {
			useLabels()
		}
		ckpt := filepath.Join(c.Dir, fmt.Sprintf("othello-round%d-phase%02d.ckpt", round, p))
		if w, curve, err := readCheckpoint(ckpt, tag, eval.OthelloParams()); err == nil {
			phases[p], res.Curves[p] = w, curve
			c.report(Progress{Stage: "fit", Round: round, Phase: p, Done: len(curve), Total: len(curve)})
		} else {
			var keep func(int) bool
			if fineTune {
				keep = hasLabel
				own := false
				for i, s := range samples {
					if e := s.empties(); e >= 4*p+1 && e <= 4*p+4 && keep(i) {
						own = true
						break
					}
				}
				if !own {
					// No labels in the phase's own range: it keeps
					// the weights fine-tuned.
					keep = func(int) bool { return false }
				}
			}
			train, valid := othelloPhaseData(samples, targets, p, c.PhaseOverlap, keep)
			fc := c.Fit
			fc.Seed = c.Fit.Seed + uint64(p)
			fc.Anchor = fineTune
			// Start from the phase fitted before (the next one nearer the
			// end): configurations this phase sees rarely keep about
			// their value there rather than nothing.
			var init []float32
			switch {
			case fineTune:
				for _, v := range c.FineTune.Phase(p) {
					init = append(init, float32(v)/eval.DiscUnit)
				}
			case p > 0:
				init = append(init, phases[p-1]...)
			}
			w, curve, err := fit(ctx, train, valid, eval.OthelloParams(), init, fc, func(e Epoch) {
				c.report(Progress{Stage: "fit", Round: round, Phase: p, Done: e.N, Total: fc.Epochs, Epoch: &e})
			})
			if err != nil {
				return nil, err
			}
			if err := writeCheckpoint(ckpt, tag, w, curve); err != nil {
				return nil, err
			}
			phases[p], res.Curves[p] = w, curve
		}
		if bootstrap && p < len(phases)-1 {
			// The values of this phase's link targets, searched with the
			// phases fitted so far.
			ev, err := eval.OthelloPattern(othelloWeights(phases))
			if err != nil {
				return nil, err
			}
			c.report(Progress{Stage: "bootstrap", Round: round, Phase: p})
			if err := searchValues(ctx, samples, needed, values, p, c.BootstrapDepth, c.Workers, ev); err != nil {
				return nil, err
			}
		}
	}
	for p, t := range prior {
		if t != nil {
			for j := range phases[p] {
				phases[p][j] = float32(c.PriorMix*float64(t[j]) + (1-c.PriorMix)*float64(phases[p][j]))
			}
		}
	}
	return othelloWeights(phases), nil
}

// othelloLabelsPath is the file of the labels of depth-ply searches.
func (c *Config) othelloLabelsPath() string {
	return filepath.Join(c.Dir, fmt.Sprintf("%s-labels-depth%d.labels.gz", c.Game, c.LabelDepth))
}

// labelOthello makes (or reads) the labels of c's positions of the games.
func (c *Config) labelOthello(ctx context.Context, recs []Record, res *Result) ([]Record, error) {
	lc := DefaultLabelConfig()
	lc.Games, lc.Source = recs, fmt.Sprintf("%s-round1..%d", c.Game, c.Rounds)
	lc.Path, lc.N, lc.Depth, lc.Exact = c.othelloLabelsPath(), c.Labels, c.LabelDepth, c.LabelExact
	lc.MinEmpties, lc.MaxEmpties = c.LabelMin, c.LabelMax
	lc.Seed, lc.Workers, lc.Weights = c.Seed, c.Workers, c.FineTune
	lc.Progress = func(done, total int) { c.report(Progress{Stage: "label", Done: done, Total: total}) }
	start := time.Now()
	labels, err := LabelOthello(ctx, lc)
	res.Labelling, res.Labels = time.Since(start), len(labels)
	return labels, err
}

// weightsSum is a checksum of weights, naming them in checkpoints.
func weightsSum(w *eval.Weights) uint64 {
	h := fnv.New64a()
	binary.Write(h, binary.LittleEndian, w.Values)
	return h.Sum64()
}

// recordsSum is a checksum of records, naming them in checkpoints.
func recordsSum(recs []Record) uint64 {
	h := fnv.New64a()
	for _, r := range recs {
		fmt.Fprintf(h, "%s\n", formatRecord(r))
	}
	return h.Sum64()
}

// fitTag names the fit's settings in checkpoints.
func fitTag(f FitConfig) string {
	s := fmt.Sprintf("epochs=%d batch=%d rate=%g l2=%g patience=%d loss=%d seed=%d",
		f.Epochs, f.Batch, f.Rate, f.L2, f.Patience, f.Loss, f.Seed)
	if f.Anchor {
		s += " anchor"
	}
	return s
}

// A checkpoint holds a fitted phase: a tag line naming the settings, the
// parameters (float32) and the loss curve (float64 pairs).
func writeCheckpoint(path, tag string, w []float32, curve []Epoch) error {
	return writeAtomic(path, func(out io.Writer) error {
		b := bufio.NewWriter(out)
		fmt.Fprintf(b, "%s\n%d %d\n", tag, len(w), len(curve))
		for _, x := range w {
			binary.Write(b, binary.LittleEndian, math.Float32bits(x))
		}
		for _, e := range curve {
			binary.Write(b, binary.LittleEndian, math.Float64bits(e.Train))
			binary.Write(b, binary.LittleEndian, math.Float64bits(e.Validation))
		}
		return b.Flush()
	})
}

func readCheckpoint(path, tag string, params int) ([]float32, []Epoch, error) {
	f, err := nowait.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	b := bufio.NewReader(f)
	line, err := b.ReadString('\n')
	if err != nil || line != tag+"\n" {
		return nil, nil, errors.New("checkpoint of other settings")
	}
	var n, epochs int
	if _, err := fmt.Fscanf(b, "%d %d\n", &n, &epochs); err != nil || n != params || epochs < 0 || epochs > 1e6 {
		return nil, nil, errors.New("bad checkpoint")
	}
	w := make([]float32, n)
	var u32 uint32
	for i := range w {
		if err := binary.Read(b, binary.LittleEndian, &u32); err != nil {
			return nil, nil, err
		}
		w[i] = math.Float32frombits(u32)
	}
	curve := make([]Epoch, epochs)
	var u64 [2]uint64
	for i := range curve {
		if err := binary.Read(b, binary.LittleEndian, &u64); err != nil {
			return nil, nil, err
		}
		curve[i] = Epoch{N: i + 1, Train: math.Float64frombits(u64[0]), Validation: math.Float64frombits(u64[1])}
	}
	return w, curve, nil
}

func popcount(b uint64) int { return bits.OnesCount64(b) }
