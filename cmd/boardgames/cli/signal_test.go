package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// init runs the command line itself, before any test, when the test
// binary is started by TestCtrlC (with BOARDGAMES_CLI_ARGS set), as the
// real binary does; it tells the test on file descriptor 3 when Ctrl+C is
// handled.
func init() {
	if args := os.Getenv("BOARDGAMES_CLI_ARGS"); args != "" {
		ready := os.NewFile(3, "ready")
		handlingCtrlC = func() { ready.Write([]byte{1}); ready.Close() }
		os.Exit(Run(strings.Split(args, "\n"), os.Stdout, os.Stderr))
	}
}

// A real Ctrl+C (SIGINT to the process) stops every long command, which
// prints what had finished, marked as partial, and exits with status 130.
func TestCtrlC(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		partial string // in the output
	}{
		{[]string{"analyze", "-game", "othello", "-algo", "engine", "-depth", "60", "-json"}, `"partial": true`},
		{[]string{"compare", "-game", "othello", "-algos", "alphabeta;minimax:depth=12;negascout", "-depth", "2"}, "(not run: negascout:depth=2)"},
		{[]string{"arena", "-game", "othello", "-p1", "alphabeta:depth=3", "-p2", "random", "-games", "100000", "-json"}, `"partial": true`},
		{[]string{"bench", "-experiment", "othello-positional", "-games", "2000", "-json"}, `"partial": true`},
		{[]string{"perft", "-game", "othello", "-depth", "13", "-json"}, `"partial": true`},
	} {
		t.Run(tc.args[0], func(t *testing.T) {
			stdout, stderr, code := interruptProcess(t, tc.args, 700*time.Millisecond)
			if code != ExitInterrupted || !strings.Contains(stdout, tc.partial) {
				t.Errorf("exit %d, want %d; stderr %q; output:\n%s", code, ExitInterrupted, stderr, stdout)
			}
			// (Fyne, which render imports, may log about the test's locale first.)
			if strings.Count(stderr, "boardgames ") != 1 || !strings.Contains(stderr, "boardgames "+tc.args[0]+": interrupted") {
				t.Errorf("stderr %q", stderr)
			}
			if strings.HasSuffix(tc.args[len(tc.args)-1], "-json") {
				var v map[string]any
				if err := json.Unmarshal([]byte(stdout), &v); err != nil {
					t.Errorf("the output is not JSON: %v\n%q", err, stdout)
				}
			}
		})
	}
}

// interruptProcess runs the command line in a process of its own, sends
// it SIGINT d after it handles Ctrl+C, and returns its outputs and exit
// status.
func interruptProcess(t *testing.T, args []string, d time.Duration) (string, string, int) {
	t.Helper()
	return signalProcess(t, args, d, syscall.SIGINT, nil)
}

// signalProcess is interruptProcess with another signal and standard
// input (nil: none).
func signalProcess(t *testing.T, args []string, d time.Duration, sig syscall.Signal, stdin *os.File) (string, string, int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "BOARDGAMES_CLI_ARGS="+strings.Join(args, "\n"))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if stdin != nil {
		cmd.Stdin = stdin
	}
	ready, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer ready.Close()
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	if _, err := ready.Read(make([]byte, 1)); err != nil {
		cmd.Wait()
		t.Fatalf("%v: the process ended before it handled Ctrl+C: %v; stderr %q", args, err, stderr.String())
	}
	time.Sleep(d)
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("%v: still running 30 s after %v", args, sig)
	}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		return stdout.String(), stderr.String(), exit.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return stdout.String(), stderr.String(), 0
}
