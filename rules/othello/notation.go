package othello

import (
	"strconv"
	"strings"

	"boardgames/rules"
)

// Parse reads a position in the OBF layout: 64 characters for a1..h8 (X
// black, O white, - empty), a space and the side to move (X or O). Anything
// after the side to move must start with ';' and is ignored, so the lines
// of an OBF file (with their move scores) parse directly. Of the options
// only NoPass applies: the side to move is the position's own.
func Parse(s string, o Options) (Position, error) {
	if err := o.Validate(); err != nil {
		return Position{}, err
	}
	s = strings.TrimSpace(s)
	board, rest, ok := strings.Cut(s, " ")
	if !ok {
		if len(s) == 64 {
			return Position{}, rules.Errorf(Name, "the side to move (X or O) is missing after the board")
		}
		return Position{}, rules.Errorf(Name, "a position is 64 squares, a space and the side to move (X or O)")
	}
	black, white, err := rules.ParseBoard(Name, board)
	if err != nil {
		return Position{}, err
	}
	rest = strings.TrimLeft(rest, " \t")
	side, tail := rest, ""
	if i := strings.IndexAny(rest, " \t;"); i >= 0 {
		side, tail = rest[:i], strings.TrimSpace(rest[i:])
	}
	toMove, err := rules.ParsePlayer(Name, side)
	if err != nil {
		return Position{}, err
	}
	if tail != "" && tail[0] != ';' {
		return Position{}, rules.Errorf(Name, "unexpected %s after the side to move", rules.ShowText(tail))
	}
	return fromBitboards(black, white, toMove, o.NoPass), nil
}

// String formats the position as Parse reads it, such as
// "---------------------------OX------XO--------------------------- X".
func (p Position) String() string {
	black, white := p.Bitboards()
	side := " X"
	if p.side == rules.White {
		side = " O"
	}
	return rules.FormatBoard(black, white) + side
}

// Rows returns the board as 8 rows of 8 characters (X, O, -), row 1 first.
func (p Position) Rows() []string {
	return rules.BoardRows(p.Bitboards())
}

// Squares returns the square a move places a disc on (index row*8 +
// column), or none for Pass.
func (p Position) Squares(m rules.Move) []int {
	if m >= Pass {
		return nil
	}
	return []int{int(m)}
}

// MoveString formats a move: a square name such as "f5", or "pass".
func (p Position) MoveString(m rules.Move) string {
	switch {
	case m < Pass:
		return rules.SquareName(int(m))
	case m == Pass:
		return "pass"
	}
	return "invalid move " + strconv.FormatUint(uint64(m), 10)
}

// ParseMove reads a square name (in either case) or "pass" and checks that
// the move is legal here; the error says why not.
func (p Position) ParseMove(s string) (rules.Move, error) {
	m, why := p.parseMove(strings.TrimSpace(s))
	if why != "" {
		return 0, rules.Errorf(Name, "%s", why)
	}
	return m, nil
}

// parseMove is ParseMove with the reason for an illegal move returned
// without the package prefix, for ParseMoves to wrap.
func (p Position) parseMove(s string) (rules.Move, string) {
	legal := MoveMask(p.own, p.opp)
	oppMoves := legal == 0 && !p.noPass && MoveMask(p.opp, p.own) != 0
	if strings.EqualFold(s, "pass") {
		switch {
		case legal != 0:
			return 0, "pass is not legal, " + p.side.String() + " has moves"
		case !oppMoves:
			return 0, "the game is over"
		}
		return Pass, ""
	}
	sq, ok := rules.ParseSquare(s)
	switch {
	case s == "":
		return 0, "empty move"
	case !ok:
		return 0, rules.ShowText(s) + " is not a square"
	case legal == 0 && !oppMoves:
		return 0, "the game is over"
	}
	name := rules.SquareName(sq)
	switch {
	case (p.own|p.opp)>>sq&1 != 0:
		return 0, name + " is occupied"
	case legal == 0:
		return 0, p.side.String() + " must pass"
	case legal>>sq&1 == 0:
		return 0, name + " flips no disc"
	}
	return rules.Move(sq), ""
}

// ParseMoves reads a move list played from from, such as "f5d6c3" or
// "f5 d6 c3 pass e3", in any case; spaces and commas separate moves but
// are not needed between squares. A side that must pass may leave the pass
// out. Every move is checked; the error names the move's number in the list
// and its text: "othello: move 7 (e3): e3 flips no disc".
func ParseMoves(from Position, list string) (*rules.History[Position], error) {
	h := rules.NewHistory(from)
	for n, rest := 1, list; ; n++ {
		var tok string
		tok, rest = nextToken(rest)
		if tok == "" {
			return h, nil
		}
		p := h.Position()
		if !strings.EqualFold(tok, "pass") && !p.noPass && MoveMask(p.own, p.opp) == 0 && MoveMask(p.opp, p.own) != 0 {
			// An implicit pass.
			p = p.Play(Pass)
			if err := h.Play(Pass); err != nil {
				return nil, rules.Errorf(Name, "move %d (%s): %v", n, rules.ShowText(tok), err)
			}
		}
		m, why := p.parseMove(tok)
		if why != "" {
			return nil, rules.Errorf(Name, "move %d (%s): %s", n, rules.ShowText(tok), why)
		}
		if err := h.Play(m); err != nil {
			return nil, rules.Errorf(Name, "move %d (%s): %v", n, rules.ShowText(tok), err)
		}
	}
}

// nextToken splits the next move off a move list: "pass" in any case, a
// letter and a digit, or else everything up to the next separator (which
// parseMove then rejects). It returns "" at the end of the list.
func nextToken(s string) (tok, rest string) {
	s = strings.TrimLeft(s, " \t\r\n,")
	switch {
	case s == "":
		return "", ""
	case len(s) >= 4 && strings.EqualFold(s[:4], "pass"):
		return s[:4], s[4:]
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

// FormatMoves writes a move list played from from in the compact form
// ParseMoves reads: squares run together, passes set apart by spaces, such
// as "f5d6c3 pass c4".
func FormatMoves(from Position, moves []rules.Move) string {
	var b strings.Builder
	gap := false
	for _, m := range moves {
		if m == Pass || gap {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
		}
		b.WriteString(from.MoveString(m))
		gap = m >= Pass
	}
	return b.String()
}
