package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"boardgames/app/safefile/safefiletest"
)

// runCtx runs the command line under ctx and returns its exit status and
// outputs.
func runCtx(t *testing.T, ctx context.Context, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := execute(ctx, args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// interruptAfter returns a context cancelled after d, as by Ctrl+C.
func interruptAfter(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	timer := time.AfterFunc(d, cancel)
	t.Cleanup(func() { timer.Stop(); cancel() })
	return ctx
}

// oneLine fails unless errOut is one line starting with "boardgames ".
func oneErrLine(t *testing.T, args []string, errOut string) {
	t.Helper()
	if strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "boardgames ") {
		t.Errorf("%v: stderr is not one line: %q", args, errOut)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Text output to a full disk fails like JSON output does: exit status 1.
func TestWriteErrorOnStdoutFails(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full:", err)
	}
	defer full.Close()
	for _, args := range [][]string{
		{"show", "-game", "othello"},
		{"show", "-game", "othello", "-json"},
		{"perft", "-game", "connect4", "-depth", "2"},
		{"bench", "-list"},
		{"help"},
	} {
		var errOut bytes.Buffer
		code := execute(context.Background(), args, full, &errOut)
		if code != ExitError || !strings.Contains(errOut.String(), "cannot write the output: the disk is full") {
			t.Errorf("%v > /dev/full: exit %d, stderr %q", args, code, errOut.String())
		}
		oneErrLine(t, args, errOut.String())
	}
}

// Huge -games are refused up front with one line and status 2, never a
// panic or an allocation per game.
func TestHugeGamesRefused(t *testing.T) {
	for _, args := range [][]string{
		{"arena", "-game", "connect4", "-p1", "random", "-p2", "random", "-games", "100000000000"},
		{"arena", "-game", "connect4", "-tournament", "random;greedy;random:seed=2", "-games", "50000"},
		{"arena", "-game", "connect4", "-p1", "random", "-p2", "random", "-parallel", "100000"},
		{"arena", "-game", "connect4", "-p1", "random", "-p2", "random", "-openings", "1000000000"},
		{"bench", "-experiment", "othello-greedy-depth", "-games", "100000000000000"},
		{"compare", "-game", "othello", "-depth", "1000"},
	} {
		code, out, errOut := run(t, args...)
		if code != ExitUsage || out != "" {
			t.Errorf("%v: exit %d, stdout %q", args, code, out)
		}
		oneErrLine(t, args, errOut)
	}
}

// -csv FILE is replaced only by the complete table at the end: a run
// stopped before any game finished leaves it as it was.
func TestArenaCSVIsNotEmptiedAtTheStart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "results.csv")
	os.WriteFile(path, []byte("the user's old results\n"), 0o644)
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // Ctrl+C during the setup
	code, _, errOut := runCtx(t, ctx, "arena", "-game", "othello", "-p1", "random", "-p2", "random", "-games", "4", "-csv", path)
	if code != ExitInterrupted {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if got := readFile(t, path); got != "the user's old results\n" {
		t.Fatalf("FILE holds %q", got)
	}
	// A finished run replaces it.
	code, _, errOut = run(t, "arena", "-game", "connect4", "-p1", "random", "-p2", "random", "-games", "4", "-csv", path)
	if code != ExitOK || !strings.HasPrefix(readFile(t, path), "game,p1_colour,") {
		t.Fatalf("exit %d, stderr %q, file %q", code, errOut, readFile(t, path))
	}
}

// On a full disk -csv FILE keeps its old content: no partial file.
func TestArenaCSVOnFullDisk(t *testing.T) {
	dir := safefiletest.SmallDisk(t)
	path := filepath.Join(dir, "results.csv")
	os.WriteFile(path, []byte("old\n"), 0o644)
	args := []string{"arena", "-game", "connect4", "-p1", "random", "-p2", "random", "-games", "3000", "-csv", path}
	code, _, errOut := run(t, args...)
	if code != ExitError || !strings.Contains(errOut, "the disk is full") || !strings.Contains(errOut, "unchanged") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	oneErrLine(t, args, errOut)
	if got := readFile(t, path); got != "old\n" {
		t.Fatalf("the old file holds %d bytes", len(got))
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("files left: %v", entries)
	}
}

// Output files that cannot be written are bad input, said without the
// name of any temporary file, before any work.
func TestUnwritableOutputs(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"render", "-game", "othello", "-o", dir}, "cannot write " + dir + ": it is a folder"},
		{[]string{"render", "-game", "othello", "-o", filepath.Join(dir, "missing", "x.png")}, "the folder " + filepath.Join(dir, "missing") + " does not exist"},
		{[]string{"arena", "-game", "othello", "-p1", "random", "-p2", "random", "-csv", dir}, "it is a folder"},
		{[]string{"bench", "-experiment", "othello-positional", "-csv", filepath.Join(dir, "no", "x.csv")}, "does not exist"},
	} {
		code, out, errOut := run(t, tc.args...)
		if code != ExitUsage || out != "" || !strings.Contains(errOut, tc.want) || strings.Contains(errOut, ".tmp") || strings.Contains(errOut, ".render-") {
			t.Errorf("%v: exit %d, stderr %q, want %q", tc.args, code, errOut, tc.want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("files left: %v", entries)
	}
}

// render keeps an existing PNG's permissions and writes through links.
func TestRenderReplacesAtomically(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "board.png")
	os.WriteFile(real, []byte("old"), 0o600)
	link := filepath.Join(dir, "link.png")
	os.Symlink(real, link)
	if code, _, errOut := run(t, "render", "-game", "connect4", "-moves", "44", "-o", link, "-size", "120"); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the link became a file")
	}
	if fi, _ := os.Stat(real); fi.Mode().Perm() != 0o600 || !strings.HasPrefix(readFile(t, real), "\x89PNG") {
		t.Errorf("mode %v, content %q", fi.Mode().Perm(), readFile(t, real)[:4])
	}
}

