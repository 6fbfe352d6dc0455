//go:build unix

package proc

import (
	"errors"
	"os/exec"
	"strconv"
	"syscall"
)

// command starts path through /bin/sh, which sets the limits and then
// execs it (so the process id stays the same), in a process group of its
// own; sandboxed, sh execs bubblewrap, which runs path.
func command(path string, args []string, lim Limits, sandboxed bool) *exec.Cmd {
	script := "ulimit -c 0 2>/dev/null; "
	if lim.Memory > 0 {
		kib := strconv.FormatInt(max(lim.Memory>>10, 1), 10)
		// Both limits, so that the program cannot raise it again; the
		// soft one alone when the hard one is already lower.
		script += "ulimit -d " + kib + " 2>/dev/null || ulimit -S -d " + kib + " 2>/dev/null; "
	}
	if lim.CPU > 0 {
		// SIGXCPU at the soft limit, SIGKILL a second later at the hard
		// one (for a program that catches SIGXCPU).
		s := int64(lim.CPU+999999999) / 1e9 // rounded up to whole seconds
		script += "ulimit -H -t " + strconv.FormatInt(s+1, 10) + " 2>/dev/null; ulimit -S -t " + strconv.FormatInt(s, 10) + " 2>/dev/null; "
	}
	script += `exec "$0" "$@"`
	argv := append([]string{path}, args...)
	if sandboxed {
		argv = bwrapArgv(path, args, lim)
	}
	cmd := exec.Command("/bin/sh", append([]string{"-c", script}, argv...)...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	parentDeath(cmd.SysProcAttr)
	return cmd
}

// killGroup kills the child's whole process group.
func killGroup(cmd *exec.Cmd) {
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}

// signalOf returns the signal that ended the program, or its exit status;
// sandboxed, bubblewrap exits with 128 plus the signal that ended the
// program in it.
func signalOf(err error, sandboxed bool) (sig syscall.Signal, code int) {
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		return 0, -1
	}
	ws, ok := ee.Sys().(syscall.WaitStatus)
	switch {
	case !ok:
		return 0, ee.ExitCode()
	case ws.Signaled():
		return ws.Signal(), -1
	case sandboxed && ws.ExitStatus() > 128 && ws.ExitStatus() < 128+65:
		return syscall.Signal(ws.ExitStatus() - 128), -1
	}
	return 0, ws.ExitStatus()
}

// Signals the reasons name.
const (
	sigCPU  = syscall.SIGXCPU
	sigKill = syscall.SIGKILL
)
