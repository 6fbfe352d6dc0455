package review

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"sync"
	"time"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/ai/eval"
	"boardgames/ai/internal/pool"
	"boardgames/ai/solve/c4solver"
	"boardgames/ai/solve/egdb"
	"boardgames/ai/solve/endgame"
	"boardgames/rules"
	"boardgames/rules/adjacency"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

// Defaults of Options.
const (
	// DefaultEmpties is where Othello's values become exact: the endgame
	// solver is asked from 20 empty squares (a second or less a position
	// on the project's machine, see ai/bots' PerfectEmpties).
	DefaultEmpties = 20
	// DefaultSolveTime caps each exact solve; a position whose solve does
	// not finish in it gets the engine's value, marked unproven.
	DefaultSolveTime = 5 * time.Second
	// tableMiB is the solvers' and the engine's table.
	tableMiB = 64
)

// DefaultDepth is the engine's depth per position where no exact value is
// known: Othello 10, checkers 14, Connect Four 14, Adjacency 6 plies.
func DefaultDepth(game string) int {
	switch game {
	case othello.Name:
		return 10
	case checkers.Name, connect4.Name:
		return 14
	}
	return 6
}

// The engine's evaluation per game, and its units per the game's unit
// (Scales): Othello the pattern evaluation (64 to the disc), checkers
// strong (100 to the man), Adjacency vulnerability (100 to the mark),
// Connect Four threats (kept in its own units).
var engineEval = map[string]struct {
	name string
	unit float64
}{
	othello.Name:   {"pattern", eval.DiscUnit},
	checkers.Name:  {"strong", 100},
	adjacency.Name: {"vulnerability", 100},
	connect4.Name:  {"threats", 1},
}

// Options tune a review. The zero value is the default.
type Options struct {
	// Depth is the engine's depth per position (0: DefaultDepth).
	Depth int
	// Time, if set, is the engine's time per position instead of a
	// depth: the values then depend on the machine.
	Time time.Duration
	// SolveTime caps each exact solve (0: DefaultSolveTime).
	SolveTime time.Duration
	// Empties is the number of empty squares from which the Othello
	// endgame solver is asked (0: DefaultEmpties; at most 30).
	Empties int
	// Cache, if set, is shared: values found are kept in it and values in
	// it are not searched again.
	Cache *Cache
	// DB is the checkers endgame databases; nil asks ai/bots for the
	// built ones (bots.CheckersDB), and checkers is then judged by the
	// engine alone when there are none.
	DB *egdb.DB
}

// Reviewer reviews games. It keeps its solvers between positions and is
// safe for concurrent use: a tournament's games can be reviewed at once.
type Reviewer struct {
	opt     Options
	c4      pool.Pool[*c4solver.Solver] // solvers kept between positions
	othello pool.Pool[*endgame.Solver]
	dbOnce  sync.Once
	db      *egdb.DB
}

// New returns a Reviewer.
func New(opt Options) (*Reviewer, error) {
	switch {
	case opt.Depth < 0 || opt.Depth > 64:
		return nil, fmt.Errorf("review: depth %d is outside 1..64", opt.Depth)
	case opt.Time < 0 || opt.SolveTime < 0:
		return nil, errors.New("review: a time must not be negative")
	case opt.Empties < 0 || opt.Empties > bots.MaxPerfectEmpties:
		return nil, fmt.Errorf("review: empties %d is outside 1..%d", opt.Empties, bots.MaxPerfectEmpties)
	}
	opt.SolveTime = cmp.Or(opt.SolveTime, DefaultSolveTime)
	opt.Empties = cmp.Or(opt.Empties, DefaultEmpties)
	if opt.Cache == nil {
		opt.Cache = NewCache()
	}
	r := &Reviewer{opt: opt}
	r.c4.New, r.c4.Max = func() *c4solver.Solver { return c4solver.New(tableMiB) }, 4
	r.othello.New, r.othello.Max = func() *endgame.Solver { return endgame.New(tableMiB) }, 4
	return r, nil
}

// Cache returns the reviewer's cache.
func (r *Reviewer) Cache() *Cache { return r.opt.Cache }

// checkersDB returns the databases, or nil.
func (r *Reviewer) checkersDB() *egdb.DB {
	r.dbOnce.Do(func() {
		r.db = r.opt.DB
		if r.db == nil {
			r.db, _ = bots.CheckersDB()
		}
	})
	return r.db
}

