package pool

import "testing"

// A pool gives back what was put (the last first), keeps at most Max,
// and makes a new value when it has none.
func TestPool(t *testing.T) {
	made := 0
	p := &Pool[*int]{New: func() *int { made++; v := made; return &v }, Max: 2}
	a, b, c := p.Get(), p.Get(), p.Get()
	if made != 3 || *a != 1 || *b != 2 || *c != 3 {
		t.Fatalf("made %d: %d %d %d", made, *a, *b, *c)
	}
	p.Put(a)
	p.Put(b)
	p.Put(c) // over Max: dropped
	if got := p.Get(); got != b {
		t.Errorf("got %d, want the last kept, 2", *got)
	}
	if got := p.Get(); got != a {
		t.Errorf("got %d, want 1", *got)
	}
	if got := p.Get(); made != 4 || *got != 4 {
		t.Errorf("an empty pool made %d, gave %d", made, *got)
	}
}
