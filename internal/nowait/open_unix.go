//go:build unix

package nowait

import (
	"os"
	"syscall"
)

// openNoWait opens path for reading without waiting: a named pipe opens
// at once (with no writer) instead of waiting for one, and so does a
// device that would wait for a carrier or a peer.
func openNoWait(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
