package proc

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"
)

// Sandbox says whether a program runs in a sandbox (on Linux, bubblewrap:
// see sandbox_linux.go).
type Sandbox int

const (
	// SandboxRequired, the zero value: the program runs in a sandbox, or
	// it does not run (Start fails with ErrNoSandbox).
	SandboxRequired Sandbox = iota
	// SandboxPreferred: in a sandbox where there is one, else as a plain
	// child process (the window, where the user chose the program).
	SandboxPreferred
	// SandboxOff: never in a sandbox.
	SandboxOff
)

// EnvSandbox is the environment variable that turns the sandbox off for
// every program Boardgames starts: BOARDGAMES_SANDBOX=off ("on" and ""
// leave each start's own choice).
const EnvSandbox = "BOARDGAMES_SANDBOX"

// ErrNoSandbox is the error of a start that needs a sandbox where there is
// none.
var ErrNoSandbox = errors.New("no sandbox")

// SandboxStatus returns nil when programs can run in a sandbox here, or
// why they cannot (an error wrapping ErrNoSandbox). The answer is kept
// after the first call: a real sandbox is tried once.
func SandboxStatus() error { return probe() }

// CheckSandbox returns the error Start would give a program started with
// mode, for lack of a sandbox (or for a bad BOARDGAMES_SANDBOX): nil where
// there is one, where mode does not need one, or where it is turned off.
func CheckSandbox(mode Sandbox) error {
	if _, err := (Limits{Sandbox: mode}).useSandbox(); err != nil {
		return fmt.Errorf("proc: %w", err)
	}
	return nil
}

// useSandbox decides whether a start runs in the sandbox, with the
// environment's say: a required sandbox that is missing is an error
// saying how to install it or turn it off.
func (lim Limits) useSandbox() (bool, error) {
	mode := lim.Sandbox
	switch v := strings.ToLower(strings.TrimSpace(os.Getenv(EnvSandbox))); v {
	case "", "on":
	case "off":
		mode = SandboxOff
	default:
		return false, fmt.Errorf("%s=%q: the value is off (or on)", EnvSandbox, v)
	}
	if mode == SandboxOff {
		return false, nil
	}
	err := probe()
	switch {
	case err == nil:
		return true, nil
	case mode == SandboxPreferred:
		return false, nil
	}
	return false, fmt.Errorf("%w; to run programs unsandboxed, at your own risk, set %s=off", err, EnvSandbox)
}

// sandboxEnv is a sandboxed program's environment: its home and
// temporary folders are the private /tmp.
func sandboxEnv(env []string) []string {
	out := env[:0:0]
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "HOME", "TMPDIR", "TEMP", "TMP":
		default:
			out = append(out, kv)
		}
	}
	return append(out, "HOME=/tmp", "TMPDIR=/tmp")
}

// memoryWords are what programs write to standard error when an
// allocation fails (in lower case): Python, Java, C++, Go and C's
// strerror(ENOMEM), bash, and a Java virtual machine that cannot commit
// memory ("os::commit_memory(...) failed; error='Not enough space'").
var memoryWords = []string{"memoryerror", "outofmemoryerror", "bad_alloc", "out of memory", "cannot allocate", "commit_memory", "not enough space"}

// seconds writes a limit in seconds, as "12 s" or "0.5 s".
func seconds(d time.Duration) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.3f", d.Seconds()), "0"), ".") + " s"
}
