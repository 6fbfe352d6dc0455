package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"boardgames/ai/review"
	"boardgames/app/internal/apptest"
)

// TestReviewTab: a Connect Four game reviewed from the Game menu's action:
// the Review tab, every move exact, and ] stepping to the first mistake
// with the position before it on the board and the best move said.
func TestReviewTab(t *testing.T) {
	f := newFixture(t, "connect4", "human", "human", apptest.FirstMove)
	for _, c := range "446564144333234567" {
		f.tapCell(int(c - '1'))
	}
	if f.len() != 18 {
		t.Fatalf("%d moves played", f.len())
	}
	f.u.startReview()
	if f.u.tabs.Selected().Text != "Review" {
		t.Fatalf("the selected tab is %q", f.u.tabs.Selected().Text)
	}
	f.q.Until(t, "the review", func() bool { return f.u.Review() != nil })
	g := f.u.Review()
	if len(g.Moves) != 18 || g.Moves[17].Label != review.Blunder {
		t.Fatalf("%d moves, the last %s", len(g.Moves), g.Moves[17].Label)
	}
	first := -1
	for i, m := range g.Moves {
		if !m.Exact {
			t.Errorf("move %d is not exact: %s", m.Ply, m.Basis)
		}
		if first < 0 && m.Label.Severity() >= review.Inaccuracy.Severity() {
			first = i
		}
	}
	test.TypeOnCanvas(f.w.Canvas(), "]")
	m := g.Moves[first]
	if f.u.shownPly() != m.Ply-1 || !strings.Contains(f.u.review.text.Text, "Best was "+strings.Join(m.Best, ", ")) {
		t.Errorf("after ]: ply %d shown, text %q; want ply %d", f.u.shownPly(), f.u.review.text.Text, m.Ply-1)
	}
	f.u.closeReview()
	if f.u.review.tab != nil || f.u.Review() != nil {
		t.Error("the review's tab stayed")
	}
}
