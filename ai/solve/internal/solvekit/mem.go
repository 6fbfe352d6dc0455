package solvekit

import "runtime"

// Make returns a table of n zeroed values of T, which must hold no
// pointers (the memory may lie outside the Go heap, where the garbage
// collector does not look). A transposition table is probed at random, one
// probe per node, and with 4 KiB pages nearly every probe also misses the
// TLB: on Linux a table of a huge page or more is mapped in memory the
// kernel is asked to back with huge pages, which removes most of that
// cost. free returns such memory (pass it to Free); it is nil when the
// table comes from make.
func Make[T any](n int) (s []T, free func()) {
	if s, free, ok := alloc[T](n); ok {
		return s, free
	}
	return make([]T, n), nil
}

// Free arranges for the non-nil frees (from Make) to run once owner, the
// Solver that holds the tables, is unreachable.
func Free[T any](owner *T, frees ...func()) {
	for _, free := range frees {
		if free != nil {
			runtime.AddCleanup(owner, func(free func()) { free() }, free)
		}
	}
}
