package eval

import (
	"math/bits"

	"boardgames/ai"
	"boardgames/assets/weights"
	"boardgames/rules/checkers"
)

// The tuned checkers evaluation ("tuned") is a linear model, tapered by
// the pieces on the board like "learned", fitted by package ai/learn to
// the values of deeper searches of the engine ("strong", its default) and,
// for positions of the endgame databases, to their exact results, rather
// than to the results of games alone. Its value is in the strong
// evaluation's points (a man about 100): the fit turns a search value v
// into the chance σ(v/S), S the points a unit of log-odds is worth in the
// labels' values (measured on the labelled games), and the model's
// log-odds into points with CheckersPointsPerLogOdds, strong's S, so that
// the engine's margins keep their meaning. Its Multi-ProbCut statistics are its own
// (checkers_tuned.probcut): its deep values stray further from its shallow
// ones than strong's do.
//
// The features, read from the side to move's view with the board turned
// when White moves (own men move down the board):
//
//	own man, own king, opponent man, opponent king on each of the 32
//	squares (material, advancement, centre, edges, double corners)
//	the back rank: the configuration of each side's men on its home row
//	(16 each: bridge, triangle and the rest, the guard against kings)
//	simple moves and jumps of each side; king moves of each side and
//	its trapped kings (kings with no move and no capture)
//	runaway men of each side (no opposing piece in the squares ahead)
//	dog-holes: a man on square 28 held by a man on 32, or (for White) on 5
//	held by one on 1
//	tempo: the rows each side's men have advanced, summed
//	the move (Samuel's MOVE) and trades (material lead × pieces gone)
//	king hunting by the side ahead, men and kings of each side counted,
//	kings against none, a capture due now, a bias
//
// Every feature has an opening and an ending weight, blended by the pieces
// on the board (24 all opening, 2 all ending).

// CheckersTunedModel names the tuned evaluation's features in weights files.
const CheckersTunedModel = "checkers-tuned/1"

// The tuned features' indices (opening weights; ending ones are
// i + CheckersTunedKinds).
const (
	cktOwnMan   = 0
	cktOwnKing  = 32
	cktOppMan   = 64
	cktOppKing  = 96
	cktOwnBack  = 128 // + the home row's 4-bit configuration
	cktOppBack  = 144
	cktOwnSteps = 160 + iota - 6
	cktOppSteps
	cktOwnJumps
	cktOppJumps
	cktOwnKingSteps
	cktOppKingSteps
	cktOwnTrapped
	cktOppTrapped
	cktOwnRunaway
	cktOppRunaway
	cktOwnDogHole
	cktOppDogHole
	cktOwnTempo
	cktOppTempo
	cktMove
	cktTrade
	cktOwnHunt
	cktOppHunt
	cktOwnMen
	cktOwnKings
	cktOppMen
	cktOppKings
	cktOwnKingsOnly // own kings against none
	cktOppKingsOnly
	cktJumpNow
	cktBias
	// CheckersTunedKinds is the number of tuned features, each with two
	// weights.
	CheckersTunedKinds
)

// CheckersTunedParams is the number of weights of the tuned evaluation.
const CheckersTunedParams = 2 * CheckersTunedKinds

// MaxCheckersTunedFeatures bounds the features of a position: 24 pieces,
// two back-rank configurations and the rest.
const MaxCheckersTunedFeatures = 24 + 2 + CheckersTunedKinds - cktOwnSteps

// CheckersTunedScale: the weights are stored in 1/CheckersTunedScale of a
// point.
const CheckersTunedScale = 8

// CheckersPointsPerLogOdds is the strong evaluation's points a unit of
// log-odds is worth: the S with which σ(v/S) of depth-12 search values v
// with strong best predicts the results of the 20,000 self-play games the
// tuned evaluation's positions come from (measured by package ai/learn).
// The learned weights turn log-odds into points with it.
const CheckersPointsPerLogOdds = 305

