// Package kits tests the starter kits of examples/bots: every bot of the
// Python and Java kits plays a game against Boardgames' random bot through
// GTP, and must finish it without a fault.
package kits

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"boardgames/ai/bots"
	"boardgames/ai/lab"
)

// kitGames lists the games and the name each kit gives them.
var kitGames = []struct{ game, python, java string }{
	{"othello", "othello", "Othello"},
	{"checkers", "checkers", "Checkers"},
	{"connect4", "connect4", "Connect4"},
	{"adjacency", "adjacency", "Adjacency"},
}

// playKitBot plays one game of the bot against random, the bot first,
// and checks that it ends without a fault. The bot thinks at most 0.2 s a
// move (the command caps it) on a budget of 5 s, so that a busy machine
// cannot make it lose on time.
func playKitBot(t *testing.T, game, command string) {
	t.Helper()
	spec, err := bots.ParseSpec(fmt.Sprintf("gtp:%q,time=5s", command))
	if err != nil {
		t.Fatal(err)
	}
	res, err := lab.Arena(context.Background(), lab.ArenaConfig{
		Game: game, P1: spec, P2: bots.Spec{Algo: "random"}, Games: 1, Openings: 2, Seed: 3,
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := res.Records[0]
	if r.Forfeit != "" || res.P1.Forfeits != 0 {
		t.Fatalf("%s forfeited: %s\nstderr: %q\nmoves: %s", command, r.Fault, r.Stderr[0], r.Moves)
	}
	if !r.Result.Over() || r.Adjudicated || res.P1.Moves == 0 {
		t.Fatalf("the game did not end by the rules: %v after %d plies", r.Result, r.Plies)
	}
	t.Logf("%s against random: %s after %d plies, %.3f s a move", command, r.Winner, r.Plies, res.P1.MeanMoveSeconds)
}

func TestPythonKit(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the kits' games are played by the full test run")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed: the Python kit is not tested (scripts/setup installs it)")
	}
	for _, g := range kitGames {
		for _, kind := range []string{"random", "alphabeta"} {
			script := filepath.Join("python", g.python+"_"+kind+".py")
			t.Run(g.game+"/"+kind, func(t *testing.T) { playKitBot(t, g.game, "python3 "+script+" --max-seconds 0.2") })
		}
	}
}

func TestJavaKit(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the kits' games are played by the full test run")
	}
	if _, err := exec.LookPath("javac"); err != nil {
		t.Skip("javac is not installed: the Java kit is not tested (scripts/setup installs default-jdk-headless)")
	}
	classes := t.TempDir()
	sources, err := filepath.Glob(filepath.Join("java", "*.java"))
	if err != nil || len(sources) == 0 {
		t.Fatalf("no Java sources: %v", err)
	}
	out, err := exec.Command("javac", append([]string{"-Xlint:all", "-Werror", "-d", classes}, sources...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("javac: %v\n%s", err, out)
	}
	for _, g := range kitGames {
		for _, kind := range []string{"Random", "AlphaBeta"} {
			class := g.java + kind
			t.Run(g.game+"/"+kind, func(t *testing.T) { playKitBot(t, g.game, "java -Dbot.maxSeconds=0.2 -cp "+classes+" "+class) })
		}
	}
}

func TestGoKit(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the kits' games are played by the full test run")
	}
	bin := filepath.Join(t.TempDir(), "greedybot")
	if out, err := exec.Command("go", "build", "-o", bin, "./go/greedybot").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, g := range kitGames {
		t.Run(g.game, func(t *testing.T) { playKitBot(t, g.game, bin) })
	}
}

func TestKitFilesAreShort(t *testing.T) {
	for _, pattern := range []string{"python/*.py", "java/*.java"} {
		files, _ := filepath.Glob(pattern)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			lines := 0
			for _, c := range b {
				if c == '\n' {
					lines++
				}
			}
			if lines > 160 {
				t.Errorf("%s has %d lines: a starter kit's file should stay under about 150", f, lines)
			}
		}
	}
}
