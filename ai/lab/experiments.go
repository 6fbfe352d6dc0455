package lab

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Experiment describes one of the papers' experiments.
type Experiment struct {
	Name        string // command-line name, such as "checkers-negascout"
	Title       string
	Description string
}

// Experiments lists the experiments RunExperiment runs.
var Experiments = []Experiment{
	{
		Name:  "checkers-negascout",
		Title: "Checkers: negascout vs alpha-beta",
		Description: "Negascout and alpha-beta with the paper's evaluation, without and with greedy " +
			"move ordering, at depths 4, 6 and 8 on five checkers middle-game positions: nodes, time, " +
			"best move and score of each, the share of tests in which negascout searched fewer nodes, " +
			"and whether the scores agree (they must: all compute the minimax value).",
	},
	{
		Name:  "othello-greedy-depth",
		Title: "Othello: greedy vs alpha-beta with greedy ordering, by depth",
		Description: "Alpha-beta with greedy move ordering and the disc-count evaluation plays the greedy " +
			"bot at depths 1 to 6, 40 games per depth (colours alternating, random 4-ply openings): " +
			"wins and the mean final discs of each side per depth.",
	},
	{
		Name:  "adjacency-roundrobin",
		Title: "Adjacency: minimax, simulated annealing and genetic algorithm",
		Description: "A round robin of minimax (depth 2), simulated annealing and the genetic algorithm " +
			"(the papers' defaults, all with the mark-difference objective) at round limits 8, 10, 12 " +
			"and 28, 20 games per pairing: wins, draws and losses of each bot per limit.",
	},
	{
		Name:  "othello-positional",
		Title: "Othello: the positional table against greedy and random",
		Description: "Alpha-beta at depth 4 with the paper's positional table (corners 5, edges 3, " +
			"inner squares 1) against the greedy bot and the random bot, 50 games each: wins, draws, " +
			"losses and mean final discs.",
	},
}

// ExperimentOptions tune a run of an experiment; the zero value is the
// default run.
type ExperimentOptions struct {
	// Quick makes a small run (fewer positions, depths or games), for
	// tests and demonstrations.
	Quick bool
	// Games overrides the number of games per match of the experiments
	// that play games (0 = the experiment's default).
	Games int
	// Parallel is the number of games played at once (0 = all CPUs).
	Parallel int
	// Seed seeds the openings and the bots (0 is a fine seed).
	Seed uint64
}

// Table is an experiment's result: a table of text cells for printing and
// CSV, numeric series for charts and a few notes (summaries, checks).
type Table struct {
	Name    string
	Title   string
	Columns []string
	Rows    [][]string
	// Series are the chart's lines or bar groups: Y against X, one series
	// per bot or algorithm; XLabel and YLabel name the axes.
	Series         []Series
	XLabel, YLabel string
	Notes          []string
	Seconds        float64 // how long the run took
}

// Series is one line of a chart.
type Series struct {
	Name string
	X, Y []float64
}

// RunExperiment runs the experiment called name with the default options.
// progress, if not nil, is called with (done, total) steps as it goes.
func RunExperiment(ctx context.Context, name string, progress func(done, total int)) (Table, error) {
	return RunExperimentWith(ctx, name, ExperimentOptions{}, progress)
}

// RunExperimentWith runs the experiment called name with opt. A cancelled
// ctx stops it with ctx.Err() and the table of what had finished: the rows
// so far (a match cut short has a row of its finished games), maybe none.
func RunExperimentWith(ctx context.Context, name string, opt ExperimentOptions, progress func(done, total int)) (Table, error) {
	if opt.Games < 0 || opt.Parallel < 0 {
		return Table{}, fmt.Errorf("lab: games and parallel must not be negative")
	}
	run, ok := experimentRuns[name]
	if !ok {
		return Table{}, fmt.Errorf("lab: unknown experiment %q (choose %s)", name, ExperimentNames())
	}
	if progress == nil {
		progress = func(int, int) {}
	}
	start := time.Now()
	t, err := run(ctx, opt, progress)
	if err != nil && ctx.Err() == nil {
		return Table{}, err
	}
	t.Name = name
	for _, e := range Experiments {
		if e.Name == name {
			t.Title = e.Title
		}
	}
	t.Seconds = time.Since(start).Seconds()
	return t, err
}

// cancelled reports whether err is a cancellation, after which an
// experiment returns the rows it has (a match cut short gives a row of its
// finished games).
func cancelled(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// ExperimentNames returns the experiment names separated by "|".
func ExperimentNames() string {
	n := make([]string, len(Experiments))
	for i, e := range Experiments {
		n[i] = e.Name
	}
	return strings.Join(n, "|")
}

var experimentRuns = map[string]func(context.Context, ExperimentOptions, func(int, int)) (Table, error){
	"checkers-negascout":   checkersNegascout,
	"othello-greedy-depth": othelloGreedyDepth,
	"adjacency-roundrobin": adjacencyRoundRobin,
	"othello-positional":   othelloPositional,
}

// stepper counts the steps of an experiment made of several runs, each
// with its own (done, total) progress.
type stepper struct {
	base, total int
	progress    func(int, int)
}

// next returns the progress function of the next run, of n steps; the
// runs go one after the other.
func (s *stepper) next(n int) func(int, int) {
	base := s.base
	s.base += n
	return func(done, _ int) { s.progress(base+done, s.total) }
}

func itoa(n int) string   { return strconv.Itoa(n) }
func u64(n uint64) string { return strconv.FormatUint(n, 10) }
func f1(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }
func f2(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }
func pct(part, whole int) string {
	return fmt.Sprintf("%.0f%%", 100*float64(part)/float64(max(whole, 1)))
}

// games returns the games per match: opt.Games, else quick or normal.
func (o ExperimentOptions) games(normal, quick int) int {
	switch {
	case o.Games > 0:
		return o.Games
	case o.Quick:
		return quick
	}
	return normal
}
