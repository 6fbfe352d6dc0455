package safefile

import (
	"fmt"
	"io"
	"os"
	"syscall"
)

// writeInPlace writes what cannot be replaced: a device or a pipe, opened
// for writing as it is, or a descriptor, written through a duplicate so
// that the writes go where the descriptor's go (at its offset, appending
// where it appends). A link of /proc to another process's regular file is
// appended to: nothing the file holds is overwritten.
func writeInPlace(path string, t target, write func(io.Writer) error) error {
	var (
		f   *os.File
		err error
	)
	switch {
	case t.fd >= 0:
		f, err = dupDescriptor(t.fd, path)
	case t.magic && t.info.Mode().IsRegular():
		f, err = os.OpenFile(t.path, os.O_WRONLY|os.O_APPEND, 0)
	default:
		f, err = os.OpenFile(t.path, os.O_WRONLY, 0)
	}
	if err != nil {
		return fail(path, false, err, "cannot write %s", path)
	}
	ew := &ErrWriter{W: f}
	err = write(ew)
	cerr := f.Close()
	switch {
	case ew.Err != nil:
		return fail(path, false, ew.Err, "cannot write %s", path)
	case err != nil:
		return err
	case cerr != nil:
		return fail(path, false, cerr, "cannot write %s", path)
	}
	return nil
}

// descriptorTarget is the target of path, which names the descriptor fd
// of this process (p is where the links of path led to it).
func descriptorTarget(path, p string, fd int) (target, error) {
	t := target{path: p, fd: fd}
	info, err := statDescriptor(fd)
	if err != nil {
		return t, &Error{Path: path, Err: err, msg: fmt.Sprintf("cannot write %s: descriptor %d is not open", path, fd)}
	}
	if info.IsDir() {
		return t, &Error{Path: path, Err: syscall.EISDIR, msg: fmt.Sprintf("cannot write %s: it is a folder", path)}
	}
	t.info = info
	return t, nil
}
