package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
)

// Item 8 of issue 20: render stops at once on Ctrl+C or SIGTERM (a
// 4096-pixel diagram takes seconds), with exit status 130 and the file
// left alone.
func TestRenderHonoursInterrupts(t *testing.T) {
	test.NewTempApp(t)
	file := filepath.Join(t.TempDir(), "big.png")
	start := time.Now()
	code, _, errOut := runCtx(t, interruptAfter(t, 100*time.Millisecond), "render", "-game", "othello", "-o", file, "-size", "4096")
	if took := time.Since(start); code != ExitInterrupted || took > 3*time.Second {
		t.Errorf("exit %d after %v, stderr %q", code, took, errOut)
	}
	if !strings.Contains(errOut, "unchanged") {
		t.Errorf("stderr %q", errOut)
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("the interrupted render wrote %s: %v", file, err)
	}
}

// Item 8 of issue 20: every search algorithm takes a time budget, and a
// parameter that would not finish is refused where the spec is read, with
// a message that says what would.
func TestParametersThatNeverFinishAreRefused(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"analyze", "-game", "othello", "-algo", "annealing", "-cooling", "0.9999999999"},
			"cooling rate 0.9999999999 takes 6.91e+10 steps to cool from 10 to 0.01, more than 10000000: give a cooling rate of at most 0.9999993, or iterations"},
		{[]string{"analyze", "-game", "othello", "-algo", "mcts", "-iterations", "1000000000000"}, "iterations 1000000000000 is outside 0..10000000"},
		{[]string{"arena", "-game", "othello", "-p1", "mcts:iterations=1000000000000", "-p2", "random"}, "iterations 1000000000000 is outside 0..10000000"},
		{[]string{"arena", "-game", "othello", "-p1", "genetic:population=100000,generations=1000", "-p2", "random"}, "population 100000 × generations 1000 = 100000000 plans to evaluate, more than 10000000"},
	} {
		code, out, errOut := run(t, tc.args...)
		if code != ExitUsage || out != "" || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", tc.args, code, errOut, tc.want)
		}
	}
	// With a time budget, annealing and genetic stop in time however large
	// their other parameters.
	for _, args := range [][]string{
		{"-algo", "annealing", "-depth", "4", "-iterations", "10000000", "-time", "300ms"},
		{"-algo", "genetic", "-depth", "4", "-population", "10000", "-generations", "1000", "-time", "300ms"},
		{"-algo", "mcts", "-iterations", "10000000", "-time", "300ms"},
	} {
		start := time.Now()
		code, out, errOut := run(t, append([]string{"analyze", "-game", "othello", "-moves", "f5d6c3"}, args...)...)
		if took := time.Since(start); code != ExitOK || took > 5*time.Second || !strings.Contains(out, "best move:") {
			t.Errorf("%v: exit %d after %v, stderr %q", args, code, took, errOut)
		}
	}
}