// depth is the engine's depth for game.
func (r *Reviewer) depth(game string) int { return cmp.Or(r.opt.Depth, DefaultDepth(game)) }

// Basis says how the engine judges a game's positions: "engine depth 10
// (pattern)" or "engine 1s a position (pattern)".
func (r *Reviewer) Basis(game string) string {
	if r.opt.Time > 0 {
		return fmt.Sprintf("engine %v a position (%s)", r.opt.Time, engineEval[game].name)
	}
	return fmt.Sprintf("engine depth %d (%s)", r.depth(game), engineEval[game].name)
}

// settings names what decides a value of game's positions, for the cache.
func (r *Reviewer) settings(game string) string {
	s := fmt.Sprintf("%s d%d t%v s%v", game, r.depth(game), r.opt.Time, r.opt.SolveTime)
	switch game {
	case othello.Name:
		s += fmt.Sprintf(" e%d", r.opt.Empties)
	case checkers.Name:
		pieces := 0
		if db := r.checkersDB(); db != nil {
			pieces = db.Pieces()
		}
		s += fmt.Sprintf(" db%d", pieces)
	}
	return s
}

// key is p's cache key: its hash, with the checkers draw counters (which
// the hash leaves out and the databases' values depend on).
func (r *Reviewer) key(p games.Position) cacheKey {
	h := p.Hash()
	if c, ok := p.Native().(checkers.Position); ok {
		h ^= uint64(c.QuietPlies()+1)*0x9e3779b97f4a7c15 ^ uint64(c.DrawPlies())*0xbf58476d1ce4e5b9
	}
	return cacheKey{h, r.settings(p.Game())}
}

// Value returns what p is worth to its side to move: exact where a solver,
// the book or the databases know it, else the engine's evaluation. It
// fails only when ctx ends first (or for a game without an engine).
func (r *Reviewer) Value(ctx context.Context, p games.Position) (Value, error) {
	v, _, err := r.value(ctx, p)
	return v, err
}

// value is Value, and whether the cache had the value.
func (r *Reviewer) value(ctx context.Context, p games.Position) (Value, bool, error) {
	if p.Result().Over() {
		return terminal(p), false, nil
	}
	k := r.key(p)
	if v, ok := r.opt.Cache.get(k); ok {
		return v, true, nil
	}
	v, err := r.analyse(ctx, p)
	if err != nil {
		return Value{}, false, err
	}
	r.opt.Cache.put(k, v)
	return v, false, nil
}

func (r *Reviewer) analyse(ctx context.Context, p games.Position) (Value, error) {
	switch s := p.Native().(type) {
	case connect4.Position:
		if v, ok, err := r.connect4Book(ctx, s); ok || err != nil {
			return v, err
		}
		if v, ok, err := solve(ctx, r, &r.c4, s, r.opt.SolveTime, (*c4solver.Solver).SolveBest); ok || err != nil {
			v.Plies = connect4Plies(s.Played(), int(v.Score))
			v.Depth = connect4.Width*connect4.Height - s.Played()
			return v, err
		}
	case othello.Position:
		if s.Empties() <= r.opt.Empties {
			if v, ok, err := solve(ctx, r, &r.othello, s, r.opt.SolveTime, (*endgame.Solver).SolveBest); ok || err != nil {
				v.Depth = s.Empties()
				return v, err
			}
		}
	case checkers.Position:
		if v, ok := r.database(s); ok {
			return v, nil
		}
	}
	v, err := r.engine(ctx, p)
	if err == nil {
		_, exactGame := p.Native().(connect4.Position)
		o, isOthello := p.Native().(othello.Position)
		v.Unproven = exactGame || isOthello && o.Empties() <= r.opt.Empties
	}
	return v, err
}

// engine is the engine's value of p.
func (r *Reviewer) engine(ctx context.Context, p games.Position) (Value, error) {
	e, ok := engineEval[p.Game()]
	if !ok {
		return Value{}, fmt.Errorf("review: no engine for %s", p.Game())
	}
	params := ai.Params{Depth: r.depth(p.Game()), TTMiB: tableMiB}
	if r.opt.Time > 0 {
		params.Depth, params.Time = 64, r.opt.Time
	}
	info, err := bots.Think(ctx, p, bots.Spec{Algo: "engine", Eval: e.name, Params: params})
	if err != nil {
		return Value{}, err
	}
	if err := ctx.Err(); err != nil {
		return Value{}, err
	}
	return fromEngine(info, e.unit), nil
}

