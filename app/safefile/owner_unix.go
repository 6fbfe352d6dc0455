//go:build unix

package safefile

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// chownLike gives f the owner and group of info's file, where they differ
// and the process may change them (root may; others may only choose among
// their own groups). Failing to is not an error: the content matters more.
func chownLike(f *os.File, info fs.FileInfo) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	mine, err := f.Stat()
	if err != nil {
		return
	}
	if ms, ok := mine.Sys().(*syscall.Stat_t); ok && ms.Uid == st.Uid && ms.Gid == st.Gid {
		return
	}
	f.Chown(int(st.Uid), int(st.Gid))
}

// mayFollow reports whether the symbolic link at p (fi is its Lstat) may be
// followed under the rule of Linux's fs.protected_symlinks, applied here
// whatever the system's setting: in a sticky folder that everyone may
// write in (as /tmp), only a link of the follower or of the folder's owner.
func mayFollow(p string, fi fs.FileInfo) error {
	ls, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	di, err := os.Stat(filepath.Dir(p))
	if err != nil {
		return nil // the system will say what is wrong
	}
	ds, ok := di.Sys().(*syscall.Stat_t)
	if !ok || di.Mode()&fs.ModeSticky == 0 || di.Mode().Perm()&0o002 == 0 {
		return nil
	}
	if int(ls.Uid) == os.Geteuid() || ls.Uid == ds.Uid {
		return nil
	}
	return ErrSharedLink
}
