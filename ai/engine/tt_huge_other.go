//go:build !linux

package ai

// newSlots allocates n slots.
func newSlots(n int) []ttSlot { return make([]ttSlot, n) }
