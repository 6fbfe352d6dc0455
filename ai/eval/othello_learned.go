package eval

import (
	"math/bits"

	"boardgames/ai"
	"boardgames/assets/weights"
	"boardgames/rules/othello"
)

// OthelloModel names the pattern evaluation's features in weights files;
// its number changes whenever the features do.
const OthelloModel = "othello-pattern/1"

// othelloTables holds the pattern evaluation's weights by phase, expanded
// from the fitted parameters to one entry per raw feature index, so that
// evaluating is 49 loads and adds.
type othelloTables [OthelloPhases][]int16

// newOthelloTables expands fitted weights.
func newOthelloTables(w *Weights) (*othelloTables, error) {
	if err := w.expect(OthelloModel, OthelloPhases, layout.params); err != nil {
		return nil, err
	}
	t := new(othelloTables)
	for p := range t {
		params := w.Phase(p)
		row := make([]int16, layout.raw)
		for raw, c := range layout.canon {
			row[raw] = params[c]
		}
		t[p] = row
	}
	return t, nil
}

// eval is the pattern evaluation of own (the side to move's discs) against
// opp, in DiscUnit per disc.
func (t *othelloTables) eval(own, opp uint64) int {
	var f [OthelloFeatures]int32
	othelloRawFeatures(own, opp, &f)
	w := t[OthelloPhase(64-bits.OnesCount64(own|opp))]
	v := 0
	for _, i := range f {
		v += int(w[i])
	}
	return v
}

func (t *othelloTables) evaluate(p othello.Position) int {
	own, opp := othelloSides(p)
	return t.eval(own, opp)
}

// OthelloPattern returns the pattern evaluation with the weights w, for
// trying weights that are not the shipped ones (package ai/learn's
// self-play and matches). It refuses weights of other features.
func OthelloPattern(w *Weights) (ai.Evaluator[othello.Position], error) {
	t, err := newOthelloTables(w)
	if err != nil {
		return nil, err
	}
	return t.evaluate, nil
}

// OthelloFeatureIndices writes into f the fitted parameter behind each
// feature of the position own (the side to move's discs) against opp: the
// pattern evaluation of the position, in phase OthelloPhase(empties), is
// the sum of those parameters.
func OthelloFeatureIndices(own, opp uint64, f *[OthelloFeatures]int32) {
	othelloRawFeatures(own, opp, f)
	for i, raw := range f {
		f[i] = layout.canon[raw]
	}
}

// shippedOthello is the pattern evaluation's shipped weights
// (assets/weights), read when first used.
var shippedOthello = shippedWeights("Othello", weights.Othello, newOthelloTables)

// othelloPattern is the learned pattern evaluation with the shipped
// weights: the estimated final disc margin, DiscUnit to the disc.
func othelloPattern(p othello.Position) int {
	return shippedOthello().evaluate(p)
}

// OthelloPatternKinds is the number of pattern kinds of the pattern
// evaluation; OthelloRawWeights the number of its raw (not shared) weights
// a phase: every configuration of every kind, then the other features'.
const OthelloPatternKinds = numPatternKinds

// OthelloRawWeights returns the number of raw weights of a phase.
func OthelloRawWeights() int { return layout.raw }

// OthelloKindDigits returns the number of squares of pattern kind k.
func OthelloKindDigits(k int) int { return patternKinds[k].digits }

// OthelloRawFeatures writes into f the raw weight behind each feature of
// the position own against opp (OthelloFeatureIndices before the
// symmetries' sharing).
func OthelloRawFeatures(own, opp uint64, f *[OthelloFeatures]int32) { othelloRawFeatures(own, opp, f) }

// OthelloRawPattern returns the kind and the configuration of a raw
// weight (digit i of the configuration in base 3 is square i of the
// pattern: 0 empty, 1 the side to move's disc, 2 the opponent's); ok is
// false for the weights of the other features.
func OthelloRawPattern(raw int32) (kind, config int, ok bool) {
	for k := numPatternKinds - 1; k >= 0; k-- {
		if raw >= layout.offset[k] {
			if raw >= layout.offset[numPatternKinds] {
				return 0, 0, false
			}
			return k, int(raw - layout.offset[k]), true
		}
	}
	return 0, 0, false
}

// OthelloRawParam returns the fitted parameter a raw weight shares.
func OthelloRawParam(raw int32) int32 { return layout.canon[raw] }
