package rules_test

import (
	"strings"
	"testing"

	"boardgames/rules"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
)

// Two kings shuffling back and forth repeat the position; the third
// occurrence draws the game although the position itself goes on.
func TestHistoryThreefoldRepetition(t *testing.T) {
	start, err := checkers.Parse("B:WK32:BK1", checkers.Options{})
	if err != nil {
		t.Fatal(err)
	}
	h := rules.NewHistory(start)
	shuffle := []string{"1-5", "32-28", "5-1", "28-32"}
	for round := 0; round < 2; round++ {
		for i, mv := range shuffle {
			if r := h.Result(); r.Over() {
				t.Fatalf("round %d move %d: over (%v) too early", round, i, r)
			}
			if err := h.PlayString(mv); err != nil {
				t.Fatalf("round %d: %s: %v", round, mv, err)
			}
		}
	}
	// The start position has now occurred three times.
	if r := h.Result(); r != rules.Draw || !h.Repeated() {
		t.Fatalf("after two shuffles: result %v, repeated %v; want a draw by repetition", r, h.Repeated())
	}
	if h.Position().Result().Over() {
		t.Fatal("the position alone must not know about the repetition")
	}
	if len(h.Legal()) != 0 {
		t.Errorf("legal moves after the draw: %v", h.Legal())
	}
	if err := h.PlayString("1-5"); err == nil {
		t.Error("a move after the draw was accepted")
	}
	// A record's replay plays on past the repetition, a draw not claimed.
	on := h.Clone()
	if err := on.PlayOn(mustMove(t, on.Position(), "1-5")); err != nil {
		t.Fatalf("PlayOn after the repetition: %v", err)
	}
	if err := on.PlayOn(mustMove(t, on.Position(), "32-28")); err != nil {
		t.Fatalf("a second PlayOn: %v", err)
	}
	if err := on.PlayOn(mustMove(t, on.Position(), "5-9")); err != nil || on.Len() != h.Len()+3 || on.Result().Over() {
		t.Fatalf("a third PlayOn, out of the repetition: %v, %d moves, result %v", err, on.Len(), on.Result())
	}
	if err := on.PlayOn(mustMove(t, h.Position(), "1-6")); err == nil {
		t.Error("PlayOn took a move that is not legal (it is White's turn)")
	}
	// Undo takes the game back out of the draw.
	if _, ok := h.Undo(); !ok || h.Result().Over() {
		t.Errorf("after undo: result %v", h.Result())
	}
}

func TestHistoryPlayUndoClone(t *testing.T) {
	h := rules.NewHistory(connect4.Start())
	for _, mv := range strings.Split("4453", "") {
		if err := h.PlayString(mv); err != nil {
			t.Fatal(err)
		}
	}
	c := h.Clone()
	if _, ok := h.Undo(); !ok {
		t.Fatal("undo failed")
	}
	if h.Len() != 3 || c.Len() != 4 {
		t.Fatalf("len %d and clone %d, want 3 and 4", h.Len(), c.Len())
	}
	if got := connect4.FormatMoves(c.Start(), c.Moves()); got != "4453" {
		t.Errorf("clone moves %q", got)
	}
	if h.At(0) != connect4.Start() || h.Position() != c.At(3) {
		t.Error("positions along the record differ")
	}
	before := h.Position()
	if err := h.Play(rules.Move(9)); err == nil {
		t.Error("column 10 accepted")
	}
	if err := h.PlayString("x"); err == nil {
		t.Error("bad text accepted")
	}
	if h.Position() != before || h.Len() != 3 {
		t.Error("a rejected move changed the record")
	}
	for h.Len() > 0 {
		h.Undo()
	}
	if _, ok := h.Undo(); ok {
		t.Error("undo at the start succeeded")
	}
}

func TestPerftAgreesWithGames(t *testing.T) {
	if got := rules.Perft(connect4.Start(), 4); got != 2401 {
		t.Errorf("connect4 perft 4 = %d, want 2401", got)
	}
	if got := rules.Perft(checkers.Start(), 5); got != 7361 {
		t.Errorf("checkers perft 5 = %d, want 7361", got)
	}
	if got := rules.Perft(checkers.Start(), 0); got != 1 {
		t.Errorf("perft 0 = %d, want 1", got)
	}
}

// mustMove parses a move of p.
func mustMove(t *testing.T, p checkers.Position, s string) rules.Move {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
