//go:build !unix

package proc

import "os/exec"

// command starts path directly: there is no memory limit on this system.
func command(path string, args []string, _ Limits) *exec.Cmd {
	return exec.Command(path, args...)
}

// killGroup kills the child alone.
func killGroup(cmd *exec.Cmd) { cmd.Process.Kill() }
