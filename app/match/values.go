package match

import (
	"slices"
	"strings"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/ai/eval"
	"boardgames/app/internal/tr"
	"boardgames/rules/adjacency"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

// Values that teach: every value on the board says what it counts.
// Exact values count the game's own things (Connect Four's stones to the
// win, as on Pascal Pons' solver page; Othello's final disc difference);
// a search's value counts men in checkers and marks in Adjacency (their
// evaluations give a man and a mark 100 points), discs in Othello (the
// learned evaluation's estimate of the final disc difference, as Edax and
// NBoard show: analysisEval) and evaluation points in
// Connect Four, whose evaluation weighs several features. A
// search's value is the mean of its last two depths, one odd and one
// even: a search that ends on the mover's ply and one that ends on the
// opponent's lean opposite ways, and their mean keeps the sign from
// flipping at each depth. ValuesLegend says all this in a few words.

// smooth is the value reported for a move searched at two successive
// depths: their mean, rounded towards zero.
func smooth(prev, cur int) int { return (prev + cur) / 2 }

// perPiece is how many evaluation points make one of the game's pieces
// in the analysis' evaluation (0: the points are not pieces).
func perPiece(game string) int {
	switch game {
	case checkers.Name, adjacency.Name:
		return 100
	}
	return 0
}

// searchText says a search's value of a move: text and the cell's two
// lines. A decided game counts the winner's moves (this one included when
// it wins).
func searchText(pos games.Position, score, depth int, smoothed bool) (string, string) {
	if plies, ok := ai.DecidedIn(score); ok {
		if score > 0 {
			k := plies/2 + 1
			return tr.N("win in %d move", k, k), tr.F("win\nin %d", k)
		}
		k := (plies + 1) / 2
		return tr.N("loss in %d move", k, k), tr.F("loss\nin %d", k)
	}
	value, unit := searchValue(pos.Game(), score)
	if smoothed {
		return tr.F("%s %s at depths %d–%d", value, unit, depth-1, depth), value + "\n" + tr.F("d%d–%d", depth-1, depth)
	}
	return tr.F("%s %s at depth %d", value, unit, depth), value + "\n" + tr.F("d%d", depth)
}

// analysisEval is the evaluation of the analysis' searches: in Othello
// the learned patterns, fitted to the final disc margin (eval.DiscUnit
// points a disc), where this build has them (the browser build has not:
// there the strong evaluation, eval.StrongPerDisc points a disc); the
// default elsewhere.
func analysisEval(game string) string {
	if game == othello.Name && eval.Help(game, eval.OthelloLearned) != "" {
		return eval.OthelloLearned
	}
	return ""
}

// searchValue writes a search's score (with the evaluation analysisEval)
// in the unit of the game's evaluation: "+0.4", "men"; "+3.1", "discs";
// "+36", "points".
func searchValue(game string, score int) (string, string) {
	if v, ok := eval.OthelloDiscs(analysisEval(game), score); ok && game == othello.Name {
		return oneDecimal(v), tr.T("discs")
	}
	n := perPiece(game)
	if n == 0 {
		return tr.F("%+d", score), tr.T("points")
	}
	text := oneDecimal(float64(score) / float64(n))
	if game == checkers.Name {
		return text, tr.T("men")
	}
	return text, tr.T("marks")
}

// oneDecimal writes v signed with one decimal, 0.0 for less than a tenth
// either way.
func oneDecimal(v float64) string {
	text := Decimal(v, 1)
	switch {
	case strings.Trim(text, "-0.,") == "": // less than a tenth either way
		text = Decimal(0, 1)
	case v > 0:
		text = "+" + text
	}
	return text
}

// ValuesLegend says in a sentence or two what the move values of game
// count; searched adds what a search's values count.
func ValuesLegend(game string, searched bool) string {
	var exact string
	switch game {
	case connect4.Name:
		exact = tr.T("“win in 5”: the side to move wins with its 5th stone from now, whatever the other side does; “loss in 5”: the other side wins with its 5th stone; the fewer, the sooner (Pascal Pons' solver page counts the same stones).")
	case othello.Name:
		exact = tr.T("Exact values are the final disc difference with best play.")
	default:
		exact = tr.T("“win in 5”: the winner's 5th move from now ends the game.")
	}
	if !searched {
		return exact
	}
	var search string
	switch game {
	case checkers.Name:
		search = tr.T("Other values are a search's judgement in men (a man is 1, a king 1.5).")
	case adjacency.Name:
		search = tr.T("Other values are a search's judgement in marks.")
	case othello.Name:
		search = tr.T("Other values are a search's estimate of the final disc difference, in discs.")
	default:
		search = tr.T("Other values are the evaluation's points: a judgement, not discs or stones.")
	}
	return exact + " " + search + " " + tr.T("d7–8: the mean of searches 7 and 8 plies deep, so that the sign does not flip with the depth.")
}

// setConnect4 sets an exact Connect Four value: Pons' score of the move
// for the side to move in p.
func setConnect4(p connect4.Position, mv *MoveValue, score int) {
	mv.Known, mv.Exact, mv.Score, mv.Depth = true, true, score, 0
	own := p.Played() / 2 // the stones of the side to move
	switch {
	case score > 0:
		k := 22 - score - own // its stones to the win, this one included
		mv.Text, mv.Label = tr.N("win in %d move", k, k), tr.F("win\nin %d", k)
	case score < 0:
		k := 22 + score - (p.Played() - own) // the opponent's stones to its win
		mv.Text, mv.Label = tr.N("loss in %d move", k, k), tr.F("loss\nin %d", k)
	default:
		mv.Text, mv.Label = tr.T("draw"), tr.T("draw")
	}
}

// setConnect4FromPlies turns a search's decided score (the game's end
// reached on every line) into the exact Connect Four value.
func (z *analyzer) setConnect4FromPlies(pos games.Position, mv *MoveValue) {
	p := pos.Native().(connect4.Position)
	// The plies after the move to the winning stone, the stones on the
	// board then, and the winner's share of them: (n+1)/2 for the side
	// that played the last one.
	plies, ok := ai.DecidedIn(mv.Score)
	if !ok {
		setConnect4(p, mv, 0)
		return
	}
	n := p.Played() + 1 + plies
	score := 22 - (n+1)/2
	if mv.Score < 0 {
		score = -score
	}
	setConnect4(p, mv, score)
}

// setOthello sets an exact Othello value, the final disc difference.
func setOthello(mv *MoveValue, score int) {
	mv.Known, mv.Exact, mv.Score, mv.Depth = true, true, score, 0
	switch {
	case score == 0:
		mv.Text, mv.Label = tr.T("draw"), tr.T("draw")
	default:
		mv.Text, mv.Label = tr.N("%+d disc", score, score), tr.N("%+d\ndisc", score, score)
	}
}

// resultText says a finished game's value.
func resultText(score int) (string, string) {
	switch {
	case score > 0:
		return tr.T("win"), tr.T("win")
	case score < 0:
		return tr.T("loss"), tr.T("loss")
	}
	return tr.T("draw"), tr.T("draw")
}

// evalPieces writes a search's score in the game's pieces when its
// evaluation counts a piece as perPiece points: checkers' evaluations (a
// man is 100) and Adjacency's own (a mark is 100), and Othello's that
// estimate the final disc difference (eval.OthelloPerDisc), for the
// generic searches; the papers' bots and the other evaluations keep their
// units.
func evalPieces(game string, spec bots.Spec, score int, exact bool) (string, string, bool) {
	generic := slices.Contains([]string{"minimax", "alphabeta", "negascout", "engine"}, spec.Algo)
	if game == othello.Name {
		n, _ := eval.OthelloPerDisc(spec.Eval)
		v, ok := eval.OthelloDiscs(spec.Eval, score)
		if exact || !generic || !ok || n == 1 { // the disc difference counts whole discs
			return "", "", false
		}
		return oneDecimal(v), tr.T("discs"), true
	}
	pieces := game == checkers.Name || game == adjacency.Name && (spec.Eval == "" || spec.Eval == "vulnerability")
	if exact || !generic || !pieces || perPiece(game) == 0 {
		return "", "", false
	}
	v, u := searchValue(game, score)
	return v, u, true
}
