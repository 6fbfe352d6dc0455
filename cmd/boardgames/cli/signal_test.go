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
// real binary does.
func init() {
	if args := os.Getenv("BOARDGAMES_CLI_ARGS"); args != "" {
		os.Exit(Run(strings.Split(args, "\n"), os.Stdout, os.Stderr))
	}
}

// A real Ctrl+C (SIGINT to the process) stops a search, which prints its
// best move so far, marked as partial, and exits with status 130.
func TestCtrlC(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "BOARDGAMES_CLI_ARGS="+strings.Join(
		[]string{"analyze", "-game", "othello", "-algo", "engine", "-depth", "60", "-json"}, "\n"))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != ExitInterrupted {
		t.Fatalf("%v, want exit status %d; stderr %q", err, ExitInterrupted, stderr.String())
	}
	var a struct {
		Move    string `json:"move"`
		Partial bool   `json:"partial"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &a); err != nil || a.Move == "" || !a.Partial {
		t.Errorf("output %q (%v)", stdout.String(), err)
	}
	// (Fyne, which render imports, may log about the test's locale first.)
	if s := stderr.String(); strings.Count(s, "boardgames ") != 1 || !strings.HasSuffix(s, "boardgames analyze: interrupted: the move above is the best found before the search was stopped\n") {
		t.Errorf("stderr %q", s)
	}
}
