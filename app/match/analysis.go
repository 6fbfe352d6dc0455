package match

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/ai/solve/c4solver"
	"boardgames/ai/solve/endgame"
	"boardgames/app/internal/tr"
	"boardgames/rules"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

// The analysis writes the value of every legal move on the board, the way
// Pascal Pons' Connect Four solver page and NBoard do: exact where the
// solvers answer ("win in 7", "+12 discs", "draw"), else the score of a
// search of the position after the move, with its depth. It improves its
// values step by step (a quick search of every move, deeper ones, then
// the exact solves) and reports each improvement. Analyzer runs it off the
// UI goroutine and cancels it when the position changes.

// MoveValue is what the analysis knows of one legal move, from the view of
// the side to move.
type MoveValue struct {
	Move rules.Move
	// Cell is where the board shows the value: the move's square, the
	// cell where a Connect Four stone lands, the destination of a checkers
	// move; -1 for an Othello pass.
	Cell int
	// Known is false until a first search has scored the move.
	Known bool
	// Exact marks a proven value: Score is then Pons' score (Connect
	// Four) or the final disc difference (Othello); otherwise Score is
	// the search's, in its units (ai.WinScore minus plies for a decided
	// game), Depth plies deep: with Smoothed, the mean of the searches
	// Depth-1 and Depth deep (values.go), else the last one's.
	Exact    bool
	Score    int
	Depth    int
	Smoothed bool
	// Raw is the last search's own score (Depth deep).
	Raw int
	// Best marks the best of the values, once they can be compared (all
	// exact, or all from searches of the same depth).
	Best bool
	// Text says the value in words ("win in 7", "+12 discs", "draw",
	// "+35 at depth 8"); Label is the same on two short lines for a cell.
	Text, Label string
}

// Analysis is the analysis of one position.
type Analysis struct {
	Position games.Position
	Moves    []MoveValue
	// Depth is the depth of the deepest complete round of searches.
	Depth int
	// Done: nothing more will come (every value exact, or the searches
	// went as deep as the analysis goes).
	Done    bool
	Elapsed time.Duration

	value *int // the position's exact value, when a book gives it
}

// Exact counts the moves with an exact value.
func (a Analysis) Exact() int {
	n := 0
	for _, m := range a.Moves {
		if m.Exact {
			n++
		}
	}
	return n
}

// Progress says in one sentence how far the analysis is.
func (a Analysis) Progress() string {
	exact, n := a.Exact(), len(a.Moves)
	switch {
	case n > 0 && exact == n:
		return tr.F("Move values: all %d exact (%s).", n, Seconds(a.Elapsed))
	case a.Depth == 0:
		return tr.T("Move values: analysing…")
	case exact == 0 && a.Done:
		return tr.F("Move values: searched to depth %d (%s).", a.Depth, Seconds(a.Elapsed))
	case exact == 0:
		return tr.F("Move values: searched to depth %d; analysing… (%s)", a.Depth, Seconds(a.Elapsed))
	case a.Done:
		return tr.F("Move values: %d of %d exact, the others searched to depth %d (%s).", exact, n, a.Depth, Seconds(a.Elapsed))
	}
	return tr.F("Move values: %d of %d exact, the others searched to depth %d; solving the others… (%s)", exact, n, a.Depth, Seconds(a.Elapsed))
}

// How far the analysis goes.
const (
	// analysisRound: the searches stop deepening after a round of all the
	// moves that took this long (the next would take several times more).
	analysisRound = 1500 * time.Millisecond
	// analysisPreview: where the moves are solved exactly, the searches
	// only give values to look at meanwhile, up to a round this long.
	analysisPreview = 300 * time.Millisecond
	// analysisMaxDepth bounds the searches.
	analysisMaxDepth = 40
	// analysisOthelloEmpties: from this many empty squares the Othello
	// moves are solved exactly (a second or two per move at most).
	analysisOthelloEmpties = 20
	// analysisTableMiB is the table of each solver of an Analyzer.
	analysisTableMiB = 32
)

// analyzer holds the solvers of the analyses, kept from one position to
// the next: their tables stay true and make the next solves faster. Only
// one analysis uses them at a time.
type analyzer struct {
	c4 *c4solver.Solver
	eg *endgame.Solver
}

