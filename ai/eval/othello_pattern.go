package eval

import (
	"math/bits"
	"strings"

	"boardgames/rules/othello"
)

// The learned Othello evaluation ("pattern") sums the weights of the
// configurations of small groups of squares, the patterns, the way
// Logistello (Buro 1997) and Egaroucid do: each pattern's squares read as a
// base-3 number (0 empty, 1 the side to move's disc, 2 the opponent's)
// index a table of weights, one table per pattern kind and game phase. The
// weights are fitted to the final disc margins of the project's own
// self-play games by package ai/learn, then fine-tuned on positions of
// those games labelled by 10-ply searches and, in a second and a third
// round, on those and positions of new games labelled by 8-ply searches
// of the round before's weights; the third round's tables are half the
// tables of small networks (one a kind, from its squares and the phase)
// fitted to the same labels. This file only reads positions.
//
// Every kind is read at each of its places on the board through the
// symmetries of the square, so that its instances share one table (the
// top edge, read left to right, and the left edge, read top to bottom, are
// the same configuration), and configurations that a symmetry keeping the
// pattern in place turns into each other share one weight. The evaluation
// is therefore exactly the same on all eight symmetric boards.
//
// The kinds, with the squares of their first instance (a1 is the top-left
// corner, square 0), and the number of instances:
//
//	edge+2X     a1-h1, b2, g2             4
//	line 2      a2-h2                     4
//	line 3      a3-h3                     4
//	line 4      a4-h4                     4
//	corner 3x3  a1-c3                     4
//	corner 2x5  a1-e1, a2-e2              8
//	diagonal 8  a1-h8                     2
//	diagonal 7  b1-h7                     4
//	diagonal 6  c1-h6                     4
//	diagonal 5  d1-h5                     4
//	diagonal 4  e1-h4                     4
//
// Besides the patterns a position has five more features: the number of
// legal moves of each side and the potential mobility of each side (the
// empty squares next to an opposing disc), each a table by count, and the
// parity of the empty squares (a bias for odd and one for even).

// Pattern kinds, in the order of their tables.
const (
	pkEdge2X = iota
	pkLine2
	pkLine3
	pkLine4
	pkCorner3x3
	pkCorner2x5
	pkDiag8
	pkDiag7
	pkDiag6
	pkDiag5
	pkDiag4
	numPatternKinds
)

// patternKinds describes each kind: its name, its number of squares
// (digits), and the permutation of its digits by the symmetry that maps
// the pattern onto itself (nil: none), under which configurations share
// their weight.
var patternKinds = [numPatternKinds]struct {
	name   string
	digits int
	mirror func(i, n int) int // the digit that digit i of n becomes
}{
	pkEdge2X:    {"edge+2X", 10, mirrorEdge2X},
	pkLine2:     {"line 2", 8, reverseDigits},
	pkLine3:     {"line 3", 8, reverseDigits},
	pkLine4:     {"line 4", 8, reverseDigits},
	pkCorner3x3: {"corner 3x3", 9, transpose3x3},
	pkCorner2x5: {"corner 2x5", 10, nil},
	pkDiag8:     {"diagonal 8", 8, reverseDigits},
	pkDiag7:     {"diagonal 7", 7, reverseDigits},
	pkDiag6:     {"diagonal 6", 6, reverseDigits},
	pkDiag5:     {"diagonal 5", 5, reverseDigits},
	pkDiag4:     {"diagonal 4", 4, reverseDigits},
}

// The digit permutations of the self-symmetries.
func reverseDigits(i, n int) int { return n - 1 - i }
func mirrorEdge2X(i, _ int) int { // a1-h1 reversed, b2 and g2 swapped
	if i < 8 {
		return 7 - i
	}
	return 17 - i
}
func transpose3x3(i, _ int) int { return i%3*3 + i/3 }

// OthelloPatterns is the number of pattern instances a position has.
const OthelloPatterns = 46

// The features after the patterns: a table of weights by the number of
// legal moves of each side, two weights by the parity of the empty squares
// (the bias of odd and of even positions), and a table by the potential
// mobility of each side (the empty squares next to an opposing disc).
const (
	mobilityCap  = 40 // counts from here on share the last entry
	potentialCap = 48
	// OthelloFeatures is the number of features of a position: the
	// pattern instances, the two mobility counts, the parity and the two
	// potential mobility counts.
	OthelloFeatures = OthelloPatterns + 5
)

// OthelloPhases is the number of game phases of the pattern evaluation,
// each with weights of its own: phase p serves the positions with
// 4p+1..4p+4 empty squares.
const OthelloPhases = 15

// OthelloPhase returns the phase of a position with empties empty squares.
func OthelloPhase(empties int) int {
	return min(max(empties-1, 0)/4, OthelloPhases-1)
}

// DiscUnit is the scale of the pattern evaluation: it returns its estimate
// of the final disc margin (the side to move's discs minus the
// opponent's at the end of the game) times DiscUnit.
const DiscUnit = 64

