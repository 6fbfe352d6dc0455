package eval

import (
	"testing"

	"boardgames/ai/internal/cputime"
	"boardgames/rules/adjacency"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/othello"
)

// benchSink keeps the compiler from dropping the evaluations.
var benchSink int

// benchEvals benchmarks every evaluation of a game over the same random
// positions, one evaluation per op. Besides ns/op it reports cpu-ns/op,
// the process's CPU time per op (on Unix), which stays meaningful when
// other processes share the machine.
func benchEvals[S any](b *testing.B, list []entry[S], positions []S) {
	for _, e := range list {
		b.Run(e.name, func(b *testing.B) {
			b.ReportAllocs()
			f, n, s := e.f, len(positions), 0
			i := 0
			cpu := cputime.Process()
			for b.Loop() {
				s += f(positions[i])
				if i++; i == n {
					i = 0
				}
			}
			if cpu := cputime.Process() - cpu; cpu > 0 {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
			benchSink += s
		})
	}
}

func BenchmarkOthello(b *testing.B) {
	benchEvals(b, othelloEvals, randomPositions(othello.Start(), 51, 20))
}

func BenchmarkCheckers(b *testing.B) {
	benchEvals(b, checkersEvals, randomPositions(checkers.Start(), 52, 20))
}

func BenchmarkConnect4(b *testing.B) {
	benchEvals(b, connect4Evals, randomPositions(connect4.Start(), 53, 40))
}

func BenchmarkAdjacency(b *testing.B) {
	benchEvals(b, adjacencyEvals, randomPositions(adjacency.Start(), 54, 20))
}
