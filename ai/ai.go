package ai

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"boardgames/rules"
)

// Evaluator scores a position that is not over from the point of view of
// the side to move: positive is good for the player whose turn it is. A
// game may have several. Values should stay within ±WinScore/2; the
// searches clamp them there so that they never look like a decided game.
type Evaluator[S any] func(s S) int

// WinScore is the value of a won position at the root. A win found ply
// plies below the root scores WinScore-ply (sooner is better), a loss
// -(WinScore-ply) and a draw 0, from the side to move's view.
const WinScore = 1_000_000

// IsDecided reports whether score is a won or lost game rather than a
// heuristic evaluation.
func IsDecided(score int) bool { return score > WinScore/2 || score < -WinScore/2 }

// DecidedIn returns how many plies below the root a won or lost game ends,
// read from its score (WinScore-plies or -(WinScore-plies)); ok is false
// for a heuristic score.
func DecidedIn(score int) (plies int, ok bool) {
	switch {
	case score > WinScore/2:
		return WinScore - score, true
	case score < -WinScore/2:
		return WinScore + score, true
	}
	return 0, false
}

// inf is beyond every value a search returns: the open end of a window.
// TreeNode's Alpha and Beta hold ±(WinScore+1) for an unbounded window.
const inf = WinScore + 1

// ScoreEval is the simplest evaluator, and the one Search uses when it is
// given none: the game's Score (discs, marks or pieces) from the side to
// move's view.
func ScoreEval[S rules.State[S]](s S) int {
	v := s.Score()
	if s.ToMove() == rules.White {
		v = -v
	}
	return v
}

// MoveScore is the score of one root move. Visits is the number of MCTS
// simulations through the move (0 for the other algorithms).
type MoveScore struct {
	Move   rules.Move
	Score  int
	Visits int
}

// Sample is one step of the trace of simulated annealing (Temperature,
// Current and Best value, Mean of the current values so far) or of the
// genetic algorithm (Best fitness so far, Current best and Mean fitness of
// the generation; Temperature 0).
type Sample struct {
	Step                             int
	Temperature, Current, Best, Mean float64
}

// Info is what a search did and what it found.
type Info struct {
	Algo string
	Move rules.Move // the move chosen
	// Score is the move's value from the side to move's view, in the
	// evaluator's units or ±(WinScore-ply) for a decided game; mcts gives
	// its win rate × 1000 (draws count half), greedy its immediate gain.
	Score int
	// Depth is the last completed depth of the depth-first searches (0
	// when they were stopped before completing one), the shallow search
	// depth of annealing, the plan length of the genetic algorithm and the
	// deepest tree node of MCTS.
	Depth int
	// Nodes counts every position the search visited, the root included;
	// Leaves the positions it scored (at the horizon or at the game's end);
	// Cutoffs the beta cut-offs; TTHits the transposition table probes that
	// found their position.
	Nodes, Leaves, Cutoffs, TTHits uint64
	Elapsed                        time.Duration
	PV                             []rules.Move // principal variation, Move first
	// Moves has a score for each root move the algorithm scored, best
	// first. Minimax's are exact; alpha-beta's, negascout's and the
	// engine's are exact for the best move and upper bounds for the others
	// (fail-soft); mcts gives visits and win rate × 1000.
	Moves []MoveScore
	Exact bool     // Score is the proven game value: every line reached the game's end
	Trace []Sample // annealing: per iteration (at most 1000); genetic: per generation
	// Fallback: the search was stopped before it had a move of its own;
	// Move is the greedy move and Score its immediate gain.
	Fallback bool
	// Unproven: a player that answers with proven moves (the perfect
	// player of ai/bots) had no proof in its time: its solver did not
	// finish, and Move, Score and Depth come from the search it fell back
	// on (Exact is false; Fallback tells whether that search had a move of
	// its own).
	Unproven bool
	// Searching is the depth of the iteration of minimax, alphabeta,
	// negascout or the engine that is under way (in a Progress report) or
	// was cut short (in the answer of a stopped search); 0 when there is
	// none. RootDone of the root's RootTotal moves had been searched to
	// that depth. In a Progress report during an iteration, Move, Score
	// and PV are what the search would answer if it were stopped now.
	Searching           int
	RootDone, RootTotal int
	// Book marks a move taken from an opening book, without a search:
	// Score and Depth are those of the search that made the book.
	Book bool
	// Note is something the bot wants its user to know, in English (""
	// for nothing): that the endgame databases it would use are not
	// built, say.
	Note string
}

