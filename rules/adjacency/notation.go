package adjacency

import (
	"strconv"
	"strings"

	"boardgames/rules"
)

// String returns the position notation: the 64-character board a1..h8 row
// by row (X, O, -), a space, the side to move (X or O), a space and the
// number of complete rounds played, such as
// "------OO------OO--------------------------------XX------XX------ X 0".
func (p Position) String() string {
	side := " X "
	if p.side == rules.White {
		side = " O "
	}
	return rules.FormatBoard(p.black, p.white) + side + strconv.Itoa(p.RoundsPlayed())
}

// Parse reads the position notation of String under the options o, which
// give the round limit and the side that moved first; with them the side
// to move and the rounds played give the plies played. Parse checks that
// the rounds are within the limit and that the marks could stand there:
// every ply adds one mark to the 8 of the start (so 56 - plies squares are
// empty), a move gains at most 5 marks (1 placed, 4 taken), and the side
// that moved last has a mark. The board may be any such arrangement.
func Parse(s string, o Options) (Position, error) {
	if err := o.Validate(); err != nil {
		return Position{}, err
	}
	f := strings.Fields(s)
	if len(f) != 3 {
		return Position{}, rules.Errorf(Name, "a position is a 64-square board, the side to move and the rounds played, separated by spaces; got %d fields", len(f))
	}
	black, white, err := rules.ParseBoard(Name, f[0])
	if err != nil {
		return Position{}, err
	}
	side, err := rules.ParsePlayer(Name, f[1])
	if err != nil {
		return Position{}, err
	}
	rounds, ok := parseRounds(f[2])
	if !ok {
		return Position{}, rules.Errorf(Name, "rounds played %s is not a number 0..%d", rules.ShowText(f[2]), maxRounds)
	}
	limit := o.limit()
	if rounds > limit {
		return Position{}, rules.Errorf(Name, "%d rounds played is beyond the round limit %d", rounds, limit)
	}
	plies := 2 * rounds
	if side != o.First {
		plies++
		if rounds == limit {
			return Position{}, rules.Errorf(Name, "%s to move after %d rounds played is beyond the round limit %d (%s moves first)",
				mark(side), rounds, limit, mark(o.First))
		}
	}
	if err := checkMarks(black, white, plies, o.First); err != nil {
		return Position{}, err
	}
	return newPosition(black, white, uint8(plies), uint8(limit), side), nil
}

// parseRounds reads one or two decimal digits.
func parseRounds(s string) (int, bool) {
	if len(s) == 0 || len(s) > 2 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// checkMarks checks that the marks could stand on the board after plies
// moves, first having moved first.
func checkMarks(black, white uint64, plies int, first rules.Player) error {
	p := Position{black: black, white: white}
	x, o := p.marks()
	if x+o != 8+plies {
		return rules.Errorf(Name, "%s played leave %d empty squares, the board has %d (every move adds one mark to the 8 of the start)",
			plural(plies, "ply", "plies"), 56-plies, 64-x-o)
	}
	var moved [2]int // moves made by X and by O
	moved[first] = (plies + 1) / 2
	moved[first.Other()] = plies / 2
	for side, n := range [2]int{x, o} {
		if most := 4 + 5*moved[side]; n > most {
			return rules.Errorf(Name, "%s has %d marks after %s of its own; at most %d are possible (4 at the start, then 1 placed and up to 4 taken per move)",
				mark(rules.Player(side)), n, plural(moved[side], "move", "moves"), most)
		}
	}
	if plies > 0 {
		last := first
		if plies%2 == 0 {
			last = first.Other()
		}
		if (last == rules.Black && x == 0) || (last == rules.White && o == 0) {
			return rules.Errorf(Name, "%s moved last but has no mark", mark(last))
		}
	}
	return nil
}

// plural returns "1 move", "2 moves" and so on.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// mark returns "X" for Black and "O" for White.
func mark(p rules.Player) string {
	if p == rules.White {
		return "O"
	}
	return "X"
}

// Rows returns the board as 8 rows of 8 characters, top row (a1..h1)
// first: X, O or - for an empty square.
func (p Position) Rows() []string { return rules.BoardRows(p.black, p.white) }

// Squares returns the squares move m touches: just the square it marks
// (index = row*8 + column, a1 = 0). The marks it takes are Captures'.
func (p Position) Squares(m rules.Move) []int {
	if m >= 64 {
		return nil
	}
	return []int{int(m)}
}
