package ai

import (
	"context"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"boardgames/rules"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/othello"
)

// The Lazy SMP engine (Params.Threads) and the table it shares.

// checkThreads compares the engine with threads threads against one thread
// at depth d on n random positions of start: the value must be the same
// (the search is exact at its depth), the move legal, and no goroutine may
// outlive the search.
func checkThreads[S rules.State[S]](t *testing.T, name string, start S, n, plies, d, threads int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(21, 21))
	for k := range n {
		s := randomPosition(start, rng.IntN(plies+1), rng)
		one := mustSearch(t, "engine", s, nil, Params{Depth: d, TTMiB: 1})
		g := runtime.NumGoroutine()
		many := mustSearch(t, "engine", s, nil, Params{Depth: d, TTMiB: 1, Threads: threads})
		if left := goroutinesAfter(g); left > g {
			t.Fatalf("%s #%d: %d goroutines before the search, %d after", name, k, g, left)
		}
		// Exactness may stop the deepening early, and may differ: a
		// helper's entry can answer for a subtree the main thread would
		// have proved.
		if many.Score != one.Score || many.Depth != d && !many.Exact || many.Fallback {
			t.Fatalf("%s #%d %v depth %d: %d threads score %d (depth %d), one thread %d",
				name, k, s, d, threads, many.Score, many.Depth, one.Score)
		}
	}
}

// goroutinesAfter returns the number of goroutines once it is down to g,
// or after a second. Search has joined its helpers when it returns, but a
// helper that has signalled its end may take a moment more to exit.
func goroutinesAfter(g int) int {
	deadline := time.Now().Add(time.Second)
	for {
		n := runtime.NumGoroutine()
		if n <= g || time.Now().After(deadline) {
			return n
		}
		time.Sleep(time.Millisecond)
	}
}

func TestThreadsSameValue(t *testing.T) {
	n := 12
	if testing.Short() {
		n = 4
	}
	// Tic-tac-toe, solved: an exact draw with any number of threads.
	for _, threads := range []int{2, 3, 8} {
		info := mustSearch(t, "engine", ttt{}, nil, Params{Depth: 9, TTMiB: 1, Threads: threads})
		if info.Score != 0 || !info.Exact {
			t.Errorf("%d threads: tic-tac-toe scores %d (exact %v), want an exact draw", threads, info.Score, info.Exact)
		}
	}
	checkThreads(t, "ttt", ttt{}, 3*n, 6, 9, 2)
	checkThreads(t, "nim", nim{heap: 21}, n, 10, 12, 2)
	checkThreads(t, "flip5", newFlip(5), n, 18, 5, 2)
	checkThreads(t, "connect4", connect4.Start(), n, 30, 9, 2)
	checkThreads(t, "othello", othello.Start(), n, 50, 6, 2)
	checkThreads(t, "checkers", checkers.Start(), n, 40, 8, 2)
	checkThreads(t, "othello/4", othello.Start(), n/2, 50, 5, 4)
}

// TestThreadsConnect4Solve solves Pons' Connect Four positions with two
// threads: the same exact values as one thread finds (TestConnect4Solve).
func TestThreadsConnect4Solve(t *testing.T) {
	n := 12
	if testing.Short() {
		n = 4
	}
	checkConnect4Solve(t, n, Params{Time: 20 * time.Second, TTMiB: 8, Threads: 2})
}

