//go:build unix

package solvekit

import (
	"syscall"
	"time"
)

// CPUTime returns the user+system CPU time of the process, a fairer clock
// than the wall for benchmarks on a machine shared with other jobs.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
