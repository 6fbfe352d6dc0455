//go:build unix

package gamefile

import (
	"os"
	"syscall"
)

// openNoWait opens path for reading without waiting: a named pipe that
// took the place of a file opens at once (and is then refused by its
// type) instead of waiting for a writer.
func openNoWait(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
