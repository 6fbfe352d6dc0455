package rules

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// The 8x8 games name a square by its column letter a..h (left to right) and
// its row digit 1..8 (top to bottom); a1 is the top-left corner. Square
// index i is row*8 + column, so a1 is 0, h1 is 7 and h8 is 63.

// SquareName returns the name of square i (0..63), such as "a1".
func SquareName(i int) string {
	return string([]byte{byte('a' + i%8), byte('1' + i/8)})
}

// ParseSquare reads a square name, in either case, and returns its index.
func ParseSquare(s string) (int, bool) {
	if len(s) != 2 {
		return 0, false
	}
	c, r := s[0]|0x20, s[1]
	if c < 'a' || c > 'h' || r < '1' || r > '8' {
		return 0, false
	}
	return int(r-'1')*8 + int(c-'a'), true
}

// ParseBoard reads the 64-character board shared by Othello and Adjacency:
// squares a1..h8 row by row, 'X' for Black, 'O' for White and '-' for an
// empty square ('x', 'o', '*', '.' and '0' are accepted too).
func ParseBoard(game, s string) (black, white uint64, err error) {
	if n := utf8.RuneCountInString(s); n != 64 {
		return 0, 0, Errorf(game, "a board has 64 squares, got %d characters", n)
	}
	i := 0
	for _, c := range s {
		switch c {
		case 'X', 'x', '*':
			black |= 1 << i
		case 'O', 'o', '0':
			white |= 1 << i
		case '-', '.':
		default:
			return 0, 0, Errorf(game, "square %s: %q is not X, O or -", SquareName(i), c)
		}
		i++
	}
	return black, white, nil
}

// FormatBoard writes the 64-character board read by ParseBoard.
func FormatBoard(black, white uint64) string {
	var b [64]byte
	for i := range b {
		switch {
		case black>>i&1 != 0:
			b[i] = 'X'
		case white>>i&1 != 0:
			b[i] = 'O'
		default:
			b[i] = '-'
		}
	}
	return string(b[:])
}

// BoardRows returns the board as 8 rows of 8 characters, top row first, in
// the characters of FormatBoard.
func BoardRows(black, white uint64) []string {
	s := FormatBoard(black, white)
	rows := make([]string, 8)
	for r := range rows {
		rows[r] = s[r*8 : r*8+8]
	}
	return rows
}

// ParsePlayer reads a side to move: "X"/"B"/"black" for Black, "O"/"W"/"white"
// for White, in any case.
func ParsePlayer(game, s string) (Player, error) {
	switch strings.ToLower(s) {
	case "x", "b", "black":
		return Black, nil
	case "o", "w", "white":
		return White, nil
	}
	return Black, Errorf(game, "side to move %q is not X or O", s)
}

// ShowText returns text the user typed as an error message shows it: as
// it is when it is short plain ASCII, else quoted, cut after a few
// characters (never inside one), with bytes that are not UTF-8 escaped.
func ShowText(s string) string {
	const most = 16
	plain := len(s) > 0 && len(s) <= most
	for i := 0; plain && i < len(s); i++ {
		plain = s[i] > ' ' && s[i] < 0x7f && s[i] != '"'
	}
	if plain {
		return s
	}
	n := 0
	for i := range s {
		if n == most {
			return strconv.Quote(s[:i]) + "..."
		}
		n++
	}
	return strconv.Quote(s)
}
