package match

import (
	"fmt"
	"slices"

	"boardgames/rules"
	"boardgames/rules/adjacency"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

// LastMove returns the cells of the last move, the rows before it, and the
// cells it changed besides its own (flipped discs, captured pieces), or
// nils at the start.
func (c *Controller) LastMove() (cells []int, before []string, changed []int) {
	n := c.rec.Len()
	if n == 0 {
		return nil, nil, nil
	}
	prev := c.rec.At(n - 1)
	cells = prev.Squares(c.rec.Moves()[n-1])
	before = prev.Rows()
	return cells, before, Changed(before, c.rec.Position().Rows(), cells)
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

// pieceUnits name each game's pieces, for ScoreLine.
var pieceUnits = map[string]string{
	othello.Name: " discs", checkers.Name: " pieces", connect4.Name: " stones", adjacency.Name: " marks",
}

// ScoreLine is the material on the board in words, such as
// "Black 12 · White 9".
func (c *Controller) ScoreLine() string {
	b, w := Counts(c.rec.Position().Rows())
	s := fmt.Sprintf("%s %d · %s %d%s", c.PlayerName(rules.Black), b, c.PlayerName(rules.White), w, pieceUnits[c.game.Name])
	if left, ok := RoundsLeft(c.rec.Position()); ok {
		s += fmt.Sprintf(" · %d rounds left", max(left, 0))
	}
	return s
}

// TurnText says whose turn it is, or the result.
func (c *Controller) TurnText() string {
	if c.rec.Result().Over() {
		return c.ResultText()
	}
	p := c.rec.Position().ToMove()
	who := "human"
	if c.seats[p].Bot {
		who = "bot"
	}
	return fmt.Sprintf("%s to move (%s)", c.PlayerName(p), who)
}

// ResultText is the result of a finished game in words ("" while it goes
// on): the game's one wording of results (games.Game.ResultText, "Red
// wins", "Draw") and how it came about.
func (c *Controller) ResultText() string {
	r := c.rec.Result()
	pos := c.rec.Position()
	result := c.game.ResultText(r)
	switch r {
	case rules.Ongoing:
		return ""
	case rules.Draw:
		if !pos.Result().Over() {
			return fmt.Sprintf("%s by threefold repetition.", result)
		}
		if c.game.Name == checkers.Name {
			return fmt.Sprintf("%s: no capture or man move for too long.", result)
		}
		return result + "."
	}
	winner, _ := r.Winner()
	b, w := Counts(pos.Rows())
	switch c.game.Name {
	case checkers.Name:
		return fmt.Sprintf("%s: %s cannot move.", result, c.PlayerName(winner.Other()))
	case connect4.Name:
		return fmt.Sprintf("%s with four in a row.", result)
	case othello.Name:
		lose := min(b, w)
		if empty := 64 - b - w; empty > 0 {
			return fmt.Sprintf("%s %d–%d (the %d empty squares go to the winner).", result, 64-lose, lose, empty)
		}
	}
	return fmt.Sprintf("%s %d–%d.", result, max(b, w), min(b, w))
}

// MoveList returns the moves played in notation, one per ply.
func (c *Controller) MoveList() []string {
	out := make([]string, c.rec.Len())
	for i, m := range c.rec.Moves() {
		out[i] = c.rec.At(i).MoveString(m)
	}
	return out
}
