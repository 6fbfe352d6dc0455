//go:build js

package main

import (
	"math"
	"runtime/debug"
)

// tuneGC sets the page's garbage collection. The program's start (the
// whole window built, its texts shaped and its icons drawn, on the page's
// one thread) makes many short-lived objects, and collecting them on the
// way took a tenth of the start (runtime.gcAssistAlloc in the page's
// profile); so until started is called there is no collection below
// startLimit, and then the window's setting (50%, as on the desktop)
// applies.
func tuneGC() (started func()) {
	const startLimit = 384 << 20
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(startLimit)
	return func() {
		debug.SetGCPercent(50)
		debug.SetMemoryLimit(math.MaxInt64)
	}
}
