// Package pool keeps values that are costly to make (a solver with its
// table) for the next user: the perfect players and the game review each
// keep their solvers in one.
package pool

import "sync"

// Pool hands out kept values, or new ones made by New, and keeps at most
// Max of those given back (fewer than 1: one). Safe for concurrent use.
type Pool[T any] struct {
	New func() T
	Max int

	mu   sync.Mutex
	free []T
}

// Get returns a kept value, the last one given back, or a new one.
func (p *Pool[T]) Get() T {
	p.mu.Lock()
	defer p.mu.Unlock()
	if n := len(p.free); n > 0 {
		v := p.free[n-1]
		p.free = p.free[:n-1]
		return v
	}
	return p.New()
}

// Put gives v back, to be kept if the pool has room.
func (p *Pool[T]) Put(v T) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.free) < max(p.Max, 1) {
		p.free = append(p.free, v)
	}
}
