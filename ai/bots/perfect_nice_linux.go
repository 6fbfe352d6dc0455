//go:build linux

package bots

import (
	"runtime"
	"syscall"
)

// lowerThreadPriority puts the calling goroutine on an operating-system
// thread of its own and lowers that thread's priority by solveNice
// (Linux gives each thread a nice value): where the processors are busy
// the thread gets only what the others leave, so that the engine
// searching beside it keeps the share it has alone, while an idle
// processor still runs it at full speed. The goroutine must return
// without unlocking: the runtime then ends the thread, and no other
// goroutine runs at the lowered priority. A failure leaves the priority
// as it was.
func lowerThreadPriority() {
	runtime.LockOSThread()
	tid := syscall.Gettid()
	prio, err := syscall.Getpriority(syscall.PRIO_PROCESS, tid)
	if err != nil {
		return
	}
	nice := 20 - prio // the system call returns 20 - nice
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, tid, min(nice+solveNice, 19))
}
