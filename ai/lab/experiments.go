package lab

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"boardgames/ai/stats"
)

// Experiment describes one of the papers' experiments.
type Experiment struct {
	Name        string // command-line name, such as "checkers-negascout"
	Paper       string // the paper it reproduces, "000" to "004" (../shared/PAPERS.md)
	Title       string
	Description string
}

// Experiments lists the experiments RunExperiment runs, in paper order.
// Each runs the paper's bots with the paper's setup, prints the paper's
// published figures beside ours (Table.Comparisons) and adds many-game
// versions where the paper played one game or a few.
var Experiments = []Experiment{
	{
		Name: "othello-positional", Paper: "000",
		Title: text("Paper 000: Othello, alpha-beta to depth 4 on a positional table"),
		Description: text("The paper's bot (paper000) under the paper's rules (White first, the game ends when the side to " +
			"move cannot move). The paper played 3 games against its author and 3 against an online program; " +
			"here a greedy bot stands in for the beginner and Monte-Carlo tree search for the other program, " +
			"in the paper's colours, then many games against greedy, random and MCTS with colours alternating."),
	},
	{
		Name: "checkers-negascout", Paper: "001",
		Title: text("Paper 001: checkers, NegaScout against alpha-beta"),
		Description: text("The paper's two bots (paper001-negascout and paper001-alphabeta) on five middle-game positions " +
			"at depths 4, 6 and 8, each search run 3 times: nodes, time of each run, solution path (move numbers " +
			"as the paper writes them, P.1.2.1.1) and value, with the paper's node counts beside ours."),
	},
	{
		Name: "adjacency-roundrobin", Paper: "002",
		Title: text("Paper 002: Adjacency, minimax, simulated annealing and genetic algorithm"),
		Description: text("The paper's three bots (paper002-minimax, -annealing, -genetic) in the pairings, colours and " +
			"round limits the paper reports, one game each as in the paper, then many games per pairing and " +
			"limit with colours alternating: final marks, wins, draws and losses, and the paper's ranking."),
	},
	{
		Name: "connect4-minimax", Paper: "003",
		Title: text("Paper 003: Connect Four, minimax to depth 6"),
		Description: text("The paper's bot (paper003): the nodes of a search without alpha-beta (the paper's 7^6 worst " +
			"case), how often each column is chosen among equal ones over many seeds, and games against random " +
			"and greedy play and against our engine."),
	},
	{
		Name: "othello-greedy-depth", Paper: "004",
		Title: text("Paper 004: Othello, greedy against alpha-beta with greedy ordering, depths 1 to 9"),
		Description: text("The paper's two bots (paper004-greedy and paper004-alphabeta) in the paper's 54 games: depths " +
			"1 to 9, 6 games each from the start position, colours alternating; mean final discs of each side " +
			"and time per move, then many games per depth."),
	},
}

// Comparison sets one of a paper's published results beside ours.
type Comparison struct {
	What  string // what is compared, such as "minimax vs annealing, 8 rounds"
	Paper string // the paper's figure as published
	Ours  string // ours, from this run, with its 95 % interval
	// Agree is Agrees, Differs, CannotTell, NoEvidence or NotComparable
	// (see Verdict); Games is the number of games (positions, draws) it
	// rests on; Why says which test decided, why the figures cannot be
	// compared, or what explains a difference.
	Agree string
	Games int
	// P and Null are, for NoEvidence, the p-value of the test that did
	// not reject and what it tested, worded ("a uniform choice").
	P    float64
	Null string
	// Unit is what Games counts: UnitGames (""), UnitPositions or
	// UnitSeeds.
	Unit string
	Why  string
}

// The values of Comparison.Unit.
const (
	UnitGames     = ""
	UnitPositions = "positions"
	UnitSeeds     = "seeds"
)

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
	// Words words the table's texts (nil: English).
	Words Words
}

// Table is an experiment's result: a table of text cells for printing and
// CSV, numeric series for charts, the paper's figures beside ours and a
// few notes (summaries, checks).
type Table struct {
	Name    string
	Paper   string // "000" to "004"
	Title   string
	Columns []string
	Rows    [][]string
	// Comparisons set the paper's published results beside ours.
	Comparisons []Comparison
	// Series are the chart's lines or bar groups: Y against X, one series
	// per bot or algorithm; XLabel and YLabel name the axes.
	Series         []Series
	XLabel, YLabel string
	Notes          []string
	Seconds        float64 // how long the run took
	// Partial: the run was cancelled; the rows are those that finished
	// (a match cut short has a row of its finished games).
	Partial bool
}

// Series is one line of a chart: Y against X, and where it has them the
// ends of each point's 95 % interval (Low and High, as long as Y).
type Series struct {
	Name      string
	X, Y      []float64
	Low, High []float64
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
			t.Title, t.Paper = e.In(opt.Words).Title, e.Paper
		}
	}
	t.Seconds = time.Since(start).Seconds()
	if err != nil {
		t.Partial = true
	}
	return t, err
}

// stopped returns what an experiment has when err stops it: its table so
// far after a cancellation, nothing after another error.
func stopped(t Table, err error) (Table, error) {
	if cancelled(err) {
		return t, err
	}
	return Table{}, err
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
	"othello-positional":   othelloPositional,
	"checkers-negascout":   checkersNegascout,
	"adjacency-roundrobin": adjacencyRoundRobin,
	"connect4-minimax":     connect4Minimax,
	"othello-greedy-depth": othelloGreedyDepth,
}

// stepper counts the steps of an experiment made of several runs, each
// with its own (done, total) progress. A step weighs what it is expected
// to cost (a deep search or a long game more than a shallow one), so
// that the progress the experiment reports runs about in step with time,
// and an estimate of the time left from the time so far holds. The
// experiment's progress counts stepGrain units a step, so that a run of
// games (movesW) advances with every move, not only when a game ends: a
// long first game (paper 002's minimax plays for minutes) moves the
// progress, and gives an estimate, before it ends.
type stepper struct {
	base, total int
	progress    func(int, int)
}

// stepGrain is the progress units of a step of weight 1.
const stepGrain = 100

// next returns the progress function of the next run, of n steps of
// weight 1; the runs go one after the other.
func (s *stepper) next(n int) func(int, int) { return s.nextW(n, 1) }

// nextW returns the progress function of the next run, of n steps each
// of weight w.
func (s *stepper) nextW(n, w int) func(int, int) {
	base := s.base
	s.base += n * w
	return func(done, _ int) { s.progress((base+done*w)*stepGrain, s.total*stepGrain) }
}

// movesW returns the per-move progress (ArenaConfig.OnMove) of the next
// run, n games each of weight w: a game under way counts for the share of
// it played.
func (s *stepper) movesW(n, w int) func(Progress) {
	base := s.base
	s.base += n * w
	return func(p Progress) {
		// Played can fall a rounding error short of the games done.
		done := min(max(int(p.Played*float64(w*stepGrain)), p.Done*w*stepGrain), n*w*stepGrain)
		s.progress(base*stepGrain+done, s.total*stepGrain)
	}
}

func itoa(n int) string   { return strconv.Itoa(n) }
func u64(n uint64) string { return strconv.FormatUint(n, 10) }
func pct(part, whole int) string {
	return stats.Decimal(100*float64(part)/float64(max(whole, 1)), 0) + "%"
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
