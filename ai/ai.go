package ai

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"boardgames/ai/engine"
	"boardgames/ai/internal/search"
	"boardgames/rules"
)

// The contract types live in ai/internal/search, which the engine
// (ai/engine) shares with the searches of this package; these are their
// names here.
type (
	// Evaluator scores a position that is not over from the point of view
	// of the side to move (search.Evaluator).
	Evaluator[S any] = search.Evaluator[S]
	// MoveScore is the score of one root move (search.MoveScore).
	MoveScore = search.MoveScore
	// Sample is one step of the trace of annealing or of the genetic
	// algorithm (search.Sample).
	Sample = search.Sample
	// Info is what a search did and what it found (search.Info).
	Info = search.Info
	// Tree records every node of a minimax, alphabeta or negascout search
	// (search.Tree); TreeNode is one of them.
	Tree     = search.Tree
	TreeNode = search.TreeNode

	// Oracle knows the value of some positions without a search: an
	// endgame database (engine.Oracle).
	Oracle[S any] = engine.Oracle[S]
	// ProbCut is an evaluation's Multi-ProbCut statistics and Cut one of
	// its models (engine.ProbCut, engine.Cut).
	ProbCut[S any] = engine.ProbCut[S]
	Cut            = engine.Cut
	// Capturer is a position that knows whether a capture is due, for the
	// engine's quiescence (engine.Capturer); Reverser one that counts its
	// reversible plies, for its repetition check (engine.Reverser).
	Capturer = engine.Capturer
	Reverser = engine.Reverser
	// Table is the engine's transposition table kept between searches
	// (engine.Table).
	Table = engine.Table
)

// NewTable returns an empty Table for Params.Table.
func NewTable() *Table { return engine.NewTable() }

// WinScore is the value of a won position at the root. A win found ply
// plies below the root scores WinScore-ply (sooner is better), a loss
// -(WinScore-ply) and a draw 0, from the side to move's view.
const WinScore = search.WinScore

// IsDecided reports whether score is a won or lost game rather than a
// heuristic evaluation.
func IsDecided(score int) bool { return search.IsDecided(score) }

// DecidedIn returns how many plies below the root a won or lost game ends,
// read from its score (WinScore-plies or -(WinScore-plies)); ok is false
// for a heuristic score.
func DecidedIn(score int) (plies int, ok bool) { return search.DecidedIn(score) }

// inf is beyond every value a search returns: the open end of a window.
const inf = search.Inf

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
		Run: search.Run[S]{
			Algo:     algo,
			Eval:     eval,
			Start:    start,
			Stop:     search.NewStopper(ctx, start, p.Time),
			Progress: p.Progress,
		},
		p:      p,
		rng:    newRand(p.Seed),
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
		info, ok = engine.Search(&r.Run, engineConfig(p, oracle), s)
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
	search.Run[S] // the algorithm, evaluator, start, stop check and Progress
	p             Params
	rng           *rand.Rand
	oracle        Oracle[S] // Params.Oracle, or nil
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
