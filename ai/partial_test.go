package ai

import (
	"context"
	"testing"
	"time"
)

func TestStopperMargins(t *testing.T) {
	start := time.Unix(1000, 0)
	st := newStopper(context.Background(), start, time.Second)
	if st.deadline != start.Add(time.Second) || st.soft != start.Add(500*time.Millisecond) {
		t.Fatalf("deadline %v soft %v", st.deadline.Sub(start), st.soft.Sub(start))
	}
	st.keepMargin(start, partialMargin)
	st.softAt(start, partialSoft)
	if st.deadline != start.Add(900*time.Millisecond) || st.soft != start.Add(540*time.Millisecond) {
		t.Errorf("with the margin: deadline %v soft %v", st.deadline.Sub(start), st.soft.Sub(start))
	}
	none := newStopper(context.Background(), start, 0)
	none.keepMargin(start, partialMargin)
	none.softAt(start, partialSoft)
	if none.hasDeadline || !none.deadline.IsZero() || !none.soft.IsZero() {
		t.Error("a search without a deadline got one")
	}
}

func TestBetterCut(t *testing.T) {
	e := &engine[nim]{}
	e.core = newCore[nim](nil, nil, 4)
	res := newResult(4)
	res.ok, res.move, res.score = true, 1, 10
	// The old best first, then a better move searched to the end.
	e.rootMove(1, 5)
	e.rootMove(2, 8)
	e.rootMove(3, 7)
	e.betterCut(res)
	if res.move != 2 || res.score != 8 || len(res.pv) != 1 || res.pv[0] != 2 {
		t.Errorf("better move: %d %d %v", res.move, res.score, res.pv)
	}
	// Nothing better than the old move: it stays.
	e.resetRoot()
	res.move, res.score = 1, 10
	e.rootMove(1, 5)
	e.rootMove(2, 5)
	e.betterCut(res)
	if res.move != 1 || res.score != 10 {
		t.Errorf("no better move: %d %d", res.move, res.score)
	}
	// The old move not finished (another move first): no change.
	e.resetRoot()
	e.rootMove(2, 9)
	e.rootMove(3, 12)
	e.betterCut(res)
	if res.move != 1 {
		t.Errorf("the cut iteration did not finish the old move: %d", res.move)
	}
}