// run analyses pos and calls report, from its goroutine, after every
// improvement and at the end.
func (z *analyzer) run(ctx context.Context, pos games.Position, report func(Analysis)) {
	start := time.Now()
	a := Analysis{Position: pos}
	for _, m := range pos.Legal() {
		cell := -1
		if sq := pos.Squares(m); len(sq) > 0 {
			cell = sq[len(sq)-1]
		}
		a.Moves = append(a.Moves, MoveValue{Move: m, Cell: cell, Label: "…", Text: tr.T("not analysed yet")})
	}
	send := func() {
		a.Elapsed = time.Since(start)
		markBest(&a)
		out := a
		out.Moves = slices.Clone(a.Moves)
		report(out)
	}
	defer func() {
		if ctx.Err() == nil {
			a.Done = true
			send()
		}
	}()
	// The exact answers that cost nothing: the books, and moves that end
	// the game.
	z.known(pos, &a)
	if a.Exact() == len(a.Moves) {
		return
	}
	send()
	exact := z.exactFor(pos)
	// Searches of every move, deeper and deeper; where the solvers can
	// answer, only until a round takes a noticeable time.
	// (Depth d searches the position after the move d-1 plies deep; depth
	// 0 would mean a search's default, so it starts at 2.)
	for d := 2; d <= analysisMaxDepth && ctx.Err() == nil; d++ {
		t := time.Now()
		complete := true
		for i := range a.Moves {
			mv := &a.Moves[i]
			if mv.Exact {
				continue
			}
			info, err := bots.Think(ctx, pos.Play(mv.Move), bots.Spec{Algo: "alphabeta", Eval: analysisEval(pos.Game()),
				Params: ai.Params{Depth: d - 1, Ordering: true}})
			if err != nil || ctx.Err() != nil {
				complete = false
				break
			}
			prev, hadPrev := mv.Raw, mv.Known && mv.Depth == d-1 && !ai.IsDecided(mv.Raw)
			mv.Known, mv.Raw, mv.Score, mv.Depth, mv.Smoothed = true, -info.Score, -info.Score, d, false
			switch {
			case info.Exact && pos.Game() == connect4.Name:
				z.setConnect4FromPlies(pos, mv)
			case hadPrev && !ai.IsDecided(mv.Raw):
				// The mean of the last odd and even depth: a search that
				// ends on the mover's ply and one that ends on the
				// opponent's lean opposite ways (checkers' start: +10,
				// -11, +4, -17 at depths 3 to 6).
				mv.Score, mv.Smoothed = smooth(prev, mv.Raw), true
				mv.Text, mv.Label = searchText(pos, mv.Score, d, true)
			default:
				mv.Text, mv.Label = searchText(pos, mv.Score, d, false)
			}
		}
		if !complete {
			return
		}
		a.Depth = d
		send()
		took := time.Since(t)
		if a.Exact() == len(a.Moves) || d >= searchDepthLimit(pos) ||
			exact && (cheapExact(pos) || took > analysisPreview) || took > analysisRound && d >= 6 {
			break
		}
	}
	if !exact {
		return
	}
	// The exact values, best-looking moves first.
	order := make([]int, len(a.Moves))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int { return a.Moves[j].Score - a.Moves[i].Score })
	for _, i := range order {
		mv := &a.Moves[i]
		if mv.Exact {
			continue
		}
		if err := z.solve(ctx, pos, mv); err != nil {
			return
		}
		send()
	}
}

// searchDepthLimit is how deep the searches of a game go: to the end of
// the game if it is near.
func searchDepthLimit(pos games.Position) int {
	switch p := pos.Native().(type) {
	case connect4.Position:
		return connect4.Width*connect4.Height - p.Played()
	case othello.Position:
		return p.Empties() + 2 // passes
	}
	return analysisMaxDepth
}

// cheapExact reports whether solving every move of pos takes a moment
// only, so that searches before are not worth it.
func cheapExact(pos games.Position) bool {
	switch p := pos.Native().(type) {
	case connect4.Position:
		return p.Played() >= 16
	case othello.Position:
		return p.Empties() <= 16
	}
	return false
}

