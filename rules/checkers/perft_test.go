package checkers

import (
	"math/rand/v2"
	"testing"
	"time"

	"boardgames/rules"
)

// Published perft counts from the start position, each capture path counted
// separately: Aart Bik, "perft for 8x8 checkers", TalkChess forum, May 2009
// (also on aartbik.com/MISC/checkers.html).
var startPerft = map[int]uint64{
	1: 7, 2: 49, 3: 302, 4: 1469, 5: 7361, 6: 36768, 7: 179740,
	8: 845931, 9: 3963680, 10: 18391564, 11: 85242128,
}

func TestPerftStart(t *testing.T) {
	start := Start()
	maxDepth := 9
	if testing.Short() {
		maxDepth = 7
	}
	for depth := 1; depth <= maxDepth; depth++ {
		before := start
		t0 := time.Now()
		got := Perft(start, depth)
		if got != startPerft[depth] {
			t.Errorf("Perft(start, %d) = %d, want %d", depth, got, startPerft[depth])
		}
		if start != before {
			t.Fatalf("Perft(start, %d) changed the position", depth)
		}
		t.Logf("perft %d = %d in %v", depth, got, time.Since(t0))
	}
}

func TestPerftReference(t *testing.T) {
	start := Start()
	maxDepth := 7
	if testing.Short() {
		maxDepth = 5
	}
	for depth := 1; depth <= maxDepth; depth++ {
		before := start
		if got := rules.Perft(start, depth); got != startPerft[depth] {
			t.Errorf("rules.Perft(start, %d) = %d, want %d", depth, got, startPerft[depth])
		}
		if start != before {
			t.Fatalf("rules.Perft(start, %d) changed the position", depth)
		}
	}
}

// TestPerftMatchesReference checks the fast Perft against rules.Perft on
// positions with kings, long captures and a short draw rule, which the
// start position's counts hardly reach.
func TestPerftMatchesReference(t *testing.T) {
	positions := []struct {
		fen   string
		draw  int
		depth int
	}{
		{"B:W14,15,22,23:BK10", 0, 4},
		{"B:WK14,15,22,23,K30:BK10,K1,5", 0, 5},
		{"W:W17,20,21,22,23,25,26,27,28,30,31:B1,2,3,5,6,7,9,10,13,14,15,16", 0, 5},
		{"B:WK32,K28,K4:BK1,K5,K29", 1, 5},
		{"B:WK32,K28,K4:BK1,K5,K29", 3, 6},
		{"W:W30:B1,21,23,K25,K26", 0, 3},
	}
	for _, tt := range positions {
		p := mustParse(t, tt.fen, Options{DrawMoves: tt.draw})
		before := p
		for depth := 0; depth <= tt.depth; depth++ {
			if got, want := Perft(p, depth), rules.Perft(p, depth); got != want {
				t.Errorf("%s (draw %d): Perft %d = %d, rules.Perft %d", tt.fen, tt.draw, depth, got, want)
			}
		}
		if p != before {
			t.Errorf("%s: perft changed the position", tt.fen)
		}
	}
}

// TestPerftRandomPositions checks the fast Perft against rules.Perft on
// positions from seeded random games, kings and long captures included,
// with the default draw rule (the bitboard walk) and a short one (which
// mixes in the walk through Moves and Play).
func TestPerftRandomPositions(t *testing.T) {
	games, depth := 300, 4
	if testing.Short() {
		games, depth = 60, 3
	}
	var buf [rules.MaxMoves]rules.Move
	positions := 0
	for seed := 0; seed < games; seed++ {
		rng := rand.New(rand.NewPCG(uint64(seed), 0x9E37))
		o := Options{}
		if seed%3 == 2 {
			o.DrawMoves = 2 + seed%5
		}
		p, _ := New(o)
		for ply := 0; ; ply++ {
			if ply%4 == seed%4 {
				positions++
				before := p
				for d := 1; d <= depth; d++ {
					if got, want := Perft(p, d), rules.Perft(p, d); got != want {
						t.Fatalf("%s (draw %d, quiet %d): Perft %d = %d, rules.Perft %d",
							p, o.DrawMoves, p.quiet, d, got, want)
					}
				}
				if p != before {
					t.Fatalf("%s: Perft changed the position", p)
				}
			}
			moves := p.Moves(buf[:0])
			if len(moves) == 0 {
				break
			}
			p = p.Play(moves[rng.IntN(len(moves))])
		}
	}
	t.Logf("%d positions", positions)
}
