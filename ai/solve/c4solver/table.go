package c4solver

import "boardgames/ai/solve/internal/solvekit"

// table is the transposition table: one 64-bit word per slot holding the
// full 49-bit key of a position and both a lower and an upper bound of its
// exact score. A Connect Four score does not depend on how the position was
// reached nor on the search window, so the bounds stay true for ever and the
// table is never cleared between solves.
//
// Pons' table keeps a 32-bit partial key and one bound per slot in a table
// of prime size; keeping the whole key makes every hit exact without the
// Chinese-remainder argument, and keeping both bounds lets a null-window
// re-search at another window reuse the other side.
//
// Word layout: bits 0-5 upper bound - minScore + 1 (1..37, so a used slot
// is never 0), bits 6-11 lower bound - minScore (0..36), bits 12-60 the key.
type table struct {
	slots []uint64
	shift uint   // index = (key * multiplier) >> shift
	free  func() // returns memory from solvekit.Make, or nil
}

const (
	hashMultiplier = 0x9e3779b97f4a7c15 // 2^64 / golden ratio, odd
	boundBits      = 6
	boundMask      = 1<<boundBits - 1
	keyShift       = 2 * boundBits
)

// newTable makes a table of the largest power of two of slots that fits in
// mib MiB (at least 2^10 slots).
func newTable(mib int) table {
	n := uint64(mib) << 20 / 8
	b := uint(10)
	for uint64(1)<<(b+1) <= n {
		b++
	}
	t := table{shift: 64 - b}
	t.slots, t.free = solvekit.Make[uint64](1 << b)
	return t
}

// get returns the bounds stored for key, or (minScore, maxScore) when the
// key is not there.
func (t *table) get(key uint64) (lo, up int) {
	w := t.slots[(key*hashMultiplier)>>t.shift]
	if w>>keyShift != key || w == 0 {
		return minScore, maxScore
	}
	return int(w>>boundBits&boundMask) + minScore, int(w&boundMask) + minScore - 1
}

// put records that the score of key lies in [lo, up], merged with the bounds
// already there for the same key; another key in the slot is replaced.
func (t *table) put(key uint64, lo, up int) {
	// Every real score lies in [minScore, maxScore], so clamping a bound to
	// that range keeps it true.
	lo = max(lo, minScore)
	up = min(up, maxScore)
	i := (key * hashMultiplier) >> t.shift
	w := t.slots[i]
	if w != 0 && w>>keyShift == key {
		if l := int(w>>boundBits&boundMask) + minScore; l > lo {
			lo = l
		}
		if u := int(w&boundMask) + minScore - 1; u < up {
			up = u
		}
	}
	t.slots[i] = key<<keyShift | uint64(lo-minScore)<<boundBits | uint64(up-minScore+1)
}

// clear empties the table.
func (t *table) clear() { clear(t.slots) }
