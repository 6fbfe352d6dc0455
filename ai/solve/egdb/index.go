package egdb

import (
	"fmt"
	"math/bits"
)

// Positions are stored with the side to move as Black, moving down the
// board (towards higher square numbers): a position with White to move is
// turned half a turn (square n becomes 33-n, bit i becomes bit 31-i) and
// its colours swapped, which maps it onto a position of the mirrored
// subdatabase with Black to move and the same value. In this file "black"
// is the side to move and "white" the other side.

// Key names a subdatabase: the men and kings of the side to move (BM, BK)
// and of the other side (WM, WK).
type Key struct{ BM, BK, WM, WK int }

// Pieces is the number of pieces on the board.
func (k Key) Pieces() int { return k.BM + k.BK + k.WM + k.WK }

// Men is the number of men on the board.
func (k Key) Men() int { return k.BM + k.WM }

// Mirror is the subdatabase of the same positions with the other side to
// move.
func (k Key) Mirror() Key { return Key{k.WM, k.WK, k.BM, k.BK} }

// String names the subdatabase as its files do: "db-1201" has one man and
// two kings to move against no man and one king.
func (k Key) String() string { return fmt.Sprintf("db-%d%d%d%d", k.BM, k.BK, k.WM, k.WK) }

// valid reports whether k is a subdatabase: each side has a piece, no
// side more than 12, and at most MaxPieces in all.
func (k Key) valid() bool {
	return k.BM >= 0 && k.BK >= 0 && k.WM >= 0 && k.WK >= 0 &&
		k.BM+k.BK >= 1 && k.WM+k.WK >= 1 && k.BM+k.BK <= 12 && k.WM+k.WK <= 12 &&
		k.Pieces() <= MaxPieces
}

// MaxPieces is the most pieces a database of this package can hold.
const MaxPieces = 8

// Keys lists every subdatabase of up to n pieces in the order they are
// built: by pieces, then by men (a man's crowning leads to a subdatabase
// with one man fewer and the same pieces, a capture to fewer pieces), a
// subdatabase just before its mirror.
func Keys(n int) []Key {
	var out []Key
	for total := 2; total <= min(n, MaxPieces); total++ {
		for men := 0; men <= total; men++ {
			for bm := 0; bm <= men; bm++ {
				wm := men - bm
				for bk := 0; bk <= total-men; bk++ {
					k := Key{bm, bk, wm, total - men - bk}
					if !k.valid() {
						continue
					}
					if m := k.Mirror(); m != k && (m.BM < k.BM || m.BM == k.BM && m.BK < k.BK) {
						continue // listed with its mirror
					}
					out = append(out, k)
					if m := k.Mirror(); m != k {
						out = append(out, m)
					}
				}
			}
		}
	}
	return out
}

// binom[n][k] is n choose k.
var binom = func() (c [33][33]int64) {
	for n := 0; n <= 32; n++ {
		c[n][0] = 1
		for k := 1; k <= n; k++ {
			c[n][k] = c[n-1][k-1] + c[n-1][k]
		}
	}
	return c
}()

// choose is binom with 0 outside the table.
func choose(n, k int) int64 {
	if n < 0 || k < 0 || k > n {
		return 0
	}
	return binom[n][k]
}

// Masks of the board (bit i is square i+1; row r holds bits 4r..4r+3).
const (
	row0 uint32 = 0x0000000F // squares 1-4, where no white man stands (it would be a king)
	row7 uint32 = 0xF0000000 // squares 29-32, where no black man stands
)

// An indexer numbers the positions of one subdatabase, 0..size-1.
//
// The black men come first, by the number c of them on the top row
// (squares 1-4, where no white man can stand): class c holds
// C(4,c)·C(24,BM-c) placements of the black men, and for each the white
// men take WM of the 28-(BM-c) squares of rows 2-8 that the black men
// leave free, so no number is wasted. Then the black kings take BK of the
// squares the men leave empty and the white kings WK of the rest. Each
// choice of squares is numbered by the combinatorial number system
// (squares s1 < s2 < ... < sk get Σ C(si, i)), on the squares still free.
type indexer struct {
	key        Key
	size       int64
	kings      int64    // placements of the kings: C(e, BK)·C(e-BK, WK), e the squares the men leave
	whiteKings int64    // C(e-BK, WK)
	classStart [6]int64 // first number of each class of black men on the top row
	classWhite [5]int64 // placements of the white men in each class
	classRest  [5]int64 // placements of the black men off the top row in each class
}

