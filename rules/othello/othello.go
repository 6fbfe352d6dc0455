package othello

import (
	"math/bits"

	"boardgames/rules"
)

// Name is the game's name, the prefix of every error message.
const Name = "othello"

// Pass is the move of a side that has no legal move while its opponent has
// one. The other moves are the square indexes 0..63.
const Pass rules.Move = 64

// Options are the game's settings; the zero value is the standard game.
type Options struct {
	// First is the side that moves first: rules.Black (the default) or
	// rules.White.
	First rules.Player
	// NoPass is the rule of paper 000: the game ends as soon as the side
	// to move has no legal move, instead of that side passing. The result
	// is counted as usual.
	NoPass bool
}

// Validate reports settings that make no sense.
func (o Options) Validate() error {
	if o.First != rules.Black && o.First != rules.White {
		return rules.Errorf(Name, "first player %d is neither black nor white", o.First)
	}
	return nil
}

// Position is an Othello position: the discs of the side to move and of
// its opponent, and which colour moves. It is a small value; Play returns a
// new one. The zero Position is an empty board, a finished draw.
type Position struct {
	own, opp uint64 // discs of the side to move and of the other side
	side     rules.Player
	noPass   bool // Options.NoPass: no passing, the game ends instead
}

var _ rules.State[Position] = Position{}

// Start squares: white on d4 and e5, black on d5 and e4.
const (
	startBlack = 1<<35 | 1<<28 // d5, e4
	startWhite = 1<<27 | 1<<36 // d4, e5
)

// Start returns the standard start position, Black to move.
func Start() Position {
	return Position{own: startBlack, opp: startWhite, side: rules.Black}
}

// New returns the start position for the options o.
func New(o Options) (Position, error) {
	if err := o.Validate(); err != nil {
		return Position{}, err
	}
	return fromBitboards(startBlack, startWhite, o.First, o.NoPass), nil
}

func fromBitboards(black, white uint64, toMove rules.Player, noPass bool) Position {
	if toMove == rules.White {
		return Position{own: white, opp: black, side: rules.White, noPass: noPass}
	}
	return Position{own: black, opp: white, side: rules.Black, noPass: noPass}
}

// NoPass reports whether the position follows paper 000's rule: the game
// ends when the side to move cannot move (see Options.NoPass).
func (p Position) NoPass() bool { return p.noPass }

// Bitboards returns the black and the white discs; bit i is square i
// (row*8 + column, a1 = 0).
func (p Position) Bitboards() (black, white uint64) {
	if p.side == rules.White {
		return p.opp, p.own
	}
	return p.own, p.opp
}

// Empties returns the number of empty squares.
func (p Position) Empties() int {
	return 64 - bits.OnesCount64(p.own|p.opp)
}

// ToMove returns the colour whose turn it is.
func (p Position) ToMove() rules.Player { return p.side }

// Moves appends the legal moves to buf[:0], in square order: the squares
// that flip a disc, or just Pass when there are none but the opponent can
// move (never under NoPass), or nothing when the game is over.
func (p Position) Moves(buf []rules.Move) []rules.Move {
	buf = buf[:0]
	m := MoveMask(p.own, p.opp)
	if m == 0 {
		if !p.noPass && MoveMask(p.opp, p.own) != 0 {
			buf = append(buf, Pass)
		}
		return buf
	}
	for ; m != 0; m &= m - 1 {
		buf = append(buf, rules.Move(bits.TrailingZeros64(m)))
	}
	return buf
}

// Play returns the position after the legal move m (a square or Pass); the
// receiver is unchanged. An illegal m gives a meaningless position.
func (p Position) Play(m rules.Move) Position {
	if m == Pass {
		return Position{own: p.opp, opp: p.own, side: p.side ^ 1, noPass: p.noPass}
	}
	sq := int(m & 63)
	f := flips(p.own, p.opp, sq)
	return Position{own: p.opp &^ f, opp: p.own | f | 1<<sq, side: p.side ^ 1, noPass: p.noPass}
}

// over reports whether neither side can move, or under NoPass whether the
// side to move cannot.
func (p Position) over() bool {
	return MoveMask(p.own, p.opp) == 0 && (p.noPass || MoveMask(p.opp, p.own) == 0)
}

// discDiff returns black discs minus white discs.
func (p Position) discDiff() int {
	d := bits.OnesCount64(p.own) - bits.OnesCount64(p.opp)
	if p.side == rules.White {
		return -d
	}
	return d
}

// Result tells whether the game is over (neither side can move, or under
// NoPass the side to move cannot) and who has more discs.
func (p Position) Result() rules.Result {
	if !p.over() {
		return rules.Ongoing
	}
	switch d := p.discDiff(); {
	case d > 0:
		return rules.BlackWins
	case d < 0:
		return rules.WhiteWins
	}
	return rules.Draw
}

// Score returns black discs minus white discs; once the game is over the
// empty squares count for the winner (standard scoring).
func (p Position) Score() int {
	d := p.discDiff()
	if d == 0 || !p.over() {
		return d
	}
	if d > 0 {
		return d + p.Empties()
	}
	return d - p.Empties()
}
