//go:build unix

// Package cputime measures the processor time a process has used, for the
// benchmarks that report CPU time beside wall time (a loaded machine
// stretches the one, not the other).
package cputime

import (
	"syscall"
	"time"
)

// Process returns the CPU time the whole process (every thread) has used
// so far.
func Process() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