// OthelloLearned is the name of the learned (pattern) evaluation.
const OthelloLearned = "pattern"

// StrongPerDisc is how many of the strong evaluation's points make a disc
// of the final margin: its score divided by StrongPerDisc estimates the
// final disc difference. Measured on 800 positions from random games (200
// each at 14, 20, 30 and 40 empty squares), labelled by exact solves at
// 14 empties and by the pattern evaluation's 6-ply searches (in discs)
// above, a least-squares slope through the origin: 35.6, 32.2, 25.9 and
// 23.3 points a disc, their mean 29; the estimate's error is 11 to 13
// discs (the labels spread 24), as the pattern evaluation's own (11 to
// 15). Only what the user reads is converted: the searches keep the
// evaluation's points.
const StrongPerDisc = 29

// OthelloPerDisc is how many points of the Othello evaluation name ("" the
// default) make a disc of the final margin, and false for an evaluation
// whose value is not an estimate of it (positional: a table's weights).
func OthelloPerDisc(name string) (int, bool) {
	switch strings.ToLower(name) {
	case "", "strong":
		return StrongPerDisc, true
	case OthelloLearned:
		return DiscUnit, true
	case "discs":
		return 1, true
	}
	return 0, false
}

// OthelloDiscs turns a score of the Othello evaluation name into discs of
// the final margin, within the board's ±64 (the strong evaluation gives
// more to a lopsided ending, with many stable discs); false for an
// evaluation that does not estimate the margin.
func OthelloDiscs(name string, score int) (float64, bool) {
	n, ok := OthelloPerDisc(name)
	if !ok {
		return 0, false
	}
	return min(max(float64(score)/float64(n), -64), 64), true
}

// patternLayout is where each kind's table starts in a phase's flat table
// of raw (not shared) weights, and the map from raw weights to the shared
// parameters that training fits.
type patternLayout struct {
	offset [numPatternKinds + 1]int32 // offset[numPatternKinds] is the mobility tables' start
	raw    int                        // weights per phase, raw
	canon  []int32                    // raw index -> parameter index
	params int                        // parameters per phase
}

var layout = newPatternLayout()

// pow3 returns 3^n.
func pow3(n int) int {
	p := 1
	for range n {
		p *= 3
	}
	return p
}

func newPatternLayout() *patternLayout {
	l := &patternLayout{}
	n := int32(0)
	for k, pk := range patternKinds {
		l.offset[k] = n
		n += int32(pow3(pk.digits))
	}
	l.offset[numPatternKinds] = n
	l.raw = int(n) + 2*mobilityCap + 2 + 2*potentialCap
	l.canon = make([]int32, l.raw)
	var digits [10]int
	for k, pk := range patternKinds {
		size := pow3(pk.digits)
		for idx := range size {
			// The configuration the self-symmetry makes of idx; both
			// take the parameter of the smaller one.
			x := idx
			for i := range pk.digits {
				digits[i] = x % 3
				x /= 3
			}
			m := idx
			if pk.mirror != nil {
				m = 0
				for i := range pk.digits {
					m += digits[i] * pow3(pk.mirror(i, pk.digits))
				}
			}
			raw := int(l.offset[k]) + idx
			if m < idx {
				l.canon[raw] = l.canon[int(l.offset[k])+m]
				continue
			}
			l.canon[raw] = int32(l.params)
			l.params++
		}
	}
	for raw := int(l.offset[numPatternKinds]); raw < l.raw; raw++ {
		l.canon[raw] = int32(l.params)
		l.params++
	}
	return l
}

// OthelloParams is the number of fitted parameters of one phase of the
// pattern evaluation.
func OthelloParams() int { return layout.params }

// b3 maps a set of up to 10 digits given as bits to the base-3 number with
// a 1 at each set bit: the pattern index of the side to move's discs is
// b3[own] + 2·b3[opp].
var b3 = func() (t [1 << 10]uint16) {
	for x := range t {
		v, p := 0, 1
		for i := range 10 {
			if x>>i&1 != 0 {
				v += p
			}
			p *= 3
		}
		t[x] = uint16(v)
	}
	return t
}()

// The board's symmetries as bit tricks (bit = row*8 + column).

// mirrorColumns reverses the columns: a1 <-> h1.
func mirrorColumns(b uint64) uint64 {
	const k1, k2, k4 = 0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f
	b = b>>1&k1 | b&k1<<1
	b = b>>2&k2 | b&k2<<2
	return b>>4&k4 | b&k4<<4
}

// mirrorRows reverses the rows: a1 <-> a8.
func mirrorRows(b uint64) uint64 { return bits.ReverseBytes64(b) }

// transposeBoard swaps rows and columns: b1 <-> a2, the a1-h8 diagonal
// stays.
func transposeBoard(b uint64) uint64 {
	const k1, k2, k4 = 0x5500550055005500, 0x3333000033330000, 0x0f0f0f0f00000000
	t := k4 & (b ^ b<<28)
	b ^= t ^ t>>28
	t = k2 & (b ^ b<<14)
	b ^= t ^ t>>14
	t = k1 & (b ^ b<<7)
	return b ^ t ^ t>>7
}

