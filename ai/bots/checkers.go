package bots

import (
	"bytes"
	"context"
	"fmt"
	"math/bits"
	"os"
	"sync"
	"time"

	"boardgames/ai"
	"boardgames/ai/book"
	"boardgames/ai/eval"
	"boardgames/ai/solve/egdb"
	"boardgames/assets/books"
	"boardgames/rules"
	"boardgames/rules/checkers"
	"boardgames/rules/games"
)

// The checkers engine's knowledge: the endgame databases (package egdb,
// built by `boardgames egdb build` into the user's cache folder) value the
// positions of few pieces exactly, at every node of the engine's search
// and of the perfect player's. Without them the bots play on with their
// searches alone, and Info.Note says so.

// NoDatabaseNote is Info.Note of a checkers bot that would use the
// endgame databases but finds none built.
const NoDatabaseNote = "no checkers endgame database is built: run boardgames egdb build -pieces 5"

var checkersDB struct {
	mu      sync.Mutex
	db      *egdb.DB
	err     error
	tried   time.Time
	pinned  bool // set by UseCheckersDB: never look again
	retryIn time.Duration
}

// dbRetry is how often CheckersDB looks again for databases it did not
// find (a build may have finished meanwhile).
const dbRetry = 10 * time.Second

// EnvDB is the environment variable that tells the checkers bots where
// their endgame databases are, instead of egdb.DefaultDir: a folder, or
// "off" for none (the tests of this repository run with it off).
const EnvDB = "BOARDGAMES_EGDB"

// damagedNote says that a file of the endgame databases could not be read:
// the search went on without the values of its ending.
func damagedNote(err error) string {
	return fmt.Sprintf("an endgame database file could not be read (%v); the search went on without it: run boardgames egdb verify", err)
}

// CheckersDB returns the endgame databases the checkers bots use: those in
// egdb.DefaultDir (or $BOARDGAMES_EGDB), opened the first time they are
// needed, or the reason there are none (egdb.ErrNotBuilt when they were
// never built).
func CheckersDB() (*egdb.DB, error) {
	d := &checkersDB
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.db != nil || d.pinned || !d.tried.IsZero() && time.Since(d.tried) < dbRetry {
		return d.db, d.err
	}
	d.tried = time.Now()
	dir := os.Getenv(EnvDB)
	switch dir {
	case "off":
		d.err = fmt.Errorf("%w ($%s is off)", egdb.ErrNotBuilt, EnvDB)
		return nil, d.err
	case "":
		var err error
		if dir, err = egdb.DefaultDir(); err != nil {
			d.err = err
			return nil, err
		}
	}
	d.db, d.err = egdb.Open(dir, 0)
	return d.db, d.err
}

// UseCheckersDB makes the checkers bots use db from now on (nil: none,
// and CheckersDB says egdb.ErrNotBuilt), for tests and for a program that
// keeps its databases elsewhere.
func UseCheckersDB(db *egdb.DB) {
	d := &checkersDB
	d.mu.Lock()
	defer d.mu.Unlock()
	d.db, d.pinned, d.err = db, true, nil
	if db == nil {
		d.err = egdb.ErrNotBuilt
	}
}

// knownWin is the evaluation of a position the databases know to be won
// (without its length, or when the draw rule may end the game first):
// beyond any evaluation of material, below the decided scores.
const knownWin = ai.WinScore / 4

// checkersOracle values the positions of db for the engine (waiting for
// its files to be read only when wait: a search on the clock never waits,
// a search to a fixed depth does, so that it gives the same answer every
// time): exactly where
// the database's distance holds under the position's draw rule, as a known
// win or loss (knownWin plus ev, which guides the winner on) where only the
// result is known, not at all where the draw rule might end the game
// before the database's win.
func checkersOracle(db *egdb.DB, ev ai.Evaluator[checkers.Position], wait bool) ai.Oracle[checkers.Position] {
	n := db.Pieces()
	probe := db.Peek
	if wait {
		probe = db.Probe
	}
	return func(p checkers.Position) (int, bool, bool) {
		b, w, _ := p.Bitboards()
		if bits.OnesCount32(b|w) > n {
			return 0, false, false
		}
		r, ok := probe(p)
		if !ok {
			return 0, false, false
		}
		if r.Holds(p.QuietPlies(), p.DrawPlies()) {
			switch r.Value {
			case egdb.Win:
				return ai.WinScore - r.Plies, true, true
			case egdb.Loss:
				return -(ai.WinScore - r.Plies), true, true
			}
			return 0, true, true
		}
		if r.Plies >= 0 {
			return 0, false, false // the draw rule may come first: search
		}
		if r.Value == egdb.Win {
			return knownWin + ev(p), false, true
		}
		return -knownWin + ev(p), false, true
	}
}

// checkersBook is the opening book, read once.
var checkersBook = sync.OnceValues(func() (*book.Book, error) { return book.Read(bytes.NewReader(books.Checkers)) })

// CheckersBook returns the checkers engine's opening book.
func CheckersBook() (*book.Book, error) { return checkersBook() }

// bookMove answers from the opening book, if it has p.
func bookMove(p checkers.Position) (ai.Info, bool) { return fromBook(checkersBook, p) }

