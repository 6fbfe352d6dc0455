package ai

import (
	"context"
	"math/rand/v2"
	"testing"
)

// fixedCut is a ProbCut with the same model at every node.
type fixedCut struct {
	cut   Cut
	calls *int
}

func (f fixedCut) ProbCut(s flip, depth int) (Cut, bool) {
	if f.calls != nil {
		*f.calls++
	}
	c := f.cut
	c.Depth = depth - 2
	return c, depth >= 3
}

func flipPositions() []flip {
	rng := rand.New(rand.NewPCG(5, 6))
	var out []flip
	for range 6 {
		out = append(out, randomPosition(newFlip(5), 4, rng))
	}
	return out
}

func TestProbCutOff(t *testing.T) {
	// Without statistics for the game, or with a model that never prunes,
	// the engine searches exactly as without.
	calls := 0
	for _, s := range flipPositions() {
		plain := mustSearch(t, "engine", s, nil, Params{Depth: 7, TTMiB: 1})
		for _, sel := range []any{false, fixedCut{Cut{Slope: 1, Margin: 1e12}, &calls}} {
			got := mustSearch(t, "engine", s, nil, Params{Depth: 7, TTMiB: 1, Selectivity: sel})
			if got.Move != plain.Move || got.Score != plain.Score || got.Nodes != plain.Nodes {
				t.Fatalf("%v with %T: move %v score %d nodes %d, without: %v %d %d", s, sel,
					got.Move, got.Score, got.Nodes, plain.Move, plain.Score, plain.Nodes)
			}
		}
	}
	if calls == 0 {
		t.Error("the model was never asked")
	}
}

func TestProbCutPrunes(t *testing.T) {
	// With no margin the shallow searches decide: far fewer nodes, legal
	// moves, values of the same sign mostly.
	var plainNodes, cutNodes uint64
	for _, s := range flipPositions() {
		plain := mustSearch(t, "engine", s, nil, Params{Depth: 8, TTMiB: 1})
		got := mustSearch(t, "engine", s, nil, Params{Depth: 8, TTMiB: 1, Selectivity: fixedCut{Cut{Slope: 1}, nil}})
		if !legal(s, got.Move) {
			t.Fatalf("%v: illegal move %v", s, got.Move)
		}
		if got.Exact {
			t.Errorf("%v: a pruned search claims an exact value", s)
		}
		plainNodes += plain.Nodes
		cutNodes += got.Nodes
	}
	if cutNodes*10 > plainNodes*8 {
		t.Errorf("%d nodes with Multi-ProbCut, %d without: want at least a fifth fewer", cutNodes, plainNodes)
	}
	t.Logf("nodes: %d with Multi-ProbCut, %d without", cutNodes, plainNodes)
}

func TestProbCutStops(t *testing.T) {
	// A search stopped inside a shallow search still answers a legal move.
	s := newFlip(5)
	ctx, cancel := context.WithCancel(context.Background())
	p := Params{Depth: 20, TTMiB: 1, Selectivity: fixedCut{Cut{Slope: 1}, nil}, Progress: func(info Info) {
		if info.Depth >= 4 {
			cancel()
		}
	}}
	info, err := Search(ctx, "engine", s, nil, p)
	if err != nil {
		t.Fatal(err)
	}
	if !legal(s, info.Move) {
		t.Fatalf("illegal move %v", info.Move)
	}
}