// CheckersTunedFeatures writes the tuned features of p into idx and val
// (each feature's opening weight's index and its value) and returns their
// number and the pieces on the board (the taper: the opening weights count
// (pieces−2)/22, the ending weights the rest).
func CheckersTunedFeatures(p checkers.Position, idx, val *[MaxCheckersTunedFeatures]int32) (n, pieces int) {
	own, opp, kings := turnedSides(p)
	put := func(i, v int) {
		if v != 0 {
			idx[n], val[n] = int32(i), int32(v)
			n++
		}
	}
	ownMen, oppMen, ownKings, oppKings := own&^kings, opp&^kings, own&kings, opp&kings
	for _, t := range [4]struct {
		b   uint32
		off int
	}{{ownMen, cktOwnMan}, {ownKings, cktOwnKing}, {oppMen, cktOppMan}, {oppKings, cktOppKing}} {
		for b := t.b; b != 0; b &= b - 1 {
			put(t.off+bits.TrailingZeros32(b), 1)
		}
	}
	// The home rows: own squares 1-4 (bits 0-3), the opponent's 32-29
	// read the same way round from its side.
	put(cktOwnBack+int(ownMen&0xF), 1)
	put(cktOppBack+int(bits.Reverse32(oppMen)&0xF), 1)

	ownSteps, ownJumps := ckMoves(own, opp, kings, true)
	oppSteps, oppJumps := ckMoves(opp, own, kings, false)
	put(cktOwnSteps, ownSteps)
	put(cktOppSteps, oppSteps)
	put(cktOwnJumps, ownJumps)
	put(cktOppJumps, oppJumps)
	empty := ^(own | opp)
	ks, kt := kingMoves(ownKings, opp, empty)
	put(cktOwnKingSteps, ks)
	put(cktOwnTrapped, kt)
	ks, kt = kingMoves(oppKings, own, empty)
	put(cktOppKingSteps, ks)
	put(cktOppTrapped, kt)
	put(cktOwnRunaway, runaways(ownMen, opp, &ckConeDown))
	put(cktOppRunaway, runaways(oppMen, own, &ckConeUp))
	// Dog-holes (turned board): own man on 28 (bit 27) whose one square
	// ahead, 32, holds an opposing man; the opponent's on 5 (bit 4) held
	// by own man on 1.
	if ownMen&(1<<27) != 0 && oppMen&(1<<31) != 0 {
		put(cktOwnDogHole, 1)
	}
	if oppMen&(1<<4) != 0 && ownMen&1 != 0 {
		put(cktOppDogHole, 1)
	}
	ownTempo, oppTempo := 0, 0
	for r := 1; r < 7; r++ {
		row := uint32(0xF) << (4 * r)
		ownTempo += r * bits.OnesCount32(ownMen&row)
		oppTempo += (7 - r) * bits.OnesCount32(oppMen&row)
	}
	put(cktOwnTempo, ownTempo)
	put(cktOppTempo, oppTempo)
	nOwn, nOpp := bits.OnesCount32(own), bits.OnesCount32(opp)
	pieces = nOwn + nOpp
	if nOwn == nOpp && bits.OnesCount32(kings) < pieces {
		if bits.OnesCount32((own|opp)&ckSystem)&1 == 1 {
			put(cktMove, 1)
		} else {
			put(cktMove, -1)
		}
	}
	put(cktTrade, (nOwn-nOpp)*(24-pieces))
	switch {
	case nOwn > nOpp:
		put(cktOwnHunt, kingDistance(ownKings, opp))
	case nOpp > nOwn:
		put(cktOppHunt, kingDistance(oppKings, own))
	}
	nOwnKings, nOppKings := bits.OnesCount32(ownKings), bits.OnesCount32(oppKings)
	put(cktOwnMen, nOwn-nOwnKings)
	put(cktOwnKings, nOwnKings)
	put(cktOppMen, nOpp-nOppKings)
	put(cktOppKings, nOppKings)
	if nOwnKings > 0 && nOppKings == 0 {
		put(cktOwnKingsOnly, 1)
	}
	if nOppKings > 0 && nOwnKings == 0 {
		put(cktOppKingsOnly, 1)
	}
	if ownJumps > 0 {
		put(cktJumpNow, 1)
	}
	put(cktBias, 1)
	return n, pieces
}

