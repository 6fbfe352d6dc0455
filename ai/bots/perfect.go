package bots

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"boardgames/ai"
	"boardgames/ai/eval"
	"boardgames/ai/internal/pool"
	"boardgames/ai/solve/c4solver"
	"boardgames/ai/solve/endgame"
	"boardgames/assets/books"
	"boardgames/rules"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

// The perfect player: exact play wherever the game is solved in time.
//
// Connect Four: the complete book of the first plies (assets/books,
// built by boardgames book -game connect4 -bot perfect) holds the score and
// best moves of every position of its first plies, the opening book
// (built by cmd/c4book) those of every later position it can face whose
// solve would be slow; any other position is solved during the game
// (c4solver.SolveChoice, well under a second). Of the best moves (the
// fastest win, the slowest loss, or else a draw) it plays the one
// c4solver.Choose picks: the nearest the centre, deterministically, since
// the book covers that choice and no other (a solve checks the moves in
// that order and stops at the first best one; its answer names that move
// only, a book's every best move).
//
// Othello: the engine until the position has Empties empty squares or
// fewer, then the exact endgame solver, so it never lets a won endgame
// go. With a time budget the engine searches beside the solve with the
// whole budget, and its move answers when the solve does not finish: it
// is never from a shallower search than the engine alone makes. Only a
// move the unfinished solve proved at least as good replaces it.
//
// Checkers: the engine, asking the endgame databases at every node, and
// the databases' best move once the position is in them (checkers.go).
func init() {
	register(Algorithm{
		Name:   "perfect",
		Help:   "exact play: Connect Four by an opening book and the solver (every move); Othello the engine, then the exact solver from a number of empties; checkers the engine, exact from the endgame databases (boardgames egdb build)",
		Games:  []string{connect4.Name, othello.Name, checkers.Name},
		Params: []string{KeyEmpties, KeyTime, KeyEval, KeyTT},
		check:  checkPerfect,
		think:  thinkPerfect,
	})
}

// Defaults of the perfect player.
const (
	// PerfectEmpties is where the Othello player switches to the exact
	// solver by default. Measured on the project's machine
	// (BenchmarkPerfectOthello: engine games from random openings, the
	// player's table kept from move to move as in a game), the first solve
	// at 22 empties takes about 1 s of CPU on average, at most 2.4 s, the
	// later moves 0.1 s on average; the FForum positions of 19 to 22
	// empties take at most 1.1 s (BENCHMARKS.md). With a time budget the
	// solve runs beside the engine, which has the whole budget, and a
	// move it could not prove says so (ai.Info.Unproven). At 17, where it
	// switched before, the engine's moves at 19 to 22 empties lost value
	// in 15 of 34 FForum positions (BenchmarkPerfectOthelloMistakes).
	PerfectEmpties = 22
	// PerfectTime is the Othello engine's budget per move before the
	// switch.
	PerfectTime = time.Second
	// MaxPerfectEmpties bounds the empties parameter: beyond it a solve
	// takes minutes.
	MaxPerfectEmpties = 30
	// perfectTableMiB is the table of the solvers during a game; the
	// Connect Four book was probed with a table of this size
	// (c4solver.DefaultProbeMiB).
	perfectTableMiB = c4solver.DefaultProbeMiB
)

func checkPerfect(s Spec) error {
	switch {
	case s.Empties < 0 || s.Empties > MaxPerfectEmpties:
		return fmt.Errorf("empties %d is outside 1..%d", s.Empties, MaxPerfectEmpties)
	case s.Params.Time < 0:
		return fmt.Errorf("time budget %v is negative", s.Params.Time)
	}
	return perfectEngine(s, 0).Params.Validate("engine")
}

