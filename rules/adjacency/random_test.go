package adjacency

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"boardgames/rules"
)

// naiveHash recomputes the Zobrist hash square by square from the key
// table, independently of the package's own code.
func naiveHash(p Position) uint64 {
	keys := rules.ZobristKeys(zobristSeed, 129)
	black, white := p.Bitboards()
	var h uint64
	for sq := 0; sq < 64; sq++ {
		if black&(1<<sq) != 0 {
			h ^= keys[sq]
		}
		if white&(1<<sq) != 0 {
			h ^= keys[64+sq]
		}
	}
	if p.ToMove() == rules.White {
		h ^= keys[128]
	}
	return h
}

// TestRandomGames plays seeded random games under random options and
// checks the invariants at every ply, OpenSpiel style.
func TestRandomGames(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	rng := rand.New(rand.NewPCG(2024, 11))
	var buf [rules.MaxMoves]rules.Move
	for g := 0; g < games; g++ {
		o := Options{First: rules.Player(rng.IntN(2))}
		if rng.IntN(2) == 0 {
			o.Rounds = 1 + rng.IntN(maxRounds)
		}
		p, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		start := p
		var played []rules.Move
		for ply := 0; ; ply++ {
			where := func() string { return FormatMoves(start, played) }
			checkPosition(t, p, o, ply, where)
			moves := p.Moves(buf[:0])
			if len(moves) == 0 {
				break
			}
			for _, m := range moves {
				s := p.MoveString(m)
				if back, err := p.ParseMove(s); err != nil || back != m {
					t.Fatalf("after %q: move %d formats as %q, parses as %d, %v", where(), m, s, back, err)
				}
			}
			m := moves[rng.IntN(len(moves))]
			before := p
			next := p.Play(m)
			if p != before {
				t.Fatalf("after %q: Play(%s) changed the receiver", where(), p.MoveString(m))
			}
			mover := p.ToMove()
			own, opp := p.Bitboards()
			nb, nw := next.Bitboards()
			nOwn := nb
			if mover == rules.White {
				own, opp, nOwn = opp, own, nw
			}
			if want := own | 1<<m | Captures(own, opp, int(m)); nOwn != want {
				t.Fatalf("after %q: %s gives %#x, want %#x", where(), p.MoveString(m), nOwn, want)
			}
			played = append(played, m)
			p = next
		}
		h, err := ParseMoves(start, FormatMoves(start, played))
		if err != nil {
			t.Fatalf("game %d: %v", g, err)
		}
		if !slices.Equal(h.Moves(), played) || h.Position() != p {
			t.Fatalf("game %d: the move list does not survive FormatMoves -> ParseMoves", g)
		}
		if len(played) != 2*start.Limit() {
			t.Fatalf("game %d: %d plies under a limit of %d rounds", g, len(played), start.Limit())
		}
	}
}

// checkPosition checks the invariants of one position of a game under o.
func checkPosition(t *testing.T, p Position, o Options, ply int, where func() string) {
	t.Helper()
	black, white := p.Bitboards()
	moves := p.Moves(nil)
	switch {
	case len(moves) == 0 != p.Result().Over():
		t.Fatalf("after %q: %d moves, result %v", where(), len(moves), p.Result())
	case black&white != 0:
		t.Fatalf("after %q: X and O share squares %#x", where(), black&white)
	case bits.OnesCount64(black|white) != 8+ply:
		t.Fatalf("after %q: %d marks after %d plies", where(), bits.OnesCount64(black|white), ply)
	case p.Score() != bits.OnesCount64(black)-bits.OnesCount64(white):
		t.Fatalf("after %q: score %d", where(), p.Score())
	case p.RoundsPlayed() != ply/2 || p.RoundsPlayed()+p.RoundsLeft() != p.Limit():
		t.Fatalf("after %q: rounds played %d, left %d, limit %d", where(), p.RoundsPlayed(), p.RoundsLeft(), p.Limit())
	case (p.ToMove() == o.First) != (ply%2 == 0):
		t.Fatalf("after %q: %v to move", where(), p.ToMove())
	case p.Hash() != naiveHash(p):
		t.Fatalf("after %q: hash %#x, recomputed %#x", where(), p.Hash(), naiveHash(p))
	case Perft(p, 1) != uint64(max(len(moves), 1)):
		t.Fatalf("after %q: Perft(1) = %d with %d moves", where(), Perft(p, 1), len(moves))
	}
	if !p.Result().Over() && len(moves) != 56-ply {
		t.Fatalf("after %q: %d moves on %d empty squares", where(), len(moves), 56-ply)
	}
	if q, err := Parse(p.String(), o); err != nil || q != p {
		t.Fatalf("after %q: %q parses as %v, %v", where(), p.String(), q, err)
	}
}
