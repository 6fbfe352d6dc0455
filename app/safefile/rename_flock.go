//go:build linux || darwin || freebsd || openbsd || netbsd || dragonfly

package safefile

import "os"

// renameOpenDefault: these systems rename and remove open files, and a
// save keeps its temporary file open through the rename, so that the lock
// it holds (lock_flock.go) tells other processes' removeStale that the
// save is alive until the file has its final name.
const renameOpenDefault = true

// replaceFile renames old over new.
func replaceFile(old, new string) error { return os.Rename(old, new) }
