//go:build !unix

package cli

// lowerPriority does nothing where there is no nice.
func lowerPriority(int) error { return nil }
