package gtp_test

import (
	"context"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"boardgames/ai/gtp"
	"boardgames/ai/gtp/proc"
	"boardgames/rules/games"
)

// The misbehaving bots of testdata/bots are sh scripts playing Connect
// Four; these tests need a Unix system.

func launchBot(t *testing.T, script string, budget gtp.Budget, args ...string) *gtp.Engine {
	t.Helper()
	return launchWith(t, script, gtp.Options{Budget: budget}, args...)
}

// launchBotLimits is launchBot with the limits given (script may be a
// path of its own).
func launchBotLimits(t *testing.T, script string, budget gtp.Budget, lim proc.Limits, args ...string) *gtp.Engine {
	t.Helper()
	return launchWith(t, script, gtp.Options{Budget: budget, Limits: lim}, args...)
}

// launchWith is launchBot with options (a memory limit of 64 MiB unless
// they set one; script may be a path of its own).
func launchWith(t *testing.T, script string, opt gtp.Options, args ...string) *gtp.Engine {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the test bots are sh scripts")
	}
	if !strings.Contains(script, "/") {
		script = "testdata/bots/" + script
	}
	argv := append([]string{"sh", script}, args...)
	if opt.Limits.Memory == 0 {
		opt.Limits.Memory = 64 << 20
	}
	e, err := gtp.Launch(context.Background(), argv, opt)
	if err != nil {
		t.Fatalf("Launch %s: %v", script, err)
	}
	t.Cleanup(func() { e.Close() })
	g, _ := games.Lookup("connect4")
	if err := e.NewGame(context.Background(), g, games.Settings{}, nil); err != nil {
		t.Fatalf("NewGame: %v", err)
	}
	return e
}

// playUntilFault has the engine play Red against a bot that plays column
// 7, and returns the first error and the moves the engine made before it.
func playUntilFault(t *testing.T, e *gtp.Engine, most int) (int, error) {
	t.Helper()
	g, _ := games.Lookup("connect4")
	start, _ := g.Start(games.Settings{})
	rec := games.NewRecord(start)
	for n := 0; n < most; n++ {
		m, _, err := e.GenMove(context.Background(), rec)
		if err != nil {
			return n, err
		}
		if err := rec.Play(m); err != nil {
			t.Fatal(err)
		}
		seven, _ := rec.Position().ParseMove("7")
		if err := rec.Play(seven); err != nil {
			t.Fatal(err)
		}
	}
	return most, nil
}

func wantFault(t *testing.T, err error, kind gtp.FaultKind, detail string) *gtp.Fault {
	t.Helper()
	f, ok := gtp.AsFault(err)
	if !ok || f.Kind != kind || !strings.Contains(f.Detail, detail) {
		t.Fatalf("got %v, want a %s fault mentioning %q", err, kind, detail)
	}
	return f
}

// pidFrom finds "<prefix> <pid>" in stderr lines.
func pidFrom(t *testing.T, lines []string, prefix string) int {
	t.Helper()
	for _, l := range lines {
		if rest, ok := strings.CutPrefix(l, prefix+" "); ok {
			if pid, err := strconv.Atoi(strings.TrimSpace(rest)); err == nil {
				return pid
			}
		}
	}
	t.Fatalf("no %q line in stderr %q", prefix, lines)
	return 0
}