// perfectEngine is the engine the perfect player uses where it does not
// solve: the spec's evaluation and table, and budget (or else the spec's
// time, or else PerfectTime), told the game before the position
// (Params.Past), so that in checkers it avoids a repetition while ahead.
func perfectEngine(s Spec, budget time.Duration) Spec {
	p := ai.Params{Depth: 64, Time: cmp.Or(budget, s.Params.Time, PerfectTime), TTMiB: s.Params.TTMiB, Progress: s.Params.Progress, Past: s.Params.Past}
	return Spec{Algo: "engine", Eval: s.Eval, Params: p}
}

func thinkPerfect(ctx context.Context, pos games.Position, spec Spec) (ai.Info, error) {
	switch p := pos.Native().(type) {
	case connect4.Position:
		return perfectConnect4(ctx, p, spec)
	case othello.Position:
		return perfectOthello(ctx, p, spec)
	case checkers.Position:
		return perfectCheckers(ctx, p, spec)
	}
	return ai.Info{}, fmt.Errorf("bots: perfect does not play %s", pos.Game())
}

// connect4Book is the opening book, read once.
var connect4Book = sync.OnceValues(func() (*c4solver.Book, error) { return c4solver.LoadBook(books.Connect4) })

// connect4Plies is the complete book of the first plies, read once.
var connect4Plies = sync.OnceValues(func() (*c4solver.Book, error) { return c4solver.LoadBook(books.Connect4Plies) })

// Connect4Book returns the perfect player's opening book.
func Connect4Book() (*c4solver.Book, error) { return connect4Book() }

// Connect4Lookup is the books' answer in p: the complete book of the
// first plies (books.Connect4Plies) is asked first, then the opening book.
// The result holds the exact score and every best move, each in Moves
// with that score; ok is false when neither book holds p (or its mirror
// image). The perfect player, the game review (ai/review) and the app's
// analysis all ask the books through it.
func Connect4Lookup(p connect4.Position) (c4solver.Result, bool, error) {
	for _, load := range []func() (*c4solver.Book, error){connect4Plies, connect4Book} {
		b, err := load()
		if err != nil {
			return c4solver.Result{}, false, err
		}
		if r, ok := b.Lookup(p); ok {
			return r, true, nil
		}
	}
	return c4solver.Result{}, false, nil
}

// perfectConnect4 answers from the book, else by a solve.
func perfectConnect4(ctx context.Context, p connect4.Position, spec Spec) (ai.Info, error) {
	start := time.Now()
	if p.Result().Over() {
		return ai.Info{}, c4solver.ErrGameOver
	}
	r, ok, err := Connect4Lookup(p)
	if err != nil {
		return ai.Info{}, err
	}
	if !ok {
		var tried uint64 // the nodes of a solve that did not finish
		solve := func(ctx context.Context) (c4solver.Result, error) {
			s := c4Solvers.Get()
			defer c4Solvers.Put(s)
			n := s.Nodes()
			defer func() { tried = s.Nodes() - n }()
			return s.SolveChoice(ctx, p)
		}
		if r, err = withBudget(ctx, solve, spec.Params.Time); err != nil {
			return perfectFallback(ctx, start, tried, p, spec, err, eval.Connect4)
		}
	}
	m := c4solver.Choose(p, r.Best)
	info := ai.Info{
		Algo: "perfect", Move: m, Score: connect4Score(p.Played(), r.Score), Exact: true,
		Depth: connect4.Width*connect4.Height - p.Played(), Nodes: r.Nodes, PV: []rules.Move{m},
	}
	info.Moves = append(info.Moves, ai.MoveScore{Move: m, Score: info.Score})
	for _, b := range r.Best {
		if b != m {
			info.Moves = append(info.Moves, ai.MoveScore{Move: b, Score: info.Score})
		}
	}
	info.Elapsed = time.Since(start)
	return info, nil
}

// perfectOthello runs the engine until the position has spec.Empties
// empty squares (PerfectEmpties by default), then the exact solver.
func perfectOthello(ctx context.Context, p othello.Position, spec Spec) (ai.Info, error) {
	return othelloPerfect.play(ctx, p, spec)
}