// NodesPerSecond returns the search speed, 0 for a search that took no
// measurable time.
func (i Info) NodesPerSecond() float64 {
	if i.Elapsed <= 0 {
		return 0
	}
	return float64(i.Nodes) / i.Elapsed.Seconds()
}

// Algorithms lists the names Search accepts.
var Algorithms = []string{"random", "greedy", "minimax", "alphabeta", "negascout", "engine", "mcts", "annealing", "genetic"}

var errNoMoves = errors.New("ai: the game is over, there is no move to search")

// Search runs the algorithm algo on s and returns its move and what it
// did. eval scores positions for the side to move (nil means ScoreEval);
// random, greedy and mcts do not use it.
//
// The search stops at p's depth or iteration limit, when p.Time has passed,
// or when ctx is cancelled or reaches its deadline; a stopped search still
// returns a legal move. Progress, when set, is called from the calling
// goroutine as the search goes. The error is non-nil only for an unknown
// algorithm, invalid parameters, or a position without legal moves.
func Search[S rules.State[S]](ctx context.Context, algo string, s S, eval Evaluator[S], p Params) (Info, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	_, hasDeadline := ctx.Deadline()
	if err := p.validate(algo, hasDeadline); err != nil {
		return Info{Algo: algo}, err
	}
	var buf [rules.MaxMoves]rules.Move
	if len(s.Moves(buf[:0])) == 0 {
		return Info{Algo: algo}, errNoMoves
	}
	if eval == nil {
		eval = ScoreEval[S]
	}
	var oracle Oracle[S]
	if p.Oracle != nil {
		var ok bool
		if oracle, ok = p.Oracle.(Oracle[S]); !ok {
			return Info{Algo: algo}, fmt.Errorf("ai: the oracle is a %T, not one of the game searched", p.Oracle)
		}
	}
	start := time.Now()
	r := run[S]{
		algo:   algo,
		p:      p,
		eval:   eval,
		rng:    newRand(p.Seed),
		start:  start,
		stop:   newStopper(ctx, start, p.Time),
		oracle: oracle,
	}
	var info Info
	var ok bool
	switch algo {
	case "random":
		info, ok = r.random(s), true
	case "greedy":
		info, ok = r.greedy(s), true
	case "minimax", "alphabeta", "negascout":
		info, ok = r.depthFirst(s)
	case "engine":
		info, ok = r.engine(s)
	case "mcts":
		info, ok = r.mcts(s)
	case "annealing":
		info, ok = r.annealing(s)
	case "genetic":
		info, ok = r.genetic(s)
	}
	if !ok {
		info = r.fallback(s, info)
	}
	info.Algo = algo
	info.Elapsed = time.Since(start)
	return info, nil
}

// run is one call of Search: what every algorithm needs.
type run[S rules.State[S]] struct {
	algo   string
	p      Params
	eval   Evaluator[S]
	rng    *rand.Rand
	start  time.Time
	stop   stopper
	oracle Oracle[S] // Params.Oracle, or nil
}

// reporter returns a function that reports to Params.Progress as progress
// does, holding copies of what it needs (not the run, which stays on the
// stack), for the live reports made during an iteration.
func (r *run[S]) reporter() func(Info) {
	algo, start, progress := r.algo, r.start, r.p.Progress
	return func(info Info) {
		info.Algo = algo
		info.Elapsed = time.Since(start)
		progress(info)
	}
}

// progress reports info to Params.Progress, if any.
func (r *run[S]) progress(info Info) {
	if r.p.Progress == nil {
		return
	}
	info.Algo = r.algo
	info.Elapsed = time.Since(r.start)
	r.p.Progress(info)
}

// fallback turns the statistics of a search that was stopped before it had
// a move into an answer: the greedy move.
func (r *run[S]) fallback(s S, stats Info) Info {
	g := r.greedy(s)
	stats.Move, stats.Score, stats.PV, stats.Moves = g.Move, g.Score, g.PV, g.Moves
	stats.Exact = false
	stats.Fallback = true
	return stats
}
