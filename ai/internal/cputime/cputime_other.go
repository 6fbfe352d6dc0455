//go:build !unix

// Package cputime measures the processor time a process has used, for the
// benchmarks that report CPU time beside wall time (a loaded machine
// stretches the one, not the other).
package cputime

import "time"

// Process returns 0: the CPU time is not measured on this system.
func Process() time.Duration { return 0 }