// othelloPlayer is the perfect Othello player made of its two searches:
// engine, the engine's search under a spec, and solve, the exact solve.
// Tests give it stand-ins.
type othelloPlayer struct {
	engine func(context.Context, othello.Position, Spec) (ai.Info, error)
	solve  func(context.Context, othello.Position) othelloSolved
}

// othelloSolved is the outcome of a solve: its result, or its error and
// what it proved before it stopped (part); tried counts its nodes either
// way.
type othelloSolved struct {
	r     endgame.Result
	part  endgame.Partial
	tried uint64
	err   error
}

// othelloPerfect is the player of the perfect algorithm.
var othelloPerfect = othelloPlayer{
	engine: func(ctx context.Context, p othello.Position, spec Spec) (ai.Info, error) {
		return search(ctx, p, spec, eval.Othello)
	},
	solve: func(ctx context.Context, p othello.Position) othelloSolved {
		s := othelloSolvers.Get()
		defer othelloSolvers.Put(s)
		return solveOthello(ctx, s, p)
	},
}

// solveOthello solves p with s.
func solveOthello(ctx context.Context, s *endgame.Solver, p othello.Position) othelloSolved {
	n := s.Nodes()
	r, err := s.SolveBest(ctx, p)
	return othelloSolved{r: r, part: s.Partial(), tried: s.Nodes() - n, err: err}
}

// solveShare is the part of the budget the exact solve may take when the
// engine searches beside it: all of it but a margin to unwind and answer,
// the engine's own (it stops at 90 % of its time).
const solveShare = 0.9

// solveNice is how much lower the solve's thread runs than the engine's
// (a nice value: 10 gives it about a tenth of the engine's share of a
// processor they contend for).
const solveNice = 10

// play answers with the engine above the switch. From the switch, with
// no time budget it solves to the end; with a budget it runs the engine
// (with the whole budget, as the engine alone would have it) and the
// exact solve side by side, each on its own goroutine, and answers with
// the solve if it finishes within the budget (stopping the engine), else
// with the engine's move, marked unproven — unless what the solve proved
// before it stopped shows another move to be at least as good
// (provenBetter). The engine's search is thus never cut short by the
// solve: it has the whole budget, and the solve's thread runs at a lower
// priority (lowerThreadPriority, on Linux), so that on a busy machine it
// takes the time the engine alone would not have had rather than the
// engine's. Both goroutines end before play returns.
func (pl othelloPlayer) play(ctx context.Context, p othello.Position, spec Spec) (ai.Info, error) {
	start := time.Now()
	if p.Empties() > cmp.Or(spec.Empties, PerfectEmpties) {
		return pl.engine(ctx, p, perfectEngine(spec, 0))
	}
	budget := spec.Params.Time
	if budget <= 0 {
		s := pl.solve(ctx, p)
		if s.err != nil {
			return ai.Info{}, s.err
		}
		return exactOthello(p, s.r, start), nil
	}
	type searched struct {
		info ai.Info
		err  error
	}
	sctx, stopSolve := context.WithTimeout(ctx, time.Duration(solveShare*float64(budget)))
	defer stopSolve()
	ectx, stopEngine := context.WithCancel(ctx)
	defer stopEngine()
	solves, searches := make(chan othelloSolved, 1), make(chan searched, 1)
	go func() {
		lowerThreadPriority()
		solves <- pl.solve(sctx, p)
	}()
	go func() {
		info, err := pl.engine(ectx, p, perfectEngine(spec, budget))
		searches <- searched{info, err}
	}()
	s := <-solves
	if s.err == nil {
		stopEngine()
		<-searches
		return exactOthello(p, s.r, start), nil
	}
	e := <-searches
	if !errors.Is(s.err, context.Canceled) && !errors.Is(s.err, context.DeadlineExceeded) && !errors.Is(s.err, endgame.ErrNodeLimit) {
		return ai.Info{}, s.err
	}
	if e.err != nil {
		return ai.Info{}, e.err
	}
	info := e.info
	info.Algo, info.Unproven, info.Exact = "perfect", true, false
	info.Nodes += s.tried
	if m, ok := provenBetter(s.part, info.Move); ok && slices.Contains(p.Moves(nil), m) {
		info.Note = fmt.Sprintf("the solve proved %s worth at least %+d discs, the engine's %s at most %+d",
			p.MoveString(m), s.part.Lower, p.MoveString(info.Move), s.part.Upper[info.Move])
		info.Move, info.PV, info.Moves = m, []rules.Move{m}, nil
	}
	info.Elapsed = time.Since(start)
	return info, nil
}

