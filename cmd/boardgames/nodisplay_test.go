package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// init runs main itself, before any test, when the test binary is started
// by a test below (with BOARDGAMES_RUN_MAIN set), as the real binary runs.
func init() {
	if os.Getenv("BOARDGAMES_RUN_MAIN") == "1" {
		os.Args = []string{"boardgames"}
		main()
		os.Exit(0)
	}
}

// Starting the window without a display says so in one line and exits
// with status 1, instead of a Go panic.
func TestNoDisplay(t *testing.T) {
	for _, display := range []string{"", ":97"} { // none, and one with no server
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), "BOARDGAMES_RUN_MAIN=1", "DISPLAY="+display, "WAYLAND_DISPLAY=",
			"XDG_CONFIG_HOME="+t.TempDir(), "XDG_CACHE_HOME="+t.TempDir())
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 1 {
			t.Fatalf("DISPLAY=%q: %v, want exit status 1; stderr:\n%s", display, err, stderr.String())
		}
		msg := stderr.String()
		if strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "boardgames: cannot open the window: no display") ||
			strings.Contains(msg, "goroutine") {
			t.Errorf("DISPLAY=%q: stderr is not one clear line:\n%s", display, msg)
		}
	}
}
