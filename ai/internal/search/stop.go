package search

import (
	"context"
	"sync/atomic"
	"time"

	"boardgames/ai/internal/yield"
)

// PollMask sets how often the depth-first searches look at the clock and
// the context: once every pollMask+1 nodes.
const PollMask = 1023

// Stopper is the cheap stop check of a search. It starts no goroutine and
// no timer: poll looks at the context's Done channel without blocking and
// compares the clock with the deadline, and the hot loops call it only
// every pollMask+1 nodes. Once it has fired, Stopped stays true and every
// search unwinds at once.
type Stopper struct {
	done        <-chan struct{}
	deadline    time.Time // the earlier of the context's deadline and start+budget
	hasDeadline bool
	soft        time.Time // iterative deepening starts no new iteration after this
	Stopped     bool
	// quit, set in the stoppers of the helper threads of a Lazy SMP search
	// (each thread polls a stopper of its own), is raised by the main
	// thread when it has its answer.
	Quit *atomic.Bool
}

func NewStopper(ctx context.Context, start time.Time, budget time.Duration) Stopper {
	st := Stopper{done: ctx.Done()}
	if d, ok := ctx.Deadline(); ok {
		st.deadline, st.hasDeadline = d, true
	}
	if budget > 0 {
		if d := start.Add(budget); !st.hasDeadline || d.Before(st.deadline) {
			st.deadline, st.hasDeadline = d, true
		}
	}
	if st.hasDeadline {
		// An iteration usually costs more than all earlier ones together:
		// one started after half the time would rarely finish.
		st.soft = start.Add(st.deadline.Sub(start) / 2)
	}
	return st
}

// Poll checks the context and the clock and reports whether the search
// must stop.
func (st *Stopper) Poll() bool {
	yield.Point() // the browser's page runs (nothing elsewhere)
	if st.Stopped {
		return true
	}
	if st.Quit != nil && st.Quit.Load() {
		st.Stopped = true
		return true
	}
	select {
	case <-st.done:
		st.Stopped = true
		return true
	default:
	}
	if st.hasDeadline && !time.Now().Before(st.deadline) {
		st.Stopped = true
	}
	return st.Stopped
}

// SoftAt moves the soft limit to frac of the time to the deadline: the
// engine, which answers from a cut iteration too, starts later ones.
func (st *Stopper) SoftAt(start time.Time, frac float64) {
	if st.hasDeadline {
		st.soft = start.Add(time.Duration(frac * float64(st.deadline.Sub(start))))
	}
}

// KeepMargin brings the deadline forward by frac of the time left to it
// from start, so that a search stopping there, however late its thread
// gets the processor back on a busy machine, answers within the time.
func (st *Stopper) KeepMargin(start time.Time, frac float64) {
	if st.hasDeadline {
		st.deadline = st.deadline.Add(-time.Duration(frac * float64(st.deadline.Sub(start))))
	}
}

// PastSoft reports whether a new iteration of iterative deepening should
// not be started (or the search was Stopped).
func (st *Stopper) PastSoft() bool {
	if st.Poll() {
		return true
	}
	return st.hasDeadline && !time.Now().Before(st.soft)
}

// Ticker paces the Progress reports of the sampling algorithms.
type Ticker struct{ Next time.Time }

const ProgressEvery = 100 * time.Millisecond

// Due reports whether a report is due and, if so, schedules the next one.
func (t *Ticker) Due() bool {
	now := time.Now()
	if now.Before(t.Next) {
		return false
	}
	t.Next = now.Add(ProgressEvery)
	return true
}
