//go:build unix && !linux

package proc

import "syscall"

// parentDeath does nothing: only Linux has a parent-death signal.
func parentDeath(*syscall.SysProcAttr) {}
