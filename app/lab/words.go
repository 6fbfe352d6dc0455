package lab

import (
	"fmt"
	"math"

	"boardgames/ai"
	"boardgames/rules/adjacency"
	"boardgames/rules/checkers"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

// The words of the lab. Every text the user reads is one format string:
// a whole sentence or label, with its numbers and names as arguments, so
// that a translation can reorder them. Counts choose between a singular
// and a plural format with plural.

// plural returns one for n = 1 and many otherwise: two whole format
// strings, such as "%d game played." and "%d games played.".
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// describe is a position in words: "Othello after 12 moves, Black to
// move", "Connect Four at the start, Red to move", "Checkers after 40
// moves, game over: White wins".
func describe(pos games.Position, plies int) string {
	g, err := games.Lookup(pos.Game())
	if err != nil {
		return pos.Game()
	}
	if r := pos.Result(); r.Over() {
		switch plies {
		case 0:
			return fmt.Sprintf("%s at the start, game over: %s", g.Title, g.ResultText(r))
		case 1:
			return fmt.Sprintf("%s after 1 move, game over: %s", g.Title, g.ResultText(r))
		}
		return fmt.Sprintf("%s after %d moves, game over: %s", g.Title, plies, g.ResultText(r))
	}
	who := g.PlayerName(pos.ToMove())
	switch plies {
	case 0:
		return fmt.Sprintf("%s at the start, %s to move", g.Title, who)
	case 1:
		return fmt.Sprintf("%s after 1 move, %s to move", g.Title, who)
	}
	return fmt.Sprintf("%s after %d moves, %s to move", g.Title, plies, who)
}

// scoreUnit names the unit of an evaluation's scores: "discs" for
// Othello's disc count, "marks" for Adjacency's mark difference, "points"
// for the weighted evaluations.
func scoreUnit(game, eval string) string {
	switch {
	case game == othello.Name && eval == "discs":
		return "discs"
	case game == adjacency.Name && eval == "marks":
		return "marks"
	}
	return "points"
}

// marginUnit names the unit of a finished game's margin (the position's
// Score): discs, pieces, marks, or Connect Four's points (22 minus the
// winner's stones).
func marginUnit(game string) string {
	switch game {
	case othello.Name:
		return "discs"
	case checkers.Name:
		return "pieces"
	case adjacency.Name:
		return "marks"
	}
	return "points"
}

// gainText formats the greedy bot's immediate gain, the change of the
// game's score its move makes: "+3" (in the unit of marginUnit), or "wins"
// and "loses" for a move that ends the game.
func gainText(v int) string {
	switch {
	case v >= ai.WinScore:
		return "wins"
	case v <= -ai.WinScore:
		return "loses"
	}
	return signed(float64(v), 0)
}

// score formats a search's score, from the side to move's view: "+36",
// "−12", or a decided game as "win in 3 moves" / "loss in 5 moves".
func score(v int) string {
	switch {
	case v > ai.WinScore/2:
		n := ai.WinScore - v
		return fmt.Sprintf(plural(n, "win in %d move", "win in %d moves"), n)
	case v < -ai.WinScore/2:
		n := ai.WinScore + v
		return fmt.Sprintf(plural(n, "loss in %d move", "loss in %d moves"), n)
	}
	return signed(float64(v), 0)
}

// scoreWithUnit is score with its unit: "+36 points", "win in 3 moves".
func scoreWithUnit(v int, unit string) string {
	if math.Abs(float64(v)) > ai.WinScore/2 {
		return score(v)
	}
	return fmt.Sprintf("%s %s", signed(float64(v), 0), unit)
}

// winRate formats MCTS's score, a win rate × 1000, as a percentage.
func winRate(v int) string {
	return fmt.Sprintf("%.1f%%", float64(v)/10)
}
