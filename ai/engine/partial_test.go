package engine

import (
	"testing"

	"boardgames/ai/internal/search"
	"boardgames/rules/othello"
)

func TestBetterCut(t *testing.T) {
	e := &engine[othello.Position]{}
	e.Core = search.NewCore[othello.Position](nil, nil, 4)
	res := search.NewResult(4)
	res.OK, res.Move, res.Score = true, 1, 10
	// The old best first, then a better move searched to the end.
	e.RootMove(1, 5)
	e.RootMove(2, 8)
	e.RootMove(3, 7)
	e.betterCut(res)
	if res.Move != 2 || res.Score != 8 || len(res.PV) != 1 || res.PV[0] != 2 {
		t.Errorf("better move: %d %d %v", res.Move, res.Score, res.PV)
	}
	// Nothing better than the old move: it stays.
	e.ResetRoot()
	res.Move, res.Score = 1, 10
	e.RootMove(1, 5)
	e.RootMove(2, 5)
	e.betterCut(res)
	if res.Move != 1 || res.Score != 10 {
		t.Errorf("no better move: %d %d", res.Move, res.Score)
	}
	// The old move not finished (another move first): no change.
	e.ResetRoot()
	e.RootMove(2, 9)
	e.RootMove(3, 12)
	e.betterCut(res)
	if res.Move != 1 {
		t.Errorf("the cut iteration did not finish the old move: %d", res.Move)
	}
}