// solve runs an exact solver on s within limit; ok is false when it did
// not finish in time (and ctx is not done).
func solve[S any, P any](ctx context.Context, r *Reviewer, pl *pool.Pool[S], s P, limit time.Duration,
	f func(S, context.Context, P) (c4solver.Result, error)) (Value, bool, error) {
	sctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	solver := pl.Get()
	res, err := f(solver, sctx, s)
	pl.Put(solver)
	if err != nil {
		if ctx.Err() != nil {
			return Value{}, false, ctx.Err()
		}
		if errors.Is(err, context.DeadlineExceeded) {
			return Value{}, false, nil
		}
		return Value{}, false, err
	}
	score := float64(res.Score)
	return Value{Class: classOf(score), Score: score, Plies: -1, Exact: true, Best: res.Best, Source: "solver"}, true, nil
}

// connect4Book is the value of p from the perfect player's books
// (bots.Connect4Lookup: the complete book of the first plies, then the
// opening book): its own entry, or else, when the books hold some of the
// positions after p's moves, the best of those moves' values, the others
// solved (the books leave out only the positions that solve quickly). ok
// is false when the books cannot help, or a solve did not finish within
// the cap.
func (r *Reviewer) connect4Book(ctx context.Context, p connect4.Position) (Value, bool, error) {
	mk := func(score int, best []rules.Move) Value {
		return Value{Class: classOf(float64(score)), Score: float64(score), Plies: connect4Plies(p.Played(), score),
			Exact: true, Best: best, Source: "book", Depth: connect4.Width*connect4.Height - p.Played()}
	}
	res, ok, err := bots.Connect4Lookup(p)
	if err != nil {
		return Value{}, false, nil
	}
	if ok {
		return mk(res.Score, res.Best), true, nil
	}
	var buf [rules.MaxMoves]rules.Move
	moves := p.Moves(buf[:0])
	scores := make([]int, len(moves))
	known := make([]bool, len(moves))
	inBook := false
	for i, m := range moves {
		c := p.Play(m)
		if c.Result().Over() {
			scores[i] = c.Score() // Pons' score from Black's view
			if c.ToMove() == rules.Black {
				scores[i] = -scores[i] // the mover was White
			}
			known[i] = true
		} else if res, ok, _ := bots.Connect4Lookup(c); ok {
			scores[i], known[i], inBook = -res.Score, true, true
		}
	}
	if !inBook {
		return Value{}, false, nil
	}
	for i, m := range moves {
		if known[i] {
			continue
		}
		v, ok, err := solve(ctx, r, &r.c4, p.Play(m), r.opt.SolveTime, (*c4solver.Solver).Score)
		if !ok || err != nil {
			return Value{}, false, err
		}
		scores[i] = -int(v.Score)
	}
	best := slices.Max(scores)
	var bestMoves []rules.Move
	for i, m := range moves {
		if scores[i] == best {
			bestMoves = append(bestMoves, m)
		}
	}
	return mk(best, bestMoves), true, nil
}

// database is the checkers databases' value of p, when p is in them and
// the value holds under p's draw rule.
func (r *Reviewer) database(p checkers.Position) (Value, bool) {
	db := r.checkersDB()
	if db == nil {
		return Value{}, false
	}
	b, w, _ := p.Bitboards()
	if bits.OnesCount32(b|w) > db.Pieces() {
		return Value{}, false
	}
	moves, ok := db.Moves(p)
	if !ok || len(moves) == 0 {
		return Value{}, false
	}
	best := moves[0]
	if !best.Result.Holds(p.QuietPlies(), p.DrawPlies()) {
		return Value{}, false
	}
	v := Value{Plies: best.Result.Plies, Exact: true, Source: "database", Depth: bits.OnesCount32(b | w)}
	switch best.Result.Value {
	case egdb.Win:
		v.Class = Win
	case egdb.Loss:
		v.Class = Loss
	default:
		v.Class = Draw
	}
	for _, m := range moves {
		if m.Result == best.Result {
			v.Best = append(v.Best, m.Move)
		}
	}
	return v, true
}
