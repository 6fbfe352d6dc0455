package bots

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"boardgames/ai"
	"boardgames/ai/book"
	"boardgames/ai/eval"
	"boardgames/ai/solve/c4solver"
	"boardgames/ai/solve/endgame"
	"boardgames/assets/books"
	"boardgames/rules"
	"boardgames/rules/adjacency"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

// Evals lists a game's evaluation names, the default first.
func Evals(game string) []string { return eval.Names(game) }

// Think runs the bot on pos on the calling goroutine and returns what the
// search found. It returns promptly once ctx is cancelled, with the best
// move found so far. Errors are for bad specs and finished games.
func Think(ctx context.Context, pos games.Position, spec Spec) (ai.Info, error) {
	if err := spec.Validate(pos.Game()); err != nil {
		return ai.Info{}, err
	}
	if b := spec.Params.Time; b > 0 {
		// The budget runs from now: what comes before the search (opening
		// a database, say) is part of it.
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, time.Now().Add(b))
		defer cancel()
	}
	if a, _ := Lookup(spec.Algo); a.think != nil {
		return a.think(ctx, pos, spec)
	}
	return thinkGeneric(ctx, pos, spec, true)
}

// thinkGeneric runs one of the generic searches of package ai on pos;
// with knowledge, the checkers engine asks the endgame databases, and the
// engine on the clock plays the opening book's move where it has one (in
// Othello, with the evaluation the book was made with).
func thinkGeneric(ctx context.Context, pos games.Position, spec Spec, knowledge bool) (ai.Info, error) {
	switch s := pos.Native().(type) {
	case othello.Position:
		if knowledge && spec.Algo == "engine" && spec.Params.Time > 0 && strings.EqualFold(spec.Eval, OthelloBookEval) {
			if info, ok := fromBook(othelloBook, s); ok {
				return info, nil
			}
		}
		return search(ctx, s, spec, eval.Othello)
	case checkers.Position:
		if knowledge {
			return searchCheckers(ctx, s, spec)
		}
		return search(ctx, s, spec, eval.Checkers)
	case connect4.Position:
		return search(ctx, s, spec, eval.Connect4)
	case adjacency.Position:
		return search(ctx, s, spec, eval.Adjacency)
	}
	return ai.Info{}, fmt.Errorf("bots: no algorithms for %s", pos.Game())
}

func search[S rules.State[S]](ctx context.Context, s S, spec Spec, evals func(string) (ai.Evaluator[S], error)) (ai.Info, error) {
	ev, err := evals(spec.Eval)
	if err != nil {
		return ai.Info{}, err
	}
	p := spec.Params
	p.Selectivity = selectivity[S](spec, p)
	return ai.Search(ctx, spec.Algo, s, ev, p)
}

// HintTime is the time Hint thinks.
const HintTime = time.Second

// The positions Hint gives to the exact solvers: they answer these within
// HintTime (see BENCHMARKS.md).
const (
	hintConnect4Stones = 16
	hintOthelloEmpties = 16
	hintTableMiB       = 16
)

// Hint is the best move and score for the side to move: the exact
// solver's for Connect Four from 16 stones and Othello from 16 empty
// squares, else the engine's after at most HintTime of thought.
func Hint(ctx context.Context, pos games.Position) (ai.Info, error) {
	if info, ok := solvedHint(ctx, pos); ok {
		return info, nil
	}
	return Think(ctx, pos, Spec{Algo: "engine", Params: ai.Params{Depth: 64, Time: HintTime}})
}

// solvedHint asks the exact solver, giving up after HintTime. Its score is
// in the searches' units: Connect Four wins and losses as WinScore minus
// the plies to the winning stone, Othello the exact final disc difference.
func solvedHint(ctx context.Context, pos games.Position) (ai.Info, bool) {
	ctx, cancel := context.WithTimeout(ctx, HintTime)
	defer cancel()
	var (
		r   c4solver.Result // the same type as endgame.Result
		err error
	)
	switch p := pos.Native().(type) {
	case connect4.Position:
		if p.Played() < hintConnect4Stones {
			return ai.Info{}, false
		}
		r, err = c4solver.New(hintTableMiB).SolveBest(ctx, p)
		r.Score = connect4Score(p.Played(), r.Score)
	case othello.Position:
		if p.Empties() > hintOthelloEmpties {
			return ai.Info{}, false
		}
		r, err = endgame.New(hintTableMiB).SolveBest(ctx, p)
	default:
		return ai.Info{}, false
	}
	if err != nil || len(r.Best) == 0 {
		return ai.Info{}, false
	}
	info := ai.Info{Algo: "solver", Exact: true, Move: r.Best[0], Score: r.Score, Nodes: r.Nodes, Elapsed: r.Elapsed}
	info.PV = []rules.Move{info.Move}
	return info, true
}

// connect4Score turns a score in Pons' convention (the winner's stone
// count at the win: 22 - score) into plies from now, played stones being on
// the board: the side to move has played/2 of them, its opponent the rest.
func connect4Score(played, pons int) int {
	own := played / 2
	switch {
	case pons > 0:
		return ai.WinScore - (2*(22-pons-own) - 1)
	case pons < 0:
		return -(ai.WinScore - 2*(22+pons-(played-own)))
	}
	return 0
}

// OthelloBookEval is the evaluation of the Othello opening book's
// searches: the engine with another evaluation does not play from it (a
// book must not hide the evaluation a class compares).
const OthelloBookEval = "pattern"

// othelloBook is the Othello opening book, read once.
var othelloBook = sync.OnceValues(func() (*book.Book, error) { return book.Read(bytes.NewReader(books.Othello)) })

// OthelloBook returns the Othello engine's opening book.
func OthelloBook() (*book.Book, error) { return othelloBook() }
