//go:build unix

package cli

import (
	"errors"
	"os"
	"strconv"
	"syscall"
)

// lowerPriority sets the process's nice value to n, as nice(1) does; a
// process already nicer than that stays as it is. On Linux a nice value
// belongs to a thread, and setpriority with 0 sets the calling one's only:
// the Go runtime's other threads, which run the goroutines that do the
// work, kept theirs. So each thread of the process is set (the threads
// made later inherit the value from the one that makes them).
func lowerPriority(n int) error {
	err := syscall.Setpriority(syscall.PRIO_PROCESS, 0, n)
	if errors.Is(err, syscall.EACCES) || errors.Is(err, syscall.EPERM) {
		return nil // raising the priority back is not allowed: it is lower already
	}
	if err != nil {
		return err
	}
	tasks, _ := os.ReadDir("/proc/self/task") // Linux only; elsewhere the call set the process
	for _, t := range tasks {
		if tid, err := strconv.Atoi(t.Name()); err == nil {
			_ = syscall.Setpriority(syscall.PRIO_PROCESS, tid, n) // a thread may have ended
		}
	}
	return nil
}
