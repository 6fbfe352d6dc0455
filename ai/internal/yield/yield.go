// Package yield lets long searches share the browser's one thread.
//
// Go's WebAssembly port runs every goroutine on the page's main thread
// and never preempts one: a search that does not block keeps the page
// from drawing and from answering clicks until it ends (minutes, for an
// exact solve). The searches and solvers call Point at their stop checks
// (every few thousand nodes); in the browser (yield_js.go) it hands the
// thread back to the page once a slice of about 40 ms of work has gone
// by, and comes back when the page has run its queued events. On every
// other platform (yield_other.go) Point is an empty function that the
// compiler inlines away: the desktop searches pay nothing.
package yield
