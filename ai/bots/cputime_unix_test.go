//go:build unix

package bots

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time the whole process (every thread) has
// used so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