// kingMoves returns the simple moves of the kings ks onto empty squares
// and how many of them are trapped: no simple move and no capture of a
// piece of opp.
func kingMoves(ks, opp, empty uint32) (steps, trapped int) {
	for b := ks; b != 0; b &= b - 1 {
		k := b & -b
		s := (stepUL(k) | stepUR(k) | stepDL(k) | stepDR(k)) & empty
		steps += bits.OnesCount32(s)
		if s == 0 && (stepUL(stepUL(k)&opp)|stepUR(stepUR(k)&opp)|stepDL(stepDL(k)&opp)|stepDR(stepDR(k)&opp))&empty == 0 {
			trapped++
		}
	}
	return steps, trapped
}

// checkersTuned holds the tuned evaluation's weights, in
// 1/CheckersTunedScale of a point, opening and ending side by side. The
// features that are sums over the men and kings (tempo, the counts) are
// folded into the square tables, so that evaluate need not count them.
type checkersTuned struct {
	w [CheckersTunedKinds][2]int32
}

func newCheckersTuned(w *Weights) (*checkersTuned, error) {
	if err := w.expect(CheckersTunedModel, 1, CheckersTunedParams); err != nil {
		return nil, err
	}
	return foldCheckersTuned(w.Values[:CheckersTunedKinds], w.Values[CheckersTunedKinds:]), nil
}

// foldCheckersTuned makes the tuned evaluation of the opening weights open
// and the ending weights end (CheckersTunedKinds each, or more).
func foldCheckersTuned(open, end []int16) *checkersTuned {
	t := new(checkersTuned)
	for i := range CheckersTunedKinds {
		t.w[i] = [2]int32{int32(open[i]), int32(end[i])}
	}
	for ph := range 2 {
		for sq := range 32 {
			row := int32(sq / 4)
			t.w[cktOwnMan+sq][ph] += row*t.w[cktOwnTempo][ph] + t.w[cktOwnMen][ph]
			if row >= 1 && row <= 6 {
				t.w[cktOppMan+sq][ph] += (7 - row) * t.w[cktOppTempo][ph]
			}
			t.w[cktOppMan+sq][ph] += t.w[cktOppMen][ph]
			t.w[cktOwnKing+sq][ph] += t.w[cktOwnKings][ph]
			t.w[cktOppKing+sq][ph] += t.w[cktOppKings][ph]
		}
		for _, i := range []int{cktOwnTempo, cktOppTempo, cktOwnMen, cktOppMen, cktOwnKings, cktOppKings} {
			t.w[i][ph] = 0
		}
	}
	return t
}

// evaluate is the sum of CheckersTunedFeatures' features times their
// weights, computed without listing them.
func (t *checkersTuned) evaluate(p checkers.Position) int {
	own, opp, kings := turnedSides(p)
	o, e, pieces := t.sums(own, opp, kings)
	return taper(o, e, pieces)
}

// turnedSides returns the pieces of the side to move and of its opponent
// and the kings, the board turned when White moves (own men move down).
func turnedSides(p checkers.Position) (own, opp, kings uint32) {
	own, opp, kings, black := checkersSides(p)
	if !black {
		own, opp, kings = bits.Reverse32(own), bits.Reverse32(opp), bits.Reverse32(kings)
	}
	return own, opp, kings
}

// taper blends the opening sum o and the ending sum e (in
// 1/CheckersTunedScale of a point) by the pieces on the board.
func taper(o, e, pieces int) int {
	pieces = min(max(pieces, 2), 24)
	return (o*(pieces-2) + e*(24-pieces)) / (22 * CheckersTunedScale)
}

