package othello

import (
	"math/rand/v2"
	"testing"

	"boardgames/rules"
)

// stuck is a position where Black, to move, has no move (its only disc is
// c1, next to White's a1 and b1 along the edge) while White has d1.
var stuck = board("X", "OOX-----", "--------", "--------", "--------",
	"--------", "--------", "--------", "--------")

// Under the standard rules Black passes there; under paper 000's rule
// the game ends, counted as usual.
func TestNoPassEndsTheGame(t *testing.T) {
	std := mustParse(t, stuck)
	if got := names(std, std.Moves(nil)); got != "pass" || std.Result().Over() {
		t.Fatalf("standard rules: moves %q, result %v; want a forced pass", got, std.Result())
	}
	p, err := Parse(stuck, Options{NoPass: true})
	if err != nil {
		t.Fatal(err)
	}
	if !p.NoPass() || std.NoPass() {
		t.Fatal("NoPass() does not report the rule")
	}
	if moves := p.Moves(nil); len(moves) != 0 {
		t.Errorf("NoPass: moves %q, want none", names(p, moves))
	}
	// White has 2 discs, Black 1: White wins, the 61 empty squares going
	// to the winner as usual.
	if r, s := p.Result(), p.Score(); r != rules.WhiteWins || s != -62 {
		t.Errorf("NoPass: result %v score %d, want white wins, -62", r, s)
	}
	if _, err := p.ParseMove("pass"); err == nil {
		t.Error("NoPass: pass accepted")
	}
	if p.Hash() == std.Hash() {
		t.Error("the rule does not change the hash")
	}
	if _, err := ParseMoves(p, "d1"); err == nil {
		t.Error("NoPass: an implicit pass was accepted after the game ended")
	}
	if _, err := ParseMoves(std, "d1"); err != nil {
		t.Errorf("standard rules: the implicit pass before d1 was refused: %v", err)
	}
}

// The rule travels with every position of a game, and a game under it ends
// exactly when the side to move cannot move; perft agrees with the generic
// counter.
func TestNoPassRandomGames(t *testing.T) {
	start, err := New(Options{NoPass: true, First: rules.White})
	if err != nil {
		t.Fatal(err)
	}
	if start.ToMove() != rules.White || !start.NoPass() {
		t.Fatalf("New: %v to move, NoPass %v", start.ToMove(), start.NoPass())
	}
	var buf [rules.MaxMoves]rules.Move
	shorter := 0
	for g := range 300 {
		rng := rand.New(rand.NewPCG(uint64(g), 0))
		p := start
		for {
			moves := p.Moves(buf[:0])
			if !p.NoPass() {
				t.Fatalf("game %d: the rule was lost at %s", g, p)
			}
			if len(moves) == 0 {
				if !p.Result().Over() || MoveMask(p.own, p.opp) != 0 {
					t.Fatalf("game %d: no moves but result %v at %s", g, p.Result(), p)
				}
				if MoveMask(p.opp, p.own) != 0 {
					shorter++ // the standard rules would have passed here
				}
				break
			}
			for _, m := range moves {
				if m == Pass {
					t.Fatalf("game %d: a pass under NoPass at %s", g, p)
				}
			}
			p = p.Play(moves[rng.IntN(len(moves))])
		}
	}
	if shorter == 0 {
		t.Error("no game ended early: the test never exercised the rule")
	}
	for depth := 1; depth <= 5; depth++ {
		if got, want := Perft(start, depth), rules.Perft(start, depth); got != want {
			t.Errorf("perft %d = %d, generic %d", depth, got, want)
		}
	}
}
