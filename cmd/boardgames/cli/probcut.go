package cli

import (
	"context"
	"errors"
	"fmt"
	"time"

	"boardgames/ai/learn"
	"boardgames/rules/checkers"
	"boardgames/rules/othello"
)

func init() {
	commands["probcut"] = command{"measure the checkers engine's Multi-ProbCut statistics (the shipped ones come from it)", staged(prepareProbCut)}
}

func prepareProbCut(e *env, args []string) (func() error, error) {
	d := learn.DefaultCheckersProbCut()
	fs := e.newFlags("probcut", "-game checkers [-eval strong|tuned] [-dir DIR] [-out FILE] [-seed S] [-games N] [-depth D] [-positions P] [-search-depth S]\n\n"+
		"Plays self-play games (the engine with strong), keeps one position of each, searches the\n"+
		"positions ever deeper with the engine and the evaluation -eval, and writes how well each depth's value is foretold by a\n"+
		"search half as deep: the statistics with which the engine's Multi-ProbCut prunes. Othello's\n"+
		"come from `train -game othello`, with its learned weights.")
	game := fs.String("game", "", "checkers")
	evalName := fs.String("eval", "strong", "the evaluation measured: strong or tuned")
	dir := fs.String("dir", "", "working folder: the self-play games, kept so that a run started again resumes (default learn-checkers-probcut)")
	out := fs.String("out", "checkers.probcut", "the statistics file to write")
	seed := fs.Uint64("seed", d.Seed, "random seed: the same seed and settings give the same file")
	gamesN := fs.Int("games", d.Games, "self-play games, one position of each")
	depth := fs.Int("depth", d.Depth, "the engine's depth in the self-play games")
	positions := fs.Int("positions", d.ProbCut, "positions searched")
	searchDepth := fs.Int("search-depth", d.ProbCutDepth, "the deepest search of each position")
	workers := fs.Int("parallel", 0, "games and searches at once (default: one per core)")
	nice := fs.Int("nice", 10, "lower the run's priority by this much (0..19), so other work goes first")
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	switch *game {
	case checkers.Name:
	case othello.Name:
		return nil, badInputf("Othello's statistics come with its learned weights: train -game othello")
	default:
		return nil, badInputf("-game must be checkers, not %q", *game)
	}
	if *nice < 0 || *nice > 19 {
		return nil, badInputf("-nice must be 0..19, not %d", *nice)
	}
	cfg := d
	cfg.Dir, cfg.Out, cfg.Seed, cfg.Eval = *dir, *out, *seed, *evalName
	if cfg.Dir == "" {
		cfg.Dir = "learn-checkers-probcut"
	}
	for _, f := range []struct {
		dst *int
		v   int
	}{{&cfg.Games, *gamesN}, {&cfg.Depth, *depth}, {&cfg.ProbCut, *positions}, {&cfg.ProbCutDepth, *searchDepth}, {&cfg.Workers, *workers}} {
		if f.v < 0 {
			return nil, badInputf("negative settings make no sense: %d", f.v)
		}
		*f.dst = f.v
	}
	if cfg.Seed == 0 || cfg.Games == 0 || cfg.Depth == 0 {
		return nil, badInputf("-seed, -games and -depth must be positive")
	}
	if err := learn.CheckCheckersProbCut(cfg); err != nil {
		return nil, badInput(err)
	}
	if err := checkRegular(cfg.Out, "the statistics are written to a file beside it and renamed over it"); err != nil {
		return nil, err
	}
	return func() error {
		if *nice > 0 {
			if err := lowerPriority(*nice); err != nil {
				fmt.Fprintf(e.stderr, "note: the priority stays as it was: %v\n", err)
			}
		}
		show, done := e.trainProgress()
		cfg.Progress = show
		start := time.Now()
		res, err := learn.CheckersProbCut(e.ctx, cfg)
		done()
		if errors.Is(err, context.Canceled) && e.ctx.Err() != nil {
			return interrupted(fmt.Sprintf("run the same command again to go on from %s", cfg.Dir))
		}
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "checkers: %d self-play games, %d positions searched to depth %d\n", res.Games, res.Positions, cfg.ProbCutDepth)
		fmt.Fprintf(e.stdout, "time: self-play %s, searches %s, total %s\n",
			res.SelfPlay.Round(time.Second), res.ProbCut.Round(time.Second), time.Since(start).Round(time.Second))
		fmt.Fprintf(e.stdout, "wrote %s\n", cfg.Out)
		return nil
	}, nil
}
