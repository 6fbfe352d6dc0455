package checkers

import (
	"strings"

	"boardgames/rules"
)

// ParseMoves reads a list of moves played from from, whitespace separated,
// and checks each one. PDN move numbers ("1.", "1...", also "1.11-15") are
// skipped and a final result token (1-0, 0-1, 1/2-1/2, 2-0, 0-2, 1-1, *)
// is ignored. An error names the move's number (counted in plies, from 1)
// and text: "checkers: move 3 (11-16): 11-16 is not legal: ...".
func ParseMoves(from Position, list string) (*rules.History[Position], error) {
	h := rules.NewHistory(from)
	toks := strings.Fields(list)
	if len(toks) > 0 && isResult(toks[len(toks)-1]) {
		toks = toks[:len(toks)-1]
	}
	ply := 0
	for _, tok := range toks {
		tok = stripMoveNumber(tok)
		if tok == "" {
			continue
		}
		ply++
		if r := h.Result(); r.Over() {
			why := r.String()
			if h.Repeated() {
				why = "a draw by threefold repetition"
			}
			return nil, rules.Errorf(Name, "move %d (%s): the game is over (%s)", ply, rules.ShowText(tok), why)
		}
		m, err := h.Position().ParseMove(tok)
		if err != nil {
			return nil, rules.Errorf(Name, "move %d (%s): %s", ply, rules.ShowText(tok), strings.TrimPrefix(err.Error(), Name+": "))
		}
		if err := h.Play(m); err != nil {
			return nil, rules.Errorf(Name, "move %d (%s): %v", ply, rules.ShowText(tok), err)
		}
	}
	return h, nil
}

// FormatMoves writes moves played from from, space separated, in the form
// ParseMoves reads.
func FormatMoves(from Position, moves []rules.Move) string {
	var b strings.Builder
	p := from
	for i, m := range moves {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(p.MoveString(m))
		p = p.Play(m)
	}
	return b.String()
}

// isResult reports whether tok is a PDN game result.
func isResult(tok string) bool {
	switch tok {
	case "1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "*":
		return true
	}
	return false
}

// stripMoveNumber removes a leading PDN move number ("12." or "12...")
// from tok.
func stripMoveNumber(tok string) string {
	i := 0
	for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
		i++
	}
	if i == 0 || i == len(tok) || tok[i] != '.' {
		return tok
	}
	return strings.TrimLeft(tok[i:], ".")
}
