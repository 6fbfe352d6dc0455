//go:build js

package yield

import (
	"sync"
	"syscall/js"
	"time"
)

// Slice is the longest a search runs before it lets the page run: short
// enough for a click to be answered at once, long enough that the time
// spent yielding (a few milliseconds each time) costs little.
const Slice = 40 * time.Millisecond

var (
	mu sync.Mutex
	// ran is when the page last ran its events between slices; a slice
	// starts there.
	ran = time.Now()
	// resumed is closed by the page's next timer callback; nil when no
	// callback is due.
	resumed chan struct{}
	// wake is that callback: it runs after the events queued before it.
	wake = js.FuncOf(func(js.Value, []js.Value) any {
		mu.Lock()
		ran = time.Now()
		close(resumed)
		resumed = nil
		mu.Unlock()
		return nil
	})
)

// Point lets the page run when the slice is used up: the calling
// goroutine waits for a timer callback of the page, which runs only once
// every goroutine waits, so Go hands the thread back to the page, and
// every search that yields meanwhile waits for the same callback (two
// searches never pass the thread to each other without letting the page
// run).
func Point() {
	mu.Lock()
	if time.Since(ran) < Slice {
		mu.Unlock()
		return
	}
	if resumed == nil {
		resumed = make(chan struct{})
		js.Global().Call("setTimeout", wake, 0)
	}
	c := resumed
	mu.Unlock()
	<-c
}
