package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"boardgames/ai/internal/cputime"
	"boardgames/rules"
	"boardgames/rules/checkers"
	"boardgames/rules/othello"
)

// middleGames returns n positions plies moves into the game from start,
// random but the same every run.
func middleGames[S rules.State[S]](start S, n, plies int) []S {
	ps := make([]S, n)
	for i := range ps {
		ps[i] = randomPosition(start, plies, rand.New(rand.NewPCG(uint64(100+i), 7)))
	}
	return ps
}

// BenchmarkEngineThreads measures the Lazy SMP engine: time to a fixed
// depth (ms/search, one op searching every position once) and nodes per
// second of all threads together, with 1 and 2 threads, on middle-game
// positions of Othello and checkers (ScoreEval, the default 16 MiB table).
// Compare the ms/search of threads=1 and threads=2 for the speed-up. cpus
// is the CPU time the process used per second of the benchmark: near 2
// with two threads when the second core was free, near 1 when another
// process held it (then threads=2 is slower, not faster).
func BenchmarkEngineThreads(b *testing.B) {
	b.Run("othello", func(b *testing.B) {
		benchThreads(b, middleGames(othello.Start(), 4, 24), 11)
	})
	b.Run("checkers", func(b *testing.B) {
		benchThreads(b, middleGames(checkers.Start(), 4, 20), 15)
	})
}

func benchThreads[S rules.State[S]](b *testing.B, ps []S, depth int) {
	for _, threads := range []int{1, 2} {
		b.Run(fmt.Sprintf("threads=%d", threads), func(b *testing.B) {
			var nodes uint64
			searches := 0
			cpu0 := cputime.Process()
			for b.Loop() {
				for _, s := range ps {
					info, err := Search(context.Background(), "engine", s, nil, Params{Depth: depth, Threads: threads})
					if err != nil || info.Depth != depth {
						b.Fatalf("%v: depth %d, %v", s, info.Depth, err)
					}
					nodes += info.Nodes
					searches++
				}
			}
			sec := b.Elapsed().Seconds()
			b.ReportMetric(float64(nodes)/sec, "nodes/s")
			b.ReportMetric(1000*sec/float64(searches), "ms/search")
			// The CPUs the process had on average: 2 with two threads
			// means the second core was free; about 1, that it was not.
			if cpu := (cputime.Process() - cpu0).Seconds(); cpu > 0 {
				b.ReportMetric(cpu/sec, "cpus")
			}
		})
	}
}
