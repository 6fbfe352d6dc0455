package ai

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"time"

	"boardgames/ai/engine"
	"boardgames/ai/internal/search"
	"boardgames/rules"
)

// Params tunes a search. The zero value of every field means the
// algorithm's default, given in the field's comment.
type Params struct {
	// Depth limits the search in plies. 0 means the default: 4 for
	// minimax, alphabeta and negascout (with Time set: deepen until the
	// time runs out), unlimited for the engine (which then needs Time or a
	// context deadline), 1 for annealing's shallow search, a plan of 3
	// moves for genetic. At most 100.
	Depth int
	// Time is the time budget (0 = none). The context's deadline is obeyed
	// too. With Time set, minimax, alphabeta and negascout deepen
	// iteratively and return the last completed depth's move.
	Time time.Duration
	// Seed seeds all randomness (math/rand/v2): the same seed gives the
	// same move.
	Seed uint64
	// Ordering makes alphabeta and negascout try the moves with the
	// greatest immediate gain first (greedy move ordering).
	Ordering bool
	// Iterations bounds mcts simulations (default 10000, or unbounded when
	// Time is set) and annealing steps (default: as many as it takes to
	// cool from T0 to T1). At most MaxIterations, and annealing's cooling
	// may not take more steps than that either.
	Iterations int
	// Exploration is the UCT constant of mcts (default √2).
	Exploration float64
	// Playout is the mcts playout policy: "random" (default) or "greedy".
	Playout string
	// T0 and T1 are annealing's initial and final temperatures (defaults
	// 10 and 0.01) and Cooling the factor T is multiplied by each step
	// (default 0.95, must be below 1).
	T0, T1, Cooling float64
	// Population (default 30, at least 2), Generations (default 30) and
	// Mutation (per-gene probability, default 0.1) tune genetic; population
	// times generations is at most MaxEvaluations.
	Population, Generations int
	Mutation                float64
	// TTMiB is the engine's transposition table size in MiB (default 16,
	// at most 1024). The table is allocated once per search (and recycled
	// by the next search of the same size) and shared by all its threads.
	TTMiB int
	// Table, if set, is the engine's transposition table kept between
	// searches (ai/engine/table.go): a bot gives the searches of its moves in one
	// game the same Table, and each starts with what the last ones
	// found. Its deeper results then give cut-offs too, so the value at a
	// fixed depth is no longer exactly the negamax value. Other
	// algorithms ignore it.
	Table *Table
	// Threads is the number of threads of the engine's search (0 or 1 =
	// one, the default, deterministic; at most 4 × runtime.NumCPU()).
	// With more, the engine runs a Lazy SMP search (ai/engine/smp.go): helper
	// threads search the same root on the shared transposition table and
	// the main thread answers. The value at a fixed depth is the same, but
	// node counts (Info's counters add up all threads) and the choice
	// among equally good moves vary from run to run, and the evaluator is
	// called from several goroutines at once (a pure function of the
	// position, as all of ours are, is safe). More threads than free
	// cores slow the search down. Other algorithms ignore it.
	Threads int
	// NoQuiescence makes the engine score the positions at its horizon as
	// they stand, captures due or not (see ai/engine/quiesce.go): the engine as it
	// was before quiescence, kept as a reference.
	NoQuiescence bool
	// WholeIterations makes the engine answer from its last completed
	// iteration only, start none after half its time and stop at its
	// deadline, as it did before version 2 (the strength bench's
	// reference). Otherwise a cut iteration's answer counts where it is
	// better (ai/engine/partial.go), iterations start until 60% of the time and the
	// search stops at 90% of it.
	WholeIterations bool
	// NoNewCutoffs turns off the engine's enhanced transposition and
	// stability cut-offs (ai/engine/etc.go, stability.go), for the
	// strength bench's reference, which had neither. They keep the value
	// at a fixed depth; only the tree searched changes.
	NoNewCutoffs bool
	// Reductions makes the engine search late moves less deeply (late move
	// reductions, ai/engine/reduce.go): deeper in the same time, but its value at a
	// fixed depth is no longer the negamax value.
	Reductions bool
	// Oracle, if set, is an Oracle[S] of the game searched (an endgame
	// database), which the engine asks at every node below the root; the
	// other algorithms ignore it. Search refuses one of another game.
	Oracle any
	// Past, if not nil, is the game before the position searched: the
	// hashes of its positions, oldest first (rules.History's, without the
	// current one; empty when the game starts at the root). The engine
	// then scores a position that repeats one of them, or one earlier in
	// its line, as a draw (ai/engine/repeat.go), in games whose positions can recur
	// (checkers); nil makes it look for no repetitions. Other algorithms
	// ignore it.
	Past []uint64
	// Selectivity, if set, is the Multi-ProbCut statistics of the
	// evaluation for the searched game's positions S, an ai.ProbCut[S]
	// (ai/engine/probcut.go): the engine then prunes null-window nodes that a
	// shallow search shows, with the statistics' confidence, to be
	// outside the window. Package ai/bots sets it for the evaluations
	// that have statistics when it is nil; any value of another type
	// (such as false) turns the pruning off. Other algorithms ignore it.
	Selectivity any
	// Progress, if set, is called from the search's goroutine as it goes:
	// after each iteration of iterative deepening, about every 100 ms of
	// mcts, annealing and genetic. It must be cheap.
	Progress func(Info)
	// Tree, if set, records every node of minimax, alphabeta and negascout
	// (up to Tree.Max) for the classroom's search-tree inspector.
	Tree *Tree
}

