package proc

import "syscall"

// parentDeath has the kernel kill the child if Boardgames dies first.
func parentDeath(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
