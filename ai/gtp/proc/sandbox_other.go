//go:build !linux

package proc

import (
	"fmt"
	"runtime"
)

// probe: the sandbox, bubblewrap, runs on Linux only.
func probe() error {
	return fmt.Errorf("%w on %s: the sandbox (bubblewrap) runs on Linux only", ErrNoSandbox, runtime.GOOS)
}

// bwrapArgv is never used where probe fails: the program runs plainly.
func bwrapArgv(path string, args []string, _ Limits) []string {
	return append([]string{path}, args...)
}
