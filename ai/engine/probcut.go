package engine

import (
	"math"

	"boardgames/ai/internal/search"
)

// Multi-ProbCut (Buro 1995, "ProbCut: An Effective Selective Extension of
// the Alpha-Beta Algorithm"; Buro 1997 for its multi-depth form in
// Logistello): in games whose evaluation is steady, the value v of a deep
// search is well predicted by the value v' of a much shallower one,
//
//	v ≈ slope·v' + offset, with an error of standard deviation σ.
//
// So before searching a null-window node to depth d, the engine searches
// it to the shallow depth d' (a small fraction of the work) and prunes it
// when the shallow value says, with confidence t (in standard deviations),
// that the deep one would fail high (v ≥ β) or low (v ≤ α):
//
//	v' ≥ (β + t·σ − offset) / slope   → return β
//	v' ≤ (α − t·σ − offset) / slope   → return α
//
// The shallow searches are null-window searches at those two bounds. The
// statistics (d' for each d, slope, offset, σ) belong to an evaluation and
// a game; package ai/learn fits them from its own searches. The engine uses
// them when Params.Selectivity holds a ProbCut of the game it searches.
// Pruned nodes make the value at a fixed depth an estimate rather than the
// negamax value, in exchange for reaching deeper in the same time.

// ProbCut gives the engine's Multi-ProbCut what it needs for a node: an
// optional ability of an evaluation, passed in Params.Selectivity and
// found by type assertion.
type ProbCut[S any] interface {
	// ProbCut returns the shallow search and the model for the node s,
	// about to be searched depth plies deep; ok false means no pruning
	// there. It is called at every null-window node with depth ≥ 2, so
	// it must be cheap.
	ProbCut(s S, depth int) (c Cut, ok bool)
}

// Cut is the model of one Multi-ProbCut test: the deep value is about
// Slope times the value of a search Depth plies deep plus Offset, give or
// take Margin (the confidence in standard deviations times the error's
// standard deviation), all in evaluation units.
type Cut struct {
	Depth                 int
	Slope, Offset, Margin float64
}

// selective is the engine's Multi-ProbCut state.
type selective[S any] struct {
	pc   ProbCut[S] // nil: no pruning
	busy bool       // a shallow search is under way: none inside it
}

// on reports whether a null-window node depth plies deep is tested.
func (sel *selective[S]) on(depth int) bool {
	return sel.pc != nil && !sel.busy && depth >= 2
}

// probCut runs the Multi-ProbCut test of the null-window node s (window
// alpha, alpha+1) at ply: ok true with the value to return when the node
// is pruned, or when the search was stopped meanwhile.
func (e *engine[S]) probCut(s S, depth, ply, alpha, beta int) (int, bool) {
	c, ok := e.sel.pc.ProbCut(s, depth)
	if !ok || c.Depth < 0 || c.Depth >= depth || c.Slope <= 0 || search.IsDecided(alpha) || search.IsDecided(beta) {
		return 0, false
	}
	e.sel.busy = true
	defer func() { e.sel.busy = false }()
	const lim = search.WinScore / 4 // far inside the evaluations' range
	if b := math.Ceil((float64(beta) + c.Margin - c.Offset) / c.Slope); b < lim {
		bound := int(b)
		v := e.pvs(s, c.Depth, ply, bound-1, bound)
		if e.Stop.Stopped {
			return 0, true
		}
		if v >= bound {
			e.Horizon++ // an estimate, not a proven value
			return beta, true
		}
	}
	if a := math.Floor((float64(alpha) - c.Margin - c.Offset) / c.Slope); a > -lim {
		bound := int(a)
		v := e.pvs(s, c.Depth, ply, bound, bound+1)
		if e.Stop.Stopped {
			return 0, true
		}
		if v <= bound {
			e.Horizon++
			return alpha, true
		}
	}
	return 0, false
}
