package egdb

import (
	"math/rand/v2"
	"testing"
)

// countBrute counts the positions of a subdatabase by placing the pieces
// square by square, without the indexer's arithmetic.
func countBrute(k Key) int64 {
	var n int64
	var place func(sq int, left Key) // left: pieces still to place
	place = func(sq int, left Key) {
		if left.Pieces() == 0 {
			n++
			return
		}
		if sq == 32 || 32-sq < left.Pieces() {
			return
		}
		place(sq+1, left)
		bit := uint32(1) << sq
		if left.BM > 0 && bit&row7 == 0 {
			place(sq+1, Key{left.BM - 1, left.BK, left.WM, left.WK})
		}
		if left.BK > 0 {
			place(sq+1, Key{left.BM, left.BK - 1, left.WM, left.WK})
		}
		if left.WM > 0 && bit&row0 == 0 {
			place(sq+1, Key{left.BM, left.BK, left.WM - 1, left.WK})
		}
		if left.WK > 0 {
			place(sq+1, Key{left.BM, left.BK, left.WM, left.WK - 1})
		}
	}
	place(0, k)
	return n
}

// The number of positions with n pieces on the board, of either colour and
// without the side to move, published with the Chinook project's databases
// (Schaeffer et al., "Checkers is solved", Science 317, 2007, table S1).
var publishedCounts = []int64{1: 120, 2: 6_972, 3: 261_224, 4: 7_092_774, 5: 148_688_232, 6: 2_503_611_964}

func TestSizesMatchPublishedCounts(t *testing.T) {
	for n := 1; n < len(publishedCounts); n++ {
		var total int64
		// Every split of n pieces, one-sided ones included (the indexer
		// handles them although the databases do not store them).
		for bm := 0; bm <= n; bm++ {
			for bk := 0; bm+bk <= n; bk++ {
				for wm := 0; bm+bk+wm <= n; wm++ {
					total += newIndexer(Key{bm, bk, wm, n - bm - bk - wm}).size
				}
			}
		}
		if total != publishedCounts[n] {
			t.Errorf("%d pieces: %d positions, published %d", n, total, publishedCounts[n])
		}
	}
}

func TestSizesMatchBruteCount(t *testing.T) {
	n := 4
	if testing.Short() {
		n = 3
	}
	for _, k := range Keys(n) {
		if got, want := newIndexer(k).size, countBrute(k); got != want {
			t.Errorf("%v: indexer size %d, brute count %d", k, got, want)
		}
	}
}

// TestIndexIsABijection numbers every position of small subdatabases and
// checks that each number is used once and decodes to its position.
func TestIndexIsABijection(t *testing.T) {
	keys := []Key{{1, 0, 1, 0}, {2, 0, 1, 0}, {1, 1, 1, 0}, {0, 2, 1, 0}, {2, 0, 2, 0}, {1, 1, 0, 1}, {3, 0, 0, 1}, {4, 0, 1, 0}, {0, 0, 3, 0}}
	if !testing.Short() {
		keys = append(keys, Key{2, 1, 1, 1}, Key{3, 0, 2, 0}, Key{5, 0, 1, 0})
	}
	for _, k := range keys {
		x := newIndexer(k)
		seen := make([]bool, x.size)
		var visit func(sq int, left Key, b, w, kg uint32)
		visit = func(sq int, left Key, b, w, kg uint32) {
			if left.Pieces() == 0 {
				i := x.index(b, w, kg)
				if i < 0 || i >= x.size {
					t.Fatalf("%v: index %d of %08x %08x %08x is outside 0..%d", k, i, b, w, kg, x.size-1)
				}
				if seen[i] {
					t.Fatalf("%v: index %d used twice", k, i)
				}
				seen[i] = true
				if b2, w2, k2 := x.position(i); b2 != b || w2 != w || k2 != kg {
					t.Fatalf("%v: position(%d) = %08x %08x %08x, want %08x %08x %08x", k, i, b2, w2, k2, b, w, kg)
				}
				if got := keyOf(b, w, kg); got != k {
					t.Fatalf("keyOf = %v, want %v", got, k)
				}
				return
			}
			if sq == 32 {
				return
			}
			visit(sq+1, left, b, w, kg)
			bit := uint32(1) << sq
			if left.BM > 0 && bit&row7 == 0 {
				visit(sq+1, Key{left.BM - 1, left.BK, left.WM, left.WK}, b|bit, w, kg)
			}
			if left.BK > 0 {
				visit(sq+1, Key{left.BM, left.BK - 1, left.WM, left.WK}, b|bit, w, kg|bit)
			}
			if left.WM > 0 && bit&row0 == 0 {
				visit(sq+1, Key{left.BM, left.BK, left.WM - 1, left.WK}, b, w|bit, kg)
			}
			if left.WK > 0 {
				visit(sq+1, Key{left.BM, left.BK, left.WM, left.WK - 1}, b, w|bit, kg|bit)
			}
		}
		visit(0, k, 0, 0, 0)
		for i, ok := range seen {
			if !ok {
				t.Fatalf("%v: index %d is never used", k, i)
			}
		}
	}
}

func TestKeysOrder(t *testing.T) {
	keys := Keys(5)
	pos := map[Key]int{}
	for i, k := range keys {
		if _, dup := pos[k]; dup {
			t.Fatalf("%v listed twice", k)
		}
		pos[k] = i
	}
	for _, k := range keys {
		if _, ok := pos[k.Mirror()]; !ok {
			t.Errorf("%v listed without its mirror", k)
		}
		// Crowning a black man: the mirror of the crowned position must
		// come before k's pair.
		if k.BM > 0 {
			c := Key{k.WM, k.WK, k.BM - 1, k.BK + 1}
			if pos[c] >= min(pos[k], pos[k.Mirror()]) {
				t.Errorf("%v comes after %v, which crowning leads to", c, k)
			}
		}
	}
	if len(keys) == 0 {
		t.Fatal("no keys")
	}
}

func TestFind(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for n := 0; n < 40; n++ {
		for range 50 {
			d := make([]uint16, n)
			for i := range d {
				d[i] = uint16(rng.IntN(4))
				if rng.IntN(8) == 0 {
					d[i] = 0xFFFF
				}
			}
			for _, v := range []uint16{0, 1, 3, 0xFFFF} {
				for i := 0; i <= n; i++ {
					want := i
					for want < n && d[want] != v {
						want++
					}
					if got := find(d, v, i); got != want {
						t.Fatalf("find(%v, %d, %d) = %d, want %d", d, v, i, got, want)
					}
				}
			}
		}
	}
}
