package nowait

import (
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// A regular file opens and reads whole; a link to one is followed.
func TestOpensRegularFiles(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(p, []byte("content"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	names := []string{p}
	if os.Symlink(p, link) == nil {
		names = append(names, link)
	}
	for _, name := range names {
		f, err := Open(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b, err := io.ReadAll(f)
		f.Close()
		if err != nil || string(b) != "content" {
			t.Errorf("%s: read %q, %v", name, b, err)
		}
	}
	if _, err := Open(filepath.Join(dir, "missing")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
}

// A named pipe with no writer, a device, a socket and a folder are
// refused with their kind, and the open returns (a named pipe opened the
// ordinary way waits for a writer for ever).
func TestRefusesWhatIsNoFile(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no named pipes or devices in the file tree")
	}
	dir := t.TempDir()
	fifo := filepath.Join(dir, "mf")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes:", err)
	}
	cases := map[string]string{fifo: "a named pipe", "/dev/null": "a device", dir: "a folder"}
	sock := filepath.Join(dir, "s")
	if l, err := net.Listen("unix", sock); err == nil {
		defer l.Close()
		cases[sock] = "a socket"
	}
	for name, kind := range cases {
		f, err := Open(name)
		var nr *NotRegularError
		if f != nil || !errors.As(err, &nr) || nr.Kind != kind || !strings.Contains(err.Error(), name+": "+kind+", not a regular file") {
			t.Errorf("%s: %v, want %s", name, err, kind)
		}
	}
}
