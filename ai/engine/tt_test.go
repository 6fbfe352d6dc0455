package engine

import (
	"math/rand/v2"
	"sync"
	"testing"
	"unsafe"

	"boardgames/ai/internal/search"
)

// TestTableSize: a table of n MiB is n MiB of 16-byte slots.
func TestTableSize(t *testing.T) {
	for _, mib := range []int{1, 3, 16} {
		tb := getTable(mib)
		size := len(tb.slots) * int(unsafe.Sizeof(ttSlot{}))
		if size > mib<<20 || size < mib<<20-int(unsafe.Sizeof(ttSlot{})) {
			t.Errorf("%d MiB table: %d bytes", mib, size)
		}
		putTable(tb)
	}
	if unsafe.Sizeof(ttSlot{}) != 16 {
		t.Errorf("slot of %d bytes", unsafe.Sizeof(ttSlot{}))
	}
}

// TestTTConcurrent hammers one small table from several goroutines, each
// storing entries whose every field is a function of the key. A probe that
// succeeds must give back exactly those fields: the two words of a slot
// written by different goroutines never pass for an entry. With -race it
// also shows the table's accesses are all atomic.
func TestTTConcurrent(t *testing.T) {
	tb := &table{slots: make([]ttSlot, 64), gen: 1, span: 1}
	fields := func(key uint64) (move, value, depth int, bound uint8, proven bool) {
		return int(key % 128), int(key%2_000_001) - 1_000_000, int(key >> 8 % 100), uint8(key>>16%3) + 1, key>>20&1 == 1
	}
	rounds := 200_000
	if testing.Short() || raceEnabled {
		rounds = 20_000
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	bad := 0
	for g := range 4 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(g), 1))
			keys := make([]uint64, 256)
			for i := range keys {
				keys[i] = rng.Uint64()
			}
			for i := range rounds {
				key := keys[i%len(keys)]
				move, value, depth, bound, proven := fields(key)
				if e, ok := tb.probe(key); ok {
					fl := bound
					if proven {
						fl |= flagProven
					}
					if int(e.move) != move || int(e.value) != value || int(e.depth) != depth || e.flags != fl {
						mu.Lock()
						bad++
						mu.Unlock()
					}
				}
				tb.store(key, move, value, depth, bound, proven)
			}
		})
	}
	wg.Wait()
	if bad > 0 {
		t.Errorf("%d torn entries read as valid", bad)
	}
	// The packing round-trips the extremes.
	for _, v := range []int{search.Inf, -search.Inf, 0, search.WinScore - 100, -(search.WinScore - 100)} {
		tb.store(12345, 127, v, search.MaxDepth, boundLower, true)
		e, ok := tb.probe(12345)
		if !ok || int(e.value) != v || e.move != 127 || e.depth != search.MaxDepth || e.flags != boundLower|flagProven {
			t.Errorf("value %d: %+v, %v", v, e, ok)
		}
	}
}
