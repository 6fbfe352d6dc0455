package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"boardgames/app/internal/apptest"
	"boardgames/rules/games"
)

// Predict first: the bot's move waits for R, Reveal takes Move now's
// place, and the move values wait for R at each position.
func TestPredictFirst(t *testing.T) {
	f := newFixture(t, "othello", "human", "bot", apptest.FirstMove)
	f.u.predict.check.SetChecked(true)
	if !f.a.Preferences().Bool("predictFirst") || !f.u.Controller().PredictFirst() {
		t.Fatal("predict first not set or not remembered")
	}
	f.tapSquare("f5")
	f.q.Until(t, "the bot's choice", func() bool { return f.u.Controller().Held() != nil })
	f.q.Drain()
	if f.len() != 1 || !f.u.predict.reveal.Visible() || f.u.moveNowBtn.Visible() {
		t.Fatalf("moves %d, reveal shown %v, move now shown %v", f.len(), f.u.predict.reveal.Visible(), f.u.moveNowBtn.Visible())
	}
	f.u.toggleAnalysis()
	typeRune(f, 'r')
	if f.len() != 2 {
		t.Fatalf("R did not play the bot's move: %d moves", f.len())
	}
	if !f.u.valuesHidden() || len(f.u.Overlay().Labels()) != 0 {
		t.Fatalf("values shown before they were revealed: %v", f.u.Overlay().Labels())
	}
	typeRune(f, 'r')
	f.q.Until(t, "the values", func() bool { return len(f.u.Overlay().Labels()) > 0 })
	if f.u.predict.reveal.Visible() {
		t.Fatal("Reveal still shown with nothing hidden")
	}
}

// The lab works on the position on the board: browsing back moves it too;
// an arena game opens on the board at its start.
func TestLabFollowsTheBoard(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	f.u.openLab()
	f.tapSquare("f5")
	f.tapSquare("d6")
	f.key(fyne.KeyHome)
	if h := f.u.Lab().Header(); !strings.Contains(h, "at the start") {
		t.Fatalf("browsed to the start, the lab says %q", h)
	}
	f.key(fyne.KeyRight)
	if h := f.u.Lab().Header(); !strings.Contains(h, "after 1 move") {
		t.Fatalf("browsed to move 1, the lab says %q", h)
	}
	g, rec := apptest.Record(t, "othello", games.Settings{}, "f5f6e6f4")
	f.u.openGame(g, games.Settings{}, rec, "Arena game 1")
	f.answer("Open Arena game 1")
	if f.moves() != "f5f6e6f4" || f.u.shownPly() != 0 {
		t.Fatalf("opened %q, shown at %d", f.moves(), f.u.shownPly())
	}
}

func typeRune(f *fixture, r rune) {
	f.w.Canvas().(interface{ OnTypedRune() func(rune) }).OnTypedRune()(r)
}
