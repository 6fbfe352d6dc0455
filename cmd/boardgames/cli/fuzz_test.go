package cli

import (
	"boardgames/app/safefile"
	"bytes"
	"context"
	"errors"
	"flag"
	"strings"
	"testing"
)

// fuzzArgs fuzzes a subcommand's argument handling: its prepare stage on
// the arguments in the fuzzed text, one per line. Whatever the arguments,
// prepare must not panic, and must either accept them or refuse them as
// bad input with a message; with run set, accepted arguments are also run
// (for the commands whose work is always quick) and must succeed. Paths
// are kept inside a temporary folder: arguments with a slash are skipped.
func fuzzArgs(f *testing.F, prepare func(*env, []string) (func() error, error), run bool, seeds ...string) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		var args []string
		if text != "" {
			args = strings.Split(text, "\n")
		}
		for _, a := range args {
			if strings.ContainsAny(a, `/\`) {
				return
			}
		}
		t.Chdir(t.TempDir())
		var out, errOut bytes.Buffer
		w := &safefile.ErrWriter{W: &out}
		e := &env{ctx: context.Background(), stdout: w, stderr: &errOut, out: w}
		work, err := prepare(e, args)
		var u usageError
		switch {
		case errors.Is(err, flag.ErrHelp):
			return
		case err != nil && !errors.As(err, &u):
			t.Fatalf("%q: an error that is not bad input: %v", args, err)
		case err != nil && strings.TrimSpace(err.Error()) == "":
			t.Fatalf("%q: an empty message", args)
		case err != nil:
			return
		case work == nil:
			t.Fatalf("%q: accepted, with no work", args)
		}
		if run {
			if err := work(); err != nil {
				t.Fatalf("%q: accepted, then failed: %v", args, err)
			}
		}
	})
}

func FuzzPerftArgs(f *testing.F) {
	fuzzArgs(f, preparePerft, false,
		"-game\nothello\n-depth\n3", "-game\ncheckers\n-depth\n2\n-divide\n-json", "-game\nconnect4\n-depth\n0",
		"-game\nadjacency\n-rounds\n3\n-depth\n2\n-moves\nc6 f3", "-depth\n99", "-game=othello\n-position\nXO X\n-depth=1")
}

func FuzzShowArgs(f *testing.F) {
	fuzzArgs(f, prepareShow, true,
		"-game\nothello\n-moves\nf5d6c3", "-game\ncheckers\n-position\nB:W-1:B1", "-game\nadjacency\n-moves\nｃ6 pass",
		"-game\nconnect4\n-moves\n4455667\n-json", "-game\nothello\n-first\nO\n-json", "-game\nreversi\n-rounds\n3",
		"-game\nadjacency\n-rounds\n1\n-moves\nc6 f3", "-h", "-game\nothello\nextra")
}

func FuzzAnalyzeArgs(f *testing.F) {
	fuzzArgs(f, prepareAnalyze, false,
		"-game\nothello", "-game\nothello\n-algo\nrandom\n-depth\n2", "-game\nconnect4\n-moves\n44\n-algo\nmcts\n-iterations\n10",
		"-game\ncheckers\n-algo\nalphabeta\n-depth\n4\n-order\n-eval\npaper", "-game\nconnect4\n-moves\n4455667",
		"-game\nadjacency\n-algo\ngenetic\n-population\n1", "-game\nothello\n-algo\nengine\n-tt\n999999", "-algo\nnonsense")
}

func FuzzCompareArgs(f *testing.F) {
	fuzzArgs(f, prepareCompare, false,
		"-game\nothello\n-algos\nrandom,alphabeta\n-depth\n3", "-game\ncheckers\n-algos\nminimax;alphabeta:order=true,depth=6",
		"-game\nconnect4\n-algos\ndepth=3", "-game\nothello\n-algos\n,;,", "-game\nadjacency\n-time\n-1s",
		"-game\nothello\n-algos\nmcts:iterations=5\n-seed\n7\n-json", "-game\nothello\n-depth\n1000")
}

func FuzzArenaArgs(f *testing.F) {
	fuzzArgs(f, prepareArena, false,
		"-game\nconnect4\n-p1\nrandom\n-p2\ngreedy\n-games\n4", "-game\nothello\n-tournament\nrandom;greedy;random:seed=2\n-games\n2",
		"-game\nconnect4\n-p1\nrandom\n-p2\nrandom\n-games\n100000000000", "-game\nothello\n-p1\nrandom:depth=2\n-p2\nrandom",
		"-game\nadjacency\n-p1\ngreedy\n-p2\nrandom\n-csv\nout.csv", "-game\nothello\n-p1\nrandom\n-p2\nrandom\n-json\n-csv\n-",
		"-game\nconnect4\n-tournament\n;;;\n-games\n3", "-game\nothello\n-p1\nx\n-p2\ny\n-openings\n-1")
}

func FuzzBenchArgs(f *testing.F) {
	fuzzArgs(f, prepareBench, false,
		"-experiment\nothello-positional\n-quick", "-list\n-json", "-experiment\nnonsense", "-experiment\ncheckers-negascout\n-csv\nx.csv",
		"-experiment\nadjacency-roundrobin\n-games\n100000000", "-experiment\nothello-greedy-depth\n-parallel\n-2")
}

func FuzzRenderArgs(f *testing.F) {
	fuzzArgs(f, prepareRender, false,
		"-game\nothello\n-o\nx.png", "-game\nconnect4\n-moves\n44\n-o\nb.png\n-size\n64\n-legal", "-game\nothello\n-o\n.",
		"-game\nothello\n-size\n1\n-o\nx.png", "-game\ncheckers\n-o\n-")
}

// FuzzRun fuzzes the dispatch: any first argument is a known command, help
// or an unknown command reported as bad input.
func FuzzRun(f *testing.F) {
	for _, s := range []string{"", "help", "-h", "frobnicate", "show\n-h", "--help", "perft\n-bogus"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		var args []string
		if text != "" {
			args = strings.Split(text, "\n")
		}
		if len(args) > 0 && IsCommand(args[0]) && !strings.HasPrefix(args[0], "-") && args[0] != "help" {
			if len(args) == 1 || args[1] != "-h" {
				return // the commands' own targets cover them
			}
		}
		var out, errOut bytes.Buffer
		code := execute(context.Background(), args, &out, &errOut)
		if code != ExitOK && code != ExitUsage {
			t.Fatalf("%q: exit %d", args, code)
		}
		if code == ExitUsage && strings.Count(errOut.String(), "\n") != 1 {
			t.Fatalf("%q: stderr %q", args, errOut.String())
		}
	})
}