func newIndexer(k Key) *indexer {
	x := &indexer{key: k}
	empty := 32 - k.BM - k.WM
	x.whiteKings = choose(empty-k.BK, k.WK)
	x.kings = choose(empty, k.BK) * x.whiteKings
	var n int64
	for c := 0; c <= 4; c++ {
		x.classStart[c] = n
		x.classRest[c] = choose(24, k.BM-c)
		x.classWhite[c] = choose(28-(k.BM-c), k.WM)
		n += choose(4, c) * x.classRest[c] * x.classWhite[c] * x.kings
	}
	x.classStart[5] = n
	x.size = n
	return x
}

// rank numbers the set of squares set (bits of a mask with the blocked
// squares squeezed out, see squeeze) by the combinatorial number system.
func rank(set uint32) int64 {
	var r int64
	i := 1
	for ; set != 0; set &= set - 1 {
		r += binom[bits.TrailingZeros32(set)][i]
		i++
	}
	return r
}

// unrank is rank's inverse for sets of k squares.
func unrank(r int64, k int) uint32 {
	var set uint32
	c := 31
	for i := k; i >= 1; i-- {
		for binom[c][i] > r {
			c--
		}
		r -= binom[c][i]
		set |= 1 << c
		c--
	}
	return set
}

// squeeze renumbers the squares of set (none of them in blocked) as if the
// squares of blocked were not there: square s becomes s minus the blocked
// squares below it.
func squeeze(set, blocked uint32) uint32 {
	var out uint32
	for ; set != 0; set &= set - 1 {
		s := bits.TrailingZeros32(set)
		out |= 1 << (s - bits.OnesCount32(blocked&(1<<s-1)))
	}
	return out
}

// unsqueeze is squeeze's inverse: bit j of set becomes the j-th square
// (from 0) not in blocked.
func unsqueeze(set, blocked uint32) uint32 {
	var out uint32
	free := ^blocked
	j := 0
	for ; set != 0; set &= set - 1 {
		t := bits.TrailingZeros32(set)
		for ; j < t; j++ {
			free &= free - 1
		}
		out |= free & -free
	}
	return out
}

// index numbers the position with black (the side to move) on b, white on
// w and the kings on k, which must be of the indexer's subdatabase.
func (x *indexer) index(b, w, k uint32) int64 {
	bm, wm := b&^k, w&^k
	c := bits.OnesCount32(bm & row0)
	black := rank(bm&row0)*x.classRest[c] + rank(bm>>4)
	// White men stand on rows 2-8 (bits 4-31): shift them down by 4 and
	// squeeze out the black men there.
	white := rank(squeeze(wm>>4, bm>>4))
	men := bm | wm
	bk := rank(squeeze(b&k, men))
	wk := rank(squeeze(w&k, men|b&k))
	return x.classStart[c] + ((black*x.classWhite[c]+white)*x.kings + bk*x.whiteKings + wk)
}

// position is index's inverse: the black pieces, the white pieces and the
// kings of the position numbered i.
func (x *indexer) position(i int64) (b, w, k uint32) {
	c := 0
	for x.classStart[c+1] <= i {
		c++
	}
	i -= x.classStart[c]
	kings := i % x.kings
	i /= x.kings
	white := i % x.classWhite[c]
	black := i / x.classWhite[c]
	key := x.key
	bm := unrank(black/x.classRest[c], c) | unrank(black%x.classRest[c], key.BM-c)<<4
	wm := unsqueeze(unrank(white, key.WM), bm>>4) << 4
	men := bm | wm
	bk := unsqueeze(unrank(kings/x.whiteKings, key.BK), men)
	wk := unsqueeze(unrank(kings%x.whiteKings, key.WK), men|bk)
	return bm | bk, wm | wk, bk | wk
}

// keyOf returns the subdatabase of a position with black to move.
func keyOf(b, w, k uint32) Key {
	return Key{bits.OnesCount32(b &^ k), bits.OnesCount32(b & k), bits.OnesCount32(w &^ k), bits.OnesCount32(w & k)}
}

// flip turns a position half a turn and swaps the colours: the position
// with White to move on b, w, k becomes one with Black to move.
func flip(b, w, k uint32) (uint32, uint32, uint32) {
	return bits.Reverse32(w), bits.Reverse32(b), bits.Reverse32(k)
}
