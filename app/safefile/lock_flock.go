//go:build linux || darwin || freebsd || openbsd || netbsd || dragonfly

package safefile

import (
	"os"
	"syscall"
)

// A save holds an exclusive flock on its temporary file from its creation
// until after the rename; the system drops the lock when the process ends,
// however it ends, so a temporary file that can be locked belongs to no
// save in progress.

// lockAlive locks a new temporary file and reports whether it is still in
// its folder (another process's removeStale may have removed it between
// its creation and the lock).
func lockAlive(f *os.File) bool {
	fd := int(f.Fd())
	if syscall.Flock(fd, syscall.LOCK_EX) != nil {
		return true // no locks on this file system: saves go on unlocked
	}
	var st syscall.Stat_t
	return syscall.Fstat(fd, &st) != nil || st.Nlink > 0
}

// removeIfStale removes the temporary file at path if it is a regular
// file of this user that no process has locked.
func removeIfStale(path string) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		return
	}
	defer f.Close()
	fd := int(f.Fd())
	var st, now syscall.Stat_t
	if syscall.Fstat(fd, &st) != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG || int(st.Uid) != os.Geteuid() {
		return
	}
	if syscall.Flock(fd, syscall.LOCK_EX|syscall.LOCK_NB) != nil {
		return // a save in progress (or no locks here: then never remove)
	}
	if syscall.Lstat(path, &now) == nil && now.Dev == st.Dev && now.Ino == st.Ino {
		os.Remove(path)
	}
}
