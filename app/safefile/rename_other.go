//go:build !(linux || darwin || freebsd || openbsd || netbsd || dragonfly || windows)

package safefile

import "os"

// renameOpenDefault: without flock no lock is held through the rename, so
// the temporary file is closed before it, as on Windows.
const renameOpenDefault = false

// replaceFile renames old over new.
func replaceFile(old, new string) error { return os.Rename(old, new) }
