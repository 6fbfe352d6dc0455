package cli

import (
	"strings"
	"testing"

	"boardgames/ai/bots"
)

// Item 7 of issue 20: the tables of the games played at once are capped in
// all (half the machine's memory), with a message that says what to lower.
func TestMemoryIsCapped(t *testing.T) {
	// The machine's own budget: 1024 games with two 1 GiB tables each.
	code, out, errOut := run(t, "arena", "-game", "connect4", "-p1", "engine:tt=1024,depth=1", "-p2", "engine:tt=1024,depth=1",
		"-games", "2048", "-parallel", "1024")
	if code != ExitUsage || out != "" || !strings.Contains(errOut, "half of this machine's memory") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	old := bots.MemoryBudget
	bots.MemoryBudget = func() uint64 { return 300 << 20 }
	defer func() { bots.MemoryBudget = old }()
	args := []string{"arena", "-game", "connect4", "-p1", "engine:tt=64,depth=1", "-p2", "engine:tt=64,depth=1", "-games", "4"}
	code, _, errOut = run(t, append(args, "-parallel", "4")...)
	if code != ExitUsage || !strings.Contains(errOut, "4 games at once with 128 MiB of tables each") ||
		!strings.Contains(errOut, "need 512 MiB, more than the 300 MiB allowed") || !strings.Contains(errOut, "use -parallel 2 or less") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	if code, _, errOut = run(t, append(args, "-parallel", "2")...); code != ExitOK {
		t.Errorf("-parallel 2: exit %d, stderr %q", code, errOut)
	}
	// A tournament counts its two largest bots.
	code, _, errOut = run(t, "arena", "-game", "connect4", "-tournament", "engine:tt=200,depth=1;engine:tt=150,depth=1;random", "-parallel", "1")
	if code != ExitUsage || !strings.Contains(errOut, "350 MiB of tables") || !strings.Contains(errOut, "use smaller tables") {
		t.Errorf("tournament: exit %d, stderr %q", code, errOut)
	}
}

func TestMachineMemoryIsRead(t *testing.T) {
	m := bots.MachineMemory()
	if m < 256<<20 || m > 1<<50 {
		t.Errorf("machine memory %d bytes", m)
	}
	if s := (bots.Spec{Algo: "engine"}); s.MemoryMiB() != 16 {
		t.Errorf("engine's default table: %d MiB", s.MemoryMiB())
	}
	if s := (bots.Spec{Algo: "mcts"}); s.MemoryMiB() < 16 {
		t.Errorf("mcts's tree: %d MiB", s.MemoryMiB())
	}
}
