package engine_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"boardgames/ai"
	"boardgames/ai/engine"
	"boardgames/ai/eval"
	"boardgames/ai/internal/cputime"
	"boardgames/rules"
	"boardgames/rules/checkers"
	"boardgames/rules/othello"
)

// midgameSuite returns the Othello positions of the engine's midgame
// benchmarks: 12 from seeded random games, 20 to 40 empty squares, and
// the 20 FForum positions 60-79 (26 to 34 empty squares, from
// rules/othello/testdata), the same every run.
func midgameSuite(b testing.TB) []othello.Position {
	ps := randomOthello(31, 12, 20, 21)
	data, err := os.ReadFile("../../rules/othello/testdata/fforum-60-79.obf")
	if err != nil {
		b.Fatal(err)
	}
	for line := range strings.Lines(string(data)) {
		if strings.TrimSpace(line) == "" {
			continue
		}
		p, err := othello.Parse(line, othello.Options{})
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}

// benchSearch searches each position of ps to depth with ev, once per op,
// and reports the nodes of an op and the CPU time (which stays meaningful
// when other processes share the machine); with -v it logs each
// position's nodes and value.
func benchSearch[S rules.State[S]](b *testing.B, ps []S, ev ai.Evaluator[S], p ai.Params) {
	b.ReportAllocs()
	var nodes uint64
	each := make([]string, len(ps))
	cpu := cputime.Process()
	for b.Loop() {
		for i, s := range ps {
			info, err := ai.Search(context.Background(), "engine", s, ev, p)
			if err != nil {
				b.Fatal(err)
			}
			nodes += info.Nodes
			each[i] = fmt.Sprintf("%d:%d/%d", i, info.Nodes, info.Score)
		}
	}
	b.Logf("nodes/score: %s", strings.Join(each, " "))
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	if cpu := cputime.Process() - cpu; cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
		b.ReportMetric(float64(nodes)/cpu.Seconds(), "cpu-nodes/s")
	}
}

// benchMidgame runs benchSearch to depth with the pattern evaluation (and
// its Multi-ProbCut when probcut).
func benchMidgame(b *testing.B, ps []othello.Position, depth int, probcut bool) {
	ev, _ := eval.Othello(eval.OthelloLearned)
	p := ai.Params{Depth: depth, TTMiB: 64}
	if probcut {
		p.Selectivity = eval.Selectivity[othello.Position](eval.OthelloLearned)
	}
	benchSearch(b, ps, ev, p)
}

// BenchmarkMidgameETC measures the enhanced transposition cut-offs
// (etc.go) on the midgame suite at depth 10: without them and from depth
// 2, 3, 4 and 5 up. Run with -benchtime=1x: the counts do not vary.
func BenchmarkMidgameETC(b *testing.B) {
	ps := midgameSuite(b)
	for _, from := range []int{0, 2, 3, 4, 5} {
		name := fmt.Sprintf("from=%d", from)
		if from == 0 {
			name, from = "off", ai.MaxDepth+1
		}
		b.Run(name, func(b *testing.B) {
			defer engine.SetETCDepth(from)()
			benchMidgame(b, ps, 10, false)
		})
	}
}

// endingSuite returns 16 Othello positions of 12 to 15 empty squares from
// seeded random games, the same every run.
func endingSuite() []othello.Position { return randomOthello(32, 16, 12, 4) }

// randomOthello returns n positions of seeded random games (stream seed),
// each stopped at least empties empty squares plus a random 0..spread-1,
// with a move to play.
func randomOthello(seed uint64, n, empties, spread int) []othello.Position {
	rng := rand.New(rand.NewPCG(2026, seed))
	var buf [rules.MaxMoves]rules.Move
	var ps []othello.Position
	for len(ps) < n {
		p := othello.Start()
		for p.Empties() > empties+rng.IntN(spread) {
			moves := p.Moves(buf[:0])
			if len(moves) == 0 {
				break
			}
			p = p.Play(moves[rng.IntN(len(moves))])
		}
		if len(p.Moves(buf[:0])) > 0 {
			ps = append(ps, p)
		}
	}
	return ps
}

// BenchmarkEndingStability measures the stability cut-offs
// (stability.go), which apply only where every line reaches the game's
// end: the engine searches each ending to its exact value (the pattern
// evaluation orders the moves), without them and with them. Run with
// -benchtime=1x.
func BenchmarkEndingStability(b *testing.B) {
	ps := endingSuite()
	for _, on := range []bool{false, true} {
		from, name := ai.MaxDepth+1, "off"
		if on {
			from, name = 2, "on"
		}
		b.Run(name, func(b *testing.B) {
			defer engine.SetStabilityDepth(from)()
			benchMidgame(b, ps, ai.MaxDepth, false)
		})
	}
}