// symmetries returns b under the 8 symmetries of the square: identity,
// columns mirrored, rows mirrored, both (a half turn), and those four
// transposed afterwards.
func symmetries(b uint64) (s [8]uint64) {
	s[0] = b
	s[1] = mirrorColumns(b)
	s[2] = mirrorRows(b)
	s[3] = mirrorRows(s[1])
	s[4] = transposeBoard(b)   // T(b)
	s[5] = mirrorRows(s[4])    // T(mirrorColumns(b))
	s[6] = mirrorColumns(s[4]) // T(mirrorRows(b))
	s[7] = mirrorRows(s[6])    // T(half turn of b)
	return s
}

// Masks of the diagonals read by the diagonal kinds: the main diagonal
// a1-h8 and, for k = 1..4, the squares (r, r+k).
const diagMain uint64 = 0x8040201008040201

var diagMask = func() (m [5]uint64) {
	for k := 1; k <= 4; k++ {
		for r := 0; r+k < 8; r++ {
			m[k] |= 1 << (9*r + k)
		}
	}
	return m
}()

// pattern returns the index of the configuration whose digits are own's
// bits and opp's bits (bit i is digit i): own counts 1, opp 2.
func pattern(own, opp uint64) int32 { return int32(b3[own&1023]) + 2*int32(b3[opp&1023]) }

// diag reads diagonal k (0: a1-h8, else the squares (r, r+k)) as digit
// bits: its squares, one per column, meet in the top byte of a product
// with file a.
func diag(b uint64, k int) uint64 {
	const fileA = 0x0101010101010101
	if k == 0 {
		return (b & diagMain) * fileA >> 56
	}
	return (b & diagMask[k]) * fileA >> (56 + k)
}

// othelloRawFeatures writes the raw weight index of every feature of the
// position own (the side to move's discs) against opp into f: the pattern
// instances kind by kind, then the two mobility counts and the parity.
func othelloRawFeatures(own, opp uint64, f *[OthelloFeatures]int32) {
	so, sp := symmetries(own), symmetries(opp)
	l := layout
	// The sides: the top row and the rows below it, read through the
	// symmetries that bring each side of the board to the top.
	for i, s := range [4]int{0, 2, 4, 5} {
		o, p := so[s], sp[s]
		f[i] = l.offset[pkEdge2X] + pattern(o&0xff|o>>1&0x100|o>>5&0x200, p&0xff|p>>1&0x100|p>>5&0x200)
		f[4+i] = l.offset[pkLine2] + pattern(o>>8&0xff, p>>8&0xff)
		f[8+i] = l.offset[pkLine3] + pattern(o>>16&0xff, p>>16&0xff)
		f[12+i] = l.offset[pkLine4] + pattern(o>>24&0xff, p>>24&0xff)
	}
	// The corners, each brought to a1.
	for i := range 4 {
		o, p := so[i], sp[i]
		f[16+i] = l.offset[pkCorner3x3] + pattern(o&7|o>>5&0x38|o>>10&0x1c0, p&7|p>>5&0x38|p>>10&0x1c0)
	}
	for i := range 8 {
		o, p := so[i], sp[i]
		f[20+i] = l.offset[pkCorner2x5] + pattern(o&0x1f|o>>3&0x3e0, p&0x1f|p>>3&0x3e0)
	}
	// The diagonals.
	f[28] = l.offset[pkDiag8] + pattern(diag(so[0], 0), diag(sp[0], 0))
	f[29] = l.offset[pkDiag8] + pattern(diag(so[1], 0), diag(sp[1], 0))
	for i, s := range [4]int{0, 4, 1, 5} {
		o, p := so[s], sp[s]
		f[30+i] = l.offset[pkDiag7] + pattern(diag(o, 1), diag(p, 1))
		f[34+i] = l.offset[pkDiag6] + pattern(diag(o, 2), diag(p, 2))
		f[38+i] = l.offset[pkDiag5] + pattern(diag(o, 3), diag(p, 3))
		f[42+i] = l.offset[pkDiag4] + pattern(diag(o, 4), diag(p, 4))
	}
	x := l.offset[numPatternKinds]
	f[46] = x + int32(min(bits.OnesCount64(othello.MoveMask(own, opp)), mobilityCap-1))
	f[47] = x + mobilityCap + int32(min(bits.OnesCount64(othello.MoveMask(opp, own)), mobilityCap-1))
	empty := ^(own | opp)
	f[48] = x + 2*mobilityCap + int32(bits.OnesCount64(empty)&1)
	x += 2*mobilityCap + 2
	f[49] = x + int32(min(bits.OnesCount64(empty&neighbours(opp)), potentialCap-1))
	f[50] = x + potentialCap + int32(min(bits.OnesCount64(empty&neighbours(own)), potentialCap-1))
}
