//go:build !unix

package gamefile

import "os"

// openNoWait opens path for reading; the type was checked before.
func openNoWait(path string) (*os.File, error) { return os.Open(path) }
