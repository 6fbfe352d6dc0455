package connect4

import (
	"fmt"
	"math/bits"
	"strings"
	"unicode"
	"unicode/utf8"

	"boardgames/rules"
)

// String returns the position in the package's notation: the six rows top
// to bottom separated by '/', X, O and '-' for the cells. Parse reads it
// back.
func (p Position) String() string {
	var b [Height*(Width+1) - 1]byte
	i := 0
	for r := Height - 1; r >= 0; r-- {
		if r < Height-1 {
			b[i] = '/'
			i++
		}
		for col := range Width {
			b[i] = p.cell(col, r)
			i++
		}
	}
	return string(b[:])
}

// Parse reads a position written by String: six rows of seven cells, top
// row first, separated by '/'. X (or x) is the first player, O (or o) the
// second, '-' (or '.') an empty cell; surrounding spaces are ignored. The
// side to move follows from the counts. Parse rejects stones floating above
// an empty cell, counts that no game reaches (X must have as many stones as
// O or one more), both sides with four in a row, and four in a row for the
// side that did not move last. Error messages number the rows from 1 at
// the top and the columns from 1 at the left.
func Parse(s string, o Options) (Position, error) {
	if err := o.Validate(); err != nil {
		return Position{}, err
	}
	rows := strings.Split(strings.TrimSpace(s), "/")
	if len(rows) != Height {
		return Position{}, rules.Errorf(Name, "a position has %d rows separated by '/', got %d", Height, len(rows))
	}
	var x, o2 uint64
	for i, row := range rows {
		if n := utf8.RuneCountInString(row); n != Width {
			return Position{}, rules.Errorf(Name, "row %d has %d cells, want %d", i+1, n, Width)
		}
		col := 0
		for _, c := range row {
			b := Bit(col, Height-1-i)
			switch c {
			case 'X', 'x':
				x |= b
			case 'O', 'o':
				o2 |= b
			case '-', '.':
			default:
				return Position{}, rules.Errorf(Name, "row %d, column %d: %q is not X, O or -", i+1, col+1, c)
			}
			col++
		}
	}
	mask := x | o2
	for col := range Width {
		c := mask & ColumnMask(col) >> (col * stride)
		if c&(c+1) != 0 { // the stones of a column are not a run from the bottom
			h := bits.TrailingZeros64(^c) // height of the lowest empty cell
			return Position{}, rules.Errorf(Name, "row %d, column %d: an empty cell under a stone", Height-h, col+1)
		}
	}
	nx, no := popcount(x), popcount(o2)
	if nx != no && nx != no+1 {
		return Position{}, rules.Errorf(Name, "X has %d stones and O has %d: X must have as many as O or one more", nx, no)
	}
	fx, fo := HasFour(x), HasFour(o2)
	switch {
	case fx && fo:
		return Position{}, rules.Errorf(Name, "both X and O have four in a row")
	case fx && nx == no:
		return Position{}, rules.Errorf(Name, "X has four in a row but O moved last: the game ended before")
	case fo && nx > no:
		return Position{}, rules.Errorf(Name, "O has four in a row but X moved last: the game ended before")
	}
	p := Position{current: x, mask: mask, hash: hashOf(x, o2)}
	if nx > no {
		p.current = o2
	}
	return p, nil
}

// MoveString returns the column digit of move m: "1" for the left column
// (m = 0) up to "7".
func (p Position) MoveString(m rules.Move) string {
	if m < Width {
		return string(rune('1' + m))
	}
	return fmt.Sprint(uint64(m) + 1)
}

// ParseMove reads a column digit 1..7 (surrounding spaces ignored) and
// checks that the game is not over and that the column is not full.
func (p Position) ParseMove(s string) (rules.Move, error) {
	m, why := p.check(strings.TrimSpace(s))
	if why != "" {
		return 0, rules.Errorf(Name, "%s", why)
	}
	return m, nil
}

// check parses one move and says why it is not legal here ("" if it is).
func (p Position) check(s string) (rules.Move, string) {
	switch {
	case s == "":
		return 0, "no move given: want a column 1..7"
	case len(s) == 1 && '1' <= s[0] && s[0] <= '7':
	case len(s) == 1 && '0' <= s[0] && s[0] <= '9':
		return 0, fmt.Sprintf("column %s does not exist", s)
	default:
		return 0, fmt.Sprintf("%q is not a column 1..7", s)
	}
	col := int(s[0] - '1')
	if p.Result().Over() {
		return 0, "the game is over"
	}
	if !p.CanPlay(col) {
		return 0, fmt.Sprintf("column %d is full", col+1)
	}
	return rules.Move(col), ""
}

// ParseMoves plays a move list from from: column digits, one per move,
// with any spaces between them ("4453", "4 4 5 3"). Every move is checked;
// the error names the move's number and text:
// "connect4: move 9 (4): column 4 is full".
func ParseMoves(from Position, list string) (*rules.History[Position], error) {
	h := rules.NewHistory(from)
	n := 0
	for i := 0; i < len(list); {
		r, size := utf8.DecodeRuneInString(list[i:])
		text := list[i : i+size]
		i += size
		if unicode.IsSpace(r) {
			continue
		}
		n++
		m, why := h.Position().check(text)
		if why == "" {
			if err := h.Play(m); err != nil {
				why = err.Error()
			}
		}
		if why != "" {
			if !unicode.IsPrint(r) {
				text = fmt.Sprintf("%q", text)
			}
			return nil, rules.Errorf(Name, "move %d (%s): %s", n, text, why)
		}
	}
	return h, nil
}

// FormatMoves writes moves as the digit string ParseMoves reads, such as
// "4453". The position is not needed to write Connect Four moves.
func FormatMoves(from Position, moves []rules.Move) string {
	var b strings.Builder
	for _, m := range moves {
		b.WriteString(from.MoveString(m))
	}
	return b.String()
}
