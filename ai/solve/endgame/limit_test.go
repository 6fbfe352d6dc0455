package endgame

import (
	"context"
	"errors"
	"testing"
)

// A node limit stops a solve that needs more nodes, with ErrNodeLimit,
// and lets one that needs fewer finish with the same answer; the limit
// holds for every solve until it is removed.
func TestNodeLimit(t *testing.T) {
	var c obfCase
	for _, k := range loadOBF(t, "fforum-20-39.obf") {
		if k.pos.Empties() == 18 {
			c = k
			break
		}
	}
	if c.pos.Empties() == 0 {
		t.Skip("no position of 18 empties")
	}
	ctx := context.Background()
	s := New(4)
	full, err := s.SolveBest(ctx, c.pos)
	if err != nil || full.Score != c.scores[0] {
		t.Fatalf("unlimited: %d %v, want %d", full.Score, err, c.scores[0])
	}
	if full.Nodes < 100000 {
		t.Fatalf("the solve took only %d nodes", full.Nodes)
	}
	s.SetNodeLimit(full.Nodes / 10)
	s.Reset()
	before := s.Nodes()
	if _, err := s.SolveBest(ctx, c.pos); !errors.Is(err, ErrNodeLimit) {
		t.Errorf("limited to a tenth of the nodes: %v, want ErrNodeLimit", err)
	}
	if n := s.Nodes() - before; n < full.Nodes/10 || n > full.Nodes/10+2*(pollMask+1) {
		t.Errorf("stopped after %d nodes, limit %d", n, full.Nodes/10)
	}
	s.SetNodeLimit(full.Nodes + 1<<16)
	s.Reset()
	if r, err := s.SolveBest(ctx, c.pos); err != nil || r.Score != full.Score || r.Nodes != full.Nodes {
		t.Errorf("limit above the solve's nodes: %d in %d nodes %v, want %d in %d", r.Score, r.Nodes, err, full.Score, full.Nodes)
	}
	s.SetNodeLimit(0)
	s.Reset()
	if _, err := s.SolveBest(ctx, c.pos); err != nil {
		t.Errorf("limit removed: %v", err)
	}
}
