//go:build unix

package endgame

import (
	"syscall"
	"time"
)

// cpuTime returns the user+system CPU time of the process, a fairer clock
// than the wall on a machine shared with other jobs.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
