// Package fileerr words the errors of reading and writing files for the
// window, in the language in use: package safefile and the system speak
// English (safefile serves the command line too), so the app words their
// errors itself from what they are (safefile.Error, the system's error
// numbers); a message it does not know (the app's own, already in the
// language in use, or a rare system one) is given as it is.
package fileerr

import (
	"errors"
	"io/fs"
	"syscall"

	"boardgames/app/internal/tr"
	"boardgames/app/safefile"
)

// Text is err in words: "cannot write /tmp/a.csv: the disk is full (the
// file is unchanged)".
func Text(err error) string {
	if err == nil {
		return ""
	}
	var se *safefile.Error
	if errors.As(err, &se) {
		reason := Reason(se.Err)
		switch {
		case se.Path == "":
			return tr.T("no file name given")
		case se.Kept:
			return tr.F("cannot write %s: %s (the file is unchanged)", se.Path, reason)
		}
		return tr.F("cannot write %s: %s", se.Path, reason)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return tr.F("%s: %s", pe.Path, Reason(pe.Err))
	}
	return Reason(err)
}

// Reason says in plain words what a system error means: "the disk is
// full", "permission denied"; an error it does not know is given as it
// is.
func Reason(err error) string {
	switch {
	case errors.Is(err, syscall.ENOSPC):
		return tr.T("the disk is full")
	case errors.Is(err, syscall.EDQUOT):
		return tr.T("the disk quota is used up")
	case errors.Is(err, syscall.EROFS):
		return tr.T("the file system is read-only")
	case errors.Is(err, fs.ErrPermission):
		return tr.T("permission denied")
	case errors.Is(err, syscall.EISDIR):
		return tr.T("it is a folder")
	case errors.Is(err, syscall.ENOTDIR):
		return tr.T("a folder in its path is not a folder")
	case errors.Is(err, fs.ErrNotExist):
		return tr.T("the file or its folder does not exist")
	case errors.Is(err, syscall.ELOOP):
		return tr.T("too many symbolic links in a row")
	case errors.Is(err, fs.ErrInvalid):
		return tr.T("no file name given")
	case errors.Is(err, safefile.ErrNotRegular):
		return tr.T("it is not a regular file (a device, a pipe or a descriptor)")
	case errors.Is(err, safefile.ErrSharedLink):
		return tr.T("it is another user's symbolic link in a folder everyone may write in, which the system does not follow (give the file it points to)")
	}
	return err.Error()
}
