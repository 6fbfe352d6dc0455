package c4solver

import (
	"context"
	"errors"
	"time"

	"boardgames/ai/solve/internal/solvekit"
	"boardgames/rules"
	"boardgames/rules/connect4"
)

// DefaultTableMiB is the transposition table size New uses for 0.
const DefaultTableMiB = 64

// The table is split in two (measured on the data sets): positions with
// fewer than nearStones stones go to the big table, the others, near the
// leaves and by far the most numerous, to a small one of nearMiB MiB that
// stays in the processor's cache. A probe of the big table is nearly always
// a cache miss and costs as much as a dozen nodes; the small table answers
// the many transpositions inside small subtrees at cache speed.
const (
	nearMiB    = 2
	nearStones = 20
)

// MaxTableMiB caps the size New accepts.
const MaxTableMiB = 4096

// ErrGameOver is returned for a position that is already decided.
var ErrGameOver = errors.New("c4solver: the game is over")

// Result is the exact value of a position. Its Score is in Pons'
// convention, for the side to move: 0 a draw, 22 minus the winner's stones
// (the winning one included) for a win, the negative of the opponent's for
// a loss. Best lists columns left to right.
type Result = solvekit.Result

// Solver solves Connect Four positions exactly. It owns a transposition
// table that it keeps between solves (the stored bounds never go stale), so
// reuse one Solver for many positions. A Solver is not safe for concurrent
// use.
//
// The tables are allocated by the first solve that needs them, not by New:
// the big one only for a position with fewer than nearStones stones (the
// only ones that use it), so a one-shot solve near the end of a game pays
// for the small table only.
type Solver struct {
	tt        table
	near      table // the small table, for positions with ttLimit stones or more
	ttMiB     int   // the size of tt, allocated by the first solve that needs it
	nodes     uint64
	symmetric bool // fold mirror-image positions onto one table key
	ttLimit   int  // positions with this many stones or more use near

	stop      solvekit.Stop // stops the search when the solve's context is done
	nodeLimit uint64        // a solve stops with errNodeLimit after more nodes than this (0: never)
	limitAt   uint64        // the value of nodes at which the running solve stops
}

// errNodeLimit is the error of a solve stopped by Solver.nodeLimit.
var errNodeLimit = errors.New("c4solver: node limit reached")

// New returns a Solver with a transposition table of ttMiB MiB (0 means
// DefaultTableMiB; the size is capped at MaxTableMiB and rounded down to a
// power of two of 8-byte slots). The memory is taken by the first solve
// that needs it.
func New(ttMiB int) *Solver {
	if ttMiB <= 0 {
		ttMiB = DefaultTableMiB
	}
	ttMiB = min(ttMiB, MaxTableMiB)
	return &Solver{ttMiB: ttMiB, symmetric: true, ttLimit: nearStones}
}

// allocate makes the tables a solve of a position with stones stones
// needs: the small one always, the big one when stones < ttLimit.
func (s *Solver) allocate(stones int) {
	if s.near.slots == nil {
		s.near = newTable(min(nearMiB, s.ttMiB))
		solvekit.Free(s, s.near.free) // tables outside the Go heap go with s
	}
	if s.tt.slots == nil && stones < s.ttLimit {
		s.tt = newTable(s.ttMiB)
		solvekit.Free(s, s.tt.free)
	}
}

// Nodes returns the nodes the Solver has searched in all its solves,
// finished or not: the work of a solve that was stopped is the difference
// from before it.
func (s *Solver) Nodes() uint64 { return s.nodes }

// Reset empties the transposition table. Solves never need it (stored
// bounds stay true); it only makes timings independent of earlier solves.
func (s *Solver) Reset() { s.tt.clear(); s.near.clear() }

// Solve returns the exact score of p, every move that achieves it, and the
// exact score of every legal move. It fails with ErrGameOver when p is won
// or drawn already, and with ctx.Err() when ctx ends first.
//
// Exact scores of bad moves can cost far more than the position's value:
// in the opening a poor move leads to a long game. SolveBest answers the
// score and the best moves only; Score the score only.
func (s *Solver) Solve(ctx context.Context, p connect4.Position) (Result, error) {
	return s.solve(ctx, p, allMoves)
}

