package solvekit

import (
	"context"
	"testing"
)

// TestMake checks that tables below and above a huge page come zeroed and
// writable, and that the big one can be freed.
func TestMake(t *testing.T) {
	for _, n := range []int{1 << 10, 1 << 19} { // 8 KiB, 4 MiB of uint64
		s, free := Make[uint64](n)
		if len(s) != n {
			t.Fatalf("%d: length %d", n, len(s))
		}
		for i := range s {
			if s[i] != 0 {
				t.Fatalf("%d: slot %d not zero", n, i)
			}
			s[i] = uint64(i)
		}
		if s[n-1] != uint64(n-1) {
			t.Fatalf("%d: write lost", n)
		}
		if free != nil {
			free()
		}
	}
}

// TestStop checks Begin and Poll with a live, a cancelled and a
// background context.
func TestStop(t *testing.T) {
	var s Stop
	ctx, cancel := context.WithCancel(context.Background())
	if err := s.Begin(ctx); err != nil || s.Stopped() {
		t.Fatalf("begin: %v, stopped %v", err, s.Stopped())
	}
	s.Poll()
	if s.Stopped() {
		t.Fatal("stopped before the cancel")
	}
	cancel()
	s.Poll()
	if !s.Stopped() {
		t.Fatal("not stopped after the cancel")
	}
	if err := s.Begin(ctx); err != context.Canceled {
		t.Fatalf("begin after the cancel: %v", err)
	}
	if err := s.Begin(context.Background()); err != nil || s.Stopped() {
		t.Fatalf("begin again: %v, stopped %v", err, s.Stopped())
	}
	s.Poll()
	if s.Stopped() {
		t.Fatal("background context stopped")
	}
}
