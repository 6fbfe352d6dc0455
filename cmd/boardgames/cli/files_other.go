//go:build !unix

package cli

import (
	"errors"
	"os"
)

// openPipeWriter: no named pipes in the file tree here.
func openPipeWriter(string) (*os.File, error) { return nil, errors.ErrUnsupported }
