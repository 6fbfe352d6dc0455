package adjacency

import (
	"strconv"
	"testing"

	"boardgames/rules"
)

// benchPosition is a position in the middle of a game (18 plies played).
func benchPosition(b *testing.B) Position {
	h, err := ParseMoves(Start(), "d4 e5 c3 f6 d5 e4 c4 f5 d3 e6 c5 f4 b4 g5 b5 g4 d6 e3")
	if err != nil {
		b.Fatal(err)
	}
	return h.Position()
}

func BenchmarkMoves(b *testing.B) {
	p := benchPosition(b)
	var buf [rules.MaxMoves]rules.Move
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n += len(p.Moves(buf[:0]))
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "moves/s")
}

func BenchmarkPlay(b *testing.B) {
	p := benchPosition(b)
	var buf [rules.MaxMoves]rules.Move
	moves := p.Moves(buf[:0])
	b.ReportAllocs()
	i := 0
	var sink uint64
	for b.Loop() {
		sink ^= p.Play(moves[i]).Hash()
		if i++; i == len(moves) {
			i = 0
		}
	}
	_ = sink
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkPerft(b *testing.B) {
	p := Start()
	for depth := 1; depth <= 5; depth++ {
		b.Run("depth="+strconv.Itoa(depth), func(b *testing.B) {
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				nodes += Perft(p, depth)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

func BenchmarkRulesPerft(b *testing.B) {
	p := Start()
	for depth := 1; depth <= 3; depth++ {
		b.Run("depth="+strconv.Itoa(depth), func(b *testing.B) {
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				nodes += rules.Perft(p, depth)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
