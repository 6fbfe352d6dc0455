package search

import (
	"context"
	"testing"
	"time"
)

func TestStopperMargins(t *testing.T) {
	const margin, soft = 0.1, 0.6 // the engine's (ai/engine/partial.go)
	start := time.Unix(1000, 0)
	st := NewStopper(context.Background(), start, time.Second)
	if st.deadline != start.Add(time.Second) || st.soft != start.Add(500*time.Millisecond) {
		t.Fatalf("deadline %v soft %v", st.deadline.Sub(start), st.soft.Sub(start))
	}
	st.KeepMargin(start, margin)
	st.SoftAt(start, soft)
	if st.deadline != start.Add(900*time.Millisecond) || st.soft != start.Add(540*time.Millisecond) {
		t.Errorf("with the margin: deadline %v soft %v", st.deadline.Sub(start), st.soft.Sub(start))
	}
	none := NewStopper(context.Background(), start, 0)
	none.KeepMargin(start, margin)
	none.SoftAt(start, soft)
	if none.hasDeadline || !none.deadline.IsZero() || !none.soft.IsZero() {
		t.Error("a search without a deadline got one")
	}
}
