package gtp_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"boardgames/ai/gtp"
	"boardgames/rules"
	"boardgames/rules/games"
)

// The stand-in for Edax (testdata/edax) is built once per test run.
var (
	edaxOnce sync.Once
	edaxBin  string
	edaxErr  error
)

// edaxStandIn builds the stand-in and returns its path and a data folder
// it accepts (one holding data/eval.dat).
func edaxStandIn(t *testing.T) (bin, dir string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in's games use Unix processes")
	}
	edaxOnce.Do(func() {
		tmp, err := os.MkdirTemp("", "edax-stand-in")
		if err != nil {
			edaxErr = err
			return
		}
		edaxBin = filepath.Join(tmp, "edax")
		if out, err := exec.Command("go", "build", "-o", edaxBin, "./testdata/edax").CombinedOutput(); err != nil {
			edaxErr = err
			edaxBin = string(out)
		}
	})
	if edaxErr != nil {
		t.Fatalf("go build ./testdata/edax: %v\n%s", edaxErr, edaxBin)
	}
	dir = t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "data"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "data", "eval.dat"), []byte("weights"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The program sits in its data folder, as Edax's does, and is named
	// relative to it.
	if err := os.Link(edaxBin, filepath.Join(dir, "edax")); err != nil {
		b, err := os.ReadFile(edaxBin)
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, "edax"), b, 0o755)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return edaxBin, dir
}

