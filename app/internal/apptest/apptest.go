// Package apptest is the test support shared by the app's packages: a
// stand-in for the UI goroutine, fake bots, a wait for goroutines to end,
// private config and cache folders, game look-ups that fail the test, and
// a writer of sample files.
// Only tests import it. It imports no Fyne, so that package match's tests
// stay without it.
package apptest

import (
	"context"
	"io"
	"os"
	"runtime"
	"sync"
	"testing"
	"time"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/rules/games"
)

// Queue stands in for the UI goroutine: the code under test posts to it
// and the test runs what was posted, so that only the test goroutine
// touches widgets and controllers. The zero value is ready to use.
type Queue struct {
	// Timeout bounds Until (0 means 5 s).
	Timeout time.Duration

	mu sync.Mutex
	fs []func()
}

// Post queues f; it is the Post option of the code under test.
func (q *Queue) Post(f func()) {
	q.mu.Lock()
	q.fs = append(q.fs, f)
	q.mu.Unlock()
}

// Drain runs what was posted so far.
func (q *Queue) Drain() {
	q.mu.Lock()
	fs := q.fs
	q.fs = nil
	q.mu.Unlock()
	for _, f := range fs {
		f()
	}
}

// Until drains the queue until cond holds, and fails the test when it does
// not hold within the timeout.
func (q *Queue) Until(t testing.TB, what string, cond func() bool) {
	t.Helper()
	timeout := q.Timeout
	if timeout <= 0 {
		timeout = 5 * time.Second
	}
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		q.Drain()
		time.Sleep(time.Millisecond)
	}
}

// FirstMove is a bot that plays the first legal move at once.
func FirstMove(ctx context.Context, pos games.Position, spec bots.Spec) (ai.Info, error) {
	return ai.Info{Move: pos.Legal()[0], Depth: 1, Nodes: 10, Elapsed: time.Millisecond}, nil
}

// SlowBot thinks until it is cancelled, reporting progress every 5 ms, then
// plays the first legal move (its best so far).
func SlowBot(ctx context.Context, pos games.Position, spec bots.Spec) (ai.Info, error) {
	legal := pos.Legal()
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for d := 1; ; d++ {
		select {
		case <-ctx.Done():
			return ai.Info{Move: legal[0], Depth: d}, nil
		case <-tick.C:
			if spec.Params.Progress != nil {
				spec.Params.Progress(ai.Info{Move: legal[0], Depth: d, Nodes: uint64(d) * 100, PV: legal[:1],
					Elapsed: time.Duration(d) * 5 * time.Millisecond})
			}
		}
	}
}

// HintFirst is a hint search that proposes the first legal move.
func HintFirst(ctx context.Context, pos games.Position) (ai.Info, error) {
	return ai.Info{Move: pos.Legal()[0], Score: 4}, nil
}

// WaitGoroutines waits for the number of goroutines to come back to base,
// and fails the test with every goroutine's stack when it does not within
// the given time.
func WaitGoroutines(t testing.TB, base int, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for runtime.NumGoroutine() > base {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("goroutines left behind: %d > %d\n%s", runtime.NumGoroutine(), base, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// WriteFile creates the file path and writes it with write (a sample image
// for a person to look at), failing the test on any error.
func WriteFile(t testing.TB, path string, write func(io.Writer) error) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := write(f); err != nil {
		f.Close()
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// PrivateDirs points the config and cache folders (XDG_CONFIG_HOME,
// XDG_CACHE_HOME) at temporary folders for the rest of the test.
func PrivateDirs(t testing.TB) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
}

// Game returns the game called name.
func Game(t testing.TB, name string) *games.Game {
	t.Helper()
	g, err := games.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Start returns the start position of game with the default settings.
func Start(t testing.TB, game string) games.Position {
	t.Helper()
	pos, err := Game(t, game).Start(games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// Parse reads a position of game, with the default settings.
func Parse(t testing.TB, game, pos string) games.Position {
	t.Helper()
	p, err := Game(t, game).Parse(pos, games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Record plays a move list of game from its start under settings s.
func Record(t testing.TB, game string, s games.Settings, moves string) (*games.Game, games.Record) {
	t.Helper()
	g := Game(t, game)
	rec, err := g.ParseMoves(nil, moves, s)
	if err != nil {
		t.Fatal(err)
	}
	return g, rec
}
