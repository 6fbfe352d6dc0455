package checkers

import (
	"math/bits"

	"boardgames/rules"
)

// Name is the game's name, the prefix of its error messages.
const Name = "checkers"

// DefaultDrawMoves is the draw rule used when Options.DrawMoves is zero.
const DefaultDrawMoves = 40

// Options are the game's settings; the zero value means the defaults.
type Options struct {
	// DrawMoves is the draw rule: the game is drawn once each side has made
	// this many moves (2*DrawMoves plies) without a capture and without a
	// man moving. 1..200; 0 means DefaultDrawMoves.
	DrawMoves int
}

// Validate reports settings that make no sense.
func (o Options) Validate() error {
	if o.DrawMoves < 0 || o.DrawMoves > 200 {
		return rules.Errorf(Name, "the draw rule must be 1..200 moves by each side (0 for %d), got %d",
			DefaultDrawMoves, o.DrawMoves)
	}
	return nil
}

// limit returns the draw rule in plies.
func (o Options) limit() uint16 {
	if o.DrawMoves == 0 {
		return 2 * DefaultDrawMoves
	}
	return uint16(2 * o.DrawMoves)
}

// Position is a checkers position: the pieces, the side to move and the
// number of quiet plies the draw rule counts. It is a small value; Play
// returns a new one.
//
// Its fields come in two embedded structs because the Go compiler keeps a
// struct in registers only when it has at most four fields (nested
// structs count one each): six loose fields would send every Play
// through memory.
type Position struct {
	pieces
	counters
}

// pieces are a position's bitboards, bit i = square i+1.
type pieces struct {
	black, white, kings uint32
}

// counters are the rest of a position.
type counters struct {
	side  rules.Player
	quiet uint16 // plies since the last capture or man move
	limit uint16 // quiet plies that draw the game
}

var _ rules.State[Position] = Position{}

// Start returns the start position with the default options.
func Start() Position {
	p, _ := New(Options{})
	return p
}

// New returns the start position with options o: Black on 1..12, White on
// 21..32, Black to move.
func New(o Options) (Position, error) {
	if err := o.Validate(); err != nil {
		return Position{}, err
	}
	return Position{pieces{black: 0x00000FFF, white: 0xFFF00000}, counters{side: rules.Black, limit: o.limit()}}, nil
}

// ToMove returns the colour whose turn it is.
func (p Position) ToMove() rules.Player { return p.side }

// Bitboards returns the black pieces, the white pieces and the kings of
// both colours; bit i is square i+1.
func (p Position) Bitboards() (black, white, kings uint32) {
	return p.black, p.white, p.kings
}

// QuietPlies returns the number of plies since the last capture or man
// move, the counter of the draw rule.
func (p Position) QuietPlies() int { return int(p.quiet) }

// DrawPlies returns the draw rule in plies: the game is drawn once
// QuietPlies reaches it.
func (p Position) DrawPlies() int { return int(p.limit) }

// Result tells whether the game is over and who won. A side to move with
// no legal move loses (this wins over the draw rule); otherwise the game
// is drawn once the quiet plies reach the draw rule.
func (p Position) Result() rules.Result {
	if !p.canMove() {
		return rules.WinFor(p.side.Other())
	}
	if p.quiet >= p.limit {
		return rules.Draw
	}
	return rules.Ongoing
}

// Score is Black's piece count minus White's, men and kings counting one
// each. Once the game is over it is 0 for a draw and otherwise the
// winner's margin from Black's view, at least 1 (a side can win by
// blocking with fewer pieces): +max(margin, 1) or -max(margin, 1).
func (p Position) Score() int {
	diff := bits.OnesCount32(p.black) - bits.OnesCount32(p.white)
	switch p.Result() {
	case rules.BlackWins:
		return max(diff, 1)
	case rules.WhiteWins:
		return min(diff, -1)
	case rules.Draw:
		return 0
	}
	return diff
}

// Hash is a Zobrist hash of the pieces and the side to move; the draw
// counter is left out, so rules.History finds repetitions with it.
func (p Position) Hash() uint64 {
	h := hashBoard(0, p.black&^p.kings) ^ hashBoard(1, p.black&p.kings) ^
		hashBoard(2, p.white&^p.kings) ^ hashBoard(3, p.white&p.kings)
	if p.side == rules.White {
		h ^= zobWhite
	}
	return h
}

// Rows returns the board as 8 rows of 8 characters, top row first: 'b' a
// black man, 'B' a black king, 'w' a white man, 'W' a white king, '-' an
// empty dark square and '.' a light square.
func (p Position) Rows() []string {
	rows := make([]string, 8)
	for r := range rows {
		var line [8]byte
		for c := range line {
			line[c] = '.'
			if i := bitAt(r, c); i >= 0 {
				line[c] = p.pieceChar(i)
			}
		}
		rows[r] = string(line[:])
	}
	return rows
}

// pieceChar returns the Rows character of bit i.
func (p Position) pieceChar(i int) byte {
	b := uint32(1) << i
	var c byte
	switch {
	case p.black&b != 0:
		c = 'b'
	case p.white&b != 0:
		c = 'w'
	default:
		return '-'
	}
	if p.kings&b != 0 {
		c -= 'a' - 'A'
	}
	return c
}
