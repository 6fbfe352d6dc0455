package connect4

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"boardgames/rules"
)

// benchPositions returns seeded random positions from the middle of games,
// each with a legal move.
func benchPositions() ([]Position, []rules.Move) {
	rng := rand.New(rand.NewPCG(1, 2))
	var ps []Position
	var ms []rules.Move
	var buf [rules.MaxMoves]rules.Move
	for len(ps) < 256 {
		p := Start()
		for plies := rng.IntN(30); plies > 0; plies-- {
			moves := p.Moves(buf[:0])
			if len(moves) == 0 {
				break
			}
			p = p.Play(moves[rng.IntN(len(moves))])
		}
		if moves := p.Moves(buf[:0]); len(moves) > 0 {
			ps = append(ps, p)
			ms = append(ms, moves[rng.IntN(len(moves))])
		}
	}
	return ps, ms
}

var sinkMoves int
var sinkPosition Position

func BenchmarkMoves(b *testing.B) {
	ps, _ := benchPositions()
	var buf [rules.MaxMoves]rules.Move
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sinkMoves += len(ps[i&255].Moves(buf[:0]))
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkPlay(b *testing.B) {
	ps, ms := benchPositions()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sinkPosition = ps[i&255].Play(ms[i&255])
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkPerft(b *testing.B) {
	for _, depth := range []int{6, 7, 8, 9} {
		b.Run(fmt.Sprint("depth", depth), func(b *testing.B) {
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				nodes = Perft(Start(), depth)
			}
			b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes), "leaves")
		})
	}
	b.Run("rules-depth6", func(b *testing.B) {
		b.ReportAllocs()
		var nodes uint64
		for b.Loop() {
			nodes = rules.Perft(Start(), 6)
		}
		b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
	})
}

// TestNoAllocs checks that Moves, Play, Hash and Perft allocate nothing.
func TestNoAllocs(t *testing.T) {
	ps, ms := benchPositions()
	var buf [rules.MaxMoves]rules.Move
	allocs := testing.AllocsPerRun(100, func() {
		for i, p := range ps {
			sinkMoves += len(p.Moves(buf[:0]))
			sinkPosition = p.Play(ms[i])
			sinkMoves += int(sinkPosition.Hash() & 1)
		}
		sinkMoves += int(Perft(ps[0], 3))
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run, want 0", allocs)
	}
}
