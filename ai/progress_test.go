package ai

import (
	"context"
	"sync"
	"testing"
	"time"

	"boardgames/rules/othello"
)

// A search too deep to finish reports progress during its one iteration,
// and its answer says how far it got.
func TestLiveProgressDuringAnIteration(t *testing.T) {
	s := othello.Start()
	for _, algo := range []string{"minimax", "alphabeta", "negascout", "engine"} {
		t.Run(algo, func(t *testing.T) {
			var mu sync.Mutex
			var reports []Info
			// Depths far too deep to finish: the search is stopped after
			// its third report from inside an iteration (or 20 s).
			depth := map[string]int{"minimax": 12, "alphabeta": 20, "negascout": 20, "engine": 30}[algo]
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			p := Params{Depth: depth, TTMiB: 1, Progress: func(i Info) {
				mu.Lock()
				reports = append(reports, i)
				live := 0
				for _, r := range reports {
					if r.Searching > 0 {
						live++
					}
				}
				mu.Unlock()
				if live == 3 {
					cancel()
				}
			}}
			info, err := Search(ctx, algo, s, nil, p)
			if err != nil {
				t.Fatal(err)
			}
			mu.Lock()
			defer mu.Unlock()
			live := 0
			var last Info
			for _, r := range reports {
				if r.Searching == 0 {
					continue // an iteration's end (the engine)
				}
				live++
				if r.Nodes < last.Nodes || r.Elapsed < last.Elapsed {
					t.Errorf("counters went back: %+v after %+v", r, last)
				}
				if r.RootTotal != 4 || r.RootDone > r.RootTotal || r.Algo != algo {
					t.Errorf("report %+v", r)
				}
				last = r
			}
			if live < 3 {
				t.Fatalf("%d live reports in %d reports", live, len(reports))
			}
			if last.Nodes == 0 || last.NodesPerSecond() <= 0 {
				t.Errorf("last report %+v", last)
			}
			// Stopped inside an iteration, the answer says how far it got;
			// the engine may also be stopped between two iterations.
			if (info.Searching == 0 || info.RootTotal != 4) && (algo != "engine" || info.Searching != 0 || info.Depth == 0) {
				t.Errorf("answer of a stopped search: searching %d, root %d/%d, depth %d", info.Searching, info.RootDone, info.RootTotal, info.Depth)
			}
			if algo != "engine" && info.Searching != depth {
				t.Errorf("searching depth %d, want %d", info.Searching, depth)
			}
			if algo == "minimax" && (info.RootDone != 0 || !info.Fallback) {
				// Minimax at depth 12 cannot finish a root move in 450 ms.
				t.Errorf("minimax: %d root moves done, fallback %v", info.RootDone, info.Fallback)
			}
			if !legal(s, info.Move) {
				t.Errorf("illegal move %v", info.Move)
			}
		})
	}
}

// A search that finishes says nothing was cut short.
func TestCompletedSearchIsNotCutShort(t *testing.T) {
	for _, algo := range []string{"minimax", "alphabeta", "negascout", "engine"} {
		info := mustSearch(t, algo, othello.Start(), nil, Params{Depth: 3, TTMiB: 1, Progress: func(Info) {}})
		if info.Searching != 0 || info.RootDone != 0 || info.Fallback {
			t.Errorf("%s: %+v", algo, info)
		}
	}
}

// BenchmarkProgress measures the searches with a Progress callback set, to
// compare with BenchmarkOthello (the live reports come from the stop check,
// once every pollMask+1 nodes).
func BenchmarkProgress(b *testing.B) {
	s := benchPosition(othello.Start(), 6)
	for _, algo := range []string{"minimax", "alphabeta", "negascout", "engine"} {
		d := 6
		if algo == "minimax" {
			d = 5
		}
		b.Run(algo, func(b *testing.B) {
			benchSearch(b, algo, s, nil, Params{Depth: d, Ordering: true, TTMiB: 1, Progress: func(Info) {}})
		})
	}
}

func TestDefaults(t *testing.T) {
	for _, tc := range []struct {
		algo string
		p    Params
		want func(Params) bool
	}{
		{"minimax", Params{}, func(d Params) bool { return d.Depth == defaultDepth }},
		{"alphabeta", Params{Time: time.Second}, func(d Params) bool { return d.Depth == 0 }},
		{"engine", Params{}, func(d Params) bool { return d.Depth == 0 && d.TTMiB == defaultTTMiB && d.Threads == 1 }},
		{"annealing", Params{}, func(d Params) bool {
			return d.Depth == 1 && d.T0 == defaultT0 && d.T1 == defaultT1 && d.Cooling == defaultCooling && d.Iterations == 136
		}},
		{"annealing", Params{Iterations: 50, T0: 2}, func(d Params) bool { return d.Iterations == 50 && d.T0 == 2 }},
		{"genetic", Params{}, func(d Params) bool {
			return d.Depth == defaultPlanLength && d.Population == defaultPopulation && d.Generations == defaultGenerations && d.Mutation == defaultMutation
		}},
		{"mcts", Params{}, func(d Params) bool { return d.Iterations == defaultIterations && d.Playout == "random" }},
		{"mcts", Params{Time: time.Second}, func(d Params) bool { return d.Iterations == 0 }},
	} {
		if d := tc.p.Defaults(tc.algo); !tc.want(d) {
			t.Errorf("%s %+v: defaults %+v", tc.algo, tc.p, d)
		}
	}
}
