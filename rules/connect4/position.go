package connect4

import (
	"math/bits"

	"boardgames/rules"
)

// Name is the game's name on the command line and in error messages.
const Name = "connect4"

// Options are the game settings. Connect Four has none; the type is here so
// that every game has the same API.
type Options struct{}

// Validate reports nonsense settings; there are none to get wrong.
func (o Options) Validate() error { return nil }

// Position is a Connect Four position: the stones of the side to move and
// the mask of all stones (see Bitboards), plus the Zobrist hash. It is a
// small comparable value, equal exactly when the boards are; Play returns a
// new one.
type Position struct {
	current uint64 // stones of the side to move
	mask    uint64 // all stones
	hash    uint64 // Zobrist hash, kept up to date by Play
}

var _ rules.State[Position] = Position{}

// Start returns the empty board, X to move.
func Start() Position { return Position{} }

// New returns the start position under the options.
func New(o Options) (Position, error) {
	if err := o.Validate(); err != nil {
		return Position{}, err
	}
	return Start(), nil
}

// Bitboards returns the stones of the side to move and the mask of all
// stones, bit col*7 + row with row 0 at the bottom (see Bit). The
// opponent's stones are current ^ mask.
func (p Position) Bitboards() (current, mask uint64) { return p.current, p.mask }

// Played returns the number of stones on the board.
func (p Position) Played() int { return popcount(p.mask) }

// Key returns current + mask, a number below 2^49 that identifies the
// position exactly (Pons' key for transposition tables).
func (p Position) Key() uint64 { return p.current + p.mask }

// ToMove returns the side to move: X (rules.Black) when both have as many
// stones, O (rules.White) otherwise.
func (p Position) ToMove() rules.Player { return rules.Player(p.Played() & 1) }

// lastWon reports whether the side that moved last has four in a row.
func (p Position) lastWon() bool { return HasFour(p.current ^ p.mask) }

// Result returns the winner when the side that moved last connected four,
// a draw when the board is full, and rules.Ongoing otherwise.
func (p Position) Result() rules.Result {
	if p.lastWon() {
		return rules.WinFor(p.ToMove().Other())
	}
	if p.mask == BoardMask {
		return rules.Draw
	}
	return rules.Ongoing
}

// Score is 0 while the game goes on and for a draw. For a won game it is
// Pons' score from Black's (X's) view: 22 minus the winner's stones (the
// winning stone included), positive when X won and negative when O won.
func (p Position) Score() int {
	last := p.current ^ p.mask
	if !HasFour(last) {
		return 0
	}
	s := 22 - popcount(last)
	if p.ToMove() == rules.Black { // O moved last and won
		return -s
	}
	return s
}

// Hash returns the Zobrist hash of the stones (keys from rules.ZobristKeys).
// The side to move follows from the stones and needs no key of its own.
func (p Position) Hash() uint64 { return p.hash }

// CanPlay reports whether column col (0..6) exists and is not full.
func (p Position) CanPlay(col int) bool {
	return col >= 0 && col < Width && p.mask&topMask(col) == 0
}

// Moves appends the non-full columns, left to right, to buf[:0]; none once
// the game is over. A move is the column 0..6 from the left.
func (p Position) Moves(buf []rules.Move) []rules.Move {
	buf = buf[:0]
	if p.lastWon() {
		return buf
	}
	for free := PlayableMask(p.mask); free != 0; free &= free - 1 {
		buf = append(buf, rules.Move(bits.TrailingZeros64(free)/stride))
	}
	return buf
}

// Play returns the position after a stone is dropped in column m. m must
// be one of Moves.
func (p Position) Play(m rules.Move) Position {
	bit := PlayableMask(p.mask) & ColumnMask(int(m))
	p.hash ^= zobrist[(p.Played()&1)*cells+bits.TrailingZeros64(bit)]
	p.current ^= p.mask
	p.mask |= bit
	return p
}

// cell returns the character of the cell in column col at height row.
func (p Position) cell(col, row int) byte {
	b := Bit(col, row)
	switch {
	case p.mask&b == 0:
		return '-'
	case (p.current&b != 0) == (p.ToMove() == rules.Black):
		return 'X'
	}
	return 'O'
}

// Rows returns the six rows of the board, top row first, seven characters
// each: X, O or '-'.
func (p Position) Rows() []string {
	rows := make([]string, Height)
	for i := range rows {
		var b [Width]byte
		for col := range b {
			b[col] = p.cell(col, Height-1-i)
		}
		rows[i] = string(b[:])
	}
	return rows
}

// Squares returns the cell where a stone dropped in column m lands, as
// row*7 + col with row 0 the top row; nil when the column is full or does
// not exist.
func (p Position) Squares(m rules.Move) []int {
	if m >= Width || !p.CanPlay(int(m)) {
		return nil
	}
	row := popcount(p.mask & ColumnMask(int(m)))
	return []int{(Height-1-row)*Width + int(m)}
}