// fromBook answers from an opening book, if it has p: its move, with the
// score and depth of the search that chose it.
func fromBook[P book.Position](open func() (*book.Book, error), p P) (ai.Info, bool) {
	b, err := open()
	if err != nil {
		return ai.Info{}, false
	}
	m, e, ok := b.Lookup(p)
	if !ok {
		return ai.Info{}, false
	}
	return ai.Info{Algo: "engine", Move: m, Score: e.Score, Depth: e.Depth, PV: []rules.Move{m},
		Moves: []ai.MoveScore{{Move: m, Score: e.Score}}, Book: true}, true
}

// searchCheckers runs a generic search on a checkers position. The engine
// on the clock (a game's move, Params.Time set) plays the opening book's
// move where it has one; the engine asks the endgame databases, if there
// are any, and prunes by the evaluation's Multi-ProbCut statistics.
func searchCheckers(ctx context.Context, p checkers.Position, spec Spec) (ai.Info, error) {
	if spec.Algo == "engine" && spec.Params.Time > 0 {
		if info, ok := bookMove(p); ok {
			return info, nil
		}
	}
	ev, err := eval.Checkers(spec.Eval)
	if err != nil {
		return ai.Info{}, err
	}
	params := spec.Params
	note := ""
	var db *egdb.DB
	if spec.Algo == "engine" && params.Oracle == nil {
		if db, err = CheckersDB(); err == nil {
			_, deadline := ctx.Deadline()
			params.Oracle = checkersOracle(db, ev, params.Time == 0 && !deadline)
		} else {
			note = NoDatabaseNote
		}
	}
	params.Selectivity = selectivity[checkers.Position](spec, params)
	info, err := ai.Search(ctx, spec.Algo, p, ev, params)
	if db != nil {
		if ferr := db.FileErr(); ferr != nil {
			note = damagedNote(ferr)
		}
	}
	if info.Note == "" {
		info.Note = note
	}
	return info, err
}

// The reference engine: the engine as it was before quiescence, the
// endgame databases and the opening book (main at commit 80e5c44), with
// the "strong" evaluation, kept unchanged as the fixed opponent of the
// strength bench (`boardgames bench -strength`), so that its figures stay
// comparable from one version to the next.
func init() {
	register(Algorithm{
		Name:   ReferenceEngine,
		Help:   "the engine as it was at commit 80e5c44 (no quiescence, endgame databases or book), the strength bench's fixed opponent",
		Params: []string{KeyDepth, KeyTime, KeyEval, KeyTT},
		Hidden: true,
		check:  func(s Spec) error { return s.Params.Validate("engine") },
		think:  thinkReference,
	})
}

// ReferenceEngine is the name of the reference engine.
const ReferenceEngine = "engine-v1"

// thinkReference runs the reference engine.
func thinkReference(ctx context.Context, pos games.Position, spec Spec) (ai.Info, error) {
	spec.Algo = "engine"
	if spec.Eval == "" {
		spec.Eval = "strong"
	}
	spec.Params.NoQuiescence = true
	spec.Params.WholeIterations = true
	spec.Params.Oracle = nil
	spec.Params.Past = nil          // it knew no game history
	spec.Params.Table = nil         // and kept no table between moves
	spec.Params.Selectivity = false // and pruned nothing by Multi-ProbCut
	spec.Params.NoNewCutoffs = true // nor by enhanced transposition or stability cut-offs
	return thinkGeneric(ctx, pos, spec, false)
}

// perfectCheckers is the perfect player of checkers: the engine (asking
// the endgame databases at every node), and once the position is in the
// databases, their best move: the quickest win, else a draw, else the
// slowest loss, where the database's result holds under the draw rule.
func perfectCheckers(ctx context.Context, p checkers.Position, spec Spec) (ai.Info, error) {
	start := time.Now()
	db, err := CheckersDB()
	if err != nil {
		info, err := searchCheckers(ctx, p, perfectEngine(spec, 0))
		info.Note = NoDatabaseNote
		return info, err
	}
	if info, ok := databaseMove(db, p); ok {
		info.Elapsed = time.Since(start)
		return info, nil
	}
	return searchCheckers(ctx, p, perfectEngine(spec, 0))
}

// databaseMove is the databases' best move of p with every move's exact
// score, or false when p is not in them or the best result does not hold
// under p's draw rule.
func databaseMove(db *egdb.DB, p checkers.Position) (ai.Info, bool) {
	b, w, _ := p.Bitboards()
	if bits.OnesCount32(b|w) > db.Pieces() || p.Result().Over() {
		return ai.Info{}, false
	}
	moves, ok := db.Moves(p)
	if !ok || len(moves) == 0 {
		return ai.Info{}, false
	}
	info := ai.Info{Algo: "perfect", Exact: true}
	for i, mv := range moves {
		child := p.Play(mv.Move)
		// The child's own result is one ply shorter: it must fit in what
		// the draw rule leaves after the move.
		if !mv.Result.Holds(child.QuietPlies()-1, child.DrawPlies()) {
			if i == 0 {
				return ai.Info{}, false
			}
			continue
		}
		score := 0
		switch mv.Result.Value {
		case egdb.Win:
			score = ai.WinScore - mv.Result.Plies
		case egdb.Loss:
			score = -(ai.WinScore - mv.Result.Plies)
		}
		info.Moves = append(info.Moves, ai.MoveScore{Move: mv.Move, Score: score})
	}
	best := info.Moves[0]
	info.Move, info.Score, info.PV = best.Move, best.Score, []rules.Move{best.Move}
	if plies, ok := ai.DecidedIn(best.Score); ok {
		info.Depth = plies
	}
	return info, true
}
