// Package proc runs an untrusted program (a student's bot, an engine) as
// a child process the way a tournament runner must: in a sandbox, its own
// process group, memory and CPU-time limits, a clean environment, only
// standard input and output to talk through, its standard error kept in a
// ring of its last lines, and always stopped and reaped, its own children
// included.
//
// What each platform does:
//   - Linux: the program runs in a bubblewrap sandbox (sandbox_linux.go:
//     the system read-only, its own folders read-only, a private /tmp, no
//     network, a PID namespace of its own, so that no program it starts,
//     setsid or not, outlives its game). Where bubblewrap is missing, a
//     start that requires the sandbox (the default) fails with
//     ErrNoSandbox and says how to install it, or to set
//     BOARDGAMES_SANDBOX=off; one that prefers it runs as below.
//   - Linux and the other Unix systems: the program starts in a process
//     group of its own through /bin/sh, which sets its data-segment limit
//     (RLIMIT_DATA, "ulimit -d": heap and private writable mappings, the
//     memory a program really uses; RLIMIT_AS would stop a Java virtual
//     machine, which reserves gigabytes of address space it never uses)
//     and its CPU-time limit (RLIMIT_CPU), turns core dumps off, then
//     execs it (or bubblewrap, which runs it). Stopping kills the whole
//     group with SIGKILL, so the programs it started die with it. On Linux
//     the child is also killed if Boardgames itself dies (PR_SET_PDEATHSIG).
//     Without the sandbox, a program that leaves its group on purpose
//     (setsid) escapes. There is no limit on the number of processes:
//     RLIMIT_NPROC counts all of the user's processes and does not bind
//     root; the PID namespace ends them all with the game.
//   - macOS: the same without a sandbox, and macOS enforces RLIMIT_DATA
//     only loosely.
//   - Windows: the program starts directly with the same clean
//     environment; there is no sandbox, no memory or CPU-time limit (that
//     needs a job object) and stopping kills the program alone, not the
//     programs it started.
//
// A program that goes over a limit ends with a reason that names it
// (Process.ExitStatus): "CPU time limit of 12 s exceeded".
//
// Files:
//   - proc.go       Process, Start, Stop, the environment's allow-list
//   - sandbox.go    Sandbox (required, preferred, off), BOARDGAMES_SANDBOX
//   - sandbox_linux.go the bubblewrap sandbox; sandbox_other.go: none
//   - ring.go       Ring, the last lines of standard error
//   - proc_unix.go  process groups and limits (Unix)
//   - proc_linux.go, proc_bsd.go the parent-death signal (Linux only)
//   - proc_other.go the plain start of other systems
package proc

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Limits configure a child process.
type Limits struct {
	// Memory is the most data memory the program may use, in bytes: 0
	// means DefaultMemory, a negative value no limit.
	Memory int64
	// StderrLines is how many of the last lines of standard error to keep
	// (0: DefaultStderrLines).
	StderrLines int
	// Dir is the working directory ("": the caller's); in the sandbox
	// the program sees it, read-only.
	Dir string
	// CPU is the most processor time each of the program's processes may
	// use (RLIMIT_CPU, in whole seconds, rounded up), beside the time
	// budget its caller counts on the wall clock: 0 means none. Unix only.
	CPU time.Duration
	// Sandbox says whether the program must run in the sandbox (see
	// sandbox.go; the zero value requires it).
	Sandbox Sandbox
	// Stderr, if not nil, gets every line of standard error as it comes
	// (cut as the ring keeps them), from a goroutine of its own.
	Stderr func(line string)
}

// Defaults of Limits.
const (
	DefaultMemory      = 1 << 30 // 1 GiB
	DefaultStderrLines = 20
)

// envAllowed lists the environment variables a child gets from ours:
// what programs need to start (the search path, the home folder, the
// language, temporary folders, Java's home, Windows' system folders), and
// nothing that could hold a secret (tokens, keys, agent sockets).
var envAllowed = []string{
	"PATH", "HOME", "USER", "LOGNAME", "LANG", "LANGUAGE", "TZ", "TMPDIR", "TEMP", "TMP", "JAVA_HOME",
	"SystemRoot", "SYSTEMROOT", "windir", "ComSpec", "PATHEXT", "USERPROFILE",
}

