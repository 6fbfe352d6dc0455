package endgame

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"boardgames/rules/othello"
)

// randomPosition plays random legal moves from the start until empties
// squares are left (or the game ends) and returns the discs of the side to
// move and of its opponent.
func randomPosition(r *rand.Rand, empties int) (p, o uint64) {
	p, o = 0x0000000810000000, 0x0000001008000000 // black d5 e4, white d4 e5
	for 64-bits.OnesCount64(p|o) > empties {
		m := moveMask(p, o)
		if m == 0 {
			if moveMask(o, p) == 0 {
				break
			}
			p, o = o, p
			continue
		}
		k := r.IntN(bits.OnesCount64(m))
		for ; k > 0; k-- {
			m &= m - 1
		}
		sq := bits.TrailingZeros64(m)
		f := flips(p, o, sq)
		p, o = o&^f, p|f|1<<sq
	}
	return p, o
}

// TestMovesAndFlips compares the package's move generator and flips with
// the rules package's on positions of random games.
func TestMovesAndFlips(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	n := 2000
	if testing.Short() {
		n = 300
	}
	for range n {
		p, o := randomPosition(r, r.IntN(60))
		if got, want := moveMask(p, o), othello.MoveMask(p, o); got != want {
			t.Fatalf("moveMask(%#x, %#x) = %#x, want %#x", p, o, got, want)
		}
		for sq := range 64 {
			if (p|o)>>sq&1 != 0 {
				continue
			}
			if got, want := flips(p, o, sq), othello.Flips(p, o, sq); got != want {
				t.Fatalf("flips(%#x, %#x, %d) = %#x, want %#x", p, o, sq, got, want)
			}
		}
	}
}

// TestLastFlips checks the last-move flip counter against flips on full
// boards with one hole.
func TestLastFlips(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		x := r.IntN(64)
		p := r.Uint64() &^ (1 << x)
		o := ^p &^ (1 << x)
		if got, want := lastFlips(p, x), bits.OnesCount64(flips(p, o, x)); got != want {
			t.Fatalf("lastFlips(%#x, %d) = %d, want %d", p, x, got, want)
		}
	}
}

// TestStability checks that the discs found stable never flip in random
// continuations of random positions, and that a full board is all stable.
func TestStability(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	games := 3000
	if testing.Short() {
		games = 500
	}
	found := 0
	for range games {
		p, o := randomPosition(r, r.IntN(30))
		sp, so := stableDiscs(p, o), stableDiscs(o, p)
		if sp&^p != 0 || so&^o != 0 {
			t.Fatalf("stable discs off the colour: %#x %#x / %#x %#x", p, sp, o, so)
		}
		found += bits.OnesCount64(sp | so)
		// play on at random; black/white here are p/o at the start
		a, b := p, o // a = discs of the side to move
		aIsP := true
		for range 64 {
			m := moveMask(a, b)
			if m == 0 {
				if moveMask(b, a) == 0 {
					break
				}
				a, b, aIsP = b, a, !aIsP
				continue
			}
			k := r.IntN(bits.OnesCount64(m))
			for ; k > 0; k-- {
				m &= m - 1
			}
			sq := bits.TrailingZeros64(m)
			f := flips(a, b, sq)
			a, b, aIsP = b&^f, a|f|1<<sq, !aIsP
			pNow, oNow := a, b
			if !aIsP {
				pNow, oNow = b, a
			}
			if sp&^pNow != 0 || so&^oNow != 0 {
				t.Fatalf("a stable disc flipped: start %#x %#x stable %#x %#x", p, o, sp, so)
			}
		}
	}
	if found == 0 {
		t.Error("no stable disc found at all")
	}
	full := uint64(0x123456789abcdef0)
	if stableDiscs(full, ^full) != full {
		t.Error("a full board is not all stable")
	}
}

// TestEdgeStable checks a few edge patterns by hand: a corner is always
// stable, a lone disc in the middle of an empty edge never is, a full edge
// is all stable.
func TestEdgeStable(t *testing.T) {
	cases := []struct {
		p, o, want uint8
	}{
		{0b00000001, 0, 0b00000001},
		{0b00001000, 0, 0},
		{0b00000111, 0, 0b00000111},
		{0b00000110, 0b00000001, 0},          // o plays the square after them
		{0b11110000, 0b00001111, 0b11110000}, // full edge
		{0b00000011, 0b00000100, 0b00000011}, // p anchored to the corner
	}
	for _, c := range cases {
		if got := edgeStable[int(c.p)<<8|int(c.o)]; got != c.want {
			t.Errorf("edgeStable(%08b, %08b) = %08b, want %08b", c.p, c.o, got, c.want)
		}
	}
}

// benchPositions returns 1024 positions of random games with a legal
// move, and one legal move of each.
func benchPositions() (ps, os []uint64, sqs []int) {
	r := rand.New(rand.NewPCG(9, 9))
	for len(ps) < 1024 {
		p, o := randomPosition(r, 5+r.IntN(20))
		m := moveMask(p, o)
		if m == 0 {
			continue
		}
		ps, os = append(ps, p), append(os, o)
		sqs = append(sqs, bits.TrailingZeros64(m))
	}
	return
}

var sinkU uint64
var sinkI int

func BenchmarkMoveMask(b *testing.B) {
	ps, os, _ := benchPositions()
	var acc uint64
	for i := range b.N {
		acc += moveMask(ps[i&1023], os[i&1023])
	}
	sinkU = acc
}

func BenchmarkFlips(b *testing.B) {
	ps, os, sqs := benchPositions()
	var acc uint64
	for i := range b.N {
		acc += flips(ps[i&1023], os[i&1023], sqs[i&1023])
	}
	sinkU = acc
}

func BenchmarkLastFlips(b *testing.B) {
	ps, _, sqs := benchPositions()
	acc := 0
	for i := range b.N {
		acc += lastFlips(ps[i&1023], sqs[i&1023])
	}
	sinkI = acc
}

func BenchmarkStability(b *testing.B) {
	ps, os, _ := benchPositions()
	acc := 0
	for i := range b.N {
		acc += stableCount(ps[i&1023], os[i&1023])
	}
	sinkI = acc
}
