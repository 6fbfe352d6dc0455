package adjacency

import (
	"fmt"
	"strings"

	"boardgames/rules"
)

// MoveString returns the name of the square move m marks, such as "c6"
// ("??" for a number that is no square).
func (p Position) MoveString(m rules.Move) string {
	if m >= 64 {
		return "??"
	}
	return rules.SquareName(int(m))
}

// ParseMove reads a square name (either case, spaces around ignored) and
// checks that the square is free and the game still going.
func (p Position) ParseMove(s string) (rules.Move, error) {
	m, why := p.checkMove(strings.TrimSpace(s))
	if why != "" {
		return 0, rules.Errorf(Name, "%s", why)
	}
	return m, nil
}

// checkMove parses one move and returns it, or why it is not legal here.
func (p Position) checkMove(s string) (rules.Move, string) {
	sq, ok := rules.ParseSquare(s)
	switch {
	case ok:
	case strings.EqualFold(s, "pass"):
		return 0, "there is no pass in Adjacency: every move marks an empty square"
	default:
		return 0, rules.ShowText(s) + " is not a square"
	}
	if p.over() {
		if p.limit == maxRounds {
			return 0, "the game is over (the board is full)"
		}
		return 0, fmt.Sprintf("the game is over (round limit %d reached)", p.limit)
	}
	if (p.black|p.white)>>uint(sq)&1 != 0 {
		return 0, rules.SquareName(sq) + " is occupied"
	}
	return rules.Move(sq), ""
}

// ParseMoves plays a move list from the position from and returns the
// validated record. Moves are square names separated by spaces or commas
// ("c6 f3") or written together ("c6f3"). An error names the move's number
// and its text as typed: "adjacency: move 3 (c6): c6 is occupied".
func ParseMoves(from Position, list string) (*rules.History[Position], error) {
	h := rules.NewHistory(from)
	for n, rest := 1, list; ; n++ {
		var text string
		text, rest = nextToken(rest)
		if text == "" {
			return h, nil
		}
		m, why := h.Position().checkMove(text)
		if why != "" {
			return nil, rules.Errorf(Name, "move %d (%s): %s", n, rules.ShowText(text), why)
		}
		if err := h.Play(m); err != nil {
			return nil, rules.Errorf(Name, "move %d (%s): %v", n, rules.ShowText(text), err)
		}
	}
}

// nextToken splits the next move off a move list: a letter and a digit,
// or else everything up to the next separator (which checkMove then
// rejects whole, never cut inside a character). It returns "" at the end.
func nextToken(s string) (tok, rest string) {
	s = strings.TrimLeft(s, " \t\r\n,")
	switch {
	case s == "":
		return "", ""
	case len(s) >= 2 && isLetter(s[0]) && s[1] >= '0' && s[1] <= '9':
		return s[:2], s[2:]
	}
	if i := strings.IndexAny(s, " \t\r\n,"); i >= 0 {
		return s[:i], s[i:]
	}
	return s, ""
}

func isLetter(c byte) bool {
	c |= 0x20
	return c >= 'a' && c <= 'z'
}

// FormatMoves writes moves, played from the position from, as a list that
// ParseMoves reads back: square names separated by spaces.
func FormatMoves(from Position, moves []rules.Move) string {
	var b strings.Builder
	for i, m := range moves {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(from.MoveString(m))
	}
	return b.String()
}
