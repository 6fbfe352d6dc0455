package engine

import (
	"boardgames/ai/internal/search"
)

// The engine's use of its time: an iteration cut by the deadline is not
// wasted. It searches the previous iteration's best move first, with the
// full window; if another root move has then been searched to the end and
// scored better, it is better at the new depth than the old choice is, and
// the engine plays it (as chess programs do). Since a cut iteration is no
// longer lost, iterations start until partialSoft of the time has passed
// (half of it before). Params.WholeIterations keeps the old behaviour, the
// strength bench's reference.
//
// The engine also keeps a margin of its time: it stops at 90% of it, so
// that its answer comes within the time even when a loaded machine gives
// its thread the processor back late (on the project's two cores, with
// other work at a load of 40, a thread waited up to a few hundred
// milliseconds now and then).

// partialSoft is the share of the time after which no iteration starts;
// partialMargin the share the engine leaves unused.
const (
	partialSoft   = 0.6
	partialMargin = 0.1
)

// betterCut makes res, the last completed iteration's answer, the cut
// iteration's best root move when that one was searched to the end after
// res's move and scored better.
func (e *engine[S]) betterCut(res *search.Result) {
	if !res.OK || len(e.Root) < 2 || e.Root[0].Move != res.Move || e.RootBest <= 0 {
		return
	}
	best := e.Root[e.RootBest]
	if best.Score <= e.Root[0].Score {
		return
	}
	res.Move, res.Score = best.Move, best.Score
	res.PV = append(res.PV[:0], best.Move)
}
