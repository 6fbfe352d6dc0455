package engine

import (
	"sync"
	"sync/atomic"

	"boardgames/ai/internal/search"
	"boardgames/rules"
)

// Lazy SMP: the engine's parallel search with Params.Threads > 1. The idea
// is the chess programmers' (named by Dan Homan on the Computer Chess Club
// forum in 2013; Stockfish and most engines since use it): every thread
// runs the same iterative deepening on the same root, and all they share
// is the transposition table (made safe for it in tt.go). A helper fills
// the table with results the main thread is about to need, and takes
// results of the main thread in turn.
//
// To make the helpers' work differ from the main thread's, each helper
// tries the root moves after the hash move in a random order of its own
// (seeded from Params.Seed and the helper's number), so that it is ahead
// of the main thread in other subtrees. Helpers search the depth the main
// thread is searching, never a shallower one: the engine takes a stored
// value for a cut-off only at the depth it was searched to (that keeps its
// value at a fixed depth the negamax value), so entries of a deeper
// helper would serve the main thread only in its next iteration. Measured
// on the positions of BenchmarkEngineThreads, counting the main thread's
// own nodes: with one helper one ply ahead it needed 0.60-0.80 of the
// nodes of a lone search, with one at its depth and its own root order
// 0.52-0.62 (three runs each); shuffling the moves below the root as well
// gained nothing.
//
// The main thread sets the pace (time budget, soft limit, exactness) and
// gives the answer, its own; the helpers only make it faster. When it has
// its answer it stops the helpers and waits for them, so that Search
// leaves no goroutine behind. Info's counters are the sums over all
// threads.
//
// Unlike one thread, several give no reproducible node counts, and the
// move may differ among equally valued ones; the value at a fixed depth
// does not change: every entry a helper stores is a bound on the negamax
// value of its position at its depth, as the main thread's are.

// lazySMP is the main thread's handle on its helpers.
type lazySMP struct {
	quit     atomic.Bool  // the main thread is done: stop
	depth    atomic.Int32 // the depth of the main thread's current iteration
	wg       sync.WaitGroup
	stats    smpStats
	finished bool // finish has run (the main thread's own field)
}

// smpStats collects the helpers' counters.
type smpStats struct {
	nodes, leaves, cutoffs, ttHits atomic.Uint64
}

// helper is the part of an engine that only a helper thread uses.
type helper struct {
	rng  uint64    // xorshift state of the root move order; 0 in the main thread
	pub  *smpStats // where the counters go; nil in the main thread
	sent [4]uint64 // the counters published so far
}

// startHelpers starts n helper threads on s, each searching at most limit
// plies deep on tt.
func startHelpers[S rules.State[S]](r *search.Run[S], cfg Config[S], s S, n, limit int, tt *table) *lazySMP {
	smp := &lazySMP{}
	smp.depth.Store(1)
	for h := 1; h <= n; h++ {
		st := r.Stop // a stopper of its own, and the main thread's signal
		st.Quit = &smp.quit
		e := &engine[S]{}
		e.init(r.Eval, &st, limit, tt)
		e.setExtras(cfg, limit)
		e.rng = (cfg.Seed+uint64(h))*0x9e3779b97f4a7c15 | 1
		e.pub = &smp.stats
		smp.wg.Add(1)
		go func() {
			defer smp.wg.Done()
			e.help(s, limit, &smp.depth)
		}()
	}
	return smp
}

// help is a helper thread: iterative deepening that searches the depth of
// the main thread's iteration, or the next one once it has completed that,
// until it is stopped or has searched limit plies deep.
func (e *engine[S]) help(s S, limit int, mainDepth *atomic.Int32) {
	defer e.publish()
	done, prev := 0, 0
	for !e.Stop.Poll() {
		d := min(max(done+1, int(mainDepth.Load())), limit)
		if d <= done {
			return
		}
		v, exact, ok := e.iterate(s, d, prev)
		if !ok || exact {
			return
		}
		done, prev = d, v
	}
}

// finish stops the helpers and waits until they have returned.
func (smp *lazySMP) finish() {
	if smp.finished {
		return
	}
	smp.finished = true
	smp.quit.Store(true)
	smp.wg.Wait()
}

// addStats adds the helpers' counters, as far as they have published
// them, to info's.
func (smp *lazySMP) addStats(info *search.Info) {
	if smp == nil {
		return
	}
	info.Nodes += smp.stats.nodes.Load()
	info.Leaves += smp.stats.leaves.Load()
	info.Cutoffs += smp.stats.cutoffs.Load()
	info.TTHits += smp.stats.ttHits.Load()
}

// publish adds what a helper counted since its last report to the shared
// counters.
func (e *engine[S]) publish() {
	now := [4]uint64{e.Nodes, e.Leaves, e.Cutoffs, e.TTHits}
	e.pub.nodes.Add(now[0] - e.sent[0])
	e.pub.leaves.Add(now[1] - e.sent[1])
	e.pub.cutoffs.Add(now[2] - e.sent[2])
	e.pub.ttHits.Add(now[3] - e.sent[3])
	e.sent = now
}

// shuffleRoot gives a helper's root moves random ordering keys, keeping
// the hash move first.
func (e *engine[S]) shuffleRoot(keys []int32) {
	for i, k := range keys {
		if k == keyHash {
			continue
		}
		// xorshift64 (Marsaglia 2003)
		e.rng ^= e.rng << 13
		e.rng ^= e.rng >> 7
		e.rng ^= e.rng << 17
		keys[i] = int32(e.rng % keyKiller2)
	}
}
