package match

import (
	"boardgames/ai/eval"
	"boardgames/app/internal/tr"
	"boardgames/rules"
	"boardgames/rules/games"
)

// The words of the lower layers (package ai) that the window shows, in
// the language in use: they write them in English and mark them for
// translation (see package app/internal/tr).

// EvalHelp says in one line what an evaluation of a game measures:
// eval.Help in the language in use; "" for an unknown one.
func EvalHelp(game, name string) string {
	h := eval.Help(game, name)
	if h == "" {
		return ""
	}
	return tr.Known(h)
}

// ResultWords is a result in a few words, as games.Game.ResultText says
// it in English: "Red wins", "Draw".
func ResultWords(g *games.Game, r rules.Result) string {
	if w, ok := r.Winner(); ok {
		return tr.F("%s wins", ColourName(g, w))
	}
	if r.Over() {
		return tr.T("Draw")
	}
	return tr.T("Game in progress")
}
