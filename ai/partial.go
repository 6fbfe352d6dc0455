package ai

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
func (e *engine[S]) betterCut(res *result) {
	if !res.ok || len(e.root) < 2 || e.root[0].Move != res.move || e.rootBest <= 0 {
		return
	}
	best := e.root[e.rootBest]
	if best.Score <= e.root[0].Score {
		return
	}
	res.move, res.score = best.Move, best.Score
	res.pv = append(res.pv[:0], best.Move)
}
