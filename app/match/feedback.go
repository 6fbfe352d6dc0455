package match

import (
	"slices"

	"boardgames/app/internal/tr"
	"boardgames/rules"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

// LastMove returns the cells of the last move, the rows before it, and the
// cells it changed besides its own (flipped discs, captured pieces), or
// nils at the start.
func (c *Controller) LastMove() (cells []int, before []string, changed []int) {
	return c.MoveAt(c.rec.Len() - 1)
}

// MoveAt is LastMove for move i of the record (0 is the first move), or
// nils when there is no such move.
func (c *Controller) MoveAt(i int) (cells []int, before []string, changed []int) {
	if i < 0 || i >= c.rec.Len() {
		return nil, nil, nil
	}
	prev := c.rec.At(i)
	cells = prev.Squares(c.rec.Moves()[i])
	before = prev.Rows()
	return cells, before, Changed(before, c.rec.At(i+1).Rows(), cells)
}

// Changed lists the cells that differ between two boards, except skip.
func Changed(before, after []string, skip []int) []int {
	var out []int
	for r := range after {
		if r >= len(before) {
			break
		}
		for col := 0; col < len(after[r]) && col < len(before[r]); col++ {
			cell := r*len(after[r]) + col
			if before[r][col] != after[r][col] && !slices.Contains(skip, cell) {
				out = append(out, cell)
			}
		}
	}
	return out
}

// WinningLine returns the cells of every four-in-a-row of the board (Connect
// Four), empty when there is none.
func WinningLine(rows []string) []int {
	var out []int
	h := len(rows)
	if h == 0 {
		return nil
	}
	w := len(rows[0])
	dirs := [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}}
	for r := 0; r < h; r++ {
		for col := 0; col < w; col++ {
			ch := rows[r][col]
			if ch != 'X' && ch != 'O' {
				continue
			}
			for _, d := range dirs {
				er, ec := r+3*d[0], col+3*d[1]
				if er < 0 || er >= h || ec < 0 || ec >= w {
					continue
				}
				ok := true
				for k := 1; k < 4; k++ {
					if rows[r+k*d[0]][col+k*d[1]] != ch {
						ok = false
						break
					}
				}
				if ok {
					for k := 0; k < 4; k++ {
						cell := (r+k*d[0])*w + col + k*d[1]
						if !slices.Contains(out, cell) {
							out = append(out, cell)
						}
					}
				}
			}
		}
	}
	return out
}

// Counts returns the pieces (discs, marks, stones) of each colour on a
// board in the games' Rows notation.
func Counts(rows []string) (black, white int) {
	for _, r := range rows {
		for i := 0; i < len(r); i++ {
			switch r[i] {
			case 'X', 'b', 'B':
				black++
			case 'O', 'w', 'W':
				white++
			}
		}
	}
	return black, white
}

// RoundsLeft returns the rounds left of an Adjacency position, or false for
// the other games.
func RoundsLeft(pos games.Position) (int, bool) {
	if r, ok := pos.Native().(interface{ RoundsLeft() int }); ok {
		return r.RoundsLeft(), true
	}
	return 0, false
}

// ScoreLine is the material on the board in words, such as
// "Black 12 discs · White 9 discs".
func (c *Controller) ScoreLine() string { return c.ScoreLineOf(c.rec.Position()) }

// ScoreLineOf is ScoreLine for a position of the current game (one browsed
// to).
func (c *Controller) ScoreLineOf(pos games.Position) string {
	b, w := Counts(pos.Rows())
	g := c.game.Name
	s := tr.F("%s %s · %s %s", c.PlayerName(rules.Black), Amount(g, b), c.PlayerName(rules.White), Amount(g, w))
	if left, ok := RoundsLeft(pos); ok {
		left = max(left, 0)
		s = tr.N("%s · %d round left", left, s, left)
	}
	return s
}

// TurnText says whose turn it is, or the result.
func (c *Controller) TurnText() string {
	if c.Result().Over() {
		return c.ResultText()
	}
	p := c.rec.Position().ToMove()
	if c.seats[p].Bot {
		return tr.F("%s to move (%s)", c.PlayerName(p), BotTitle(c.seats[p].Spec))
	}
	return tr.F("%s to move", c.PlayerName(p))
}

// ResultText is the result of a finished game in words ("" while it goes
// on): the game's one wording of results (in English that of
// games.Game.ResultText, "Red wins", "Draw") and how it came about.
func (c *Controller) ResultText() string {
	r := c.rec.Result()
	pos := c.rec.Position()
	if c.endedEarly() {
		return c.earlyResultText()
	}
	switch r {
	case rules.Ongoing:
		return ""
	case rules.Draw:
		if !pos.Result().Over() {
			return tr.T("Draw by threefold repetition.")
		}
		if c.game.Name == checkers.Name {
			n := c.settings.DrawMoves
			if n == 0 {
				n = 40
			}
			return tr.N("Draw: %d move by each side without a capture or a man's move.", n, n)
		}
		return tr.T("Draw.")
	}
	winner, _ := r.Winner()
	name := c.PlayerName(winner)
	b, w := Counts(pos.Rows())
	switch c.game.Name {
	case checkers.Name:
		return tr.F("%s wins: %s cannot move.", name, c.PlayerName(winner.Other()))
	case connect4.Name:
		return tr.F("%s wins with four in a row.", name)
	case othello.Name:
		lose := min(b, w)
		if empty := 64 - b - w; empty > 0 {
			return tr.N("%s wins %d–%d (the %d empty square goes to the winner).", empty, name, 64-lose, lose, empty)
		}
	}
	return tr.F("%s wins %d–%d.", name, max(b, w), min(b, w))
}

// MoveList returns the moves played in notation, one per ply.
func (c *Controller) MoveList() []string {
	out := make([]string, c.rec.Len())
	for i, m := range c.rec.Moves() {
		out[i] = c.rec.At(i).MoveString(m)
	}
	return out
}
