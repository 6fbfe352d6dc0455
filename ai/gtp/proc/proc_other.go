//go:build !unix

package proc

import (
	"errors"
	"os/exec"
	"syscall"
)

// command starts path directly: there are no memory or CPU limits on
// this system, and no sandbox.
func command(path string, args []string, _ Limits, _ bool) *exec.Cmd {
	return exec.Command(path, args...)
}

// killGroup kills the child alone.
func killGroup(cmd *exec.Cmd) { cmd.Process.Kill() }

// signalOf returns the program's exit status (no signals here).
func signalOf(err error, _ bool) (syscall.Signal, int) {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return 0, ee.ExitCode()
	}
	return 0, -1
}

// Signals the reasons name: none on this system.
const (
	sigCPU  = syscall.Signal(-1)
	sigKill = syscall.Signal(-2)
)
