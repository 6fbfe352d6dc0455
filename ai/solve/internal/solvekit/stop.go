package solvekit

import (
	"context"

	"boardgames/ai/internal/yield"
)

// Stop is the cancellation state of a solve: Begin arms it with the
// solve's context, the search calls Poll every few thousand nodes and
// unwinds once Stopped is true.
type Stop struct {
	done    <-chan struct{} // the context of the running solve
	stopped bool
}

// Begin prepares a solve under ctx; it fails with ctx.Err() when ctx is
// done already.
func (s *Stop) Begin(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.done, s.stopped = ctx.Done(), false
	return nil
}

// Poll checks the context and stops the search once it is done.
func (s *Stop) Poll() {
	yield.Point() // the browser's page runs (nothing elsewhere)
	if s.done == nil {
		return
	}
	select {
	case <-s.done:
		s.stopped = true
	default:
	}
}

// Halt stops the search from inside, as a done context would (a node
// limit, for instance).
func (s *Stop) Halt() { s.stopped = true }

// Stopped reports whether the search must stop: its results are
// meaningless from then on and nothing may be stored.
func (s *Stop) Stopped() bool { return s.stopped }