// Env returns the environment a child gets: the allowed variables of
// ours, the LC_ locale variables, and PYTHONUNBUFFERED=1 (a Python bot
// that forgets to flush its output would otherwise seem to hang).
func Env() []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		for _, a := range envAllowed {
			if k == a {
				env = append(env, kv)
			}
		}
		if strings.HasPrefix(k, "LC_") {
			env = append(env, kv)
		}
	}
	return append(env, "PYTHONUNBUFFERED=1")
}

// runtimeEnv tells the runtimes that size their heap from the machine's
// memory the limit they run under, as a container's control group would:
// a Java virtual machine takes a quarter of the machine's memory as its
// largest heap and 1/64 as its first, so on a machine of 64 GiB it starts
// with a 1 GiB heap and dies of "os::commit_memory ... Not enough space"
// under a limit of 1 GiB (a starter kit's bot did, mid-game, in CI).
// JAVA_TOOL_OPTIONS=-XX:MaxRAM makes it size its heap from the limit
// instead (a bot's own -Xmx still wins); GOMEMLIMIT makes a Go program
// collect its garbage harder before it reaches the limit.
func runtimeEnv(memory int64) []string {
	if memory <= 0 {
		return nil
	}
	return []string{
		"JAVA_TOOL_OPTIONS=-XX:MaxRAM=" + strconv.FormatInt(memory, 10),
		"GOMEMLIMIT=" + strconv.FormatInt(memory/4*3, 10),
	}
}

// Process is a running child.
type Process struct {
	cmd    *exec.Cmd
	stdin  *os.File // our end of its standard input
	stdout *os.File // our end of its standard output
	stderr *os.File
	ring   *Ring

	lim       Limits
	sandboxed bool
	killed    atomic.Bool // Stop killed it

	done    chan struct{} // closed when the child has been waited for
	waitErr error
	once    sync.Once
	read    chan struct{} // closed when standard error has been read to its end
}

// Start starts argv[0] with the arguments argv[1:]. The program is looked
// up in PATH unless it holds a path separator.
func Start(argv []string, lim Limits) (*Process, error) {
	if len(argv) == 0 || argv[0] == "" {
		return nil, errors.New("proc: no program to run")
	}
	path, err := exec.LookPath(argv[0])
	if err != nil {
		return nil, fmt.Errorf("proc: %w", err)
	}
	if lim.Memory == 0 {
		lim.Memory = DefaultMemory
	}
	if lim.StderrLines <= 0 {
		lim.StderrLines = DefaultStderrLines
	}
	sandboxed, err := lim.useSandbox()
	if err != nil {
		return nil, fmt.Errorf("proc: %w", err)
	}
	cmd := command(path, argv[1:], lim, sandboxed)
	cmd.Env = append(Env(), runtimeEnv(lim.Memory)...)
	if sandboxed {
		cmd.Env = sandboxEnv(cmd.Env)
	}
	cmd.Dir = lim.Dir

	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW)
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW, outR, outW)
		return nil, err
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	p := &Process{cmd: cmd, stdin: inW, stdout: outR, stderr: errR, lim: lim, sandboxed: sandboxed,
		ring: NewRing(lim.StderrLines), done: make(chan struct{}), read: make(chan struct{})}
	// One goroutine, locked to its thread, starts the child and waits for
	// it. Linux sends the parent-death signal when the thread that started
	// the child ends, not the process (golang.org/issue/27505), and the Go
	// runtime ends a thread whose goroutine returns while locked to it (the
	// perfect player's low-priority solve does): a child started on such
	// a thread was killed in the middle of its game. This thread lives
	// until the child has been reaped.
	started := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		if err := cmd.Start(); err != nil {
			started <- err
			return
		}
		started <- nil
		p.waitErr = cmd.Wait()
		close(p.done)
	}()
	if err := <-started; err != nil {
		closeAll(inR, inW, outR, outW, errR, errW)
		return nil, fmt.Errorf("proc: %w", err)
	}
	closeAll(inR, outW, errW) // the child's ends
	p.ring.Tee = lim.Stderr
	go func() {
		defer close(p.read)
		p.ring.Consume(errR)
	}()
	return p, nil
}

