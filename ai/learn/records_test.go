package learn

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// writeAtomic renames a finished file over its path: a path that is not a
// regular file (a pipe here, a device such as /dev/full as well) is
// refused, not replaced.
func TestWriteAtomicKeepsWhatIsNoFile(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes here:", err)
	}
	err := writeAtomic(fifo, func(w io.Writer) error { _, err := w.Write([]byte("weights")); return err })
	if err == nil {
		t.Error("writing over a pipe: no error")
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe is gone or replaced: %v %v", fi, err)
	}
	if _, err := os.Stat(fifo + ".tmp"); !os.IsNotExist(err) {
		t.Errorf("a temporary file is left: %v", err)
	}
}
