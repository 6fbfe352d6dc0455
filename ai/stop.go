package ai

import (
	"context"
	"sync/atomic"
	"time"

	"boardgames/ai/internal/yield"
)

// pollMask sets how often the depth-first searches look at the clock and
// the context: once every pollMask+1 nodes.
const pollMask = 1023

// stopper is the cheap stop check of a search. It starts no goroutine and
// no timer: poll looks at the context's Done channel without blocking and
// compares the clock with the deadline, and the hot loops call it only
// every pollMask+1 nodes. Once it has fired, stopped stays true and every
// search unwinds at once.
type stopper struct {
	done        <-chan struct{}
	deadline    time.Time // the earlier of the context's deadline and start+budget
	hasDeadline bool
	soft        time.Time // iterative deepening starts no new iteration after this
	stopped     bool
	// quit, set in the stoppers of the helper threads of a Lazy SMP search
	// (each thread polls a stopper of its own), is raised by the main
	// thread when it has its answer.
	quit *atomic.Bool
}

func newStopper(ctx context.Context, start time.Time, budget time.Duration) stopper {
	st := stopper{done: ctx.Done()}
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

// poll checks the context and the clock and reports whether the search
// must stop.
func (st *stopper) poll() bool {
	yield.Point() // the browser's page runs (nothing elsewhere)
	if st.stopped {
		return true
	}
	if st.quit != nil && st.quit.Load() {
		st.stopped = true
		return true
	}
	select {
	case <-st.done:
		st.stopped = true
		return true
	default:
	}
	if st.hasDeadline && !time.Now().Before(st.deadline) {
		st.stopped = true
	}
	return st.stopped
}

// softAt moves the soft limit to frac of the time to the deadline: the
// engine, which answers from a cut iteration too, starts later ones.
func (st *stopper) softAt(start time.Time, frac float64) {
	if st.hasDeadline {
		st.soft = start.Add(time.Duration(frac * float64(st.deadline.Sub(start))))
	}
}

// keepMargin brings the deadline forward by frac of the time left to it
// from start, so that a search stopping there, however late its thread
// gets the processor back on a busy machine, answers within the time.
func (st *stopper) keepMargin(start time.Time, frac float64) {
	if st.hasDeadline {
		st.deadline = st.deadline.Add(-time.Duration(frac * float64(st.deadline.Sub(start))))
	}
}

// pastSoft reports whether a new iteration of iterative deepening should
// not be started (or the search was stopped).
func (st *stopper) pastSoft() bool {
	if st.poll() {
		return true
	}
	return st.hasDeadline && !time.Now().Before(st.soft)
}

// ticker paces the Progress reports of the sampling algorithms.
type ticker struct{ next time.Time }

const progressEvery = 100 * time.Millisecond

// due reports whether a report is due and, if so, schedules the next one.
func (t *ticker) due() bool {
	now := time.Now()
	if now.Before(t.next) {
		return false
	}
	t.next = now.Add(progressEvery)
	return true
}
