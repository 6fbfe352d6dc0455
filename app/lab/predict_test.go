package lab

import (
	"testing"

	"fyne.io/fyne/v2"

	"boardgames/app/internal/classroom"
)

// Predict first: Compare hides every move, score and line until Reveal.
func TestCompareHidesUntilRevealed(t *testing.T) {
	f := newFixture(t, "othello", "f5d6")
	fyne.CurrentApp().Preferences().SetBool(classroom.PredictFirst, true)
	s := f.l.compare
	s.algos.setIDs([]string{"minimax", "alphabeta"})
	s.depth.e.SetText("2")
	f.runTask(s.task)
	move, pv := col(t, s.table, "best move"), col(t, s.table, "principal variation")
	for _, r := range s.table.Rows() {
		if r[move] != "?" || r[move+1] != "?" || r[pv] != "?" {
			t.Fatalf("a row shows what the class should guess: %v", r)
		}
	}
	if !s.reveal.Visible() {
		t.Fatal("no Reveal button")
	}
	if !f.l.Reveal() || s.reveal.Visible() {
		t.Fatal("Reveal revealed nothing")
	}
	for _, r := range s.table.Rows() {
		if r[move] == "?" || r[pv] == "?" {
			t.Fatalf("revealed row %v", r)
		}
	}
	if f.l.Reveal() {
		t.Fatal("a second reveal had something to show")
	}
}