// exactFor reports whether the analysis solves the moves of pos exactly.
func (z *analyzer) exactFor(pos games.Position) bool {
	switch p := pos.Native().(type) {
	case connect4.Position:
		return true
	case othello.Position:
		return p.Empties() <= analysisOthelloEmpties
	}
	return false
}

// known fills in what is known without a search: the books' values
// (bots.Connect4Lookup) of the moves and of the positions after them,
// moves that end the game.
func (z *analyzer) known(pos games.Position, a *Analysis) {
	for i := range a.Moves {
		mv := &a.Moves[i]
		child := pos.Play(mv.Move)
		if !child.Result().Over() {
			continue
		}
		switch p := pos.Native().(type) {
		case connect4.Position:
			score := 0
			if child.Result() != rules.Draw {
				score = (connect4.Width*connect4.Height + 1 - p.Played()) / 2
			}
			setConnect4(p, mv, score)
		case othello.Position:
			setOthello(mv, -sideScore(child.Native().(othello.Position)))
		default:
			mv.Known, mv.Exact = true, true
			mv.Score = resultScore(pos.ToMove(), child.Result())
			mv.Text, mv.Label = resultText(mv.Score)
		}
	}
	if p, ok := pos.Native().(checkers.Position); ok {
		checkersKnown(p, a) // the endgame databases (endgame.go)
	}
	if p, ok := pos.Native().(connect4.Position); ok {
		if r, ok, err := bots.Connect4Lookup(p); err == nil {
			if ok {
				a.value = &r.Score
				for i := range a.Moves {
					if s, ok := r.Moves[a.Moves[i].Move]; ok {
						setConnect4(p, &a.Moves[i], s)
					}
				}
			}
			// The book also knows many of the positions after a move, whole.
			for i := range a.Moves {
				mv := &a.Moves[i]
				if mv.Exact {
					continue
				}
				if r, ok, _ := bots.Connect4Lookup(pos.Play(mv.Move).Native().(connect4.Position)); ok {
					setConnect4(p, mv, -r.Score)
				}
			}
		}
	}
}

// solve finds the exact value of one move.
func (z *analyzer) solve(ctx context.Context, pos games.Position, mv *MoveValue) error {
	child := pos.Play(mv.Move)
	switch p := child.Native().(type) {
	case connect4.Position:
		if z.c4 == nil {
			z.c4 = c4solver.New(analysisTableMiB)
		}
		r, err := z.c4.Score(ctx, p)
		if err != nil {
			return err
		}
		setConnect4(pos.Native().(connect4.Position), mv, -r.Score)
	case othello.Position:
		if z.eg == nil {
			z.eg = endgame.New(analysisTableMiB)
		}
		r, err := z.eg.SolveBest(ctx, p)
		if err != nil {
			return err
		}
		setOthello(mv, -r.Score)
	default:
		return fmt.Errorf("%w: %s", errors.ErrUnsupported, pos.Game()) // no solver for the game
	}
	return nil
}

// sideScore is the final disc difference of a finished Othello game for
// the side to move there.
func sideScore(p othello.Position) int {
	if p.ToMove() == rules.Black {
		return p.Score()
	}
	return -p.Score()
}

// resultScore scores a finished game for player p: a win, a loss, a draw.
func resultScore(p rules.Player, r rules.Result) int {
	w, ok := r.Winner()
	switch {
	case !ok:
		return 0
	case w == p:
		return ai.WinScore
	}
	return -ai.WinScore
}

// markBest marks the best values: the moves that score the position's
// exact value when it is known, else the best of values that can be
// compared (all exact, or all from the same depth).
func markBest(a *Analysis) {
	for i := range a.Moves {
		mv := &a.Moves[i]
		mv.Best = a.value != nil && mv.Exact && mv.Score == *a.value
	}
	if len(a.Moves) == 0 || a.value != nil {
		return
	}
	first := a.Moves[0]
	best := first.Score
	for _, m := range a.Moves {
		if !m.Known || m.Exact != first.Exact || !m.Exact && m.Depth != first.Depth {
			return
		}
		best = max(best, m.Score)
	}
	for i := range a.Moves {
		a.Moves[i].Best = a.Moves[i].Score == best
	}
}
