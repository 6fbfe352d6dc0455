package gtp_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"boardgames/ai/gtp"
	"boardgames/ai/gtp/proc"
	"boardgames/rules/games"
)

// The sandbox's tests run testdata/bots/hostile.sh, a bash bot that tries
// what a bot must not do, from a folder of its own (a student's
// submission), with real bubblewrap; they are skipped where there is none.

func needSandbox(t *testing.T) {
	t.Helper()
	if err := proc.SandboxStatus(); err != nil {
		t.Skipf("no sandbox to test: %v", err)
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("the hostile bot is a bash script")
	}
}

// hostileBot copies the hostile bot and its targets into a folder of its
// own and launches it, sandboxed unless lim says otherwise. A target's
// "BOT/" stands for that folder; it returns the targets as the bot has
// them.
func hostileBot(t *testing.T, lim proc.Limits, budget gtp.Budget, targets []string, args ...string) (*gtp.Engine, []string) {
	t.Helper()
	dir := t.TempDir()
	targets = append([]string(nil), targets...)
	for i, target := range targets {
		if rest, ok := strings.CutPrefix(target, "BOT/"); ok {
			targets[i] = filepath.Join(dir, rest)
		}
	}
	for _, f := range []string{"common.sh", "hostile.sh"} {
		b, err := os.ReadFile(filepath.Join("testdata", "bots", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "targets"), []byte(strings.Join(targets, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	argv := append([]string{"bash", filepath.Join(dir, "hostile.sh")}, args...)
	e, err := gtp.Launch(context.Background(), argv, gtp.Options{Budget: budget, Limits: lim})
	if err != nil {
		t.Fatalf("Launch: %v", err)
	}
	t.Cleanup(func() { e.Close() })
	g, _ := games.Lookup("connect4")
	if err := e.NewGame(context.Background(), g, games.Settings{}, nil); err != nil {
		t.Fatalf("NewGame: %v", err)
	}
	return e, targets
}

// hostileLimits are a hostile bot's limits: 256 MiB, in the sandbox.
var hostileLimits = proc.Limits{Memory: 256 << 20}

// refusedAll checks that the bot forfeited by exiting with status 3 (all
// it tried was refused) and that each target has its "refused" line.
func refusedAll(t *testing.T, e *gtp.Engine, err error, targets []string) string {
	t.Helper()
	stderr := strings.Join(e.Close(), "\n")
	if f, ok := gtp.AsFault(err); !ok || f.Kind != gtp.FaultCrash || !strings.Contains(f.Detail, "exit status 3") {
		t.Fatalf("got %v, want the forfeit of a bot refused all it tried; its stderr:\n%s", err, stderr)
	}
	t.Logf("%v; its stderr:\n%s", err, stderr)
	for _, target := range targets {
		if !strings.Contains(stderr, "refused "+target+":") {
			t.Errorf("no refusal of %s in its stderr:\n%s", target, stderr)
		}
	}
	return stderr
}

// fakeHome makes a home folder with an SSH key outside the bot's folder.
func fakeHome(t *testing.T) (home, key, secret string) {
	home = t.TempDir()
	secret = fmt.Sprintf("PRIVATE KEY %d", time.Now().UnixNano())
	key = filepath.Join(home, ".ssh", "id_ed25519")
	if err := os.MkdirAll(filepath.Dir(key), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(key, []byte(secret+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return home, key, secret
}

func TestSandboxHidesSecrets(t *testing.T) {
	needSandbox(t)
	home, key, secret := fakeHome(t)
	other, _ := filepath.Abs("launch_test.go") // another program's file
	targets := []string{key, filepath.Join(home, ".ssh"), "/root", "/root/.ssh/id_rsa", "/home", other}
	// What other users cannot read of /etc, where there is such a file.
	for _, f := range []string{"/etc/shadow", "/etc/ssl/private", "/etc/munge/munge.key"} {
		if fi, err := os.Stat(f); err == nil && fi.Mode().Perm()&0o004 == 0 {
			targets = append(targets, f)
		}
	}

	// Without the sandbox the bot reads the key: the targets are real.
	e, _ := hostileBot(t, proc.Limits{Memory: 256 << 20, Sandbox: proc.SandboxOff}, gtp.Budget{Move: 30 * time.Second}, targets, "read")
	if _, err := playUntilFault(t, e, 2); err != nil {
		t.Fatalf("unsandboxed, the bot could not read its targets: %v\n%s", err, strings.Join(e.Close(), "\n"))
	}
	if got := strings.Join(e.Close(), "\n"); !strings.Contains(got, secret) {
		t.Fatalf("unsandboxed, the bot did not read the key:\n%s", got)
	}

	e, _ = hostileBot(t, hostileLimits, gtp.Budget{Move: 30 * time.Second}, targets, "read")
	_, err := playUntilFault(t, e, 2)
	if stderr := refusedAll(t, e, err, targets); strings.Contains(stderr, secret) {
		t.Errorf("the key reached the bot:\n%s", stderr)
	}
}

func TestSandboxIsReadOnly(t *testing.T) {
	needSandbox(t)
	home, _, _ := fakeHome(t)
	tag := strconv.FormatInt(time.Now().UnixNano(), 36)
	private := []string{"/tmp/boardgames-sandbox-" + tag, "/dev/shm/boardgames-sandbox-" + tag}
	refused := []string{"BOT/pwned", filepath.Join(home, "pwned"), "/etc/pwned-" + tag, "/usr/pwned-" + tag, "/pwned-" + tag, "/dev/pwned-" + tag}
	e, targets := hostileBot(t, hostileLimits, gtp.Budget{Move: 30 * time.Second}, append(private, refused...), "write")
	refused = targets[len(private):]
	_, err := playUntilFault(t, e, 2)
	stderr := refusedAll(t, e, err, refused)
	for _, f := range private {
		if !strings.Contains(stderr, "wrote "+f) {
			t.Errorf("the bot could not write its own %s:\n%s", f, stderr)
		}
	}
	for _, f := range append(private, refused...) {
		if _, err := os.Stat(f); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s exists outside the sandbox (%v)", f, err)
			os.Remove(f)
		}
	}
}

func TestSandboxHasNoNetwork(t *testing.T) {
	needSandbox(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	accepted := make(chan net.Conn, 2)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				close(accepted)
				return
			}
			accepted <- c
		}
	}()

	// Without the sandbox the bot reaches the listener.
	e, _ := hostileBot(t, proc.Limits{Memory: 256 << 20, Sandbox: proc.SandboxOff}, gtp.Budget{Move: 30 * time.Second}, nil, "connect", port)
	if _, err := playUntilFault(t, e, 2); err != nil {
		t.Fatalf("unsandboxed, the bot could not connect: %v\n%s", err, strings.Join(e.Close(), "\n"))
	}
	e.Close()
	(<-accepted).Close()

	e, _ = hostileBot(t, hostileLimits, gtp.Budget{Move: 30 * time.Second}, nil, "connect", port)
	_, err = playUntilFault(t, e, 2)
	refusedAll(t, e, err, []string{"127.0.0.1:" + port})
	ln.Close() // the bot has ended: whatever it sent has arrived
	if c, ok := <-accepted; ok {
		c.Close()
		t.Error("the sandboxed bot reached the listener")
	}
}

func TestSandboxEndsSetsidChild(t *testing.T) {
	needSandbox(t)
	// Without the sandbox the child escapes the process group (it is
	// killed here).
	// The child's name is "child-" and the marker: the bot's own command
	// line has the marker alone.
	marker := fmt.Sprintf("%d-%d", os.Getpid(), time.Now().UnixNano())
	e, _ := hostileBot(t, proc.Limits{Memory: 256 << 20, Sandbox: proc.SandboxOff}, gtp.Budget{Move: 30 * time.Second}, nil, "setsid", "plain-"+marker)
	if n, err := playUntilFault(t, e, 2); err != nil || n != 2 {
		t.Fatalf("%d moves, %v", n, err)
	}
	escaped := findProcess(t, "child-plain-"+marker)
	e.Close()
	if !running(escaped) {
		t.Error("unsandboxed, the setsid child did not outlive the game")
	}
	if p, err := os.FindProcess(escaped); err == nil {
		p.Kill()
	}

	e, _ = hostileBot(t, hostileLimits, gtp.Budget{Move: 30 * time.Second}, nil, "setsid", "sandboxed-"+marker)
	if n, err := playUntilFault(t, e, 2); err != nil || n != 2 {
		t.Fatalf("%d moves, %v", n, err)
	}
	child := findProcess(t, "child-sandboxed-"+marker)
	if !running(child) {
		t.Fatal("the setsid child is not running during the game")
	}
	e.Close()
	if !gone(child) {
		t.Errorf("the setsid child %d outlived the game", child)
	}
}

// findProcess returns the pid of the process whose command line has the
// marker (in our PID namespace: the bot's own pids are of its own).
func findProcess(t *testing.T, marker string) int {
	t.Helper()
	for range 200 {
		dirs, _ := filepath.Glob("/proc/[0-9]*")
		for _, d := range dirs {
			b, err := os.ReadFile(d + "/cmdline")
			// Not while it is still setsid(1), before its setsid(2): it
			// is still in the bot's process group then (a loaded
			// machine may take that long to run it).
			if err == nil && strings.Contains(string(b), marker) && !strings.HasPrefix(string(b), "setsid\x00") {
				pid, _ := strconv.Atoi(filepath.Base(d))
				return pid
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("no process has %q in its command line", marker)
	return 0
}

func TestSandboxCPULimit(t *testing.T) {
	needSandbox(t)
	lim := hostileLimits
	lim.CPU = time.Second
	e, _ := hostileBot(t, lim, gtp.Budget{Move: time.Minute}, nil, "burn")
	n, err := playUntilFault(t, e, 2)
	f := wantFault(t, err, gtp.FaultCrash, "CPU time limit of 1 s exceeded")
	t.Logf("%v", f)
	if n != 0 {
		t.Errorf("%d moves before the limit, want 0", n)
	}
}

func TestSandboxRequired(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the test bot is an sh script")
	}
	// A PATH with what the bot needs, and no bwrap.
	bin := t.TempDir()
	for _, tool := range []string{"dirname", "env"} {
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
	argv := []string{"/bin/sh", "testdata/bots/env.sh"}
	_, err := gtp.Launch(context.Background(), argv, gtp.Options{})
	if !errors.Is(err, proc.ErrNoSandbox) || !strings.Contains(err.Error(), proc.EnvSandbox+"=off") {
		t.Fatalf("without bubblewrap: %v, want the sandbox's error and how to turn it off", err)
	}
	// Preferred: it runs without.
	e, err := gtp.Launch(context.Background(), argv, gtp.Options{Limits: proc.Limits{Sandbox: proc.SandboxPreferred}})
	if err != nil {
		t.Fatalf("a sandbox preferred: %v", err)
	}
	e.Close()
	// Turned off by the environment.
	t.Setenv(proc.EnvSandbox, "off")
	e, err = gtp.Launch(context.Background(), argv, gtp.Options{})
	if err != nil {
		t.Fatalf("%s=off: %v", proc.EnvSandbox, err)
	}
	e.Close()
	t.Setenv(proc.EnvSandbox, "maybe")
	if _, err = gtp.Launch(context.Background(), argv, gtp.Options{}); err == nil || !strings.Contains(err.Error(), "maybe") {
		t.Errorf("%s=maybe: %v", proc.EnvSandbox, err)
	}
}

func TestSandboxMemoryLimit(t *testing.T) {
	needSandbox(t)
	lim := hostileLimits
	lim.Memory = 64 << 20
	e, _ := hostileBot(t, lim, gtp.Budget{Move: time.Minute}, nil, "hog")
	_, err := playUntilFault(t, e, 2)
	f := wantFault(t, err, gtp.FaultCrash, "memory limit of 64 MiB exceeded")
	t.Logf("%v; its stderr: %q", f, e.Stderr())
}
