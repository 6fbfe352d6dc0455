package endgame

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"boardgames/ai/eval"
	"boardgames/rules/othello"
)

// TestFlipsRandomBoards compares flips with the rules package's on
// random boards (not only positions of games: every pattern of discs
// along the lines), and lastFlips with flips on boards with one hole.
func TestFlipsRandomBoards(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 1))
	for range 20000 {
		filled := r.Uint64() | r.Uint64() // three quarters of the squares
		p := filled & r.Uint64()
		o := filled &^ p
		for e := ^filled; e != 0; e &= e - 1 {
			sq := bits.TrailingZeros64(e)
			if got, want := flips(p, o, sq), othello.Flips(p, o, sq); got != want {
				t.Fatalf("flips(%#x, %#x, %d) = %#x, want %#x", p, o, sq, got, want)
			}
		}
		x := r.IntN(64)
		p, o = p&^(1<<x), (o|^filled)&^(1<<x)
		if got, want := lastFlips(p, x), bits.OnesCount64(othello.Flips(p, o, x)); got != want {
			t.Fatalf("lastFlips(%#x, %d) = %d, want %d", p, x, got, want)
		}
	}
}

// TestFastPaths checks the null-window searches with all their shortcuts
// (the hash move tried before the ordering, the two tables, the stability
// cutoff, the enhanced transposition cutoff, the fastest-first ordering,
// the move-mask-free solvers of the last four empties; not the orderings
// by searches, from sortFrom empties) against the plain alpha-beta
// (alphaBeta with the full window, which has none of them) on positions of random games with 4 to 12 empty squares, each at windows
// below, at and above its exact score: a fail-soft result above alpha must
// be a lower bound of the exact score, one at or below alpha an upper
// bound. The table is kept from position to position and window to
// window, as in a solve.
func TestFastPaths(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 2))
	s := New(1)
	s.SetEvaluation(eval.OthelloPatternBits) // as the player's (it orders from evalFrom empties)
	n := 450
	if testing.Short() {
		n = 120
	}
	tested, passes := 0, 0
	for i := range n {
		p, o := randomPosition(r, 4+i%9)
		e := 64 - bits.OnesCount64(p|o)
		if moveMask(p, o)|moveMask(o, p) == 0 {
			continue
		}
		tested++
		if moveMask(p, o) == 0 {
			passes++
		}
		exact := s.alphaBeta(p, o, -inf, inf, e)
		if want := naiveUpTo(p, o, 8); e <= 8 && exact != want {
			t.Fatalf("alphaBeta(%#x, %#x) = %d, negamax %d", p, o, exact, want)
		}
		par := parityOf(^(p | o))
		for _, d := range []int{-9, -2, -1, 0, 1, 4} {
			alpha := min(max(exact+d, -64), 63)
			v := s.nwsAny(p, o, alpha, e, par)
			if v > alpha && v > exact || v <= alpha && v < exact {
				t.Fatalf("%#x %#x (%d empties): null window at %d gives %d, exact %d", p, o, e, alpha, v, exact)
			}
		}
	}
	if tested < n*3/4 || passes == 0 {
		t.Errorf("%d positions tested, %d with a pass", tested, passes)
	}
	t.Logf("%d positions, %d with a pass", tested, passes)
}

// naiveUpTo is naive for positions of at most n empties, else 0.
func naiveUpTo(p, o uint64, n int) int {
	if 64-bits.OnesCount64(p|o) > n {
		return 0
	}
	return naive(p, o)
}