// TestThreadsCancel: a cancelled or timed-out search with helpers returns
// as promptly as one without, with a legal move, and leaves no goroutine.
func TestThreadsCancel(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	o := randomPosition(othello.Start(), 10, rng)
	c := randomPosition(checkers.Start(), 10, rng)
	g := runtime.NumGoroutine()
	for _, threads := range []int{2, 4} {
		checkThreadsCancel(t, "othello", o, threads)
		checkThreadsCancel(t, "checkers", c, threads)
		checkThreadsCancel(t, "flip5", newFlip(5), threads)
		// A time budget, and a context cancelled before the start.
		budget := 50 * time.Millisecond
		var reports int
		info := mustSearch(t, "engine", o, nil, Params{Time: budget, TTMiB: 1, Threads: threads, Progress: func(Info) { reports++ }})
		if info.Elapsed > budget+time.Second || info.Depth < 1 || info.Fallback || reports == 0 {
			t.Errorf("%d threads on a budget of %v: %+v, %d reports", threads, budget, info, reports)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		info, err := Search(ctx, "engine", o, nil, Params{Depth: 10, TTMiB: 1, Threads: threads})
		if err != nil || !legal(o, info.Move) || info.Nodes > uint64(threads)*2048 {
			t.Errorf("%d threads, cancelled before the start: %+v, %v", threads, info, err)
		}
	}
	if left := goroutinesAfter(g); left > g {
		t.Errorf("%d goroutines before the searches, %d after", g, left)
	}
}

// checkThreadsCancel cancels an engine search of s with threads threads
// after 20 ms: it must return within a second, with a legal move and
// nodes searched.
func checkThreadsCancel[S rules.State[S]](t *testing.T, name string, s S, threads int) {
	t.Helper()
	info, el, err := searchCancelled("engine", s, Params{Depth: 40, TTMiB: 1, Threads: threads})
	if ok := err == nil && legal(s, info.Move); el > time.Second || !ok {
		t.Errorf("%s, %d threads: legal %v after %v (cancelled at 20ms)", name, threads, ok, el)
	}
	if info.Nodes == 0 {
		t.Errorf("%s, %d threads: no nodes", name, threads)
	}
}

// TestThreadsCounters: the node counts of a search with helpers add up
// every thread's, and Progress sees them grow.
func TestThreadsCounters(t *testing.T) {
	s := randomPosition(othello.Start(), 20, rand.New(rand.NewPCG(9, 9)))
	var last uint64
	info := mustSearch(t, "engine", s, nil, Params{Depth: 7, TTMiB: 4, Threads: 2, Progress: func(i Info) {
		if i.Nodes < last {
			t.Errorf("progress: nodes %d after %d", i.Nodes, last)
		}
		last = i.Nodes
	}})
	if info.Nodes < last || info.Leaves == 0 || info.Leaves > info.Nodes || info.TTHits == 0 || info.Cutoffs == 0 {
		t.Errorf("counters %+v, last progress %d nodes", info, last)
	}
}

func TestThreadsValidate(t *testing.T) {
	for _, n := range []int{-1, 4*runtime.NumCPU() + 1} {
		err := Params{Depth: 3, Threads: n}.Validate("engine")
		if err == nil || !strings.Contains(err.Error(), "threads") {
			t.Errorf("threads %d: %v", n, err)
		}
	}
	for _, n := range []int{0, 1, 2, 4 * runtime.NumCPU()} {
		if err := (Params{Depth: 3, Threads: n}).Validate("engine"); err != nil {
			t.Errorf("threads %d: %v", n, err)
		}
	}
}

// TestTTSize: the table is Params.TTMiB big (16 MiB by default), allocated
// once per search whatever the number of threads (ai/engine's
// TestTableSize checks the table's own size).
func TestTTSize(t *testing.T) {
	if (Params{}).ttMiB() > 64 {
		t.Errorf("default table %d MiB", Params{}.ttMiB())
	}
	// What a search allocates: the table and little else. An odd size
	// that no other test recycles, and two collections to empty the pool.
	for _, c := range []struct{ mib, threads int }{{23, 1}, {0, 1}, {23, 2}} {
		runtime.GC()
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		mustSearch(t, "engine", ttt{}, nil, Params{Depth: 2, TTMiB: c.mib, Threads: c.threads})
		runtime.ReadMemStats(&after)
		mib := Params{TTMiB: c.mib}.ttMiB()
		got := after.TotalAlloc - before.TotalAlloc
		if got < uint64(mib)<<20-16 || got > uint64(mib)<<20+1<<20 {
			t.Errorf("%d MiB, %d threads: the search allocated %.2f MiB", c.mib, c.threads, float64(got)/(1<<20))
		}
	}
}
