//go:build unix

package cli

import (
	"os"
	"syscall"
)

// openPipeWriter opens a named pipe for writing without waiting: it fails
// at once (ENXIO) when the pipe has no reader.
func openPipeWriter(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_WRONLY|syscall.O_NONBLOCK, 0)
}
