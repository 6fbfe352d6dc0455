package bots

import (
	"context"
	"errors"
	"testing"
	"time"

	"boardgames/ai/gtp"
	"boardgames/ai/gtp/proc"
	"boardgames/rules/games"
)

// TestExternalLimits checks the limits an external program starts with:
// its memory, a CPU time from its budget, the sandbox required unless the
// caller lets it run without one.
func TestExternalLimits(t *testing.T) {
	g, _ := games.Lookup("connect4")
	for _, c := range []struct {
		spec     string
		optional bool
		cpu      time.Duration
		memory   int64
		sandbox  proc.Sandbox
	}{
		{`gtp:"sh bot.sh",time=1s`, false, 210 * time.Second, 0, proc.SandboxRequired},
		{`gtp:"sh bot.sh",time=1s,total=30s,memory=256`, true, 70 * time.Second, 256 << 20, proc.SandboxPreferred},
		{`gtp:"sh bot.sh"`, false, 2*CPUMoves*DefaultExternalTime + 10*time.Second, 0, proc.SandboxRequired},
	} {
		spec, err := ParseSpec(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		x, err := NewExternal(spec, g, games.Settings{})
		if err != nil {
			t.Fatal(err)
		}
		if c.optional {
			x.SandboxOptional()
		}
		var got proc.Limits
		x.starter = func(_ context.Context, _ []string, opt gtp.Options) (*gtp.Engine, error) {
			got = opt.Limits
			return nil, errors.New("not started")
		}
		start, _ := g.Start(games.Settings{})
		if _, err := x.Move(context.Background(), games.NewRecord(start)); err == nil {
			t.Fatal("a program that did not start moved")
		}
		if got.CPU != c.cpu || got.Memory != c.memory || got.Sandbox != c.sandbox {
			t.Errorf("%s: limits %+v, want CPU %v, memory %d, sandbox %d", c.spec, got, c.cpu, c.memory, c.sandbox)
		}
	}
}
