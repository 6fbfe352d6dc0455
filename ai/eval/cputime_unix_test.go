//go:build unix

package eval

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used, which unlike the wall
// clock does not grow while other processes hold the CPU.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
