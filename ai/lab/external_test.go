package lab

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"boardgames/ai/bots"
	"boardgames/rules/games"
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
		{`gtp:"sh ../gtp/testdata/bots/garbage.sh",strict`, "malformed reply", "about to talk nonsense"},
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

// TestArenaLogs: with LogDir, every game of an external program leaves
// its transcript, named by game, bot and colour; in a tournament the
// pairing comes first.
func TestArenaLogs(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the test bots are sh scripts")
	}
	dir := t.TempDir()
	cfg := ArenaConfig{Game: "connect4", P1: mustSpec(t, `gtp:"sh ../gtp/testdata/bots/exiter.sh",name=alice`), P2: mustSpec(t, "random"),
		Games: 2, Seed: 1, LogDir: dir}
	if _, err := Arena(context.Background(), cfg, nil); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"001-alice-red.gtp.log", "002-alice-yellow.gtp.log"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"exiter.sh", "> list_commands", "> genmove", "! bye: giving up after 2 moves", "# crash: "} {
			if !strings.Contains(string(b), want) {
				t.Errorf("%s has no %q:\n%s", name, want, b)
			}
		}
	}
	tdir := t.TempDir()
	specs := []bots.Spec{mustSpec(t, "random"), mustSpec(t, `gtp:"sh ../gtp/testdata/bots/exiter.sh"`)}
	if _, err := Tournament(context.Background(), "connect4", games.Settings{}, specs, 1, TournamentOptions{Seed: 1, LogDir: tdir}, nil); err != nil {
		t.Fatal(err)
	}
	got, _ := filepath.Glob(filepath.Join(tdir, "*"))
	if len(got) != 1 || filepath.Base(got[0]) != "01-001-sh_exiter.sh-yellow.gtp.log" {
		t.Errorf("tournament logs %q", got)
	}
}

// TestArenaSeedsExternals: a program that lists bg-seed (the Go kit's
// greedybot, which breaks ties at random) plays the same games again
// with the same -seed.
func TestArenaSeedsExternals(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds the Go kit's bot")
	}
	bin := filepath.Join(t.TempDir(), "greedybot")
	if out, err := exec.Command("go", "build", "-o", bin, "../../examples/bots/go/greedybot").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	moves := func(seed uint64) string {
		cfg := ArenaConfig{Game: "connect4", P1: mustSpec(t, `gtp:"`+bin+`"`), P2: mustSpec(t, `gtp:"`+bin+`"`), Games: 4, Seed: seed, Parallel: 1}
		res, err := Arena(context.Background(), cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		var all []string
		for _, r := range res.Records {
			all = append(all, r.Moves)
		}
		return strings.Join(all, "|")
	}
	a, b, c := moves(1), moves(1), moves(2)
	if a != b {
		t.Errorf("seed 1 twice:\n%s\n%s", a, b)
	}
	if a == c {
		t.Errorf("seeds 1 and 2 gave the same games: %s", a)
	}
}
