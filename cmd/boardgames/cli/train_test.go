package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"boardgames/ai/eval"
)

// A tiny training run from the command line writes weights that the
// evaluation reads, and a second run with the same settings takes the
// games and the fitted phases from the working folder: the same weights,
// at once.
func TestTrainTiny(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "othello.weights")
	args := []string{"train", "-game", "othello", "-dir", filepath.Join(dir, "work"), "-out", out,
		"-games", "24", "-depth", "1", "-exact", "8", "-epochs", "3", "-batch", "256", "-probcut", "0", "-bootstrap-depth", "1", "-parallel", "2"}
	code, stdout, stderr := run(t, args...)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "24 self-play games") || !strings.Contains(stdout, "phase 14:") {
		t.Errorf("output:\n%s", stdout)
	}
	first, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := eval.ReadWeights(bytes.NewReader(first)); err != nil {
		t.Fatal(err)
	}
	os.Remove(out)
	if code, _, stderr := run(t, args...); code != ExitOK {
		t.Fatalf("again: exit %d: %s", code, stderr)
	}
	again, err := os.ReadFile(out)
	if err != nil || !bytes.Equal(again, first) {
		t.Errorf("the second run's weights differ (%v)", err)
	}
}

func TestTrainBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"train"},
		{"train", "-game", "chess"},
		{"train", "-game", "othello", "-games", "-5"},
		{"train", "-game", "othello", "-exact", "40"},
		{"train", "-game", "checkers", "-rate", "-1"},
	} {
		if code, _, stderr := run(t, args...); code != ExitUsage || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q; want %d and a message", args, code, stderr, ExitUsage)
		}
	}
}
