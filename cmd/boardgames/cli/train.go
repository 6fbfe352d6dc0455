package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"boardgames/ai/bots"
	"boardgames/ai/eval"
	"boardgames/ai/learn"
	"boardgames/ai/solve/egdb"
	"boardgames/internal/nowait"
	"boardgames/rules"
	"boardgames/rules/checkers"
	"boardgames/rules/othello"
)

func init() {
	commands["train"] = command{"fit a learned evaluation on self-play games (the shipped weights come from it)", staged(prepareTrain)}
}

func prepareTrain(e *env, args []string) (func() error, error) {
	fs := e.newFlags("train", "-game othello|checkers [-dir DIR] [-out FILE] [-seed S] [-games N] [-rounds R] [-depth D] ...")
	game := fs.String("game", "", "othello or checkers")
	dir := fs.String("dir", "", "working folder: self-play games, checkpoints (default learn-GAME); a run started again with the same settings resumes there")
	out := fs.String("out", "", "the weights file to write (default GAME.weights); Othello's Multi-ProbCut statistics go beside it (GAME.probcut)")
	seed := fs.Uint64("seed", 0, "random seed: the same seed and settings give the same weights (default 1)")
	gamesN := fs.Int("games", 0, "self-play games per round (default: the shipped weights' number)")
	rounds := fs.Int("rounds", 0, "rounds of self-play, each with the weights of the round before (default 1)")
	depth := fs.Int("depth", 0, "the engine's depth in self-play games")
	useDB := fs.Bool("egdb", false, "checkers: end each self-play game at its first position the endgame databases know, with their result (build them first: egdb build); with -eval tuned, label the positions they know exactly instead")
	evalName := fs.String("eval", "", "checkers: the evaluation fitted, learned (from game results, the default), tuned or pattern (from deeper searches and the databases)")
	positions := fs.Int("positions", 0, "checkers -eval tuned: positions labelled and fitted on (default 100000)")
	labelDepth := fs.Int("label-depth", 0, "the depth of the labelling searches: checkers -eval tuned (default 10), othello -labels (default 8)")
	labelEval := fs.String("label-eval", "", "checkers -eval tuned or pattern: the evaluation of the labelling searches (default strong)")
	resultWeight := fs.Float64("result-weight", -1, "checkers -eval tuned: the share (0..1) of the game's result in a searched position's target (default 0.2)")
	openMin := fs.Int("opening-min", -1, "fewest random plies that start a self-play game (default 2)")
	openMax := fs.Int("opening-max", 0, "most random plies that start a self-play game (default 10)")
	exact := fs.Int("exact", 0, "othello: empty squares from which self-play games are played by the exact solver (default 16)")
	maxPlies := fs.Int("maxplies", 0, "checkers: plies after which a self-play game is a draw (default 300)")
	workers := fs.Int("parallel", 0, "games played at once (default: one per core)")
	epochs := fs.Int("epochs", 0, "most passes over the positions in each fit")
	batch := fs.Int("batch", 0, "positions per step of the fit")
	rate := fs.Float64("rate", 0, "Adam's step size")
	l2 := fs.Float64("l2", 0, "L2 penalty on the weights")
	patience := fs.Int("patience", 0, "stop a fit after this many epochs without a better validation loss")
	bootstrap := fs.Float64("bootstrap", -1, "othello: the weight (0..1) of the later position's search value in a position's target, against the game's final margin (default 0.75)")
	bootstrapDepth := fs.Int("bootstrap-depth", 0, "othello: the depth of the later positions' searches (default 4)")
	probcut := fs.Int("probcut", -1, "othello: positions whose searches the Multi-ProbCut statistics are fitted on (0: none)")
	probcutDepth := fs.Int("probcut-depth", 0, "othello: the deepest search of the Multi-ProbCut fit (default 10)")
	labels := fs.Int("labels", 0, "othello: positions of the games to label by deeper searches before the fit, which then takes their labels as targets (0: none); made in -dir, resumable")
	labelEmpties := fs.String("label-empties", "", "othello: MIN-MAX, the empty squares of the labelled positions (default 17-54)")
	labelOnly := fs.Bool("label-only", false, "othello: stop once the labels are made, without fitting")
	labelExact := fs.Int("label-exact", 0, "othello: empty squares from which the labels are exact solves instead of searches (default -exact's)")
	extraLabels := fs.String("extra-labels", "", "othello: FILE[,FILE...], labels files made before (of other games) that the fine-tune fits with the run's own labels (needs -finetune)")
	priorMix := fs.Float64("prior-mix", 0, "othello, with -finetune: also fit a small network a pattern kind to the labels and blend its tables into the fine-tuned ones, this share (0..1) theirs")
	fineTune := fs.String("finetune", "", "othello: a weights file (such as assets/weights/othello.weights) whose phases the fit starts from, learning from the labelled positions alone (needs -labels)")
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	if *game != othello.Name && *game != checkers.Name {
		return nil, badInputf("-game must be othello or checkers, not %q", *game)
	}
	cfg := learn.DefaultConfig(*game)
	cfg.Dir, cfg.Out = *dir, *out
	if cfg.Dir == "" {
		cfg.Dir = "learn-" + *game
	}
	if cfg.Out == "" {
		cfg.Out = *game + ".weights"
	}
	if *seed != 0 {
		cfg.Seed, cfg.Fit.Seed = *seed, *seed
	}
	for _, f := range []struct {
		dst *int
		v   int
	}{{&cfg.Games, *gamesN}, {&cfg.Rounds, *rounds}, {&cfg.Depth, *depth}, {&cfg.OpeningMax, *openMax},
		{&cfg.Exact, *exact}, {&cfg.MaxPlies, *maxPlies}, {&cfg.Workers, *workers}, {&cfg.Fit.Epochs, *epochs},
		{&cfg.Fit.Batch, *batch}, {&cfg.Fit.Patience, *patience}, {&cfg.ProbCutDepth, *probcutDepth},
		{&cfg.BootstrapDepth, *bootstrapDepth}, {&cfg.Positions, *positions}, {&cfg.Labels, *labels},
		{&cfg.LabelDepth, *labelDepth}, {&cfg.LabelExact, *labelExact}} {
		if f.v < 0 {
			return nil, badInputf("negative settings make no sense: %d", f.v)
		}
		if f.v > 0 {
			*f.dst = f.v
		}
	}
	if cfg.Games > learn.MaxGames {
		return nil, badInputf("-games %d is more than the %d games a round may have", cfg.Games, learn.MaxGames)
	}
	if *labelEmpties != "" {
		lo, hi, ok := strings.Cut(*labelEmpties, "-")
		a, err1 := strconv.Atoi(lo)
		b, err2 := strconv.Atoi(hi)
		if !ok || err1 != nil || err2 != nil {
			return nil, badInputf("-label-empties %q: want MIN-MAX, such as 17-54", *labelEmpties)
		}
		cfg.LabelMin, cfg.LabelMax = a, b
	}
	if (*labels > 0 || *labelOnly || *labelEmpties != "" || *labelExact != 0) && *game != othello.Name {
		return nil, badInputf("-labels, -label-empties, -label-exact and -label-only are for othello")
	}
	if *labelOnly && *labels == 0 {
		return nil, badInputf("-label-only needs -labels N")
	}
	cfg.LabelOnly = *labelOnly
	if *fineTune != "" {
		if *game != othello.Name || *labels == 0 {
			return nil, badInputf("-finetune is for othello, with -labels N")
		}
		f, err := nowait.Open(*fineTune)
		if err != nil {
			return nil, badInputf("-finetune: %v", err)
		}
		w, err := eval.ReadWeights(f)
		f.Close()
		if err != nil {
			return nil, badInputf("-finetune %s: %v", *fineTune, err)
		}
		cfg.FineTune = w
	}
	if *priorMix != 0 && cfg.FineTune == nil {
		return nil, badInputf("-prior-mix is for a fine-tune (-finetune FILE)")
	}
	cfg.PriorMix = *priorMix
	if *extraLabels != "" {
		if cfg.FineTune == nil {
			return nil, badInputf("-extra-labels is for a fine-tune (-finetune FILE)")
		}
		for _, path := range strings.Split(*extraLabels, ",") {
			_, recs, err := learn.ReadLabels(path)
			if err != nil {
				return nil, badInputf("-extra-labels: %v", err)
			}
			cfg.ExtraLabels = append(cfg.ExtraLabels, recs...)
		}
	}
	if *openMin >= 0 {
		cfg.OpeningMin = *openMin
	}
	if *bootstrap >= 0 {
		cfg.Bootstrap = *bootstrap
	}
	if *probcut >= 0 {
		cfg.ProbCut = *probcut
	}
	if *evalName != "" {
		if *game != checkers.Name {
			return nil, badInputf("-eval is for checkers")
		}
		cfg.Eval = *evalName
	}
	if *labelEval != "" {
		if *game != checkers.Name {
			return nil, badInputf("-label-eval is for checkers")
		}
		cfg.LabelEval = *labelEval
	}
	if *resultWeight >= 0 {
		cfg.ResultWeight = *resultWeight
	}
	if *rate > 0 {
		cfg.Fit.Rate = *rate
	}
	if *l2 > 0 {
		cfg.Fit.L2 = *l2
	}
	if *rate < 0 || *l2 < 0 {
		return nil, badInputf("-rate and -l2 must not be negative")
	}
	if cfg.Games > 10_000_000 || cfg.Rounds > 20 || cfg.Fit.Epochs > 100_000 {
		return nil, badInputf("at most 10000000 games, 20 rounds and 100000 epochs")
	}
	if err := learn.Check(cfg); err != nil {
		return nil, badInput(err)
	}
	if err := checkRegular(cfg.Out, "weights are written to a file beside it and renamed over it"); err != nil {
		return nil, err
	}
	if *useDB {
		if *game != checkers.Name {
			return nil, badInputf("-egdb is for checkers")
		}
		db, err := bots.CheckersDB()
		if err != nil {
			return nil, badInput(err)
		}
		cfg.Oracle = databaseOracle(db)
	}
	return func() error {
		show, done := e.trainProgress()
		cfg.Progress = show
		start := time.Now()
		res, err := learn.Train(e.ctx, cfg)
		done()
		if errors.Is(err, context.Canceled) && e.ctx.Err() != nil {
			return interrupted(fmt.Sprintf("run the same command again to go on from %s", cfg.Dir))
		}
		if err != nil {
			return err
		}
		if cfg.Labels > 0 {
			depth := cfg.LabelDepth
			if depth == 0 {
				depth = learn.DefaultLabelConfig().Depth
			}
			fmt.Fprintf(e.stdout, "labels: %d (depth %d), %d training positions labelled, labelling %s\n",
				res.Labels, depth, res.Labelled, res.Labelling.Round(time.Second))
		}
		if cfg.LabelOnly {
			return nil
		}
		fmt.Fprintf(e.stdout, "%s: %d self-play games, %d positions, %d weights in %d phases\n",
			cfg.Game, res.Games, res.Positions, res.Params, len(res.Curves))
		if cfg.Game == checkers.Name && (cfg.Eval == "tuned" || cfg.Eval == "pattern") {
			fmt.Fprintf(e.stdout, "labels: %d searched at depth %d, %d exact; scale %g points a unit of log-odds\n",
				res.Positions-res.Exact, cfg.LabelDepth, res.Exact, res.Scale)
		}
		fmt.Fprintf(e.stdout, "time: self-play %s, labels %s, fit %s, probcut %s, total %s\n",
			res.SelfPlay.Round(time.Second), res.Labelling.Round(time.Second), res.Fitting.Round(time.Second),
			res.ProbCut.Round(time.Second), time.Since(start).Round(time.Second))
		fmt.Fprintln(e.stdout, "loss by phase (training, validation): first epoch -> best epoch")
		for p, curve := range res.Curves {
			if len(curve) == 0 {
				continue
			}
			best := bestEpoch(curve)
			fmt.Fprintf(e.stdout, "  phase %2d: %.4f %.4f -> %.4f %.4f (epoch %d of %d)\n", p,
				curve[0].Train, curve[0].Validation, best.Train, best.Validation, best.N, len(curve))
		}
		if c := res.Prior; len(c) > 0 {
			best := bestEpoch(c)
			fmt.Fprintf(e.stdout, "  networks: %.4f %.4f -> %.4f %.4f (pass %d of %d), blended %g\n",
				c[0].Train, c[0].Validation, best.Train, best.Validation, best.N, len(c), cfg.PriorMix)
		}
		fmt.Fprintf(e.stdout, "wrote %s\n", cfg.Out)
		return nil
	}, nil
}

