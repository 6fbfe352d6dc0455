package c4solver

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"testing"

	"boardgames/rules"
	"boardgames/rules/connect4"
)

// fullRoot is the root of the small complete books of the tests
// (Test_L2_R2 line 1, 15 stones): two plies from it solve in a second.
const fullRoot = "274552224131661"

// TestBuildFull builds the complete book of two plies from a root and
// checks every position within them, found by a walk of its own, against
// a solve by another solver: the book holds each (or its mirror image,
// never both) with its exact score and exactly its best moves.
func TestBuildFull(t *testing.T) {
	root := mustPlay(t, fullRoot)
	b, prog, err := BuildFull(context.Background(), FullOptions{Root: root, Plies: 2, Parallel: 2, TableMiB: 8})
	if err != nil {
		t.Fatal(err)
	}
	if i := b.Info(); i.Limit != 0 || i.Openings != 17 || i.MaxStones != 18 {
		t.Errorf("info %+v", i)
	}
	if prog.Done != prog.Total || prog.Known != 0 || prog.Total == 0 {
		t.Errorf("progress %+v", prog)
	}
	check := New(8)
	keys := make(map[uint64]bool)
	var walk func(p connect4.Position, d int)
	var buf [width]rules.Move
	walk = func(p connect4.Position, d int) {
		if p.Result().Over() {
			return
		}
		keys[canonicalOf(p)] = true
		r, ok := b.Lookup(p)
		want, err := check.SolveBest(context.Background(), p)
		switch {
		case err != nil:
			t.Fatal(err)
		case !ok:
			t.Errorf("%s: not in the book", p)
		case r.Score != want.Score || !slices.Equal(r.Best, want.Best):
			t.Errorf("%s: book %d %v, solver %d %v", p, r.Score, r.Best, want.Score, want.Best)
		}
		if d == 2 {
			return
		}
		for _, m := range p.Moves(buf[:0]) {
			walk(p.Play(m), d+1)
		}
	}
	walk(root, 0)
	if b.Len() != len(keys) {
		t.Errorf("%d entries, %d positions (mirror images folded)", b.Len(), len(keys))
	}
}

// A build stopped half way returns its answers so far, the positions above
// whose answers follow from them included (each as in the whole book), and
// a build given them as Known goes on to the same book, byte for byte,
// solving only the rest.
func TestBuildFullResumes(t *testing.T) {
	root := mustPlay(t, fullRoot)
	o := FullOptions{Root: root, Plies: 2, TableMiB: 8}
	whole, prog, err := BuildFull(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := whole.MarshalBinary()

	ctx, cancel := context.WithCancel(context.Background())
	half := o
	half.Progress = func(p FullProgress) {
		if p.Done == p.Total/2 {
			cancel()
		}
	}
	part, _, err := BuildFull(ctx, half)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped build: %v", err)
	}
	if part.Len() == 0 || part.Len() >= whole.Len() {
		t.Fatalf("the checkpoint has %d of %d entries", part.Len(), whole.Len())
	}
	for _, e := range part.entries {
		if _, found := slices.BinarySearch(whole.entries, e); !found {
			t.Errorf("checkpoint entry %#x is not the whole book's", e)
		}
	}

	o.Known = part
	again, prog2, err := BuildFull(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := again.MarshalBinary()
	if !bytes.Equal(got, want) {
		t.Errorf("the resumed book differs from the whole one")
	}
	if prog2.Known == 0 || prog2.Known >= prog.Total || prog2.Done != prog.Total {
		t.Errorf("resumed: %+v (whole %+v)", prog2, prog)
	}

	// A checkpoint of other options is refused.
	o.Plies = 1
	if _, _, err := BuildFull(context.Background(), o); err == nil {
		t.Error("a checkpoint of 2 plies was taken for a book of 1")
	}
}
