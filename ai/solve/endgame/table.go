package endgame

import (
	"math/bits"

	"boardgames/ai/solve/internal/solvekit"
)

// The hash table maps positions to bounds of their exact score, the best
// move found and the number of empty squares (the cost of the search that
// produced them, which decides what to keep). A hit compares both
// bitboards, so it is never a collision. An exact endgame score depends
// neither on the path nor on the window, so entries stay true for ever and
// the table is never cleared between solves; a generation number only
// makes entries of earlier solves the first to go.
//
// A bucket holds three entries in one 64-byte cache line: a probe costs
// one memory access, the dominant cost of a probe since the table is much
// larger than the caches. Buckets hold no pointers, so that the table can
// live outside the Go heap (solvekit.Make).
type bucket struct {
	p, o [3]uint64
	data [3]uint32 // packed: see pack
	_    uint32
}

// noMove marks an unknown best move.
const noMove = 64

// pack builds an entry's data word: lower+64, upper+64, move, and the
// empties (6 bits) with the generation (2 bits).
func pack(lower, upper, move, depth int, gen uint8) uint32 {
	return uint32(lower+64) | uint32(upper+64)<<8 | uint32(move)<<16 | uint32(depth)<<24 | uint32(gen&3)<<30
}

func lowerOf(d uint32) int  { return int(d&0xff) - 64 }
func upperOf(d uint32) int  { return int(d>>8&0xff) - 64 }
func moveOf(d uint32) int   { return int(d >> 16 & 0xff) }
func depthOf(d uint32) int  { return int(d >> 24 & 63) }
func genOf(d uint32) uint8  { return uint8(d >> 30) }
func (t *table) age() uint8 { return t.gen & 3 }

// table is the hash table.
type table struct {
	buckets []bucket
	mask    uint64 // bucket index mask
	gen     uint8
	free    func() // returns memory from solvekit.Make, or nil
}

// newTable makes a table of the largest power of two of buckets that fits
// in mib MiB.
func newTable(mib int) table {
	n := uint64(mib) << 20 / 64
	b := uint64(1 << 8)
	for b*2 <= n {
		b *= 2
	}
	t := table{mask: b - 1}
	t.buckets, t.free = solvekit.Make[bucket](int(b))
	return t
}

// hashOf mixes the two bitboards.
func hashOf(p, o uint64) uint64 {
	h := p*0x9e3779b97f4a7c15 ^ bits.RotateLeft64(o*0xc2b2ae3d27d4eb4f, 29)
	return h ^ h>>32
}

// bucketOf returns the bucket of a position.
func (t *table) bucketOf(p, o uint64) *bucket {
	return &t.buckets[hashOf(p, o)&t.mask]
}

// probe returns the data of the position's entry and true, or false.
func (b *bucket) probe(p, o uint64) (uint32, bool) {
	for i := range 3 {
		if b.p[i] == p && b.o[i] == o {
			return b.data[i], true
		}
	}
	return 0, false
}

// probe returns the data of the position's entry and true, or false.
func (t *table) probe(p, o uint64) (uint32, bool) { return t.bucketOf(p, o).probe(p, o) }

// store records that the score of the position with depth empties lies in
// [lower, upper] and that move was best (or noMove), merged with the
// entry of the same position. A new position replaces the entry of an
// earlier solve, else the one of the smallest search.
func (t *table) store(p, o uint64, depth int, lower, upper int, move int) {
	t.storeIn(t.bucketOf(p, o), p, o, depth, lower, upper, move)
}

// storeIn is store into the position's bucket b.
func (t *table) storeIn(b *bucket, p, o uint64, depth int, lower, upper int, move int) {
	gen := t.age()
	victim, worst := 0, 1<<30
	for i := range 3 {
		d := b.data[i]
		if b.p[i] == p && b.o[i] == o {
			lower = max(lower, lowerOf(d))
			upper = min(upper, upperOf(d))
			if move == noMove {
				move = moveOf(d)
			}
			b.data[i] = pack(lower, upper, move, depth, gen)
			return
		}
		cost := depthOf(d)
		if genOf(d) != gen {
			cost -= 64 // older solves go first
		}
		if cost < worst {
			victim, worst = i, cost
		}
	}
	b.p[victim], b.o[victim] = p, o
	b.data[victim] = pack(lower, upper, move, depth, gen)
}

// clear empties the table.
func (t *table) clear() { clear(t.buckets) }