// sums returns the opening and the ending sums of the features of the
// turned board (own, opp, kings) and the pieces on it.
func (t *checkersTuned) sums(own, opp, kings uint32) (o, e, pieces int) {
	add := func(i int, v int32) {
		o += int(v * t.w[i][0])
		e += int(v * t.w[i][1])
	}
	ownMen, oppMen, ownKings, oppKings := own&^kings, opp&^kings, own&kings, opp&kings
	for b := ownMen; b != 0; b &= b - 1 {
		add(cktOwnMan+bits.TrailingZeros32(b), 1)
	}
	for b := oppMen; b != 0; b &= b - 1 {
		add(cktOppMan+bits.TrailingZeros32(b), 1)
	}
	add(cktOwnBack+int(ownMen&0xF), 1)
	add(cktOppBack+int(bits.Reverse32(oppMen)&0xF), 1)
	ownSteps, ownJumps := ckMoves(own, opp, kings, true)
	oppSteps, oppJumps := ckMoves(opp, own, kings, false)
	add(cktOwnSteps, int32(ownSteps))
	add(cktOppSteps, int32(oppSteps))
	add(cktOwnJumps, int32(ownJumps))
	add(cktOppJumps, int32(oppJumps))
	if kings != 0 {
		empty := ^(own | opp)
		for b := ownKings; b != 0; b &= b - 1 {
			add(cktOwnKing+bits.TrailingZeros32(b), 1)
		}
		for b := oppKings; b != 0; b &= b - 1 {
			add(cktOppKing+bits.TrailingZeros32(b), 1)
		}
		ks, kt := kingMoves(ownKings, opp, empty)
		add(cktOwnKingSteps, int32(ks))
		add(cktOwnTrapped, int32(kt))
		ks, kt = kingMoves(oppKings, own, empty)
		add(cktOppKingSteps, int32(ks))
		add(cktOppTrapped, int32(kt))
		if oppKings == 0 {
			add(cktOwnKingsOnly, 1)
		}
		if ownKings == 0 {
			add(cktOppKingsOnly, 1)
		}
	}
	add(cktOwnRunaway, int32(runaways(ownMen, opp, &ckConeDown)))
	add(cktOppRunaway, int32(runaways(oppMen, own, &ckConeUp)))
	if ownMen&(1<<27) != 0 && oppMen&(1<<31) != 0 {
		add(cktOwnDogHole, 1)
	}
	if oppMen&(1<<4) != 0 && ownMen&1 != 0 {
		add(cktOppDogHole, 1)
	}
	nOwn, nOpp := bits.OnesCount32(own), bits.OnesCount32(opp)
	pieces = nOwn + nOpp
	if nOwn == nOpp && bits.OnesCount32(kings) < pieces {
		if bits.OnesCount32((own|opp)&ckSystem)&1 == 1 {
			add(cktMove, 1)
		} else {
			add(cktMove, -1)
		}
	}
	add(cktTrade, int32((nOwn-nOpp)*(24-pieces)))
	switch {
	case nOwn > nOpp && ownKings != 0:
		add(cktOwnHunt, int32(kingDistance(ownKings, opp)))
	case nOpp > nOwn && oppKings != 0:
		add(cktOppHunt, int32(kingDistance(oppKings, own)))
	}
	if ownJumps > 0 {
		add(cktJumpNow, 1)
	}
	add(cktBias, 1)
	return o, e, pieces
}

// CheckersTuned returns the tuned checkers evaluation with the weights w
// (package ai/learn's matches of new weights). It refuses weights of other
// features.
func CheckersTuned(w *Weights) (ai.Evaluator[checkers.Position], error) {
	t, err := newCheckersTuned(w)
	if err != nil {
		return nil, err
	}
	return t.evaluate, nil
}

// shippedTuned is the tuned evaluation's shipped weights (assets/weights),
// read when first used.
var shippedTuned = shippedWeights("tuned checkers", weights.CheckersTuned, newCheckersTuned)

func checkersTunedEval(p checkers.Position) int { return shippedTuned().evaluate(p) }
