//go:build !linux

package engine

// newSlots allocates n slots.
func newSlots(n int) []ttSlot { return make([]ttSlot, n) }
