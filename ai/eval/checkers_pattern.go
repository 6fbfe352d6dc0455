package eval

import (
	"boardgames/ai"
	"boardgames/assets/weights"
	"boardgames/rules/checkers"
)

// The checkers pattern evaluation ("pattern") is the tuned evaluation
// (checkers_tuned.go) with the men's configurations of 18 regions of the
// board added. A region is 3 rows by 4 columns: 6 playing squares, each
// empty, an own man or an opponent's man (kings count as empty: the tuned
// features score them), so it is in one of 3^6 = 729 configurations, each
// with an opening and an ending weight. The regions start at every row
// from the first to the sixth and at the columns 1, 3 and 5 (from 1), so
// that they overlap, and are read from the side to move's view like the
// tuned features. It is fitted like tuned, by package ai/learn, to labels
// of the engine's searches (with tuned: checkers-tuned-d12-tuned.labels),
// in strong's points, and prunes by tuned's Multi-ProbCut statistics (its
// own are not measured yet).

// CheckersPatternModel names the pattern evaluation's features in weights
// files.
const CheckersPatternModel = "checkers-pattern/1"

// The pattern evaluation's regions and their configurations.
const (
	CheckersRegions       = 18
	CheckersRegionConfigs = 729 // 3^6: a region is 3 rows of 2 squares
	// CheckersPatternKinds is the number of pattern features, each with
	// two weights: the tuned ones (their indices unchanged), then region
	// r's configuration c at CheckersTunedKinds + r·729 + c.
	CheckersPatternKinds = CheckersTunedKinds + CheckersRegions*CheckersRegionConfigs
	// CheckersPatternParams is the number of weights of the pattern
	// evaluation.
	CheckersPatternParams = 2 * CheckersPatternKinds
	// MaxCheckersPatternFeatures bounds the features of a position.
	MaxCheckersPatternFeatures = MaxCheckersTunedFeatures + CheckersRegions
)

// ckRowCodes[own][opp] holds, for a row's own and opposing men (4 bits
// each), the configuration of each pair of adjacent squares (the first
// and second, second and third, third and fourth): a square's digit is 1
// for an own man, 2 for an opposing one, and the pair's first square
// counts 1, its second 3.
var ckRowCodes = func() (t [16][16][3]uint8) {
	for own := range 16 {
		for opp := range 16 {
			if own&opp != 0 {
				continue
			}
			for k := range 3 {
				for j := range 2 {
					d := 0
					switch {
					case own>>(k+j)&1 != 0:
						d = 1
					case opp>>(k+j)&1 != 0:
						d = 2
					}
					t[own][opp][k] += uint8(d * (1 + 2*j)) // 1, then 3
				}
			}
		}
	}
	return t
}()

// ckRegionConfigs writes the configuration of each region of the turned
// board's men: region 3·r+k covers rows r to r+2 (from 0),
// the squares k and k+1 of each (from 0), and its row i counts 9^i.
func ckRegionConfigs(ownMen, oppMen uint32, c *[CheckersRegions]int) {
	var rows [8]*[3]uint8
	for r := range rows {
		rows[r] = &ckRowCodes[ownMen>>(4*r)&15][oppMen>>(4*r)&15]
	}
	for r := range 8 - 2 {
		a, b, d := rows[r], rows[r+1], rows[r+2]
		for k := range 3 {
			c[3*r+k] = int(a[k]) + 9*int(b[k]) + 81*int(d[k])
		}
	}
}

// CheckersPatternFeatures writes the pattern features of p into idx and
// val, as CheckersTunedFeatures does (the tuned features first), and
// returns their number and the pieces on the board.
func CheckersPatternFeatures(p checkers.Position, idx, val *[MaxCheckersPatternFeatures]int32) (n, pieces int) {
	n, pieces = CheckersTunedFeatures(p, (*[MaxCheckersTunedFeatures]int32)(idx[:]), (*[MaxCheckersTunedFeatures]int32)(val[:]))
	own, opp, kings := turnedSides(p)
	var c [CheckersRegions]int
	ckRegionConfigs(own&^kings, opp&^kings, &c)
	for r, x := range c {
		idx[n], val[n] = int32(CheckersTunedKinds+r*CheckersRegionConfigs+x), 1
		n++
	}
	return n, pieces
}

// checkersPattern holds the pattern evaluation's weights: the tuned part
// and each region's configurations' opening and ending weights, in
// 1/CheckersTunedScale of a point.
type checkersPattern struct {
	tuned   *checkersTuned
	regions [CheckersRegions][CheckersRegionConfigs][2]int16
}

func newCheckersPattern(w *Weights) (*checkersPattern, error) {
	if err := w.expect(CheckersPatternModel, 1, CheckersPatternParams); err != nil {
		return nil, err
	}
	open, end := w.Values[:CheckersPatternKinds], w.Values[CheckersPatternKinds:]
	t := &checkersPattern{tuned: foldCheckersTuned(open, end)}
	for r := range CheckersRegions {
		for c := range CheckersRegionConfigs {
			i := CheckersTunedKinds + r*CheckersRegionConfigs + c
			t.regions[r][c] = [2]int16{open[i], end[i]}
		}
	}
	return t, nil
}

// evaluate is the sum of CheckersPatternFeatures' features times their
// weights.
func (t *checkersPattern) evaluate(p checkers.Position) int {
	own, opp, kings := turnedSides(p)
	o, e, pieces := t.tuned.sums(own, opp, kings)
	var c [CheckersRegions]int
	ckRegionConfigs(own&^kings, opp&^kings, &c)
	for r, x := range c {
		w := &t.regions[r][x]
		o += int(w[0])
		e += int(w[1])
	}
	return taper(o, e, pieces)
}

// CheckersPattern returns the checkers pattern evaluation with the weights
// w (package ai/learn's matches of new weights). It refuses weights of
// other features.
func CheckersPattern(w *Weights) (ai.Evaluator[checkers.Position], error) {
	t, err := newCheckersPattern(w)
	if err != nil {
		return nil, err
	}
	return t.evaluate, nil
}

// shippedPattern is the pattern evaluation's shipped weights
// (assets/weights), read when first used.
var shippedPattern = shippedWeights("checkers pattern", weights.CheckersPattern, newCheckersPattern)

func checkersPatternEval(p checkers.Position) int { return shippedPattern().evaluate(p) }
