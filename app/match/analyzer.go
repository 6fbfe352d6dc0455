package match

import (
	"context"

	"boardgames/rules/games"
)

// Analyzer runs the analysis of one position at a time on its own
// goroutine and brings each report to the UI goroutine through Post. Its
// methods must be called from the UI goroutine.
type Analyzer struct {
	// OnUpdate is called on the UI goroutine with each report of the
	// current analysis (never with a report of an older position).
	OnUpdate func(Analysis)

	post   func(func())
	z      analyzer
	cancel context.CancelFunc
	done   chan struct{}
	gen    int // counts the analyses started; reports of older ones are dropped
	last   Analysis
}

// NewAnalyzer returns an Analyzer that posts its reports with post (Fyne's
// fyne.Do; nil runs them on the analysis goroutine, for tests).
func NewAnalyzer(post func(func())) *Analyzer {
	if post == nil {
		post = func(f func()) { f() }
	}
	return &Analyzer{post: post}
}

// Start analyses pos, cancelling the analysis of another position; a
// position already being analysed (or done) is left alone.
func (z *Analyzer) Start(pos games.Position) {
	if z.cancel != nil && z.last.Position != nil && z.last.Position.Game() == pos.Game() && z.last.Position.String() == pos.String() {
		return
	}
	z.Stop()
	if pos.Result().Over() {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	z.cancel, z.done = cancel, make(chan struct{})
	z.gen++
	gen, done := z.gen, z.done
	z.last = Analysis{Position: pos}
	go func() {
		defer close(done)
		z.z.run(ctx, pos, func(a Analysis) {
			z.post(func() {
				if z.gen != gen {
					return // a newer position is on the board
				}
				z.last = a
				if z.OnUpdate != nil {
					z.OnUpdate(a)
				}
			})
		})
	}()
}

// Stop cancels the running analysis and waits for its goroutine to end.
func (z *Analyzer) Stop() {
	if z.cancel == nil {
		return
	}
	z.cancel()
	<-z.done
	z.cancel, z.done = nil, nil
	z.gen++
	z.last = Analysis{}
}

// Running reports whether an analysis goroutine is running.
func (z *Analyzer) Running() bool {
	if z.done == nil {
		return false
	}
	select {
	case <-z.done:
		return false
	default:
		return true
	}
}

// Last returns the latest report of the current analysis.
func (z *Analyzer) Last() Analysis { return z.last }
