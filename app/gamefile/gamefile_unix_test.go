//go:build unix

package gamefile

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Item 4 of issue 20: Load never waits on a named pipe (nor a device): it
// refuses it at once.
func TestLoadNeverWaitsOnAPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "game-in-progress.bgame")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes:", err)
	}
	for _, path := range []string{fifo, "/dev/zero"} {
		done := make(chan error, 1)
		go func() {
			_, err := Load(path)
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("Load(%s) = %v", path, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("Load(%s) waits", path)
		}
	}
	// Save refuses the pipe too, without waiting for a reader.
	done := make(chan error, 1)
	go func() { done <- Save(fifo, []byte("x")) }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("Save to a pipe: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Save waits for a reader of the pipe")
	}
}
