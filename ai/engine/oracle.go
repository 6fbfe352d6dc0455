package engine

import (
	"boardgames/ai/internal/search"
)

// Oracle knows the value of some positions without a search: an endgame
// database. For a position it knows it returns the value from the side to
// move's view, ok, and whether the value is exact: a draw (0) or a
// decided score (WinScore minus the plies to the end of the game with
// best play, or its negative), as if the position were the root. A known
// value that is not exact (a win whose length is unknown) is taken as the
// position's evaluation, within ±WinScore/2.
//
// Params.Oracle holds one for the engine, of the game searched
// (Oracle[checkers.Position] for checkers). The engine asks it at every
// node below the root, its quiescence included, and takes its answer
// instead of searching on.
type Oracle[S any] func(s S) (score int, exact, ok bool)

// known returns the oracle's value of the node at ply (already entered),
// relative to the root, and true; false when there is no oracle, at the
// root, or when it does not know the position.
func (e *engine[S]) known(s S, ply int) (int, bool) {
	if e.oracle == nil || ply == 0 {
		return 0, false
	}
	v, exact, ok := e.oracle(s)
	if !ok {
		return 0, false
	}
	e.Leaves++
	e.oracleHits++
	if !exact {
		e.Horizon++
		return search.ClampEval(v), true
	}
	return fromTT(v, ply), true // plies from the node become plies from the root
}

// extras are the engine's optional abilities: the oracle, quiescence,
// reductions, the repetition check and the stability cut-offs.
type extras[S any] struct {
	oracle     Oracle[S]
	oracleHits uint64 // nodes the oracle valued
	quiet      *quiescence[S]
	qLimit     int             // quiescence stops at this ply
	reduce     bool            // late move reductions (reduce.go)
	rep        *repetitions[S] // with Params.Past, in games whose positions recur (repeat.go)
	stab       *stability[S]   // in games whose positions are Bounded (stability.go)
	etcOn      bool            // enhanced transposition cut-offs (etc.go)
}

// setExtras gives an engine searching up to maxPly plies the run's oracle,
// unless Params.NoQuiescence the game's quiescence, with
// Params.Reductions late move reductions, with Params.Past the
// repetition check, and unless Params.NoNewCutoffs the enhanced
// transposition and stability cut-offs.
func (e *engine[S]) setExtras(cfg Config[S], maxPly int) {
	e.oracle = cfg.Oracle
	if !cfg.NoQuiescence {
		e.quiet = newQuiescence[S]()
	}
	e.qLimit = maxPly + quiesceMaxPlies
	e.reduce = cfg.Reductions
	if cfg.Past != nil {
		e.rep = newRepetitions[S](cfg.Past, maxPly+quiesceMaxPlies)
	}
	e.sel.pc = cfg.Selectivity
	if !cfg.NoNewCutoffs {
		e.stab = newStability[S]()
		e.etcOn = true
	}
}
