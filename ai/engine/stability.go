package engine

import "boardgames/ai/internal/search"

// Stability cut-offs (Edax and other Othello programs): discs that can
// never flip bound the game's result, and a node whose bound is already
// outside the window needs no search. Othello's stable discs (more than 32
// of one colour win) are the example; a game offers such bounds by the
// optional ability Bounded of its positions.
//
// The engine's values are not disc counts: a finished game scores a win,
// a draw or a loss (±(WinScore-ply) or 0), and a position at the horizon
// its evaluation, an estimate that a bound on the result does not bound.
// So the engine asks for bounds only at a node whose every line reaches
// the game's end within the depth left: there its value is the game's
// value, which the bound does bound, and the cut-off returns what the
// search would have proved. Elsewhere (most of the middle game) it does
// not apply them: the value at a fixed depth stays the negamax value.

// Bounded is an optional ability of a game's positions: ResultBounds
// returns, when every line from the position ends the game within plies
// plies, the worst and the best result the side to move can still get
// (-1 a loss, 0 a draw, 1 a win), and true; false when a line may go on
// longer or no bound is known.
type Bounded interface {
	ResultBounds(plies int) (lo, hi int, ok bool)
}

// stability asks a game's positions for their bounds without converting
// each one to an interface (which would allocate per node), as quiescence
// does.
type stability[S any] struct {
	pos S
	b   Bounded // holds &pos
}

// newStability returns the stability cut-offs of a game, or nil if its
// positions are not Bounded.
func newStability[S any]() *stability[S] {
	st := &stability[S]{}
	b, ok := any(&st.pos).(Bounded)
	if !ok {
		return nil
	}
	st.b = b
	return st
}

// stabilityMinDepth is the least depth left at which the engine asks: below
// it the search of the few plies left costs about as much as the bound.
var stabilityMinDepth = 2

// stable tries the stability cut-off of the node s at ply, depth plies
// deep, with the window alpha, beta: ok true with the fail-soft value to
// return when the game's result bounds it outside the window. A game
// that ends within depth plies ends at a ply from ply+1 to ply+depth, so a
// loss there is worth at most -(WinScore-ply-depth) and a win at least
// WinScore-ply-depth.
func (e *engine[S]) stable(s S, depth, ply, alpha, beta int) (int, bool) {
	st := e.stab
	if st == nil || depth < stabilityMinDepth {
		return 0, false
	}
	st.pos = s
	lo, hi, ok := st.b.ResultBounds(depth)
	if !ok {
		return 0, false
	}
	if hi <= 0 {
		upper := 0
		if hi < 0 {
			upper = -(search.WinScore - ply - depth)
		}
		if upper <= alpha {
			return upper, true
		}
	}
	if lo >= 0 {
		lower := 0
		if lo > 0 {
			lower = search.WinScore - ply - depth
		}
		if lower >= beta {
			return lower, true
		}
	}
	return 0, false
}
