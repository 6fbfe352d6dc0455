package eval

import (
	"math/bits"

	"boardgames/ai"
	"boardgames/assets/weights"
	"boardgames/rules/checkers"
)

// The learned checkers evaluation ("learned") is a logistic model of the
// side to move's chances (Texel's tuning method applied to checkers): a
// weighted sum of features, fitted by package ai/learn to the results of
// the project's own self-play games, whose logistic function estimates the
// side to move's score (1 a win, ½ a draw). Every feature has two weights,
// one for the opening and one for the ending, blended by the number of
// pieces on the board (24 all opening, 2 all ending), as chess programs
// taper theirs.
//
// The features are read from the side to move's view, the board turned
// round when White moves, so that "own" men always move down the board:
//
//	own man, own king, opponent man, opponent king on each of the 32
//	squares (tables of 32 weights: material, advancement, back rank,
//	centre, edges and double corners in one)
//	simple moves and jumps of each side (mobility, the capture the side
//	to move must make, the opponent's threats)
//	runaway men of each side (no opposing piece in the squares ahead)
//	the move (Samuel's MOVE: with equal material, an odd number of pieces
//	on the system squares favours the side to move)
//	trades (the material lead times the pieces gone)
//	king hunting (the leader's kings' distance to the nearest opposing
//	piece, in king steps)
//	a bias (the side to move's edge)

// CheckersModel names the learned checkers evaluation's features in weights
// files.
const CheckersModel = "checkers-features/1"

// The features' parameters: the four piece tables, then the others; each
// has an opening weight (index i) and an ending weight (i +
// CheckersFeatureKinds).
const (
	ckfOwnMan = 32 * iota
	ckfOwnKing
	ckfOppMan
	ckfOppKing
	ckfOwnSteps = 128 + iota - 4
	ckfOppSteps
	ckfOwnJumps
	ckfOppJumps
	ckfOwnRunaway
	ckfOppRunaway
	ckfTempo
	ckfTrade
	ckfOwnHunt
	ckfOppHunt
	ckfBias
	// CheckersFeatureKinds is the number of features, each with two
	// weights.
	CheckersFeatureKinds
)

// CheckersParams is the number of weights of the learned checkers
// evaluation (one phase).
const CheckersParams = 2 * CheckersFeatureKinds

// CheckersUnit is the learned checkers evaluation's scale: its value is
// the estimated log-odds of the side to move's score times CheckersUnit.
const CheckersUnit = 100

// MaxCheckersFeatures bounds the features of a position: 24 pieces and
// the other features.
const MaxCheckersFeatures = 24 + CheckersFeatureKinds - 128

// CheckersFeatures writes the features of p into idx and val (the index
// of each feature's opening weight and its value) and returns their number
// and the pieces on the board, which set the taper: the opening weights
// count (pieces−2)/22, the ending weights the rest.
func CheckersFeatures(p checkers.Position, idx *[MaxCheckersFeatures]int32, val *[MaxCheckersFeatures]int32) (n, pieces int) {
	own, opp, kings, black := checkersSides(p)
	if !black { // turn the board: own men move down, as Black's do
		own, opp, kings = bits.Reverse32(own), bits.Reverse32(opp), bits.Reverse32(kings)
	}
	put := func(i, v int) {
		if v != 0 {
			idx[n], val[n] = int32(i), int32(v)
			n++
		}
	}
	tables := [4]struct {
		b   uint32
		off int
	}{{own &^ kings, ckfOwnMan}, {own & kings, ckfOwnKing}, {opp &^ kings, ckfOppMan}, {opp & kings, ckfOppKing}}
	for _, t := range tables {
		for b := t.b; b != 0; b &= b - 1 {
			put(t.off+bits.TrailingZeros32(b), 1)
		}
	}
	ownSteps, ownJumps := ckMoves(own, opp, kings, true)
	oppSteps, oppJumps := ckMoves(opp, own, kings, false)
	put(ckfOwnSteps, ownSteps)
	put(ckfOppSteps, oppSteps)
	put(ckfOwnJumps, ownJumps)
	put(ckfOppJumps, oppJumps)
	put(ckfOwnRunaway, runaways(own&^kings, opp, &ckConeDown))
	put(ckfOppRunaway, runaways(opp&^kings, own, &ckConeUp))
	nOwn, nOpp := bits.OnesCount32(own), bits.OnesCount32(opp)
	pieces = nOwn + nOpp
	if nOwn == nOpp && bits.OnesCount32(kings) < pieces {
		if bits.OnesCount32((own|opp)&ckSystem)&1 == 1 {
			put(ckfTempo, 1)
		} else {
			put(ckfTempo, -1)
		}
	}
	put(ckfTrade, (nOwn-nOpp)*(24-pieces))
	switch {
	case nOwn > nOpp:
		put(ckfOwnHunt, kingDistance(own&kings, opp))
	case nOpp > nOwn:
		put(ckfOppHunt, kingDistance(opp&kings, own))
	}
	put(ckfBias, 1)
	return n, pieces
}

// runaways counts the men of men whose cone (the squares ahead of each
// that it could ever reach) holds no piece of opp.
func runaways(men, opp uint32, cone *[32]uint32) int {
	n := 0
	for b := men; b != 0; b &= b - 1 {
		if cone[bits.TrailingZeros32(b)]&opp == 0 {
			n++
		}
	}
	return n
}

// ckConeDown[i] is the squares a man on bit i moving down could reach,
// ckConeUp[i] those of a man moving up.
var ckConeDown, ckConeUp = func() (down, up [32]uint32) {
	for i := range 32 {
		for d, u := uint32(1)<<i, uint32(1)<<i; d|u != 0; {
			d = stepDL(d) | stepDR(d)
			u = stepUL(u) | stepUR(u)
			down[i] |= d
			up[i] |= u
		}
	}
	return down, up
}()

// checkersTables holds the learned checkers evaluation's weights.
type checkersTables struct {
	open, end [CheckersFeatureKinds]int32
}

func newCheckersTables(w *Weights) (*checkersTables, error) {
	if err := w.expect(CheckersModel, 1, CheckersParams); err != nil {
		return nil, err
	}
	t := new(checkersTables)
	for i := range CheckersFeatureKinds {
		t.open[i] = int32(w.Values[i])
		t.end[i] = int32(w.Values[CheckersFeatureKinds+i])
	}
	return t, nil
}

func (t *checkersTables) evaluate(p checkers.Position) int {
	var idx, val [MaxCheckersFeatures]int32
	n, pieces := CheckersFeatures(p, &idx, &val)
	var o, e int
	for k := range n {
		i, v := idx[k], int(val[k])
		o += v * int(t.open[i])
		e += v * int(t.end[i])
	}
	pieces = min(max(pieces, 2), 24)
	return (o*(pieces-2) + e*(24-pieces)) / 22
}

// CheckersLearned returns the learned checkers evaluation with the weights
// w (package ai/learn's matches of new weights). It refuses weights of
// other features.
func CheckersLearned(w *Weights) (ai.Evaluator[checkers.Position], error) {
	t, err := newCheckersTables(w)
	if err != nil {
		return nil, err
	}
	return t.evaluate, nil
}

// shippedCheckers is the learned evaluation's shipped weights
// (assets/weights), read when first used.
var shippedCheckers = shippedWeights("checkers", weights.Checkers, newCheckersTables)

// checkersLearned is the learned checkers evaluation with the shipped
// weights.
func checkersLearned(p checkers.Position) int {
	return shippedCheckers().evaluate(p)
}
