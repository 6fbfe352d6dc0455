package match

import (
	"boardgames/app/internal/tr"
	"boardgames/rules"
	"boardgames/rules/games"
)

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
