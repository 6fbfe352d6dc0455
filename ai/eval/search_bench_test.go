package eval

import (
	"context"
	"math/rand/v2"
	"testing"

	"boardgames/ai"
	"boardgames/ai/internal/cputime"
	"boardgames/rules"
	"boardgames/rules/checkers"
	"boardgames/rules/othello"
)

// benchEngine runs the engine to depth on each position once per op and
// reports the nodes per second of CPU time (cpu-nodes/s, which stays
// meaningful when other processes share the machine) and of wall time.
func benchEngine[S rules.State[S]](b *testing.B, positions []S, ev ai.Evaluator[S], sel any, depth int) {
	b.ReportAllocs()
	var nodes uint64
	cpu := cputime.Process()
	for b.Loop() {
		for _, p := range positions {
			info, err := ai.Search(context.Background(), "engine", p, ev, ai.Params{Depth: depth, Selectivity: sel})
			if err != nil {
				b.Fatal(err)
			}
			nodes += info.Nodes
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	if cpu := cputime.Process() - cpu; cpu > 0 {
		b.ReportMetric(float64(nodes)/cpu.Seconds(), "cpu-nodes/s")
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// midgames returns n positions after plies random moves from start (the
// same every run).
func midgames[S rules.State[S]](start S, seed uint64, plies, n int) []S {
	rng := rand.New(rand.NewPCG(seed, 3))
	var buf [rules.MaxMoves]rules.Move
	var out []S
	for len(out) < n {
		p := start
		for i := 0; i < plies; i++ {
			moves := p.Moves(buf[:0])
			if len(moves) == 0 {
				break
			}
			p = p.Play(moves[rng.IntN(len(moves))])
		}
		if len(p.Moves(buf[:0])) > 0 {
			out = append(out, p)
		}
	}
	return out
}

// BenchmarkEngineOthello compares the engine's speed and tree size with
// the hand-set and the learned evaluation, with and without Multi-ProbCut,
// at a fixed depth on middle-game positions.
func BenchmarkEngineOthello(b *testing.B) {
	ps := midgames(othello.Start(), 81, 24, 8)
	strong, _ := Othello("strong")
	pattern, _ := Othello("pattern")
	b.Run("strong", func(b *testing.B) { benchEngine(b, ps, strong, false, 8) })
	b.Run("pattern", func(b *testing.B) { benchEngine(b, ps, pattern, false, 8) })
	b.Run("pattern+probcut", func(b *testing.B) { benchEngine(b, ps, pattern, Selectivity[othello.Position]("pattern"), 8) })
}

// BenchmarkEngineCheckers compares the engine's speed with the hand-set
// and the learned checkers evaluations.
func BenchmarkEngineCheckers(b *testing.B) {
	ps := midgames(checkers.Start(), 82, 20, 8)
	for _, name := range []string{"strong", "learned"} {
		ev, _ := Checkers(name)
		b.Run(name, func(b *testing.B) { benchEngine(b, ps, ev, false, 10) })
	}
}
