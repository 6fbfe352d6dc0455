package othello

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"boardgames/rules"
)

// benchPositions returns benchN positions from seeded random games, from
// every stage of the game.
const benchN = 1024

func benchPositions() []Position {
	rng := rand.New(rand.NewPCG(1, 2))
	var ps []Position
	var buf [rules.MaxMoves]rules.Move
	for len(ps) < benchN {
		p := Start()
		for {
			moves := p.Moves(buf[:0])
			if len(moves) == 0 {
				break
			}
			ps = append(ps, p)
			p = p.Play(moves[rng.IntN(len(moves))])
		}
	}
	return ps[:benchN]
}

func BenchmarkMoves(b *testing.B) {
	ps := benchPositions()
	var buf [rules.MaxMoves]rules.Move
	b.ReportAllocs()
	n := 0
	for i := 0; b.Loop(); i++ {
		n += len(ps[i%benchN].Moves(buf[:0]))
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkPlay(b *testing.B) {
	type pm struct {
		p Position
		m rules.Move
	}
	var cases []pm
	var buf [rules.MaxMoves]rules.Move
	for _, p := range benchPositions() {
		for _, m := range p.Moves(buf[:0]) {
			cases = append(cases, pm{p, m})
		}
	}
	n := 1
	for n*2 <= len(cases) {
		n *= 2
	}
	cases = cases[:n]
	b.ReportAllocs()
	var sink Position
	for i := 0; b.Loop(); i++ {
		c := &cases[i&(n-1)]
		sink = c.p.Play(c.m)
	}
	_ = sink
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkMoveMask(b *testing.B) {
	ps := benchPositions()
	var sink uint64
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		p := &ps[i%benchN]
		sink ^= MoveMask(p.own, p.opp)
	}
	_ = sink
}

func BenchmarkHash(b *testing.B) {
	ps := benchPositions()
	var sink uint64
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		sink ^= ps[i%benchN].Hash()
	}
	_ = sink
}

// BenchmarkPerft runs Perft from the start; depth 11 takes about a second.
func BenchmarkPerft(b *testing.B) {
	for depth := 6; depth <= 11; depth++ {
		b.Run(fmt.Sprint("depth=", depth), func(b *testing.B) {
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				nodes += Perft(Start(), depth)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
