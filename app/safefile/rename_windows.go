package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
	"unsafe"
)

// renameOpenDefault: Windows refuses to rename or delete a file that is
// open without FILE_SHARE_DELETE, which Go's os.OpenFile does not pass
// ("The process cannot access the file because it is being used by another
// process"): a save closes its temporary file, synced, before the rename.
const renameOpenDefault = false

const (
	moveFileReplaceExisting = 0x1 // MOVEFILE_REPLACE_EXISTING
	moveFileWriteThrough    = 0x8 // MOVEFILE_WRITE_THROUGH

	errorAccessDenied     syscall.Errno = 5  // ERROR_ACCESS_DENIED
	errorSharingViolation syscall.Errno = 32 // ERROR_SHARING_VIOLATION
)

var moveFileEx = syscall.NewLazyDLL("kernel32.dll").NewProc("MoveFileExW")

// replaceFile renames old over new with MoveFileEx, replacing new, and
// returns only once the rename is on the disk (MOVEFILE_WRITE_THROUGH:
// Windows has no folder to sync). A program that has new open for a moment
// without FILE_SHARE_DELETE (a virus scanner, the search indexer) makes the
// rename fail with a sharing violation or "access denied": it is tried
// again for up to two seconds, as Go's own tools do on Windows
// (cmd/go/internal/robustio).
func replaceFile(old, new string) error {
	from, err := syscall.UTF16PtrFromString(longPath(old))
	if err != nil {
		return &os.LinkError{Op: "rename", Old: old, New: new, Err: err}
	}
	to, err := syscall.UTF16PtrFromString(longPath(new))
	if err != nil {
		return &os.LinkError{Op: "rename", Old: old, New: new, Err: err}
	}
	deadline := time.Now().Add(2 * time.Second)
	for wait := time.Millisecond; ; wait = min(2*wait, 100*time.Millisecond) {
		r, _, e := moveFileEx.Call(uintptr(unsafe.Pointer(from)), uintptr(unsafe.Pointer(to)),
			moveFileReplaceExisting|moveFileWriteThrough)
		if r != 0 {
			return nil
		}
		var errno syscall.Errno
		if !errors.As(e, &errno) || errno == 0 {
			errno = syscall.EINVAL
		}
		if (errno != errorSharingViolation && errno != errorAccessDenied) || time.Now().After(deadline) {
			return &os.LinkError{Op: "rename", Old: old, New: new, Err: errno}
		}
		time.Sleep(wait)
	}
}

// longPath gives a path of 248 characters or more the \\?\ prefix that
// lets Windows's calls take it whole (as package os does for its own).
func longPath(p string) string {
	if len(p) < 248 || strings.HasPrefix(p, `\\?\`) {
		return p
	}
	a, err := filepath.Abs(p) // also cleaned: the prefix turns off the system's cleaning
	if err != nil {
		return p
	}
	if strings.HasPrefix(a, `\\`) {
		return `\\?\UNC\` + a[2:]
	}
	return `\\?\` + a
}
