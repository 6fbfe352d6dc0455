package eval

import (
	"math/bits"

	"boardgames/rules/connect4"
)

// Connect Four bitboards (connect4.Position.Bitboards): the cell in column
// c (0 = left) at height r (0 = bottom) is bit 7c + r; bit 7c + 6 is an
// always-empty sentinel.

// c4Lines[k] has the cells whose number of winning lines (the fours of the
// board through that cell, 3 in a corner to 13 in the middle) has bit k set,
// so that a weighted stone count is four popcounts.
var c4Lines = makeC4Lines()

func makeC4Lines() (planes [4]uint64) {
	var count [connect4.Width][connect4.Height]int
	dirs := [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}
	for c := range connect4.Width {
		for r := range connect4.Height {
			for _, d := range dirs {
				ec, er := c+3*d[0], r+3*d[1]
				if ec < 0 || ec >= connect4.Width || er < 0 || er >= connect4.Height {
					continue
				}
				for k := range 4 {
					count[c+k*d[0]][r+k*d[1]]++
				}
			}
		}
	}
	for c := range connect4.Width {
		for r := range connect4.Height {
			for k := range planes {
				if count[c][r]>>k&1 != 0 {
					planes[k] |= connect4.Bit(c, r)
				}
			}
		}
	}
	return planes
}

// c4LineValue sums, over the stones s, the number of fours through each.
func c4LineValue(s uint64) int {
	return bits.OnesCount64(s&c4Lines[0]) + 2*bits.OnesCount64(s&c4Lines[1]) +
		4*bits.OnesCount64(s&c4Lines[2]) + 8*bits.OnesCount64(s&c4Lines[3])
}

// Rows 1, 3, 5 and 2, 4, 6 counted from the bottom (heights 0, 2, 4 and 1,
// 3, 5): the first player's threats are worth most on odd rows, the second
// player's on even rows (Allis 1988, the rules of zugzwang control).
const (
	c4OddRows  = connect4.BottomMask * 0b010101
	c4EvenRows = connect4.BottomMask * 0b101010
	c4Centre   = uint64(0b111111) << (3 * 7) // column 4
)

// Weights of connect4Threats, checked in fixed-depth alpha-beta matches
// (depth 5 and 7) against variants: threats weighted twice as much, as
// here, lost more games than they won.
const (
	// c4Decided is the value of a position decided at the next ply or the
	// one after: the side to move can connect four now, or the opponent has
	// two ways to connect four that cannot both be blocked. It stays far
	// below the searches' win scores, which prefer a real win.
	c4Decided     = 100_000
	c4GoodThreat  = 30 // open threat on a row of the owner's parity
	c4OtherThreat = 10 // open threat on another row
	c4Line        = 2  // per four through a stone (centre control)
	c4CentreStone = 4  // extra per stone in the centre column
)

// connect4Threats is the default Connect Four evaluation, from the side to
// move's view. A win at the next move scores +c4Decided and a loss that
// cannot be stopped (two immediate threats, or one with another threat
// right above it) -c4Decided. Otherwise it counts the open threats (empty
// cells that complete a four, not yet playable) of each side, worth more on
// the rows of the owner's parity (odd rows for the first player, even rows
// for the second), plus centre control: every stone weighted by the number
// of fours through its cell, plus a bonus for the centre column.
func connect4Threats(p connect4.Position) int {
	own, mask := p.Bitboards()
	opp := own ^ mask
	play := connect4.PlayableMask(mask)
	ownW := connect4.WinningMask(own, mask)
	if ownW&play != 0 {
		return c4Decided
	}
	oppW := connect4.WinningMask(opp, mask)
	oppNow := oppW & play
	if oppNow&(oppNow-1) != 0 || oppNow&(oppW>>1) != 0 {
		return -c4Decided
	}

	ownGood, oppGood := uint64(c4OddRows), uint64(c4EvenRows)
	if bits.OnesCount64(mask)&1 == 1 { // the second player is to move
		ownGood, oppGood = oppGood, ownGood
	}
	ownT, oppT := ownW&^play, oppW&^play
	v := c4GoodThreat*(bits.OnesCount64(ownT&ownGood)-bits.OnesCount64(oppT&oppGood)) +
		c4OtherThreat*(bits.OnesCount64(ownT&^ownGood)-bits.OnesCount64(oppT&^oppGood))
	v += c4Line*(c4LineValue(own)-c4LineValue(opp)) +
		c4CentreStone*(bits.OnesCount64(own&c4Centre)-bits.OnesCount64(opp&c4Centre))
	return v
}

// connect4Paper is the evaluation of the Connect Four paper: win or loss
// only. Every position it is asked about is still being played, so it is
// always 0; the searches score the finished positions themselves, a win
// as ai.WinScore minus the ply at which it happens, which prefers faster
// wins and slower losses exactly as the paper does.
func connect4Paper(connect4.Position) int { return 0 }
