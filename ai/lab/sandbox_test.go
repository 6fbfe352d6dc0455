package lab

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"boardgames/ai/gtp/proc"
)

// Where there is no sandbox, a run with an external program is refused
// before it plays, with how to turn the sandbox off; turned off, it plays.
func TestArenaRefusedWithoutSandbox(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the test bot is an sh script")
	}
	bin := t.TempDir() // a PATH with what the bot needs, and no bwrap
	for _, tool := range []string{"sh", "dirname", "env"} {
		path, err := exec.LookPath(tool)
		if err != nil {
			t.Skip(err)
		}
		if err := os.Symlink(path, filepath.Join(bin, tool)); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", bin)
	t.Setenv(proc.EnvSandbox, "")
	cfg := ArenaConfig{Game: "connect4", P1: mustSpec(t, `gtp:"sh ../gtp/testdata/bots/env.sh"`), P2: mustSpec(t, "random"), Games: 1, Seed: 1}
	_, err := Arena(context.Background(), cfg, nil)
	if !errors.Is(err, proc.ErrNoSandbox) || !strings.Contains(err.Error(), proc.EnvSandbox+"=off") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("without a sandbox: %v, want one line saying how to turn it off", err)
	}
	t.Setenv(proc.EnvSandbox, "off")
	res, err := Arena(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.P1.Forfeits != 0 {
		t.Errorf("the bot forfeited unsandboxed: %s", res.Records[0].Fault)
	}
}
