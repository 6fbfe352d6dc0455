package engine

import (
	"sync/atomic"
	"unsafe"
)

// Table is an engine's transposition table kept from one search to the
// next, as chess programs keep theirs through a game: a bot that plays a
// game's moves with one Table (Params.Table) starts each search with
// the move ordering and the bounds its last searches found for the
// positions still ahead. Every entry is a bound on a position's value at
// the depth it was searched to (see engine.go), so entries of earlier
// searches are as right as new ones; only the last keptSpan searches'
// count, the older ones being of positions the game has left.
//
// A Table is for one bot of one game: the engine's values depend on its
// evaluation and its settings, and a table filled by another bot would
// give that bot's values. It serves one search at a time; a search that
// finds it busy uses a table of its own.
type Table struct {
	busy atomic.Bool
	t    *table
}

// keptSpan is how many searches' entries a Table keeps valid.
const keptSpan = 4

// NewTable returns an empty Table; its memory (Params.TTMiB) is taken by
// the first search.
func NewTable() *Table { return &Table{} }

// take returns the Table's table of mib MiB for one search, and false if
// another search holds it.
func (m *Table) take(mib int) (*table, bool) {
	if m == nil || !m.busy.CompareAndSwap(false, true) {
		return nil, false
	}
	n := mib << 20 / int(unsafe.Sizeof(ttSlot{}))
	if m.t == nil || len(m.t.slots) != n {
		m.t = &table{slots: newSlots(n), span: keptSpan}
	}
	m.t.next()
	return m.t, true
}

// give returns the table once every thread of the search has finished.
func (m *Table) give() { m.busy.Store(false) }