// provenBetter returns the move that part, what an unfinished solve
// proved, shows to be at least as good as the engine's move e: its Best,
// when e is proven to score no more than Best's lower bound (a win
// proven where e is not one, say).
func provenBetter(part endgame.Partial, e rules.Move) (rules.Move, bool) {
	if part.Best == othello.Pass || part.Best == e {
		return 0, false
	}
	if u, ok := part.Upper[e]; ok && u <= part.Lower {
		return part.Best, true
	}
	return 0, false
}

// exactOthello is the answer of a finished solve.
func exactOthello(p othello.Position, r endgame.Result, start time.Time) ai.Info {
	m := r.Best[0]
	return ai.Info{
		Algo: "perfect", Move: m, Score: r.Score, Exact: true, Depth: p.Empties(), Nodes: r.Nodes,
		PV: []rules.Move{m}, Moves: []ai.MoveScore{{Move: m, Score: r.Score}}, Elapsed: time.Since(start),
	}
}

// withBudget runs the Connect Four solve under ctx and, when budget > 0,
// within three quarters of it: the rest is for the engine if the solve
// does not finish.
func withBudget(ctx context.Context, solve func(context.Context) (c4solver.Result, error), budget time.Duration) (c4solver.Result, error) {
	if budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, budget*3/4)
		defer cancel()
	}
	return solve(ctx)
}

// perfectFallback answers when a solve did not finish: the engine's move
// in the quarter of the budget left, or its immediate move once ctx is
// done (a search always returns a legal move). The answer says that it is
// not proven (Unproven, Exact false) and what it rests on: the engine's
// Depth and Score, and Fallback when even the engine had no move; Nodes
// counts the solve's tried nodes and the engine's, Elapsed both. Errors
// other than the end of a context are returned.
func perfectFallback[S rules.State[S]](ctx context.Context, start time.Time, tried uint64, p S, spec Spec, err error, evals func(string) (ai.Evaluator[S], error)) (ai.Info, error) {
	if !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		return ai.Info{}, err
	}
	info, err := search(ctx, p, perfectEngine(spec, max(spec.Params.Time/4, time.Millisecond)), evals)
	if err != nil {
		return ai.Info{}, err
	}
	info.Algo, info.Unproven, info.Exact = "perfect", true, false
	info.Nodes += tried
	info.Elapsed = time.Since(start)
	return info, nil
}

// poolSize is how many solvers of finished moves each pool keeps for the
// next ones (a solver keeps what it learnt in its table, and allocating
// one costs time).
const poolSize = 2

// The solvers of the perfect players.
var (
	c4Solvers      = &pool.Pool[*c4solver.Solver]{New: func() *c4solver.Solver { return c4solver.New(perfectTableMiB) }, Max: poolSize}
	othelloSolvers = &pool.Pool[*endgame.Solver]{New: newOthelloSolver, Max: poolSize}
)

// newOthelloSolver is a solver of the perfect player: its table, and the
// pattern evaluation in its move ordering (a sixth fewer nodes).
func newOthelloSolver() *endgame.Solver {
	s := endgame.New(perfectTableMiB)
	s.SetEvaluation(eval.OthelloPatternBits)
	return s
}
