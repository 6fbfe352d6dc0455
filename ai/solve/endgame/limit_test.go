package endgame

import (
	"context"
	"errors"
	"testing"

	"boardgames/rules/othello"
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

// What a stopped solve proved holds: on the FForum positions of 17 to 19
// empties (up to 18 with -short), stopped after a third and after two
// thirds of the nodes a full solve takes, every bound of Partial agrees
// with the files' exact scores of the moves, and some were proven.
func TestPartial(t *testing.T) {
	ctx := context.Background()
	s := New(16)
	most := 19
	if testing.Short() {
		most = 18
	}
	bounds, lowers := 0, 0
	for _, c := range loadOBF(t, "fforum-20-39.obf") {
		if e := c.pos.Empties(); e < 17 || e > most {
			continue
		}
		exact := map[int]int{} // square -> exact score
		for i, m := range c.moves {
			exact[int(m)] = c.scores[i]
		}
		s.SetNodeLimit(0)
		s.Reset()
		full, err := s.SolveBest(ctx, c.pos)
		if err != nil {
			t.Fatal(err)
		}
		if part := s.Partial(); part.Lower != full.Score || part.Best != full.Best[0] {
			t.Errorf("line %d: a finished solve's Partial %+v, want %d by %s", c.line, part, full.Score, c.pos.MoveString(full.Best[0]))
		}
		for _, frac := range []uint64{3, 2} {
			s.SetNodeLimit(full.Nodes / frac)
			s.Reset()
			if _, err := s.SolveBest(ctx, c.pos); !errors.Is(err, ErrNodeLimit) {
				t.Fatalf("line %d: %v, want ErrNodeLimit", c.line, err)
			}
			part := s.Partial()
			if part.Best != othello.Pass {
				lowers++
				if v, ok := exact[int(part.Best)]; !ok || v < part.Lower {
					t.Errorf("line %d: %s proven at least %d, exactly %d", c.line, c.pos.MoveString(part.Best), part.Lower, v)
				}
			}
			for m, u := range part.Upper {
				bounds++
				if v, ok := exact[int(m)]; !ok || v > u {
					t.Errorf("line %d: %s proven at most %d, exactly %d", c.line, c.pos.MoveString(m), u, v)
				}
			}
		}
	}
	// A solve that cannot start proves nothing, whatever the one before
	// proved.
	done, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := s.SolveBest(done, loadOBF(t, "fforum-20-39.obf")[0].pos); err == nil {
		t.Fatal("a solve under a done context finished")
	}
	if part := s.Partial(); part.Best != othello.Pass || len(part.Upper) != 0 {
		t.Errorf("a solve that did not start: Partial %+v", part)
	}
	if bounds == 0 || lowers == 0 {
		t.Errorf("stopped solves proved %d upper bounds and %d lower bounds", bounds, lowers)
	}
	t.Logf("%d upper bounds, %d lower bounds", bounds, lowers)
}
