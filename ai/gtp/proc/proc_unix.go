//go:build unix

package proc

import (
	"os/exec"
	"strconv"
	"syscall"
)

// command starts path through /bin/sh, which sets the limits and then
// execs it (so the process id stays the same), in a process group of its
// own.
func command(path string, args []string, lim Limits) *exec.Cmd {
	script := "ulimit -c 0 2>/dev/null; "
	if lim.Memory > 0 {
		kib := strconv.FormatInt(max(lim.Memory>>10, 1), 10)
		// Both limits, so that the program cannot raise it again; the
		// soft one alone when the hard one is already lower.
		script += "ulimit -d " + kib + " 2>/dev/null || ulimit -S -d " + kib + " 2>/dev/null; "
	}
	script += `exec "$0" "$@"`
	cmd := exec.Command("/bin/sh", append([]string{"-c", script, path}, args...)...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	parentDeath(cmd.SysProcAttr)
	return cmd
}

// killGroup kills the child's whole process group.
func killGroup(cmd *exec.Cmd) {
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}
