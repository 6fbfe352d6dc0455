// Package search is the machinery that the searches of package ai and the
// engine of ai/engine share; ai re-exports the contract types under their
// own names (ai.Info is Info).
//
// Files:
//   - search.go the contract types (Evaluator, Info, MoveScore, Sample),
//     the score scale (WinScore, IsDecided) and Run, what a search gets
//     from ai.Search
//   - stop.go   the cheap cancellation and time-budget check of the hot loops
//   - core.go   the state shared by the depth-first searches: per-ply move
//     stacks, the principal-variation table, leaf and terminal scoring,
//     greedy move ordering and the result of the last iteration
//   - tree.go   Tree, the recorder of every node for the classroom's inspector
package search

import (
	"slices"
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

// MaxDepth is the deepest a search goes, in plies (ai.MaxDepth).
const MaxDepth = 100

// Inf is beyond every value a search returns: the open end of a window.
// TreeNode's Alpha and Beta hold ±(WinScore+1) for an unbounded window.
const Inf = WinScore + 1

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

// Run is what ai.Search gives a search besides the position: the
// algorithm's name, the evaluator, the start time and the stop check, and
// Params.Progress.
type Run[S any] struct {
	Algo     string
	Eval     Evaluator[S]
	Start    time.Time
	Stop     Stopper
	Progress func(Info) // Params.Progress, or nil
}

// Reporter returns a function that reports to Progress as Report does,
// holding copies of what it needs (not the run, which stays on the
// stack), for the live reports made during an iteration.
func (r *Run[S]) Reporter() func(Info) {
	algo, start, progress := r.Algo, r.Start, r.Progress
	return func(info Info) {
		info.Algo = algo
		info.Elapsed = time.Since(start)
		progress(info)
	}
}

// Report reports info to Progress, if any.
func (r *Run[S]) Report(info Info) {
	if r.Progress == nil {
		return
	}
	info.Algo = r.Algo
	info.Elapsed = time.Since(r.Start)
	r.Progress(info)
}

// Gain is the immediate gain of the move from s to child for the player
// who made it: the change of the game's score in the mover's favour
// (discs flipped, marks gained, pieces captured). A move that wins counts
// as the best gain, one that loses as the worst.
func Gain[S rules.State[S]](s, child S) int {
	mover := s.ToMove()
	if r := child.Result(); r.Over() {
		if w, ok := r.Winner(); ok {
			if w == mover {
				return WinScore
			}
			return -WinScore
		}
	}
	d := child.Score() - s.Score()
	if mover == rules.White {
		d = -d
	}
	return d
}

// SortMoveScores orders root moves best first: by visits, then by score,
// keeping the search's order among equals.
func SortMoveScores(ms []MoveScore) {
	slices.SortStableFunc(ms, func(a, b MoveScore) int {
		if a.Visits != b.Visits {
			return b.Visits - a.Visits
		}
		return b.Score - a.Score
	})
}