// Every output words results and players with the game's names.
func TestResultWordingIsTheGames(t *testing.T) {
	for _, tc := range []struct {
		game, moves, extra, result string
	}{
		{"connect4", "4455667", "", "Red wins"},
		{"adjacency", "a6 a5", "1", "Orange wins"},
	} {
		args := []string{"-game", tc.game, "-moves", tc.moves}
		if tc.extra != "" {
			args = append(args, "-rounds", tc.extra)
		}
		var s showJSON
		runJSON(t, &s, append(append([]string{"show"}, args...), "-json")...)
		_, text, _ := run(t, append([]string{"show"}, args...)...)
		if s.Result != tc.result || !strings.Contains(text, "Result:   "+tc.result) {
			t.Errorf("show %s: JSON %q, text:\n%s", tc.game, s.Result, text)
		}
		for _, cmd := range [][]string{{"analyze"}, {"compare"}, {"arena", "-p1", "random", "-p2", "random"}} {
			code, _, errOut := run(t, append(cmd, args...)...)
			if code != ExitUsage || !strings.Contains(errOut, "("+tc.result+")") {
				t.Errorf("%s %s after the end: exit %d, %q", cmd[0], tc.game, code, errOut)
			}
		}
	}
	_, out, _ := run(t, "analyze", "-game", "connect4", "-moves", "44", "-algo", "alphabeta", "-depth", "2")
	if !strings.HasPrefix(out, "alphabeta:depth=2 on Connect Four, Red to move\n") {
		t.Errorf("analyze heading: %q", strings.SplitN(out, "\n", 2)[0])
	}
}

// analyze without -depth or -time runs the engine with a default budget.
func TestAnalyzeDefaultBudget(t *testing.T) {
	var a struct {
		Bot  string `json:"bot"`
		Move string `json:"move"`
	}
	runJSON(t, &a, "analyze", "-game", "othello", "-moves", "f5d6c3d3c4f4f6", "-json")
	if a.Bot != "engine:time=1s" || a.Move == "" {
		t.Errorf("%+v", a)
	}
}

