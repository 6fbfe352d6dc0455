package ai

import (
	"math/bits"
	"sync"
	"unsafe"

	"boardgames/rules"
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

// ttEntry is one slot of the transposition table (Greenblatt, Eastlake and
// Crocker 1967; Zobrist 1970 for the keys).
type ttEntry struct {
	key   uint64
	move  rules.Move // the best move found, tried first next time
	value int32      // relative to the node: decided values count plies from it
	depth uint8      // remaining depth of the search that stored it
	flags uint8      // bound | flagProven
	gen   uint16     // the search that stored it; other searches' entries are empty
}

// table is a transposition table with one entry per slot, taken by one
// search at a time. A new result replaces an entry of another position or
// search, or a shallower one of the same position.
//
// Tables are recycled: allocating and faulting in 16 MiB costs more than a
// short search, so a finished search gives its table back, and the next
// one of the same size takes it and, instead of clearing it, counts
// itself as a new generation whose entries alone are valid.
type table struct {
	slots []ttEntry
	gen   uint16
}

var tables sync.Pool

// getTable returns a table of mib MiB for one search; putTable gives it
// back.
func getTable(mib int) *table {
	n := mib << 20 / int(unsafe.Sizeof(ttEntry{}))
	t, _ := tables.Get().(*table)
	if t == nil || len(t.slots) != n {
		t = &table{slots: make([]ttEntry, n)}
	}
	t.gen++
	if t.gen == 0 { // wrapped: entries of 65536 searches ago would look new
		clear(t.slots)
		t.gen = 1
	}
	return t
}

func putTable(t *table) { tables.Put(t) }

// slot maps a key to its slot: the high half of key × len (Lemire's
// multiply-shift), so any table size works.
func (t *table) slot(key uint64) *ttEntry {
	hi, _ := bits.Mul64(key, uint64(len(t.slots)))
	return &t.slots[hi]
}

// probe returns the entry of key, or nil.
func (t *table) probe(key uint64) *ttEntry {
	e := t.slot(key)
	if e.gen != t.gen || e.key != key {
		return nil
	}
	return e
}

func (t *table) store(key uint64, move rules.Move, value, depth int, bound uint8, proven bool) {
	e := t.slot(key)
	if e.gen == t.gen && e.key == key && int(e.depth) > depth && bound != boundExact {
		return
	}
	flags := bound
	if proven {
		flags |= flagProven
	}
	*e = ttEntry{key: key, move: move, value: int32(value), depth: uint8(depth), flags: flags, gen: t.gen}
}

// toTT makes a decided value relative to the node at ply, so that it stays
// right wherever the position is met again; fromTT undoes it.
func toTT(v, ply int) int {
	switch {
	case v > WinScore/2:
		return v + ply
	case v < -WinScore/2:
		return v - ply
	}
	return v
}

func fromTT(v, ply int) int {
	switch {
	case v > WinScore/2:
		return v - ply
	case v < -WinScore/2:
		return v + ply
	}
	return v
}