// BenchmarkCheckersETC measures the enhanced transposition cut-offs in
// checkers: 8 positions after 20 random plies, depth 14, the strong
// evaluation with quiescence (and with its Multi-ProbCut), without them
// and from depth 4 up.
func BenchmarkCheckersETC(b *testing.B) {
	rng := rand.New(rand.NewPCG(2026, 33))
	var buf [rules.MaxMoves]rules.Move
	var ps []checkers.Position
	for len(ps) < 8 {
		p := checkers.Start()
		for range 20 {
			moves := p.Moves(buf[:0])
			if len(moves) == 0 {
				break
			}
			p = p.Play(moves[rng.IntN(len(moves))])
		}
		if len(p.Moves(buf[:0])) > 0 {
			ps = append(ps, p)
		}
	}
	ev, _ := eval.Checkers("strong")
	plain := ai.Params{Depth: 14, TTMiB: 64}
	probcut := plain
	probcut.Selectivity = eval.Selectivity[checkers.Position]("strong")
	benchETC(b, plain, probcut, func(b *testing.B, p ai.Params) { benchSearch(b, ps, ev, p) })
}

// benchETC runs the four sub-benchmarks of BenchmarkCheckersETC and
// BenchmarkGameETC: run with the plain params, then with the probcut
// ones, each without the enhanced transposition cut-offs ("off") and from
// depth 4 up ("from=4"); the probcut ones are named "probcut/off" and
// "probcut/from=4".
func benchETC(b *testing.B, plain, probcut ai.Params, run func(b *testing.B, p ai.Params)) {
	for _, c := range []struct {
		name string
		from int
		p    ai.Params
	}{
		{"off", ai.MaxDepth + 1, plain},
		{"from=4", 4, plain},
		{"probcut/off", ai.MaxDepth + 1, probcut},
		{"probcut/from=4", 4, probcut},
	} {
		b.Run(c.name, func(b *testing.B) {
			defer engine.SetETCDepth(c.from)()
			run(b, c.p)
		})
	}
}

// BenchmarkMidgameETCProbCut measures the enhanced transposition
// cut-offs as the Othello engine plays: the pattern evaluation with its
// Multi-ProbCut, the midgame suite at depth 12, without them and from
// depth 4 up.
func BenchmarkMidgameETCProbCut(b *testing.B) {
	ps := midgameSuite(b)
	for _, from := range []int{ai.MaxDepth + 1, 4} {
		name := "off"
		if from == 4 {
			name = "from=4"
		}
		b.Run(name, func(b *testing.B) {
			defer engine.SetETCDepth(from)()
			benchMidgame(b, ps, 12, true)
		})
	}
}

// gameLines returns 4 lines of 12 Othello positions each: from 4 of the
// midgame suite's random positions, the moves of a depth-6 search with the
// pattern evaluation, the same every run.
func gameLines(b *testing.B) [][]othello.Position {
	ev, _ := eval.Othello(eval.OthelloLearned)
	var buf [rules.MaxMoves]rules.Move
	var lines [][]othello.Position
	for _, p := range midgameSuite(b)[:4] {
		line := []othello.Position{p}
		for len(line) < 12 && len(p.Moves(buf[:0])) > 0 {
			info, err := ai.Search(context.Background(), "engine", p, ev, ai.Params{Depth: 6})
			if err != nil {
				b.Fatal(err)
			}
			p = p.Play(info.Move)
			line = append(line, p)
		}
		lines = append(lines, line)
	}
	return lines
}

// BenchmarkGameETC measures the enhanced transposition cut-offs as in a
// game, where each bot keeps its table from one move to the next
// (Params.Table, whose entries of deeper searches also cut): 4 lines of
// 12 positions, each line with a table of its own, the pattern
// evaluation at depth 10 and with its Multi-ProbCut at depth 12, without
// the cut-offs and from depth 4 up.
func BenchmarkGameETC(b *testing.B) {
	lines := gameLines(b)
	ev, _ := eval.Othello(eval.OthelloLearned)
	plain := ai.Params{Depth: 10, TTMiB: 64}
	probcut := ai.Params{Depth: 12, TTMiB: 64, Selectivity: eval.Selectivity[othello.Position](eval.OthelloLearned)}
	benchETC(b, plain, probcut, func(b *testing.B, p ai.Params) {
		b.ReportAllocs()
		var nodes uint64
		cpu := cputime.Process()
		for b.Loop() {
			for _, line := range lines {
				p.Table = ai.NewTable()
				for _, s := range line {
					info, err := ai.Search(context.Background(), "engine", s, ev, p)
					if err != nil {
						b.Fatal(err)
					}
					nodes += info.Nodes
				}
			}
		}
		b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		if cpu := cputime.Process() - cpu; cpu > 0 {
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
		}
	})
}