// SolveBest returns the exact score of p and every move that achieves it;
// Moves holds the scores of those moves only. After the root is solved each
// other move needs just one null-window search to show it scores less.
// Errors as for Solve.
func (s *Solver) SolveBest(ctx context.Context, p connect4.Position) (Result, error) {
	return s.solve(ctx, p, bestMoves)
}

// SolveChoice returns the exact score of p and the one move the perfect
// player plays: Choose's pick among every best move (the nearest the
// centre). The candidate moves are checked in Choose's order and the first
// that achieves the score is the answer, so the others cost nothing; Best
// and Moves hold that move only. Errors as for Solve.
func (s *Solver) SolveChoice(ctx context.Context, p connect4.Position) (Result, error) {
	return s.solve(ctx, p, chosenMove)
}

// Score returns the exact score of p only (Best and Moves are nil): the
// question Pons' solver answers and the peer timings of the test data
// measure. Errors as for Solve.
func (s *Solver) Score(ctx context.Context, p connect4.Position) (Result, error) {
	return s.solve(ctx, p, scoreOnly)
}

// What a solve answers besides the score of the position.
const (
	scoreOnly  = iota // nothing: Score
	bestMoves         // the best moves: SolveBest
	allMoves          // the score of every move: Solve
	chosenMove        // the best move Choose picks: SolveChoice
)

// solve is Score, SolveBest, Solve and SolveChoice, by what (scoreOnly,
// bestMoves, allMoves, chosenMove). The root is solved first, so that the table holds its proof
// and each move's search starts from a narrow window: a move scores at
// most the root's score.
func (s *Solver) solve(ctx context.Context, p connect4.Position, what int) (Result, error) {
	start := time.Now()
	if p.Result().Over() {
		return Result{}, ErrGameOver
	}
	if err := s.stop.Begin(ctx); err != nil {
		return Result{}, err
	}
	current, mask := p.Bitboards()
	moves := p.Played()
	s.allocate(moves)
	nodes0 := s.nodes
	s.limitAt = 0
	if s.nodeLimit > 0 {
		s.limitAt = nodes0 + s.nodeLimit
	}

	best := s.score(current, mask, moves, minScore, maxScore)
	if what == scoreOnly {
		if s.stop.Stopped() {
			return Result{}, s.stopErr(ctx)
		}
		return Result{Score: best, Nodes: s.nodes - nodes0, Elapsed: time.Since(start)}, nil
	}
	res := Result{Score: best, Moves: make(map[rules.Move]int, width)}
	win := winningCells(current, mask)
	for _, c := range checkOrder(current, mask, what) {
		m := playable(mask) & columnMask(c)
		if m == 0 {
			continue
		}
		v, known := 0, true
		opp, mask2 := current^mask, mask|m
		switch {
		case win&m != 0:
			v = (cells + 1 - moves) / 2
		case moves+1 == cells:
			v = 0 // the last stone fills the board
		case what == allMoves:
			v = -s.score(opp, mask2, moves+1, -best, maxScore)
		case s.atMost(opp, mask2, moves+1, -best):
			v = best
		default:
			known = false // scores less than best
		}
		if s.stop.Stopped() {
			return Result{}, s.stopErr(ctx)
		}
		if known {
			res.Moves[rules.Move(c)] = v
			if v == best {
				res.Best = append(res.Best, rules.Move(c))
				if what == chosenMove {
					break
				}
			}
		}
	}
	res.Nodes = s.nodes - nodes0
	res.Elapsed = time.Since(start)
	return res, nil
}

// checkOrder returns the columns in the order solve checks them: Choose's
// preference for SolveChoice (centre first; of two equally near, the left
// one in the canonical orientation), left to right otherwise.
func checkOrder(current, mask uint64, what int) []int {
	if what != chosenMove {
		return leftToRight[:]
	}
	if _, mirrored := canonical(current + mask); mirrored {
		return centreRight[:]
	}
	return centreLeft[:]
}

// The orders of solve's columns.
var (
	leftToRight = [width]int{0, 1, 2, 3, 4, 5, 6}
	centreLeft  = [width]int{3, 2, 4, 1, 5, 0, 6}
	centreRight = [width]int{3, 4, 2, 5, 1, 6, 0}
)

// stopErr is the error of a solve that stopped: the context's, or
// errNodeLimit.
func (s *Solver) stopErr(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return errNodeLimit
}
