package othello

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"boardgames/rules"
)

// stableColours returns the black and the white discs that Stable calls
// stable in p.
func stableColours(p Position) (black, white uint64) {
	own, opp := p.Stable()
	if p.ToMove() == rules.White {
		return opp, own
	}
	return own, opp
}

// checkStaysStable walks every continuation of p up to the game's end and
// reports the first position where a disc of black or white (discs
// found stable earlier) has another colour.
func checkStaysStable(t *testing.T, p Position, black, white uint64) bool {
	b, w := p.Bitboards()
	if b&black != black || w&white != white {
		t.Errorf("%v: stable discs black %x white %x flipped", p, black, white)
		return false
	}
	var buf [rules.MaxMoves]rules.Move
	for _, m := range p.Moves(buf[:0]) {
		if !checkStaysStable(t, p.Play(m), black, white) {
			return false
		}
	}
	return true
}

// TestStableNeverFlips checks the discs that Stable finds against every
// continuation of positions of up to 7 empty squares, and along seeded
// random games from the start, and that it finds some.
func TestStableNeverFlips(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 64))
	var buf [rules.MaxMoves]rules.Move
	found := 0
	games := 300
	if testing.Short() {
		games = 60
	}
	for range games {
		p := Start()
		var line []Position
		for moves := p.Moves(buf[:0]); len(moves) > 0; moves = p.Moves(buf[:0]) {
			p = p.Play(moves[rng.IntN(len(moves))])
			line = append(line, p)
		}
		for i, q := range line {
			black, white := stableColours(q)
			found += bits.OnesCount64(black | white)
			for _, r := range line[i:] {
				if b, w := r.Bitboards(); b&black != black || w&white != white {
					t.Fatalf("%v: discs called stable flipped later, in %v", q, r)
				}
			}
			if q.Empties() <= 7 && !checkStaysStable(t, q, black, white) {
				return
			}
		}
	}
	if found == 0 {
		t.Fatal("no stable disc found in any game")
	}
}

// TestStableExamples checks Stable on positions whose stable discs are
// known: a full board, and the corners with their edge runs.
func TestStableExamples(t *testing.T) {
	for _, c := range []struct {
		pos      string
		own, opp int // stable discs of the side to move and its opponent
		lo, hi   int // ResultBounds
	}{
		// A full board: every disc is stable.
		{"XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX O", 0, 64, -1, -1},
		{"XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOO X", 32, 32, 0, 0},
		// A corner and the discs next to it: each has the edge or a
		// stable disc of its colour beside it on each of its lines. The
		// X on e1 is not: its row is open on both sides.
		{"XXX-X---XX------------------------------------------------------ O", 0, 5, -1, 1},
	} {
		p, err := Parse(c.pos, Options{})
		if err != nil {
			t.Fatal(err)
		}
		own, opp := p.Stable()
		if bits.OnesCount64(own) != c.own || bits.OnesCount64(opp) != c.opp {
			t.Errorf("%s: %d and %d stable discs, want %d and %d", c.pos, bits.OnesCount64(own), bits.OnesCount64(opp), c.own, c.opp)
		}
		lo, hi, ok := p.ResultBounds(2 * p.Empties())
		if !ok || lo != c.lo || hi != c.hi {
			t.Errorf("%s: ResultBounds gives %d %d %v, want %d %d", c.pos, lo, hi, ok, c.lo, c.hi)
		}
		if p.Empties() > 0 {
			if _, _, ok := p.ResultBounds(2*p.Empties() - 1); ok {
				t.Errorf("%s: bounds for a game that may last longer", c.pos)
			}
		}
	}
}
