package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"boardgames/ai/eval"
)

// A tiny run from the command line writes statistics the checkers engine
// takes; the same command again gives the same file from the games kept.
func TestProbCutTiny(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "checkers.probcut")
	args := []string{"probcut", "-game", "checkers", "-dir", filepath.Join(dir, "work"), "-out", out,
		"-games", "40", "-depth", "2", "-positions", "24", "-search-depth", "4", "-parallel", "2", "-nice", "0"}
	code, stdout, stderr := run(t, args...)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "40 self-play games") || !strings.Contains(stdout, "searched to depth 4") {
		t.Errorf("output:\n%s", stdout)
	}
	first, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	s, err := eval.ReadProbCutStats(bytes.NewReader(first))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := eval.CheckersProbCut(s, 1); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := run(t, args...); code != ExitOK {
		t.Fatalf("again: exit %d: %s", code, stderr)
	}
	if again, err := os.ReadFile(out); err != nil || !bytes.Equal(again, first) {
		t.Errorf("the second run's statistics differ (%v)", err)
	}
}

func TestProbCutBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"probcut"}, "checkers"},
		{[]string{"probcut", "-game", "othello"}, "train -game othello"},
		{[]string{"probcut", "-game", "checkers", "-positions", "5"}, "positions"},
		{[]string{"probcut", "-game", "checkers", "-search-depth", "30"}, "deep"},
		{[]string{"probcut", "-game", "checkers", "-games", "-1"}, "negative"},
		{[]string{"probcut", "-game", "checkers", "-nice", "40"}, "nice"},
		{[]string{"probcut", "-game", "checkers", "-eval", "learned"}, "strong or tuned"},
		{[]string{"probcut", "-game", "checkers", "-out", os.DevNull}, "not a regular file"},
	} {
		code, _, stderr := run(t, c.args...)
		if code != ExitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, code, stderr, ExitUsage, c.want)
		}
	}
}
