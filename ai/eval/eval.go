package eval

import (
	"fmt"
	"strings"

	"boardgames/ai"
	"boardgames/rules/adjacency"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/othello"
)

// entry names one evaluation of a game.
type entry[S any] struct {
	name string
	f    func(S) int
}

// The evaluations of each game, the default first.
var (
	othelloEvals = []entry[othello.Position]{
		{"strong", othelloStrong},
		{"positional", othelloPositional},
		{"discs", othelloDiscs},
	}
	checkersEvals = []entry[checkers.Position]{
		{"strong", checkersStrong},
		{"paper", checkersPaper},
	}
	connect4Evals = []entry[connect4.Position]{
		{"threats", connect4Threats},
		{"paper", connect4Paper},
	}
	adjacencyEvals = []entry[adjacency.Position]{
		{"vulnerability", adjacencyVulnerability},
		{"marks", adjacencyMarks},
	}
)

// Othello returns the Othello evaluation called name ("" for the default):
// "strong", "positional" or "discs".
func Othello(name string) (ai.Evaluator[othello.Position], error) {
	return lookup(othello.Name, othelloEvals, name)
}

// Checkers returns the checkers evaluation called name ("" for the
// default): "strong" or "paper".
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
