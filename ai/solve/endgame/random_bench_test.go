package endgame

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"boardgames/ai/solve/internal/solvekit"
)

// BenchmarkRandom22 solves with SolveBest, each from an empty table of the
// perfect player's size (16 MiB), positions of 22 empty squares reached
// by random games from a fixed seed (8 of them; ENDGAME_RANDOM=N for N),
// one sub-benchmark each, the evaluation as for BenchmarkFFO. Random games
// leave more lopsided positions than the FForum ones, a second yardstick
// for the time a 22-empty solve takes.
func BenchmarkRandom22(b *testing.B) {
	count := 8
	if v, err := strconv.Atoi(os.Getenv("ENDGAME_RANDOM")); err == nil && v > 0 {
		count = v
	}
	r := rand.New(rand.NewPCG(22, 1))
	s := New(16)
	s.SetEvaluation(benchEval())
	for i := 0; i < count; {
		p, o := randomPosition(r, 22)
		if popcount(p|o) != 42 || moveMask(p, o) == 0 {
			continue
		}
		i++
		pos := positionOf(b, p, o)
		b.Run(fmt.Sprintf("%d", i), func(b *testing.B) {
			var nodes uint64
			var cpu time.Duration
			for range b.N {
				b.StopTimer()
				s.Reset()
				b.StartTimer()
				cpu0 := solvekit.CPUTime()
				res, err := s.SolveBest(context.Background(), pos)
				cpu += solvekit.CPUTime() - cpu0
				if err != nil {
					b.Fatal(err)
				}
				nodes += res.Nodes
			}
			if cpu > 0 {
				b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/pos")
				b.ReportMetric(float64(nodes)/cpu.Seconds(), "nodes/cpu-s")
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/pos")
		})
	}
}