// playEdax plays a game of Othello with the stand-in as Black against a
// first-legal-move White (up to most of Black's moves, 0: to the end),
// and returns the game, the first error and the transcript.
func playEdax(t *testing.T, most int, opt gtp.Options, argv ...string) (games.Record, error, string) {
	t.Helper()
	var log strings.Builder
	opt.Log = &log
	ctx := context.Background()
	g, _ := games.Lookup("othello")
	start, _ := g.Start(games.Settings{})
	rec := games.NewRecord(start)
	e, err := gtp.Launch(ctx, argv, opt)
	if err != nil {
		return rec, err, log.String()
	}
	defer func() {
		if e != nil {
			e.Close()
		}
	}()
	if err := e.NewGame(ctx, g, games.Settings{}, nil); err != nil {
		return rec, err, log.String()
	}
	for n := 0; !rec.Result().Over() && (most == 0 || n < most); {
		pos := rec.Position()
		legal := pos.Legal()
		var m rules.Move
		switch {
		case len(legal) == 1 && pos.MoveString(legal[0]) == "pass":
			m = legal[0]
		case pos.ToMove() == rules.Black:
			if m, _, err = e.GenMove(ctx, rec); err != nil {
				e.Close()
				e = nil
				return rec, err, log.String()
			}
			n++
		default:
			m = legal[0]
		}
		if err := rec.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	e.Close()
	e = nil
	return rec, nil, log.String()
}

// sentLines returns the commands of a transcript written by gtp.Transcript.
func sentLines(log string) []string {
	var out []string
	for _, l := range strings.Split(log, "\n") {
		f := strings.Fields(l)
		if len(f) > 2 && f[1] == ">" {
			out = append(out, strings.Join(f[2:], " "))
		}
	}
	return out
}

// TestEdaxStandInGame: in its data folder, with its progress lines on
// standard output skipped, the Edax stand-in plays a whole game within a
// sub-second budget.
func TestEdaxStandInGame(t *testing.T) {
	_, dir := edaxStandIn(t)
	opt := gtp.Options{Budget: gtp.Budget{Move: 500 * time.Millisecond, Grace: 2 * time.Second}}
	opt.Limits.Dir = dir
	rec, err, log := playEdax(t, 0, opt, "./edax", "-gtp")
	if err != nil {
		t.Fatalf("%v after %s\n%s", err, rec, log)
	}
	if !strings.Contains(log, " ~ *** SEARCH STILL RUNNING ? (1) ***") {
		t.Errorf("no skipped progress line in the transcript:\n%s", log)
	}
	if !strings.Contains(log, "in "+dir) || !strings.Contains(log, "! got list_commands") || !strings.Contains(log, "# stopped (exit status 0)") {
		t.Errorf("the transcript lacks its header, the stand-in's stderr or its end:\n%s", log)
	}
}

// TestEdaxStandInStrict: with Strict, the progress line is a malformed
// reply and the game is lost at the first move Edax searches.
func TestEdaxStandInStrict(t *testing.T) {
	_, dir := edaxStandIn(t)
	opt := gtp.Options{Budget: gtp.Budget{Move: 500 * time.Millisecond, Grace: 2 * time.Second}, Strict: true}
	opt.Limits.Dir = dir
	_, err, _ := playEdax(t, 0, opt, "./edax", "-gtp")
	wantFault(t, err, gtp.FaultMalformed, `"*** SEARCH STILL RUNNING ? (1) ***" does not start with '=' or '?'`)
}

// TestEdaxStandInNeedsItsFolder: started elsewhere, Edax exits before
// list_commands; a working directory that does not exist is an error
// before anything starts.
func TestEdaxStandInNeedsItsFolder(t *testing.T) {
	bin, _ := edaxStandIn(t)
	_, err, log := playEdax(t, 0, gtp.Options{}, bin, "-gtp")
	wantFault(t, err, gtp.FaultCrash, "exit status 1")
	if !strings.Contains(log, "! Cannot open data/eval.dat") {
		t.Errorf("no stderr in the transcript:\n%s", log)
	}
	opt := gtp.Options{}
	opt.Limits.Dir = filepath.Join(t.TempDir(), "nowhere")
	_, err, _ = playEdax(t, 0, opt, "./edax", "-gtp")
	if err == nil || !strings.Contains(err.Error(), "working directory") || !strings.Contains(err.Error(), "nowhere") {
		t.Errorf("a missing folder: %v", err)
	}
}

// TestEdaxStandInClock: the time commands describe the game's clock in
// whole seconds, a sub-second budget as 1 second, never 0; the stand-in
// does not list bg-time_left_ms, so it gets none.
func TestEdaxStandInClock(t *testing.T) {
	_, dir := edaxStandIn(t)
	for _, tc := range []struct {
		name     string
		budget   gtp.Budget
		settings string
		left     func(string) bool
	}{
		{"per move 300ms", gtp.Budget{Move: 300 * time.Millisecond, Grace: 2 * time.Second}, "time_settings 0 1 1",
			func(s string) bool { return s == "time_left b 1 1" }},
		{"per move 1.2s", gtp.Budget{Move: 1200 * time.Millisecond, Grace: 2 * time.Second}, "time_settings 0 2 1",
			func(s string) bool { return s == "time_left b 2 1" }},
		{"per game 4s", gtp.Budget{Move: 2 * time.Second, Total: 4 * time.Second}, "time_settings 4 0 0",
			func(s string) bool {
				var n int
				_, err := fmt.Sscanf(s, "time_left b %d 0", &n)
				return err == nil && n >= 1 && n <= 4
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opt := gtp.Options{Budget: tc.budget}
			opt.Limits.Dir = dir
			most := 0 // the whole game
			if tc.budget.Total > 0 {
				most = 4 // Edax spends its clock on the game: the first moves show the rule
			}
			rec, err, log := playEdax(t, most, opt, "./edax", "-gtp")
			if err != nil {
				t.Fatalf("%v after %s\n%s", err, rec, log)
			}
			var settings, lefts int
			first := ""
			for _, c := range sentLines(log) {
				switch {
				case strings.HasPrefix(c, "time_settings"):
					settings++
					if c != tc.settings {
						t.Errorf("sent %q, want %q", c, tc.settings)
					}
				case strings.HasPrefix(c, "time_left"):
					lefts++
					if first == "" {
						first = c
					}
					if !tc.left(c) {
						t.Errorf("sent %q", c)
					}
				case strings.HasPrefix(c, gtp.CmdTimeLeftMS):
					t.Errorf("sent %q to an engine that does not list it", c)
				}
			}
			if settings != 1 || lefts == 0 {
				t.Errorf("%d time_settings, %d time_left", settings, lefts)
			}
			if tc.budget.Total > 0 && first != "time_left b 4 0" {
				t.Errorf("the first time_left is %q, want the whole clock", first)
			}
		})
	}
}

// TestTranscriptLimit: a transcript stops at MaxTranscript with a note.
func TestTranscriptLimit(t *testing.T) {
	var b strings.Builder
	tr := gtp.NewTranscript(&b, []string{"flood"}, "")
	line := strings.Repeat("y", 1000)
	for range gtp.MaxTranscript/1000 + 10 {
		tr.Add("~", line)
	}
	if b.Len() > gtp.MaxTranscript || !strings.HasSuffix(b.String(), "# the transcript stops here: it reached 16 MiB\n") {
		t.Errorf("%d bytes, ending %q", b.Len(), b.String()[b.Len()-80:])
	}
}
