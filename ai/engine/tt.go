package engine

import (
	"math/bits"
	"sync"
	"sync/atomic"
	"unsafe"

	"boardgames/ai/internal/search"
)

// The bound a stored value is.
const (
	boundExact uint8 = 1 + iota // the value itself
	boundLower                  // the value is at least this (a beta cut-off)
	boundUpper                  // the value is at most this (no move beat alpha)
)

// flagProven marks an entry whose subtree reached the game's end on every
// line it looked at: no horizon evaluation decided it. Its bound then holds
// for every search depth from its own up, not just its own depth.
const flagProven uint8 = 1 << 7

// ttSlot is one slot of the transposition table (Greenblatt, Eastlake and
// Crocker 1967; Zobrist 1970 for the keys): two 64-bit words, data packing
// the entry (see ttEntry.pack) and check = key XOR data.
//
// The threads of a Lazy SMP search share the table without locks (Hyatt
// and Mann 2002, "A lockless transposition-table implementation for
// parallel search"): each word is written and read atomically, but a
// reader may still see the two words of different writers. Then check XOR
// data is not the key it probes, and the slot reads as empty; an entry is
// used only when both its words come from one store. With one thread the
// words are written and read the same way, at the cost of one locked
// instruction per store on amd64.
type ttSlot struct {
	check, data atomic.Uint64
}

// ttEntry is a slot's content, unpacked.
type ttEntry struct {
	// move is the index of the best move in the position's move list as
	// Moves generates it. The games' moves are 64-bit values (checkers
	// packs its whole path), too wide to share a word with the rest; the
	// index, below rules.MaxMoves, fits in 8 bits and names the same move
	// because Moves of one position always lists the same moves in the
	// same order.
	move  uint8
	value int32 // relative to the node: decided values count plies from it
	depth uint8 // remaining depth of the search that stored it
	flags uint8 // bound | flagProven
}

// The layout of ttSlot.data, from bit 0 up: value+valueBias (22 bits),
// depth (7), bound and proven (8: flags as they are), move index (8),
// generation (16), 3 bits unused. Every value a search stores is within
// ±(WinScore+1) < 2^21; every depth within maxDepth < 2^7.
const (
	valueBits  = 22
	valueBias  = 1 << (valueBits - 1)
	depthShift = valueBits
	flagsShift = depthShift + 7
	moveShift  = flagsShift + 8
	genShift   = moveShift + 8
)

func (e ttEntry) pack(gen uint16) uint64 {
	return uint64(int64(e.value)+valueBias)&(1<<valueBits-1) |
		uint64(e.depth)<<depthShift |
		uint64(e.flags)<<flagsShift |
		uint64(e.move)<<moveShift |
		uint64(gen)<<genShift
}

func unpack(d uint64) (ttEntry, uint16) {
	return ttEntry{
		value: int32(int64(d&(1<<valueBits-1)) - valueBias),
		depth: uint8(d >> depthShift & 127),
		flags: uint8(d >> flagsShift),
		move:  uint8(d >> moveShift),
	}, uint16(d >> genShift)
}

// table is a transposition table with one entry per slot, taken by one
// search at a time (and shared by its threads). A new result replaces an
// entry of another position or search, or a shallower one of the same
// position.
//
// Tables are recycled: allocating and faulting in 16 MiB costs more than a
// short search, so a finished search gives its table back, and the next
// one of the same size takes it and, instead of clearing it, counts
// itself as a new generation whose entries alone are valid.
type table struct {
	slots []ttSlot
	gen   uint16 // set before the search's threads start, then only read
	// span is how many generations' entries are valid, the current one
	// included: 1 for a recycled table, keptSpan for a kept Table's.
	span uint16
}

var tables sync.Pool

// getTable returns a table of mib MiB for one search; putTable gives it
// back once every thread of the search has finished.
func getTable(mib int) *table {
	n := mib << 20 / int(unsafe.Sizeof(ttSlot{}))
	t, _ := tables.Get().(*table)
	if t == nil || len(t.slots) != n {
		t = &table{slots: newSlots(n), span: 1}
	}
	t.next()
	return t
}

// next starts a new generation of t's entries.
func (t *table) next() {
	t.gen++
	if t.gen < t.span { // wrapped: entries of 65536 searches ago would look new
		clear(t.slots)
		t.gen = t.span
	}
}

func putTable(t *table) { tables.Put(t) }

// slot maps a key to its slot: the high half of key × len (Lemire's
// multiply-shift), so any table size works.
func (t *table) slot(key uint64) *ttSlot {
	hi, _ := bits.Mul64(key, uint64(len(t.slots)))
	return &t.slots[hi]
}

// load returns the entry of key in slot s, if it holds one of this search.
func (t *table) load(s *ttSlot, key uint64) (ttEntry, bool) {
	d := s.data.Load()
	if s.check.Load()^d != key {
		return ttEntry{}, false
	}
	e, gen := unpack(d)
	return e, t.gen-gen < t.span
}

// probe returns the entry of key, if any.
func (t *table) probe(key uint64) (ttEntry, bool) {
	return t.load(t.slot(key), key)
}

// usable reports whether the entry t of a position can end that position's
// search depth plies deep: when it was stored at that depth; at any depth
// from its own up when it is proven; and from deeper searches too when the
// table is a kept Table's (see engine.go).
func (t *table) usable(e ttEntry, depth int) bool {
	d := int(e.depth)
	return d == depth || e.flags&flagProven != 0 && d < depth || t.span > 1 && d > depth
}

// store records a result for key, unless the slot holds a deeper bound of
// the same position. move is the best move's index in the move list.
func (t *table) store(key uint64, move, value, depth int, bound uint8, proven bool) {
	s := t.slot(key)
	if e, ok := t.load(s, key); ok && int(e.depth) > depth && bound != boundExact {
		return
	}
	flags := bound
	if proven {
		flags |= flagProven
	}
	d := ttEntry{move: uint8(move), value: int32(value), depth: uint8(depth), flags: flags}.pack(t.gen)
	// A reader that gets one word of this store and one of another (or
	// of the slot's previous entry) finds check^data != key: the slot
	// reads as empty.
	s.data.Store(d)
	s.check.Store(key ^ d)
}

// toTT makes a decided value relative to the node at ply, so that it stays
// right wherever the position is met again; fromTT undoes it.
func toTT(v, ply int) int {
	switch {
	case v > search.WinScore/2:
		return v + ply
	case v < -search.WinScore/2:
		return v - ply
	}
	return v
}

func fromTT(v, ply int) int {
	switch {
	case v > search.WinScore/2:
		return v - ply
	case v < -search.WinScore/2:
		return v + ply
	}
	return v
}
