package adjacency

import (
	"math/bits"

	"boardgames/rules"
)

// Name is the game's name, the prefix of every error message.
const Name = "adjacency"

// maxRounds is the largest round limit: 28 rounds fill the 56 empty squares
// of the start position.
const maxRounds = 28

// Options are the game settings. The zero value means the defaults: 28
// rounds and X moves first.
type Options struct {
	// Rounds is the round limit, 1..28; 0 means 28.
	Rounds int
	// First is the side that moves first: rules.Black (X, the zero value)
	// or rules.White (O).
	First rules.Player
}

// Validate reports nonsense settings.
func (o Options) Validate() error {
	if o.Rounds < 0 || o.Rounds > maxRounds {
		return rules.Errorf(Name, "round limit %d is not in 1..%d (0 means %d)", o.Rounds, maxRounds, maxRounds)
	}
	if o.First != rules.Black && o.First != rules.White {
		return rules.Errorf(Name, "first player %d is not X (rules.Black) or O (rules.White)", o.First)
	}
	return nil
}

// limit returns the round limit with the default applied.
func (o Options) limit() int {
	if o.Rounds == 0 {
		return maxRounds
	}
	return o.Rounds
}

// Position is an Adjacency position: the marks of both sides, the side to
// move, the plies played and the round limit. It is a comparable value; the
// zero value is not a game (use Start, New or Parse).
type Position struct {
	black, white uint64 // X and O marks, bit i = square i
	hash         uint64 // Zobrist hash of the marks and the side to move
	plies        uint8  // moves played since the start (56 - empty squares)
	limit        uint8  // round limit, 1..28
	side         rules.Player
}

var _ rules.State[Position] = Position{}

// The start marks: X on a7, b7, a8, b8 and O on g1, h1, g2, h2.
const (
	startBlack uint64 = 1<<48 | 1<<49 | 1<<56 | 1<<57
	startWhite uint64 = 1<<6 | 1<<7 | 1<<14 | 1<<15
)

// Start returns the start position with the default options.
func Start() Position {
	p, _ := New(Options{})
	return p
}

// New returns the start position with the options o.
func New(o Options) (Position, error) {
	if err := o.Validate(); err != nil {
		return Position{}, err
	}
	return newPosition(startBlack, startWhite, 0, uint8(o.limit()), o.First), nil
}

// newPosition assembles a position and computes its hash from scratch.
func newPosition(black, white uint64, plies, limit uint8, side rules.Player) Position {
	return Position{
		black: black, white: white, plies: plies, limit: limit, side: side,
		hash: hashOf(black, white, side),
	}
}

// Bitboards returns the X (Black) and O (White) marks; bit i is square i
// (a1 = 0, h1 = 7, h8 = 63).
func (p Position) Bitboards() (black, white uint64) { return p.black, p.white }

// RoundsPlayed returns the number of complete rounds played.
func (p Position) RoundsPlayed() int { return int(p.plies) / 2 }

// RoundsLeft returns the rounds not yet complete, the one under way
// included: 0 once the game is over.
func (p Position) RoundsLeft() int { return int(p.limit) - p.RoundsPlayed() }

// Limit returns the round limit, 1..28.
func (p Position) Limit() int { return int(p.limit) }

// first returns the side that moved first in this game.
func (p Position) first() rules.Player { return p.side ^ rules.Player(p.plies&1) }

// The columns a and h, which a left or right step must not wrap across.
const (
	fileA uint64 = 0x0101010101010101
	fileH uint64 = fileA << 7
)

// Captures returns the opponent marks that flip when the side owning own
// puts a mark on square sq (0..63) against the opponent's opp: the opp marks
// orthogonally next to sq. It returns 0 when sq is not an empty square.
func Captures(own, opp uint64, sq int) uint64 {
	if uint(sq) >= 64 {
		return 0
	}
	b := uint64(1) << uint(sq)
	if (own|opp)&b != 0 {
		return 0
	}
	return opp & (b<<1&^fileA | b>>1&^fileH | b<<8 | b>>8)
}

// marks returns the number of X and O marks.
func (p Position) marks() (x, o int) {
	return bits.OnesCount64(p.black), bits.OnesCount64(p.white)
}