// The defaults of Params.
const (
	defaultDepth       = 4
	maxDepth           = search.MaxDepth
	defaultIterations  = 10000
	defaultT0          = 10
	defaultT1          = 0.01
	defaultCooling     = 0.95
	defaultPopulation  = 30
	defaultGenerations = 30
	defaultMutation    = 0.1
	defaultPlanLength  = 3
	defaultTTMiB       = 16
	maxTTMiB           = 1024
	maxPopulation      = 100_000
	maxGenerations     = 1_000_000
)

// The limits that make every search finish in reasonable time whatever
// its parameters (every algorithm also takes a time budget, Params.Time):
// MaxDepth plies, MaxIterations simulations of mcts or steps of annealing
// (about a second of annealing, minutes of mcts), MaxEvaluations plans of
// genetic (population × generations).
const (
	MaxDepth       = maxDepth
	MaxIterations  = 10_000_000
	MaxEvaluations = 10_000_000
)

var defaultExploration = math.Sqrt2

// Validate reports the first setting of p that makes no sense for the
// algorithm algo, or an unknown algorithm. Settings that algo does not use
// are checked too, so a bad value never hides until the user switches
// algorithm. The engine needs Depth or Time; Search also accepts a
// context deadline instead.
func (p Params) Validate(algo string) error { return p.validate(algo, false) }

func (p Params) validate(algo string, hasDeadline bool) error {
	if !slices.Contains(Algorithms, algo) {
		return fmt.Errorf("ai: unknown algorithm %q (known: %s)", algo, strings.Join(Algorithms, ", "))
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("ai: "+format, args...)
	}
	finite := func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
	switch {
	case p.Depth < 0 || p.Depth > maxDepth:
		return bad("depth %d is outside 0..%d", p.Depth, maxDepth)
	case p.Time < 0:
		return bad("time budget %v is negative", p.Time)
	case p.Iterations < 0 || p.Iterations > MaxIterations:
		return bad("iterations %d is outside 0..%d", p.Iterations, MaxIterations)
	case !finite(p.Exploration) || p.Exploration < 0:
		return bad("exploration constant %v must be a number >= 0", p.Exploration)
	case p.Playout != "" && p.Playout != "random" && p.Playout != "greedy":
		return bad("playout %q is not \"random\" or \"greedy\"", p.Playout)
	case !finite(p.T0) || p.T0 < 0:
		return bad("initial temperature %v must be a number > 0", p.T0)
	case !finite(p.T1) || p.T1 < 0:
		return bad("final temperature %v must be a number > 0", p.T1)
	case !finite(p.Cooling) || p.Cooling < 0 || p.Cooling >= 1:
		return bad("cooling rate %v must be between 0 and 1 (exclusive)", p.Cooling)
	case p.Population < 0 || p.Population == 1 || p.Population > maxPopulation:
		return bad("population %d must be 2..%d", p.Population, maxPopulation)
	case p.Generations < 0 || p.Generations > maxGenerations:
		return bad("generations %d is outside 0..%d", p.Generations, maxGenerations)
	case !finite(p.Mutation) || p.Mutation < 0 || p.Mutation > 1:
		return bad("mutation rate %v must be between 0 and 1", p.Mutation)
	case p.TTMiB < 0 || p.TTMiB > maxTTMiB:
		return bad("transposition table size %d MiB is outside 0..%d", p.TTMiB, maxTTMiB)
	case p.Threads < 0 || p.Threads > maxThreads():
		return bad("threads %d is outside 0..%d (4 per CPU)", p.Threads, maxThreads())
	case p.Tree != nil && p.Tree.Max < 0:
		return bad("tree node limit %d is negative", p.Tree.Max)
	}
	if t0, t1 := p.t0(), p.t1(); t1 > t0 {
		return bad("final temperature %v is above the initial temperature %v", t1, t0)
	}
	if n := uint64(p.population()) * uint64(p.generations()); n > MaxEvaluations {
		return bad("population %d × generations %d = %d plans to evaluate, more than %d", p.population(), p.generations(), n, MaxEvaluations)
	}
	if steps := p.coolingSteps(); p.Iterations == 0 && steps > MaxIterations {
		// The largest cooling rate that cools from T0 to T1 in time.
		most := math.Exp(math.Log(p.t1()/p.t0()) / (MaxIterations - 1))
		return bad("cooling rate %v takes %.3g steps to cool from %v to %v, more than %d: give a cooling rate of at most %.7f, or iterations",
			p.cooling(), steps, p.t0(), p.t1(), MaxIterations, math.Floor(most*1e7)/1e7)
	}
	if algo == "engine" && p.Depth == 0 && p.Time == 0 && !hasDeadline {
		return bad("the engine needs a depth or a time budget")
	}
	return nil
}