func closeAll(fs ...*os.File) {
	for _, f := range fs {
		f.Close()
	}
}

// Stdin is the program's standard input.
func (p *Process) Stdin() *os.File { return p.stdin }

// Stdout is the program's standard output.
func (p *Process) Stdout() *os.File { return p.stdout }

// Pid is the child's process id (and its process group's, on Unix).
func (p *Process) Pid() int { return p.cmd.Process.Pid }

// Stderr returns the last lines the program wrote to standard error.
func (p *Process) Stderr() []string { return p.ring.Lines() }

// Done is closed once the program has exited and been reaped.
func (p *Process) Done() <-chan struct{} { return p.done }

// Sandboxed reports whether the program runs in the sandbox.
func (p *Process) Sandboxed() bool { return p.sandboxed }

// ExitStatus describes how the program ended ("exit status 3", "signal:
// killed"), naming the limit it went over if it did ("CPU time limit of
// 12 s exceeded", "memory limit of 512 MiB exceeded: exit status 1"),
// or "" while it runs or when it exited with status 0.
func (p *Process) ExitStatus() string {
	select {
	case <-p.done:
	default:
		return ""
	}
	if p.waitErr == nil {
		return ""
	}
	sig, code := signalOf(p.waitErr, p.sandboxed)
	switch {
	case sig == sigCPU && p.lim.CPU > 0:
		return "CPU time limit of " + seconds(p.lim.CPU) + " exceeded"
	case sig == sigKill && p.lim.CPU > 0 && !p.killed.Load():
		return "killed (SIGKILL) by the system: over the CPU time limit of " + seconds(p.lim.CPU) + " and its second of grace, or out of memory"
	case sig != 0:
		return "signal: " + sig.String()
	case code > 0 && p.lim.Memory > 0 && p.saysOutOfMemory():
		return fmt.Sprintf("memory limit of %d MiB exceeded: exit status %d", p.lim.Memory>>20, code)
	case code >= 0:
		return fmt.Sprintf("exit status %d", code)
	}
	return p.waitErr.Error()
}

// saysOutOfMemory reports whether the program's last lines of standard
// error say that an allocation failed (read to their end, for a moment).
func (p *Process) saysOutOfMemory() bool {
	t := time.NewTimer(200 * time.Millisecond)
	defer t.Stop()
	select {
	case <-p.read:
	case <-t.C:
	}
	for _, l := range p.ring.Lines() {
		l = strings.ToLower(l)
		for _, w := range memoryWords {
			if strings.Contains(l, w) {
				return true
			}
		}
	}
	return false
}

// Stop ends the program: it closes its standard input (a well-behaved
// engine exits then), waits up to grace for it to exit, then kills its
// whole process group, reaps it and closes our ends of its pipes. It is
// safe to call more than once and from several goroutines.
func (p *Process) Stop(grace time.Duration) {
	p.once.Do(func() {
		p.stdin.Close()
		if grace > 0 {
			t := time.NewTimer(grace)
			select {
			case <-p.done:
			case <-t.C:
			}
			t.Stop()
		}
		select {
		case <-p.done: // it ended by itself
		default:
			p.killed.Store(true)
		}
		killGroup(p.cmd) // also when the child has exited: its own children
		<-p.done
		// The ring reads standard error to its end, the last lines written
		// before the exit included; a program that left the group may keep
		// the pipe open, so the wait is bounded, then our end is closed.
		t := time.NewTimer(drainTime)
		select {
		case <-p.read:
		case <-t.C:
		}
		t.Stop()
		p.stdout.Close()
		p.stderr.Close() // unblocks the ring's reader if a grandchild kept the pipe
		<-p.read
	})
}

// drainTime bounds the wait for the rest of a stopped program's standard
// error.
const drainTime = 500 * time.Millisecond

// Kill ends the program at once (Stop without grace).
func (p *Process) Kill() { p.Stop(0) }