// trainProgress shows Train's progress on stderr: one line rewritten in
// place on a terminal, else (a log) a line at each stage and phase, and
// every 30 seconds in between.
func (e *env) trainProgress() (func(learn.Progress), func()) {
	f, _ := e.stderr.(*os.File)
	term := false
	if f != nil {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			term = true
		}
	}
	start := time.Now()
	var last time.Time
	lastKey := ""
	shown := false
	progress := func(p learn.Progress) {
		key := fmt.Sprintf("%s %d %d", p.Stage, p.Round, p.Phase)
		now := time.Now()
		finished := p.Done == p.Total
		var wait time.Duration
		switch {
		case term:
			wait = 100 * time.Millisecond
		case key != lastKey || finished:
			wait = 0
		default:
			wait = 30 * time.Second
		}
		if now.Sub(last) < wait && !(term && finished) {
			return
		}
		last, lastKey = now, key
		var b strings.Builder
		switch p.Stage {
		case "self-play":
			fmt.Fprintf(&b, "self-play round %d: %d of %d games", p.Round, p.Done, p.Total)
		case "fit", "prior":
			if p.Stage == "fit" {
				fmt.Fprintf(&b, "fit round %d, phase %d: epoch %d of at most %d", p.Round, p.Phase, p.Done, p.Total)
			} else {
				fmt.Fprintf(&b, "networks round %d: pass %d of at most %d", p.Round, p.Done, p.Total)
			}
			if p.Epoch != nil {
				fmt.Fprintf(&b, ", loss %.4f, validation %.4f", p.Epoch.Train, p.Epoch.Validation)
			}
		case "bootstrap":
			fmt.Fprintf(&b, "bootstrap round %d, phase %d: searching the later positions", p.Round, p.Phase)
		default:
			fmt.Fprintf(&b, "%s: %d of %d positions", p.Stage, p.Done, p.Total)
		}
		if p.Total > 0 {
			fmt.Fprintf(&b, " (%.1f%%)", 100*float64(p.Done)/float64(p.Total))
		}
		fmt.Fprintf(&b, " %s", time.Since(start).Round(time.Second))
		if term {
			fmt.Fprintf(f, "\r\033[K%s", b.String())
			shown = true
		} else {
			fmt.Fprintln(e.stderr, b.String())
		}
	}
	return progress, func() {
		if shown {
			fmt.Fprint(f, "\r\033[K")
		}
	}
}

// databaseOracle gives the self-play games of checkers the endgame
// databases' results, from Black's view, where they hold under the draw
// rule (a draw always does).
func databaseOracle(db *egdb.DB) learn.CheckersOracle {
	return func(p checkers.Position) (int, bool) {
		r, ok := db.Probe(p)
		if !ok || !r.Holds(p.QuietPlies(), p.DrawPlies()) {
			return 0, false
		}
		v := 0
		switch r.Value {
		case egdb.Win:
			v = 1
		case egdb.Loss:
			v = -1
		}
		if p.ToMove() == rules.White {
			v = -v
		}
		return v, true
	}
}

// bestEpoch is the epoch of curve (not empty) with the lowest validation
// loss, the first of equals.
func bestEpoch(curve []learn.Epoch) learn.Epoch {
	best := curve[0]
	for _, ep := range curve {
		if ep.Validation < best.Validation {
			best = ep
		}
	}
	return best
}
