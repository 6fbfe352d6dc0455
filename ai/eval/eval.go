package eval

import (
	"fmt"
	"slices"
	"strings"

	"boardgames/ai"
	"boardgames/assets/weights"
	"boardgames/rules/adjacency"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/othello"
)

// entry names one evaluation of a game.
type entry[S any] struct {
	name, help string
	f          func(S) int
}

// text marks a text that the app shows and translates (the evaluations'
// help): it returns s. The app's translation test finds the texts in its
// calls.
func text(s string) string { return s }

// The evaluations of each game, the default first.
var (
	othelloEvals = []entry[othello.Position]{
		{"strong", text("corners, mobility, frontier, stability and parity, weighted by game phase (ours)"), othelloStrong},
		{"positional", text("paper 000's table: a disc is worth 5 on a corner, 3 on an edge, 1 inside (own minus opponent's)"), othelloPositional},
		{"discs", text("the disc difference (paper 004)"), othelloDiscs},
		{"pattern", text("patterns of discs (edges, corners, lines, diagonals) and mobility, weighted by phase, the weights learned from our own self-play games (ours)"), othelloPattern},
	}
	checkersEvals = []entry[checkers.Position]{
		{"pattern", text("the tuned evaluation's features and the men's configurations of 18 regions of 3 rows by 4 columns, by phase, fitted to the engine's deeper searches with tuned and the endgame databases (ours)"), checkersPatternEval},
		{"tuned", text("men and kings on each square, back rank, mobility, trapped kings, runaways, dog-holes, tempo, by phase, fitted to the engine's deeper searches and the endgame databases (ours)"), checkersTunedEval},
		{"strong", text("material, advancement, back-rank guard, centre, edges, mobility and tempo (ours)"), checkersStrong},
		{"factors", text("paper 001's four factors (pieces, moves, jumps, pieces on the edge) with weights of our own: the paper gives none"), checkersFactors},
		{"learned", text("men and kings on each square, mobility, runaway men, tempo and trades, the weights learned from our own self-play games (ours)"), checkersLearned},
	}
	connect4Evals = []entry[connect4.Position]{
		{"threats", text("open threats (odd and even rows) and centre control (ours)"), connect4Threats},
		{"paper", text("paper 003: win or loss only, a sooner win and a later loss preferred"), connect4Paper},
	}
	adjacencyEvals = []entry[adjacency.Position]{
		{"vulnerability", text("the mark difference, minus marks and empty squares the opponent can attack (ours)"), adjacencyVulnerability},
		{"marks", text("paper 002's objective: own marks minus the opponent's"), adjacencyMarks},
	}
)

// The browser build has no Othello pattern weights (assets/weights): there
// the pattern evaluation is not among the evaluations.
func init() {
	if len(weights.Othello) == 0 {
		othelloEvals = slices.DeleteFunc(othelloEvals, func(e entry[othello.Position]) bool { return e.name == "pattern" })
	}
}

// Help says in one line what the evaluation name of game measures and
// where it comes from; "" for an unknown one.
func Help(game, name string) string {
	switch game {
	case othello.Name:
		return helpOf(othelloEvals, name)
	case checkers.Name:
		return helpOf(checkersEvals, name)
	case connect4.Name:
		return helpOf(connect4Evals, name)
	case adjacency.Name:
		return helpOf(adjacencyEvals, name)
	}
	return ""
}

func helpOf[S any](list []entry[S], name string) string {
	for _, e := range list {
		if strings.EqualFold(e.name, name) {
			return e.help
		}
	}
	return ""
}

// Othello returns the Othello evaluation called name ("" for the default):
// "strong", "positional", "discs" or "pattern".
func Othello(name string) (ai.Evaluator[othello.Position], error) {
	return lookup(othello.Name, othelloEvals, name)
}

// Checkers returns the checkers evaluation called name ("" for the
// default): "pattern", "tuned", "strong", "factors" or "learned".
func Checkers(name string) (ai.Evaluator[checkers.Position], error) {
	return lookup(checkers.Name, checkersEvals, name)
}

// Connect4 returns the Connect Four evaluation called name ("" for the
// default): "threats" or "paper".
func Connect4(name string) (ai.Evaluator[connect4.Position], error) {
	return lookup(connect4.Name, connect4Evals, name)
}

// Adjacency returns the Adjacency evaluation called name ("" for the
// default): "vulnerability" or "marks".
func Adjacency(name string) (ai.Evaluator[adjacency.Position], error) {
	return lookup(adjacency.Name, adjacencyEvals, name)
}

// Names returns the names of the evaluations of game ("othello",
// "checkers", "connect4" or "adjacency"), the default first; nil for an
// unknown game. The caller may change the slice.
func Names(game string) []string {
	switch game {
	case othello.Name:
		return names(othelloEvals)
	case checkers.Name:
		return names(checkersEvals)
	case connect4.Name:
		return names(connect4Evals)
	case adjacency.Name:
		return names(adjacencyEvals)
	}
	return nil
}

// Default returns the name of game's default evaluation, "" for an unknown
// game.
func Default(game string) string {
	if n := Names(game); len(n) > 0 {
		return n[0]
	}
	return ""
}

func names[S any](list []entry[S]) []string {
	n := make([]string, len(list))
	for i, e := range list {
		n[i] = e.name
	}
	return n
}

// lookup finds name (in any case; "" is the default) in list.
func lookup[S any](game string, list []entry[S], name string) (ai.Evaluator[S], error) {
	if name == "" {
		return list[0].f, nil
	}
	for _, e := range list {
		if strings.EqualFold(e.name, name) {
			return e.f, nil
		}
	}
	return nil, fmt.Errorf("eval: %s has no evaluation %q (valid: %s)",
		game, name, strings.Join(names(list), ", "))
}
