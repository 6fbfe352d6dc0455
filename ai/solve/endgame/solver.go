package endgame

import (
	"context"
	"errors"
	"time"

	"boardgames/ai/solve/internal/solvekit"
	"boardgames/rules"
	"boardgames/rules/othello"
)

// DefaultTableMiB is the hash table size New uses for 0.
const DefaultTableMiB = 64

// MaxTableMiB caps the size New accepts.
const MaxTableMiB = 4096

// ErrGameOver is returned for a finished game.
var ErrGameOver = errors.New("endgame: the game is over")

// ErrNodeLimit is returned by a solve that reached its node limit
// (SetNodeLimit) before it finished.
var ErrNodeLimit = errors.New("endgame: node limit reached")

// Result is the exact value of a position. Its Score is the final disc
// difference for the side to move under perfect play by both sides, the
// empty squares counted for the winner (the scores of the OBF files); Best
// is othello.Pass when the side to move must pass.
type Result = solvekit.Result

// Solver solves Othello endgames exactly. It owns a hash table that it
// keeps between solves (exact bounds never go stale), so reuse one Solver.
// A Solver is not safe for concurrent use.
type Solver struct {
	tt     table
	near   table // the small table, for positions with fewer than nearDepth empties
	nodes  uint64
	eval   func(p, o uint64) int // orders moves at many empties, or nil
	limit  uint64                // the node limit of a solve (0: none)
	first  uint64                // nodes at the start of the running solve
	pollAt uint64                // nodes at which nws checks the context and the limit

	// What the running (or last) solve proved at the root: the score is
	// at least rootLower, which rootBest achieves (noMove: nothing yet),
	// and each move scores at most its rootUpper.
	rootLower int
	rootBest  int
	rootUpper [64]int8
	rootPass  bool // the root's side to move passes: nothing is recorded for it

	// The root's moves' ordering scores by the evaluation (rootEval).
	rootScore  [64]int
	rootScored bool

	stop solvekit.Stop // stops the search when the solve's context is done
}

// New returns a Solver with a hash table of ttMiB MiB (0 means
// DefaultTableMiB; capped at MaxTableMiB).
func New(ttMiB int) *Solver {
	if ttMiB <= 0 {
		ttMiB = DefaultTableMiB
	}
	ttMiB = min(ttMiB, MaxTableMiB)
	s := &Solver{tt: newTable(ttMiB), near: newTable(nearMiB)}
	solvekit.Free(s, s.tt.free, s.near.free) // tables outside the Go heap go with s
	return s
}

// SetEvaluation makes the solver order the moves of positions with many
// empty squares (14 or more) also by f, an estimate of the final disc
// margin of p (the side to move's discs) against o, times EvalUnit, of the
// position after each move (order.go); nil, the default, orders by
// mobility only. With the pattern evaluation (eval.OthelloPatternBits)
// solves of 19 to 22 empties take about a sixth fewer nodes, and from 20
// empties the root's moves are ordered by a search on f (order.go). The scores are exact either
// way. f must not allocate.
func (s *Solver) SetEvaluation(f func(p, o uint64) int) { s.eval = f }

// SetNodeLimit makes every later solve stop with ErrNodeLimit once it
// has searched n nodes (give or take a few thousand); 0 removes the
// limit. A limit is a budget that does not depend on the speed or the
// load of the machine.
func (s *Solver) SetNodeLimit(n uint64) { s.limit = n }

// Nodes returns the nodes the Solver has searched in all its solves,
// finished or not: the work of a solve that was stopped is the difference
// from before it.
func (s *Solver) Nodes() uint64 { return s.nodes }

// Reset empties the hash table. Solves never need it; it only makes
// timings independent of earlier solves.
func (s *Solver) Reset() { s.tt.clear(); s.near.clear() }

// Solve returns the exact score of p, every move that achieves it and the
// exact score of every legal move. It fails with ErrGameOver for a
// finished game and with ctx.Err() when ctx ends first. It costs two to
// five times SolveBest, whose time grows about threefold with every two
// more empty squares (about half a second at 20 empties on a 2020s
// processor).
func (s *Solver) Solve(ctx context.Context, p othello.Position) (Result, error) {
	return s.solve(ctx, p, true)
}

// SolveBest returns the exact score of p and one move that achieves it,
// which is faster than Solve: the other moves are only shown to be no
// better. Errors as for Solve.
func (s *Solver) SolveBest(ctx context.Context, p othello.Position) (Result, error) {
	return s.solve(ctx, p, false)
}

