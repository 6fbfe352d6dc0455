//go:build !linux

package solvekit

// alloc is only implemented on Linux; elsewhere tables come from make.
func alloc[T any](n int) (s []T, free func(), ok bool) { return nil, nil, false }
