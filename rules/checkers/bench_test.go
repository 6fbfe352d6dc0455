package checkers

import (
	"fmt"
	"testing"

	"boardgames/rules"
)

// benchPositions are a start, a middle game and a king ending.
var benchPositions = []string{
	"B:W21-32:B1-12",
	"W:W17,20,21,22,23,25,26,27,28,30,31:B1,2,3,5,6,7,9,10,13,14,15,16",
	"B:WK14,15,22,23,K30:BK10,K1,5",
}

func benchSetup(b *testing.B) []Position {
	var ps []Position
	for _, s := range benchPositions {
		p, err := Parse(s, Options{})
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}

func BenchmarkMoves(b *testing.B) {
	ps := benchSetup(b)
	var buf [rules.MaxMoves]rules.Move
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		for _, p := range ps {
			n += len(p.Moves(buf[:0]))
		}
	}
	b.ReportMetric(float64(b.N*len(ps))/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkPlay(b *testing.B) {
	ps := benchSetup(b)
	var moves [][]rules.Move
	plays := 0
	for _, p := range ps {
		moves = append(moves, p.Moves(nil))
		plays += len(moves[len(moves)-1])
	}
	b.ReportAllocs()
	var sink uint32
	for b.Loop() {
		for i, p := range ps {
			for _, m := range moves[i] {
				sink += p.Play(m).black
			}
		}
	}
	_ = sink
	b.ReportMetric(float64(b.N*plays)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkPerft(b *testing.B) {
	for _, depth := range []int{5, 7, 9, 10, 11} {
		b.Run(fmt.Sprintf("depth=%d", depth), func(b *testing.B) {
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				nodes = Perft(Start(), depth)
			}
			if nodes != startPerft[depth] {
				b.Fatalf("Perft(start, %d) = %d, want %d", depth, nodes, startPerft[depth])
			}
			b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// TestZeroAllocs proves that Moves, Play and Perft allocate nothing.
func TestZeroAllocs(t *testing.T) {
	for _, s := range benchPositions {
		p, err := Parse(s, Options{})
		if err != nil {
			t.Fatal(err)
		}
		var buf [rules.MaxMoves]rules.Move
		allocs := testing.AllocsPerRun(100, func() {
			for _, m := range p.Moves(buf[:0]) {
				_ = p.Play(m).Hash()
			}
			_ = Perft(p, 3)
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per run", s, allocs)
		}
	}
}
