package review

import (
	"math"

	"boardgames/ai"
	"boardgames/rules"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/games"
)

// Class is a game value's class: a win, a draw or a loss for the side it
// belongs to, or Unknown for a heuristic evaluation.
type Class string

// The classes.
const (
	Unknown Class = ""
	Win     Class = "win"
	Draw    Class = "draw"
	Loss    Class = "loss"
)

// rank orders the classes, best first for their side: 0 win, 1 draw, 2
// loss; -1 for Unknown.
func (c Class) rank() int {
	switch c {
	case Win:
		return 0
	case Draw:
		return 1
	case Loss:
		return 2
	}
	return -1
}

// Value is what a position is worth to its side to move, or what a move
// is worth to the side that made it.
type Value struct {
	// Class is win, draw or loss when the value is a known game result
	// (exact, or a forced end the engine's search reached), "" for a
	// heuristic evaluation.
	Class Class `json:"class,omitempty"`
	// Score is the value in the game's units: Othello the final disc
	// margin (exact) or the pattern evaluation's estimate of it (discs);
	// Connect Four Pons' score (22 minus the winner's stones at the end,
	// negative for a loss; exact), or the threats evaluation's units when
	// the solver did not finish; checkers men (the engine's evaluation, a
	// man 1, a king 1.5; 0 for a database value, which only has a class
	// and a distance); Adjacency marks.
	Score float64 `json:"score"`
	// Plies is the number of plies to the game's end with best play when
	// it is known (Connect Four's exact values, the checkers databases'
	// distances, a forced end the engine found); -1 when it is not.
	Plies int `json:"plies"`
	// Exact marks a proven value: the solver's, a Connect Four book's, the
	// databases', or the game's end.
	Exact bool `json:"exact"`
	// Best lists the best moves, when the source names them (Move.Best
	// has them in the game's notation).
	Best []rules.Move `json:"-"`
	// Source is where the value comes from: "end" (the game is over),
	// "book" (the Connect Four books of the perfect player), "solver", "database" (the
	// checkers endgame databases), "engine" or "engine book" (the
	// engine's opening book move).
	Source string `json:"source"`
	// Depth is the engine's completed depth, or the empty squares or
	// stones the exact solver searched.
	Depth int `json:"depth,omitempty"`
	// Unproven marks a position whose exact solve did not finish within
	// the cap (Options.SolveTime): the value is the engine's.
	Unproven bool `json:"unproven,omitempty"`
}

// negate turns a value of the position after a move (for that position's
// side to move) into the move's value for the side that made it. same
// says the side to move did not change (never in our games: a forced pass
// is a move).
func (v Value) negate(same bool) Value {
	out := v
	out.Best = nil
	if v.Plies >= 0 {
		out.Plies = v.Plies + 1
	}
	if same {
		return out
	}
	out.Score = -v.Score
	switch v.Class {
	case Win:
		out.Class = Loss
	case Loss:
		out.Class = Win
	}
	return out
}

// terminal is the value of a finished game for its side to move.
func terminal(p games.Position) Value {
	v := Value{Plies: 0, Exact: true, Source: "end", Class: Draw}
	if w, ok := p.Result().Winner(); ok {
		v.Class = Loss
		if w == p.ToMove() {
			v.Class = Win
		}
	}
	score := float64(p.Score())
	if p.ToMove() == rules.White {
		score = -score
	}
	switch p.Native().(type) {
	case checkers.Position:
		score = 0 // a database value has no units: the class says it
	case connect4.Position:
		// Score is Pons' score from Black's view already.
	}
	v.Score = score
	return v
}

// fromEngine is the value of an engine's search for the side to move:
// decided (a forced end it reached) or its evaluation over unit.
func fromEngine(info ai.Info, unit float64) Value {
	v := Value{Plies: -1, Source: "engine", Depth: info.Depth, Best: []rules.Move{info.Move}}
	if info.Book {
		v.Source = "engine book"
	}
	if plies, ok := ai.DecidedIn(info.Score); ok {
		v.Plies = plies
		v.Class = Win
		if info.Score < 0 {
			v.Class = Loss
		}
		return v
	}
	v.Score = float64(info.Score) / unit
	return v
}

// connect4Plies is the number of plies to the end of a Connect Four game
// with Pons' score pons, played stones on the board: the side to move has
// played/2 of them. 0 for a draw: the board fills in 42-played plies.
func connect4Plies(played, pons int) int {
	own := played / 2
	switch {
	case pons > 0:
		return 2*(22-pons-own) - 1
	case pons < 0:
		return 2 * (22 + pons - (played - own))
	}
	return connect4.Width*connect4.Height - played
}

// classOf is the class of an exact score (Othello's margin, Pons' score).
func classOf(score float64) Class {
	switch {
	case score > 0:
		return Win
	case score < 0:
		return Loss
	}
	return Draw
}

// WinChance is the side's chance of winning, 0..100 (a draw counts half),
// as the review reads a value: 100, 50 or 0 for a known class; for a
// heuristic score s in the game's units the logistic 100/(1+exp(-s/k)),
// k the game's scale (Scales). It is what accuracy is measured on.
func WinChance(game string, v Value) float64 {
	switch v.Class {
	case Win:
		return 100
	case Loss:
		return 0
	case Draw:
		return 50
	}
	k := scaleOf(game).Chance
	if k <= 0 {
		return 50
	}
	return 100 / (1 + math.Exp(-v.Score/k))
}
