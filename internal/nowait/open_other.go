//go:build !unix

package nowait

import "os"

// openNoWait opens path: no system here has named pipes in its file tree.
func openNoWait(path string) (*os.File, error) { return os.Open(path) }
