//go:build js

package main

import (
	"math"
	"runtime/debug"
)

// tuneGC sets the page's garbage collection. The program's start (the
// window built, its texts shaped and its icons drawn, on the page's one
// thread) allocates about 40 MB in all, and with the window's setting
// (50%) the heap growing from nothing was collected again and again on
// the way: a tenth of the start (runtime.gcAssistAlloc in the page's
// profile). So until started is called there is no collection below
// startLimit (far above those 40 MB), and then the window's setting
// applies, as on the desktop.
func tuneGC() (started func()) {
	const startLimit = 384 << 20
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(startLimit)
	return func() {
		debug.SetGCPercent(50)
		debug.SetMemoryLimit(math.MaxInt64)
	}
}