// solve is Solve (all true) and SolveBest. The root's score and a best
// move come from mtd; for Solve each other move is then searched with a
// window just below the best score.
func (s *Solver) solve(ctx context.Context, pos othello.Position, all bool) (Result, error) {
	start := time.Now()
	// Nothing is proven yet, also for a solve that fails at once.
	s.rootLower, s.rootBest, s.rootPass = -64, noMove, false
	for i := range s.rootUpper {
		s.rootUpper[i] = 64
	}
	black, white := pos.Bitboards()
	p, o := black, white
	if pos.ToMove() == rules.White {
		p, o = o, p
	}
	moves := moveMask(p, o)
	if moves == 0 && moveMask(o, p) == 0 {
		return Result{}, ErrGameOver
	}
	if err := s.stop.Begin(ctx); err != nil {
		return Result{}, err
	}
	s.tt.gen++
	s.near.gen++
	nodes0 := s.nodes
	s.first, s.pollAt = nodes0, nodes0

	res := Result{Moves: make(map[rules.Move]int)}
	sign := 1
	if moves == 0 {
		// The side to move passes: the opponent's problem, negated.
		p, o, sign = o, p, -1
		s.rootPass = true
	}
	n := 64 - popcount(p|o)
	par := parityOf(^(p | o))
	s.rootEval(p, o, moveMask(p, o), n)
	score, move := s.mtd(p, o, n, par, s.guess(p, o, n))
	if s.stop.Stopped() {
		return Result{}, s.stopErr(ctx)
	}
	if sign < 0 {
		res.Score = -score
		res.Best = []rules.Move{othello.Pass}
		res.Moves[othello.Pass] = res.Score
		res.Nodes, res.Elapsed = s.nodes-nodes0, time.Since(start)
		return res, nil
	}
	res.Score = score
	res.Moves[rules.Move(move)] = score
	if !all {
		res.Best = []rules.Move{rules.Move(move)}
	} else {
		// Each other move scores at most the best: its child at least
		// -score, so a window above -score-1 gives the exact value.
		for m := moves; m != 0; m &= m - 1 {
			sq := trailingZeros(m)
			if sq != move {
				f := flips(p, o, sq)
				v, _ := s.pvs(o&^f, p|f|1<<sq, -score-1, 64, n-1, par^quadrant[sq], false)
				if s.stop.Stopped() {
					return Result{}, s.stopErr(ctx)
				}
				res.Moves[rules.Move(sq)] = -v
			}
			if res.Moves[rules.Move(sq)] == score {
				res.Best = append(res.Best, rules.Move(sq))
			}
		}
	}
	res.Nodes, res.Elapsed = s.nodes-nodes0, time.Since(start)
	return res, nil
}

// Partial is what a solve proved before it stopped: bounds of the root's
// score and of its moves' scores, from the side to move's view.
type Partial struct {
	// Lower is a lower bound of the score and Best a move that scores
	// at least Lower; Best is othello.Pass when no such move was proven
	// (Lower is then -64).
	Lower int
	Best  rules.Move
	// Upper holds, for the moves proven to score at most some value,
	// that value.
	Upper map[rules.Move]int
}

// Partial returns what the last solve proved at the root, finished or
// not: after a solve stopped by its context or its node limit, which
// moves are proven no better than a proven one (those whose Upper is at
// most Lower). Empty for a root whose side to move must pass.
func (s *Solver) Partial() Partial {
	part := Partial{Lower: -64, Best: othello.Pass, Upper: make(map[rules.Move]int)}
	if s.rootPass {
		return part
	}
	if s.rootBest != noMove {
		part.Lower, part.Best = s.rootLower, rules.Move(s.rootBest)
	}
	for sq, u := range s.rootUpper {
		if u < 64 {
			part.Upper[rules.Move(sq)] = int(u)
		}
	}
	return part
}

// stopErr is the error of a solve that stopped: its context's, else the
// node limit's.
func (s *Solver) stopErr(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return ErrNodeLimit
}

// guess is the first test of mtd: a bound the table holds for the root
// (a solve of an earlier position of the same game leaves one for most of
// the positions its proof went through), else 0, the draw.
func (s *Solver) guess(p, o uint64, n int) int {
	if d, ok := s.tableFor(n).probe(p, o); ok {
		switch {
		case lowerOf(d) > -64:
			return lowerOf(d)
		case upperOf(d) < 64:
			return upperOf(d)
		}
	}
	return 0
}

// mtd returns the exact score of the root (p to move, n empties, which
// must have a legal move) and a move that achieves it, found by
// null-window searches only: MTD(f) (Plaat, Schaeffer, Pijls and de
// Bruin, 1996) from guess, each test "is the score at least t?" narrowing
// the interval [lower, upper] to the bound the fail-soft search returns,
// the next test just beyond it. Measured on the FForum positions of 19 to
// 24 empties, from the guess 0 (most endgame scores are small), it needs
// about a quarter fewer nodes than a principal variation search with the
// full window; tests that grow their step when they fail the same way
// again cost more. A test is a pvs at the root, whose table entry is not
// allowed to answer, so that a test that fails high names the move that
// proves it.
func (s *Solver) mtd(p, o uint64, n int, par uint8, guess int) (int, int) {
	lower, upper := -64, 64
	move, lowMove := noMove, noMove
	t := guess
	for lower < upper && !s.stop.Stopped() {
		t = min(max(t, lower+1), upper)
		v, m := s.pvs(p, o, t-1, t, n, par, true)
		if s.stop.Stopped() {
			break
		}
		if v >= t {
			lower, move = v, m
			s.rootLower, s.rootBest = v, m
			t = lower + 1
		} else {
			upper, lowMove = v, m
			t = upper
		}
	}
	if move == noMove {
		// No test failed high: the score is -64 and every move achieves it.
		move = lowMove
	}
	return lower, move
}
