//go:build unix

package cli

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// fifo makes a named pipe in a folder of its own.
func fifo(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "mf")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skip("no named pipes:", err)
	}
	return p
}

// runNoHang is run for a command that must not wait: a command still
// blocked after a minute (on a pipe no one will ever open) fails the test
// instead of hanging it.
func runNoHang(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	type result struct {
		code        int
		out, errOut string
	}
	done := make(chan result, 1)
	go func() {
		code, out, errOut := run(t, args...)
		done <- result{code, out, errOut}
	}()
	select {
	case r := <-done:
		return r.code, r.out, r.errOut
	case <-time.After(time.Minute):
		t.Fatalf("%v: still blocked after a minute", args)
	}
	return 0, "", ""
}

// Item 1 of issue 32: a named pipe where the command line names a file to
// read is refused at once with its kind (exit 2), never waited on.
func TestNamedPipeInputsAreRefused(t *testing.T) {
	mf := fifo(t)
	db := filepath.Join(t.TempDir(), "db")
	if err := os.Mkdir(db, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(db, "db-0101.wld"), 0o600); err != nil {
		t.Fatal(err)
	}
	dbPipe := filepath.Join(db, "db-0101.wld") + ": a named pipe, not a regular file"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "-game", "connect4", "-input", mf}, "-input " + mf + ": a named pipe, not a regular file"},
		{[]string{"convert", "-in", mf, "-to", "pdn"}, "-in " + mf + ": a named pipe, not a regular file"},
		{[]string{"merge", mf}, mf + ": a named pipe, not a regular file"},
		{[]string{"arena", "-game", "othello", "-tournament", "random;greedy", "-bots", mf}, "-bots " + mf + ": a named pipe, not a regular file"},
		{[]string{"book", "-game", "connect4", "-plies", "1", "-bot", "random", "-o", mf}, mf + " is not a regular file"},
		{[]string{"egdb", "info", "-dir", db}, dbPipe},
		{[]string{"egdb", "probe", "-dir", db, "-position", "W:WK10:BK1"}, dbPipe},
		{[]string{"egdb", "verify", "-dir", db}, dbPipe},
		{[]string{"egdb", "build", "-pieces", "2", "-dir", db}, dbPipe},
	} {
		code, _, errOut := runNoHang(t, tc.args...)
		if code != ExitUsage || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, %q; want %d, %q", tc.args, code, errOut, ExitUsage, tc.want)
		}
	}
	if _, err := os.Stat(filepath.Join(db, "db-0202.wld")); err == nil {
		t.Error("egdb build ran beside the pipe")
	}
}

// A named pipe given as an output with no reader is refused before the
// work starts (opening it for writing would wait for a reader, deaf to
// Ctrl+C); one with a reader is written, and its reader sees the end.
func TestNamedPipeOutputs(t *testing.T) {
	mf := fifo(t)
	moves := filepath.Join(t.TempDir(), "game.txt")
	if err := os.WriteFile(moves, []byte("F5D6C3D3C4\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"arena", "-game", "othello", "-p1", "random", "-p2", "random", "-games", "2", "-csv", mf},
		{"bench", "-experiment", "othello-positional", "-games", "2", "-csv", mf},
		{"convert", "-in", moves, "-game", "othello", "-to", "ggf", "-o", mf},
	} {
		code, out, errOut := runNoHang(t, args...)
		want := mf + ": a named pipe with no reader"
		if code != ExitUsage || !strings.Contains(errOut, want) || out != "" {
			t.Errorf("%v: exit %d, %q, output %q; want %d, %q before any work", args, code, errOut, out, ExitUsage, want)
		}
	}
	// With a reader: the rows go through the pipe (its buffer holds them
	// until they are read, after the command).
	r, err := os.OpenFile(mf, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	code, _, errOut := runNoHang(t, "arena", "-game", "othello", "-p1", "random", "-p2", "random", "-games", "2", "-csv", mf)
	if code != ExitOK {
		t.Fatalf("arena -csv to a pipe with a reader: exit %d, %q", code, errOut)
	}
	got, err := io.ReadAll(r)
	if rows := strings.Count(string(got), "\n"); err != nil || rows != 3 {
		t.Errorf("the reader got %d lines (%v), want a header and 2 games", rows, err)
	}
}

// Standard input, where a pipe is meant, is read under Ctrl+C: a writer
// that never writes nor closes does not hold the command, which stops at
// the first Ctrl+C (or SIGTERM) with exit status 130.
func TestStdinIsReadUnderCtrlC(t *testing.T) {
	for _, tc := range []struct {
		args []string
		sig  syscall.Signal
	}{
		{[]string{"convert", "-in", "-", "-to", "pdn"}, syscall.SIGINT},
		{[]string{"convert", "-in", "-", "-to", "pdn"}, syscall.SIGTERM},
		{[]string{"solve", "-game", "connect4", "-input", "-"}, syscall.SIGINT},
		{[]string{"solve", "-game", "connect4", "-input", "-"}, syscall.SIGTERM},
	} {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		_, stderr, code := signalProcess(t, tc.args, 300*time.Millisecond, tc.sig, r)
		r.Close()
		w.Close()
		if code != ExitInterrupted || !strings.Contains(stderr, "boardgames "+tc.args[0]+": interrupted") {
			t.Errorf("%v, %v: exit %d, %q", tc.args, tc.sig, code, stderr)
		}
	}
}

// grade's report files must be regular files: a named pipe in the report
// folder in place of one is refused (the games are played first; the
// other files are written), never waited on.
func TestGradeReportRefusesANamedPipe(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "report")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "report.md"), 0o600); err != nil {
		t.Skip("no named pipes:", err)
	}
	code, _, errOut := runNoHang(t, "grade", "-game", "connect4", "-bot", "random", "-opponents", "random", "-games", "1", "-o", dir)
	if code != ExitError || !strings.Contains(errOut, "report.md") || !strings.Contains(errOut, "not a regular file") {
		t.Errorf("exit %d, %q", code, errOut)
	}
}
