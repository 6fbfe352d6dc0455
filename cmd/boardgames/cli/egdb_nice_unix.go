//go:build unix

package cli

import (
	"errors"
	"syscall"
)

// lowerPriority sets the process's nice value to n, as nice(1) does; a
// process already nicer than that stays as it is.
func lowerPriority(n int) error {
	err := syscall.Setpriority(syscall.PRIO_PROCESS, 0, n)
	if errors.Is(err, syscall.EACCES) || errors.Is(err, syscall.EPERM) {
		return nil // raising the priority back is not allowed: it is lower already
	}
	return err
}
