package review

import (
	"math"

	"boardgames/rules/adjacency"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/othello"
)

// Label is the review's verdict on a move.
type Label string

// The labels, best first. Unproven is a Connect Four move whose values the
// solver could not prove within its cap and whose class the engine did not
// settle: it gets no verdict.
const (
	Best       Label = "best"
	Good       Label = "good"
	Inaccuracy Label = "inaccuracy"
	Mistake    Label = "mistake"
	Blunder    Label = "blunder"
	Unproven   Label = "unproven"
)

// Labels lists the labels in order, best first.
var Labels = []Label{Best, Good, Inaccuracy, Mistake, Blunder, Unproven}

// Severity orders the labels: 0 best ... 4 blunder, -1 unproven.
func (l Label) Severity() int {
	switch l {
	case Best:
		return 0
	case Good:
		return 1
	case Inaccuracy:
		return 2
	case Mistake:
		return 3
	case Blunder:
		return 4
	}
	return -1
}

// Symbol is the label's mark in a move list, in the chess annotators'
// manner: "!" best, "" good, "?!" inaccuracy, "?" mistake, "??" blunder,
// "~" unproven.
func (l Label) Symbol() string {
	switch l {
	case Best:
		return "!"
	case Inaccuracy:
		return "?!"
	case Mistake:
		return "?"
	case Blunder:
		return "??"
	case Unproven:
		return "~"
	}
	return ""
}

// Scale is how a game's values are read: the unit of its scores, the
// losses (in that unit) from which a move that keeps its value class is an
// inaccuracy, a mistake or a blunder, and the scale of the win chance.
type Scale struct {
	Unit                         string
	Inaccuracy, Mistake, Blunder float64
	// Chance is k of WinChance's logistic 100/(1+exp(-s/k)): the lead in
	// units at which the side is given 73%; 0 when the game's heuristic
	// scores say nothing of it (Connect Four's threats).
	Chance float64
	// ByClass: exact values are judged by their class only (Connect Four,
	// checkers): a move that keeps the class is best when it keeps the
	// score, good when it wins more slowly or loses sooner.
	ByClass bool
}

// Scales are the games' scales. Othello: 2, 6 and 12 discs of the final
// margin (exact, or the pattern evaluation's estimate), chance scale 5
// discs. Checkers: 0.3, 0.7 and 1.5 men of the engine's evaluation (a man
// 1, a king 1.5), chance scale 1 man. Adjacency: 1, 2 and 4 marks, chance
// scale 3 marks. Connect Four: exact values only (Pons' score): a move
// that turns a win into a draw or loss, or a draw into a loss, is a
// blunder; any other keeps the class and is best or good.
var Scales = map[string]Scale{
	othello.Name:   {Unit: "discs", Inaccuracy: 2, Mistake: 6, Blunder: 12, Chance: 5},
	checkers.Name:  {Unit: "men", Inaccuracy: 0.3, Mistake: 0.7, Blunder: 1.5, Chance: 1, ByClass: true},
	adjacency.Name: {Unit: "marks", Inaccuracy: 1, Mistake: 2, Blunder: 4, Chance: 3},
	connect4.Name:  {Unit: "Pons' score", ByClass: true},
}

func scaleOf(game string) Scale { return Scales[game] }

// judge labels a move from the position's value before (its best move's)
// and the value of the move played, both for the side that moved; inBest
// says the move is one of before's best moves. It returns the label and
// the value lost in the game's units (0 when the units do not compare:
// a class change judged by the classes).
func judge(game string, before, played Value, inBest bool) (Label, float64) {
	sc := scaleOf(game)
	if inBest {
		return Best, 0
	}
	cb, cp := before.Class, played.Class
	if cb == Unknown && before.Exact {
		cb = classOf(before.Score)
	}
	if cp == Unknown && played.Exact {
		cp = classOf(played.Score)
	}
	switch {
	case cb != Unknown && cp != Unknown:
		if cp.rank() > cb.rank() {
			return Blunder, units(before, played)
		}
		if cp.rank() < cb.rank() {
			return Best, 0 // the move does better than the search said
		}
		if sc.ByClass {
			if sameValue(before, played) {
				return Best, 0
			}
			return Good, units(before, played)
		}
	case cp == Win:
		return Best, 0 // nothing beats a win
	case game == connect4.Name:
		return Unproven, 0 // its heuristic scores have no verdict
	case cb == Win, cp == Loss && cb != Loss:
		return Blunder, units(before, played)
	}
	loss := units(before, played)
	switch {
	case loss <= 0 && before.Exact && played.Exact:
		return Best, 0 // as good as the best: one of them
	case loss <= 0:
		return Good, 0 // not the search's move, but it lost nothing
	case loss >= sc.Blunder:
		return Blunder, loss
	case loss >= sc.Mistake:
		return Mistake, loss
	case loss >= sc.Inaccuracy:
		return Inaccuracy, loss
	}
	return Good, loss
}

// units is the value lost in the game's units, never negative; 0 when
// either value has no units (a decided engine value, a database value).
func units(before, played Value) float64 {
	if hasUnits(before) && hasUnits(played) {
		return math.Max(0, before.Score-played.Score)
	}
	return 0
}

// A database's draw counts as 0 in the engine's units; its wins and
// losses have none (the classes judge them).
func hasUnits(v Value) bool {
	return v.Class == Unknown || v.Exact && (v.Source != "database" || v.Class == Draw)
}

// sameValue reports whether two values of one class are equal: the same
// score, and the same distance where both are known.
func sameValue(a, b Value) bool {
	if a.Score != b.Score {
		return false
	}
	return a.Plies < 0 || b.Plies < 0 || a.Plies == b.Plies
}

// Accuracy is lichess' accuracy of a move from the mover's win chance
// before it and after it (0..100): 103.1668·exp(−0.04354·(before−after))
// − 3.1669, within 0..100; a move that raises the chance scores 100.
func Accuracy(before, after float64) float64 {
	d := math.Max(0, before-after)
	if d == 0 {
		return 100
	}
	return math.Min(100, math.Max(0, 103.1668*math.Exp(-0.04354*d)-3.1669))
}
