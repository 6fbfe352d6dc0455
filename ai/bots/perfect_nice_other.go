//go:build !linux

package bots

// lowerThreadPriority does nothing where threads have no priority of
// their own to lower (the solve then shares the processors with the
// engine as an equal).
func lowerThreadPriority() {}