// A bot's own flags must apply to its algorithm; compare's shared -depth
// applies to the algorithms that take it and says which ran without it.
func TestDepthRule(t *testing.T) {
	code, _, errOut := run(t, "analyze", "-game", "othello", "-algo", "random", "-depth", "2")
	if code != ExitUsage || !strings.Contains(errOut, "-depth does not apply to random, which takes -seed") {
		t.Errorf("analyze -algo random -depth 2: exit %d, %q", code, errOut)
	}
	expectBadInput(t, "arena", "-game", "othello", "-p1", "random:depth=2", "-p2", "random")
	expectBadInput(t, "compare", "-game", "othello", "-algos", "random:depth=2")
	code, out, _ := run(t, "compare", "-game", "othello", "-algos", "random,alphabeta", "-depth", "3")
	if code != ExitOK || !strings.Contains(out, "(random ran without -depth, which it does not take)") {
		t.Errorf("compare -depth 3 with random: exit %d\n%s", code, out)
	}
	// The default depth is no flag given: no note.
	if _, out, _ := run(t, "compare", "-game", "othello", "-algos", "random,alphabeta"); strings.Contains(out, "ran without") {
		t.Errorf("a note for a flag not given:\n%s", out)
	}
}

// Ctrl+C prints what finished, marked partial, with exit status 130.
func TestInterrupts(t *testing.T) {
	t.Run("analyze", func(t *testing.T) {
		code, out, errOut := runCtx(t, interruptAfter(t, 300*time.Millisecond),
			"analyze", "-game", "othello", "-algo", "engine", "-depth", "60", "-json")
		var a struct {
			Move    string `json:"move"`
			Partial bool   `json:"partial"`
		}
		if err := json.Unmarshal([]byte(out), &a); err != nil || code != ExitInterrupted || a.Move == "" || !a.Partial {
			t.Errorf("exit %d, %+v (%v), stderr %q", code, a, err, errOut)
		}
		code, out, _ = runCtx(t, interruptAfter(t, 300*time.Millisecond), "analyze", "-game", "othello", "-algo", "engine", "-depth", "60")
		if code != ExitInterrupted || !strings.Contains(out, "partial") || !strings.Contains(out, "best move: ") {
			t.Errorf("text: exit %d\n%s", code, out)
		}
	})
	t.Run("compare", func(t *testing.T) {
		code, out, errOut := runCtx(t, interruptAfter(t, 500*time.Millisecond),
			"compare", "-game", "othello", "-algos", "alphabeta;minimax:depth=12;negascout", "-depth", "2", "-json")
		var c struct {
			Results []struct {
				Bot         string `json:"bot"`
				Interrupted bool   `json:"interrupted"`
			} `json:"results"`
			Partial bool     `json:"partial"`
			NotRun  []string `json:"notRun"`
		}
		if err := json.Unmarshal([]byte(out), &c); err != nil || code != ExitInterrupted || !c.Partial {
			t.Fatalf("exit %d, %v, stderr %q\n%s", code, err, errOut, out)
		}
		if len(c.Results) != 2 || c.Results[0].Interrupted || !c.Results[1].Interrupted ||
			len(c.NotRun) != 1 || c.NotRun[0] != "negascout:depth=2" {
			t.Errorf("%+v", c)
		}
	})
	t.Run("arena", func(t *testing.T) {
		code, out, errOut := runCtx(t, interruptAfter(t, time.Second),
			"arena", "-game", "othello", "-p1", "alphabeta:depth=3", "-p2", "random", "-games", "100000", "-parallel", "2")
		if code != ExitInterrupted || !strings.Contains(out, "of 100000 (partial: interrupted)") || !strings.Contains(errOut, "finished games only") {
			t.Errorf("exit %d, stderr %q\n%s", code, errOut, out)
		}
	})
	t.Run("bench", func(t *testing.T) {
		code, out, errOut := runCtx(t, interruptAfter(t, time.Second),
			"bench", "-experiment", "othello-positional", "-games", "2000", "-parallel", "2")
		if code != ExitInterrupted || out != "" && !strings.Contains(out, "(partial: interrupted; the rows that finished)") {
			t.Errorf("exit %d, stderr %q\n%s", code, errOut, out)
		}
	})
	t.Run("perft", func(t *testing.T) {
		code, out, _ := runCtx(t, interruptAfter(t, 300*time.Millisecond), "perft", "-game", "othello", "-depth", "13", "-divide")
		if code != ExitInterrupted || !strings.Contains(out, "(partial: ") {
			t.Errorf("exit %d\n%s", code, out)
		}
	})
}