// Defaults returns p with the settings that algo uses and p leaves at zero
// set to the values the search will use, for showing them. Depth stays 0
// where it has no limit: the engine's, and that of minimax, alphabeta and
// negascout with a time budget. Iterations stays 0 for mcts with a time
// budget; for annealing it is the number of steps it takes to cool from
// T0 to T1.
func (p Params) Defaults(algo string) Params {
	d := p
	d.T0, d.T1, d.Cooling = p.t0(), p.t1(), p.cooling()
	d.Exploration, d.Population, d.Generations = p.exploration(), p.population(), p.generations()
	d.Mutation, d.TTMiB, d.Threads = p.mutation(), p.ttMiB(), p.threads()
	d.Playout = cmp.Or(p.Playout, "random")
	switch algo {
	case "minimax", "alphabeta", "negascout":
		if p.Depth == 0 && p.Time == 0 {
			d.Depth = defaultDepth
		}
	case "annealing":
		d.Depth = cmp.Or(p.Depth, 1)
		if p.Iterations == 0 && d.T1 < d.T0 && d.Cooling > 0 {
			d.Iterations = int(min(p.coolingSteps(), 1e12))
		}
	case "genetic":
		d.Depth = cmp.Or(p.Depth, defaultPlanLength)
	case "mcts":
		if p.Iterations == 0 && p.Time == 0 {
			d.Iterations = defaultIterations
		}
	}
	return d
}

// The settings with their defaults in place of zero (cmp.Or returns its
// first argument that is not zero).
func (p Params) t0() float64          { return cmp.Or(p.T0, defaultT0) }
func (p Params) t1() float64          { return cmp.Or(p.T1, defaultT1) }
func (p Params) cooling() float64     { return cmp.Or(p.Cooling, defaultCooling) }
func (p Params) exploration() float64 { return cmp.Or(p.Exploration, defaultExploration) }
func (p Params) population() int      { return cmp.Or(p.Population, defaultPopulation) }
func (p Params) generations() int     { return cmp.Or(p.Generations, defaultGenerations) }
func (p Params) mutation() float64    { return cmp.Or(p.Mutation, defaultMutation) }
func (p Params) ttMiB() int           { return cmp.Or(p.TTMiB, defaultTTMiB) }
func (p Params) threads() int         { return max(p.Threads, 1) }

// coolingSteps is the number of annealing steps that cooling from T0 to
// T1 takes (1 when there is nothing to cool).
func (p Params) coolingSteps() float64 {
	t0, t1, cool := p.t0(), p.t1(), p.cooling()
	if t1 >= t0 || cool <= 0 {
		return 1
	}
	return 1 + math.Ceil(math.Log(t1/t0)/math.Log(cool))
}

// maxThreads is the most threads a search may have: four per CPU.
func maxThreads() int { return 4 * runtime.NumCPU() }

// newRand returns the generator all of a search's randomness comes from.
func newRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}

// engineConfig is what the engine takes from p, the defaults applied:
// oracle is Params.Oracle as the game's.
func engineConfig[S rules.State[S]](p Params, oracle Oracle[S]) engine.Config[S] {
	depth := p.Depth
	if depth == 0 {
		depth = maxDepth
	}
	pc, _ := p.Selectivity.(ProbCut[S])
	return engine.Config[S]{
		Depth:           depth,
		TTMiB:           p.ttMiB(),
		Threads:         p.threads(),
		Table:           p.Table,
		Seed:            p.Seed,
		NoQuiescence:    p.NoQuiescence,
		WholeIterations: p.WholeIterations,
		NoNewCutoffs:    p.NoNewCutoffs,
		Reductions:      p.Reductions,
		Past:            p.Past,
		Oracle:          oracle,
		Selectivity:     pc,
	}
}
