package lab

import (
	"context"
	"runtime"
	"strings"
	"testing"
)

// The misbehaving bots of package gtp's tests (sh scripts playing Connect
// Four) lose their games by forfeit; the match goes on and every game is
// counted.
func TestArenaForfeits(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the test bots are sh scripts")
	}
	for _, tc := range []struct {
		bot, fault, stderr string
	}{
		{`gtp:"sh ../gtp/testdata/bots/exiter.sh"`, "the engine's output ended (exit status 3)", "bye: giving up after 2 moves"},
		{`gtp:"sh ../gtp/testdata/bots/sleeper.sh",time=200ms`, "timeout: no move within 0.31 s", "thinking in"},
		{`gtp:"sh ../gtp/testdata/bots/garbage.sh"`, "malformed reply", "about to talk nonsense"},
	} {
		t.Run(tc.bot, func(t *testing.T) {
			cfg := ArenaConfig{Game: "connect4", P1: mustSpec(t, tc.bot), P2: mustSpec(t, "random"), Games: 2, Seed: 1}
			res, err := Arena(context.Background(), cfg, nil)
			if err != nil {
				t.Fatal(err)
			}
			checkTotals(t, res, 2)
			if res.P1.Losses != 2 || res.P1.Forfeits != 2 || res.P2.Forfeits != 0 {
				t.Errorf("P1 %+v, P2 %+v: want two forfeits by P1", res.P1, res.P2)
			}
			for _, r := range res.Records {
				if r.Forfeit != "p1" || r.Winner != "p2" || !strings.Contains(r.Fault, tc.fault) {
					t.Errorf("game %d: forfeit %q, winner %q, fault %q; want p1's %q", r.Number, r.Forfeit, r.Winner, r.Fault, tc.fault)
				}
				if got := strings.Join(r.Stderr[0], "\n"); !strings.Contains(got, tc.stderr) || len(r.Stderr[1]) != 0 {
					t.Errorf("game %d: stderr %q / %q, want %q in P1's", r.Number, r.Stderr[0], r.Stderr[1], tc.stderr)
				}
			}
		})
	}
}

func TestArenaRefusesMissingProgram(t *testing.T) {
	cfg := ArenaConfig{Game: "connect4", P1: mustSpec(t, "random"), Games: 2}
	cfg.P2 = cfg.P1
	cfg.P2.Algo, cfg.P2.Command = "gtp", "/no/such/bot --fast"
	if _, err := Arena(context.Background(), cfg, nil); err == nil || !strings.Contains(err.Error(), "/no/such/bot") {
		t.Errorf("a missing program: %v", err)
	}
}
