package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"boardgames/rules"
	"boardgames/rules/adjacency"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/othello"
)

// benchSearch runs one search per iteration and reports nodes per second.
// Its allocs/op must not grow with the depth: only the per-search buffers
// and the Info allocate.
func benchSearch[S rules.State[S]](b *testing.B, algo string, s S, eval Evaluator[S], p Params) {
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		info, err := Search(context.Background(), algo, s, eval, p)
		if err != nil {
			b.Fatal(err)
		}
		nodes += info.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// benchAlgorithms benchmarks every algorithm on s, minimax at each of
// mmDepths and the pruning searches at each of depths.
func benchAlgorithms[S rules.State[S]](b *testing.B, s S, eval Evaluator[S], mmDepths, depths []int) {
	for _, algo := range []string{"minimax", "alphabeta", "negascout", "engine"} {
		b.Run(algo, func(b *testing.B) {
			ds := depths
			if algo == "minimax" {
				ds = mmDepths
			}
			for _, d := range ds {
				b.Run(fmt.Sprintf("depth=%d", d), func(b *testing.B) {
					benchSearch(b, algo, s, eval, Params{Depth: d, Ordering: true, TTMiB: 1})
				})
			}
		})
	}
	b.Run("mcts", func(b *testing.B) {
		for _, playout := range []string{"random", "greedy"} {
			b.Run(playout, func(b *testing.B) {
				benchSearch(b, "mcts", s, eval, Params{Iterations: 1000, Playout: playout})
			})
		}
	})
	b.Run("annealing", func(b *testing.B) {
		benchSearch(b, "annealing", s, eval, Params{Depth: 2})
	})
	b.Run("genetic", func(b *testing.B) {
		benchSearch(b, "genetic", s, eval, Params{})
	})
	b.Run("greedy", func(b *testing.B) { benchSearch(b, "greedy", s, eval, Params{}) })
}

// The positions: a few moves into each game, the same every run.
func benchPosition[S rules.State[S]](start S, plies int) S {
	return randomPosition(start, plies, rand.New(rand.NewPCG(9, 9)))
}

func BenchmarkFlip5(b *testing.B) {
	benchAlgorithms(b, benchPosition(newFlip(5), 6), nil, []int{2, 3, 4}, []int{2, 4, 6})
}

func BenchmarkOthello(b *testing.B) {
	benchAlgorithms(b, benchPosition(othello.Start(), 12), nil, []int{2, 4, 5}, []int{2, 4, 6, 8})
}

func BenchmarkCheckers(b *testing.B) {
	benchAlgorithms(b, benchPosition(checkers.Start(), 12), nil, []int{2, 4, 6}, []int{2, 4, 6, 8})
}

func BenchmarkConnect4(b *testing.B) {
	benchAlgorithms(b, benchPosition(connect4.Start(), 8), nil, []int{2, 4, 6}, []int{2, 4, 6, 8})
}

func BenchmarkAdjacency(b *testing.B) {
	benchAlgorithms(b, benchPosition(adjacency.Start(), 12), nil, []int{1, 2, 3}, []int{1, 2, 3, 4})
}
