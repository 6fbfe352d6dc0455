//go:build js

package yield

import (
	"sync"
	"syscall/js"
	"testing"
	"time"
)

// While searches spin calling Point, the page's event loop still runs: a
// timer callback set before they start runs before they end, with one
// search and with two (which must not pass the thread to each other
// forever). Without Point the callback would wait for the last of them.
func TestThePageRunsDuringSearches(t *testing.T) {
	for _, searches := range []int{1, 2} {
		var mu sync.Mutex
		ran, done := false, 0
		cb := js.FuncOf(func(js.Value, []js.Value) any {
			mu.Lock()
			ran = done == 0
			mu.Unlock()
			return nil
		})
		js.Global().Call("setTimeout", cb, 0)
		var wg sync.WaitGroup
		for range searches {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for end := time.Now().Add(5 * Slice); time.Now().Before(end); {
					Point()
				}
				mu.Lock()
				done++
				mu.Unlock()
			}()
		}
		wg.Wait()
		cb.Release()
		if !ran {
			t.Errorf("%d searches: the page's callback waited for a search to end", searches)
		}
	}
}
