//go:build unix

package safefile

import (
	"io/fs"
	"os"
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