// running reports whether a process exists and is not a zombie (an
// orphan waiting for init to reap it counts as ended).
func running(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

// gone waits up to two seconds for a process to end.
func gone(pid int) bool {
	for range 200 {
		if !running(pid) {
			return true
		}
		time.Sleep(10 * time.Millisecond)
	}
	return false
}

func needProc(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
}

// unsandboxed are the limits of the tests of the process group, which
// holds a program that runs without the sandbox (its PID namespace would
// hide the pids the bots print).
var unsandboxed = proc.Limits{Memory: 64 << 20, Sandbox: proc.SandboxOff}

func TestSleepingBotTimesOut(t *testing.T) {
	needProc(t)
	e := launchBotLimits(t, "sleeper.sh", gtp.Budget{Move: 300 * time.Millisecond}, unsandboxed)
	began := time.Now()
	n, err := playUntilFault(t, e, 3)
	took := time.Since(began)
	wantFault(t, err, gtp.FaultTimeout, "no move within 0.415 s")
	if n != 0 {
		t.Errorf("it made %d moves", n)
	}
	if took > 5*time.Second {
		t.Errorf("the timeout took %v", took)
	}
	sleeper := pidFrom(t, e.Stderr(), "thinking in")
	pid := e.Pid()
	e.Close()
	if !gone(pid) || !gone(sleeper) {
		t.Errorf("after Close: bot running %v, its child running %v", running(pid), running(sleeper))
	}
}

func TestTotalBudget(t *testing.T) {
	e := launchBot(t, "sleeper.sh", gtp.Budget{Total: 200 * time.Millisecond})
	_, err := playUntilFault(t, e, 3)
	wantFault(t, err, gtp.FaultTimeout, "the budget 0.2 s")
}

func TestGarbageIsMalformed(t *testing.T) {
	e := launchWith(t, "garbage.sh", gtp.Options{Budget: gtp.Budget{Move: 5 * time.Second}, Strict: true})
	n, err := playUntilFault(t, e, 3)
	wantFault(t, err, gtp.FaultMalformed, `"I think the best column is 4" does not start with '=' or '?'`)
	if n != 1 {
		t.Errorf("%d good moves before the garbage, want 1", n)
	}
	if got := strings.Join(e.Stderr(), "|"); !strings.Contains(got, "about to talk nonsense") {
		t.Errorf("stderr %q", got)
	}
	// The engine is stopped: nothing more is asked of it.
	g, _ := games.Lookup("connect4")
	if err := e.NewGame(context.Background(), g, games.Settings{}, nil); err == nil {
		t.Error("a broken engine set up a new game")
	}
}

// TestGarbageIsSkipped: without Strict, the sentence before a reply is
// skipped (and logged), so the engine that never replies times out.
func TestGarbageIsSkipped(t *testing.T) {
	var log strings.Builder
	e := launchWith(t, "garbage.sh", gtp.Options{Budget: gtp.Budget{Move: 300 * time.Millisecond, Grace: 100 * time.Millisecond}, Log: &log})
	n, err := playUntilFault(t, e, 3)
	wantFault(t, err, gtp.FaultTimeout, "the budget 0.3 s plus 0.1 s of grace")
	if n != 1 {
		t.Errorf("%d good moves before the garbage, want 1", n)
	}
	e.Close()
	for _, want := range []string{"~ I think the best column is 4", "! about to talk nonsense", "# timeout: no move within 0.4 s", "# stopped ("} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("no %q in the log:\n%s", want, log.String())
		}
	}
}

func TestEndlessLineIsMalformed(t *testing.T) {
	e := launchBot(t, "garbage.sh", gtp.Budget{Move: 5 * time.Second}, "endless")
	_, err := playUntilFault(t, e, 3)
	wantFault(t, err, gtp.FaultMalformed, "a line of more than 65536 bytes")
}

func TestExitMidGameIsACrash(t *testing.T) {
	e := launchBot(t, "exiter.sh", gtp.Budget{Move: 5 * time.Second})
	n, err := playUntilFault(t, e, 5)
	wantFault(t, err, gtp.FaultCrash, "exit status 3")
	if n != 2 {
		t.Errorf("%d moves before the crash, want 2", n)
	}
	if got := e.Close(); len(got) == 0 || got[len(got)-1] != "bye: giving up after 2 moves" {
		t.Errorf("stderr %q", got)
	}
}

func TestForkedChildrenAreKilled(t *testing.T) {
	needProc(t)
	e := launchBotLimits(t, "forker.sh", gtp.Budget{Move: 5 * time.Second}, unsandboxed)
	if n, err := playUntilFault(t, e, 2); err != nil || n != 2 {
		t.Fatalf("%d moves, %v", n, err)
	}
	child := pidFrom(t, e.Stderr(), "forked")
	if !running(child) {
		t.Fatal("the forked child is not running during the game")
	}
	pid := e.Pid()
	e.Close()
	if !gone(pid) || !gone(child) {
		t.Errorf("after Close: bot running %v, its forked child running %v", running(pid), running(child))
	}
}

func TestCleanEnvironmentAndMemoryLimit(t *testing.T) {
	t.Setenv("BOARDGAMES_TEST_SECRET", "hunter2")
	e := launchBot(t, "env.sh", gtp.Budget{})
	lines := e.Close()
	env := strings.Join(lines, "\n")
	if strings.Contains(env, "hunter2") {
		t.Errorf("the secret reached the bot:\n%s", env)
	}
	for _, want := range []string{"PATH=", "PYTHONUNBUFFERED=1", "ulimit-d 65536"} {
		if !strings.Contains(env, want) {
			t.Errorf("no %q in the bot's report:\n%s", want, env)
		}
	}
}

func TestLaunchErrors(t *testing.T) {
	if _, err := gtp.Launch(context.Background(), []string{"/no/such/bot"}, gtp.Options{}); err == nil {
		t.Error("a missing program launched")
	}
	// A program that is no engine: it ends at once.
	_, err := gtp.Launch(context.Background(), []string{"true"}, gtp.Options{})
	wantFault(t, err, gtp.FaultCrash, "it exited with status 0")
}
