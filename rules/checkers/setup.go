package checkers

import (
	"math/bits"

	"boardgames/rules"
)

// FromBitboards returns the position with the pieces given as Bitboards
// returns them (bit i is square i+1), toMove to move, quiet plies on the
// draw rule's counter and options o. It refuses what Parse refuses: a
// square with two pieces, a king that is no one's, a man on the row where
// it would have been crowned, more than 12 pieces a side, and a counter
// outside 0..the draw rule. Endgame databases and position editors build
// positions this way.
func FromBitboards(black, white, kings uint32, toMove rules.Player, quiet int, o Options) (Position, error) {
	if err := o.Validate(); err != nil {
		return Position{}, err
	}
	switch {
	case toMove != rules.Black && toMove != rules.White:
		return Position{}, rules.Errorf(Name, "position: side to move %d is not black or white", toMove)
	case black&white != 0:
		return Position{}, rules.Errorf(Name, "position: a square holds a black and a white piece")
	case kings&^(black|white) != 0:
		return Position{}, rules.Errorf(Name, "position: a king stands on an empty square")
	case black&^kings&lastRow != 0 || white&^kings&topRow != 0:
		return Position{}, rules.Errorf(Name, "position: a man stands on the row where it would have been crowned")
	case bits.OnesCount32(black) > 12 || bits.OnesCount32(white) > 12:
		return Position{}, rules.Errorf(Name, "position: more than 12 pieces of one colour")
	case quiet < 0 || quiet > int(o.limit()):
		return Position{}, rules.Errorf(Name, "position: %d quiet plies is outside 0..%d", quiet, o.limit())
	}
	return Position{pieces{black, white, kings}, counters{toMove, uint16(quiet), o.limit()}}, nil
}
