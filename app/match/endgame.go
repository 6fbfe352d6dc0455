package match

import (
	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/ai/solve/egdb"
	"boardgames/rules/checkers"
)

// checkersKnown gives the checkers moves whose positions are in the
// endgame databases their exact values, where the databases' result holds
// under the draw rule: "win in 7 plies", "draw". Without databases it does
// nothing (the searches value the moves).
func checkersKnown(p checkers.Position, a *Analysis) {
	db, err := bots.CheckersDB()
	if err != nil {
		return
	}
	for i := range a.Moves {
		mv := &a.Moves[i]
		if mv.Exact {
			continue
		}
		child := p.Play(mv.Move)
		r, ok := db.Probe(child)
		if !ok || !r.Holds(child.QuietPlies(), child.DrawPlies()) {
			continue
		}
		score := 0
		switch r.Value {
		case egdb.Loss: // for the side to move after the move
			score = ai.WinScore - (r.Plies + 1)
		case egdb.Win:
			score = -(ai.WinScore - (r.Plies + 1))
		}
		mv.Known, mv.Exact, mv.Score, mv.Depth = true, true, score, 0
		if score == 0 {
			mv.Text, mv.Label = resultText(0)
		} else {
			mv.Text, mv.Label = searchText(nil, score, 0, false)
		}
	}
}
