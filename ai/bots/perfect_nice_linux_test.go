//go:build linux

package bots

import (
	"syscall"
	"testing"
)

// The solve's thread runs solveNice lower than the caller's (or at the
// lowest priority), and the caller's thread keeps its own.
func TestLowerThreadPriority(t *testing.T) {
	niceOf := func() int {
		prio, err := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
		if err != nil {
			t.Error(err)
		}
		return 20 - prio
	}
	type nices struct{ before, after int }
	got := make(chan nices)
	go func() {
		b := niceOf()
		lowerThreadPriority()
		got <- nices{b, niceOf()}
	}()
	n := <-got
	if want := min(n.before+solveNice, 19); n.after != want {
		t.Errorf("nice %d after %d, want %d", n.after, n.before, want)
	}
}
