package proc

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// TestChildOutlivesTheThreadThatStartedIt: a program started from a
// goroutine whose operating-system thread then ends (a goroutine that
// returns while locked to its thread, as the perfect player's
// low-priority solve does) goes on running: the parent-death signal
// follows the thread that forked the child, and Start forks it on a
// thread of its own that lives as long as the child.
func TestChildOutlivesTheThreadThatStartedIt(t *testing.T) {
	type started struct {
		p   *Process
		tid int
		err error
	}
	// The runtime never ends the main thread: a goroutine that finds
	// itself there stays on it, blocked, so that the next one runs on
	// another thread.
	release := make(chan struct{})
	defer close(release)
	ch := make(chan started, 1)
	var start func()
	start = func() {
		runtime.LockOSThread() // never unlocked: the runtime ends this thread when the goroutine returns
		if syscall.Gettid() == os.Getpid() {
			go start()
			<-release
			return
		}
		p, err := Start([]string{"/bin/sh", "-c", `read line; echo "got $line"`}, Limits{Sandbox: SandboxOff})
		ch <- started{p, syscall.Gettid(), err}
	}
	go start()
	s := <-ch
	if s.err != nil {
		t.Fatal(s.err)
	}
	defer s.p.Stop(time.Second)
	// Wait until the thread is gone (no assertion on how long it takes).
	task := fmt.Sprintf("/proc/self/task/%d", s.tid)
	for i := 0; ; i++ {
		if _, err := os.Stat(task); os.IsNotExist(err) {
			break
		}
		if i == 6000 {
			t.Fatalf("the locked thread %d did not end", s.tid)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if _, err := s.p.Stdin().WriteString("hello\n"); err != nil {
		t.Fatalf("writing to the program: %v (it ended: %s)", err, s.p.ExitStatus())
	}
	line, err := bufio.NewReader(s.p.Stdout()).ReadString('\n')
	if err != nil || line != "got hello\n" {
		t.Fatalf("the program answered %q, %v; want %q (it ended: %q)", line, err, "got hello\n", s.p.ExitStatus())
	}
	<-s.p.Done()
	if st := s.p.ExitStatus(); st != "" {
		t.Errorf("exit status %q, want a normal end", st)
	}
}
