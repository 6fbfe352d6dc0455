// Package safefile writes files so that nothing the user has is lost: the
// new content goes to a temporary file in the target's folder, is synced
// to the disk, and only then renamed over the target, so that a failure at
// any point (a full disk, a read-only folder, a crash) leaves the old file
// whole. The app's saves and exports and the command line's output files
// all go through it.
//
// What Write promises:
//   - the target is replaced only by complete, synced content, or not at
//     all; no temporary file is left behind on failure;
//   - an existing target keeps its permission bits (and, when the writer
//     may set them, its owner and group);
//   - a symbolic link is written through: its target file is replaced and
//     the link stays a link;
//   - a target that is not a regular file (a device such as /dev/stdout or
//     /dev/null, a named pipe) is written directly, since it cannot be
//     replaced;
//   - errors are one clear sentence that names the file the user gave,
//     never the temporary file, and says when the old file is unchanged.
package safefile

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// Error is a failed write. Its message is a whole sentence for the user;
// Unwrap gives the system's error (errors.Is(err, fs.ErrPermission),
// errors.Is(err, syscall.ENOSPC) and so on work).
type Error struct {
	Path string // the path as given
	Err  error  // the cause
	// Kept is set when the file at Path existed and is unchanged.
	Kept bool
	msg  string
}

func (e *Error) Error() string { return e.msg }

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// maxLinks is how many symbolic links Resolve follows before it gives up.
const maxLinks = 40

// Write replaces the file at path with data (see the package comment).
func Write(path string, data []byte) error {
	return WriteFunc(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteFunc replaces the file at path with what write writes. An error from
// write is returned as it is, and the target is left untouched.
func WriteFunc(path string, write func(w io.Writer) error) error {
	target, info, err := inspect(path)
	if err != nil {
		return err
	}
	if info != nil && !info.Mode().IsRegular() {
		return writeDirect(path, target, write)
	}
	dir := filepath.Dir(target)
	perm := fs.FileMode(0o666) // new files: as the umask allows
	if info != nil {
		perm = 0o600 // existing files: their own bits, set below
	}
	tmp, err := createTemp(dir, filepath.Base(target), perm)
	if err != nil {
		return fail(path, info != nil, err, "cannot write %s: cannot create a file in the folder %s", path, dir)
	}
	ok := false
	defer func() {
		if !ok {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if info != nil {
		if err := keepOwner(tmp, info); err != nil {
			return fail(path, true, err, "cannot write %s: cannot keep its permissions", path)
		}
	}
	ew := &ErrWriter{W: tmp}
	if err := write(ew); err != nil {
		if ew.Err != nil {
			return fail(path, info != nil, ew.Err, "cannot write %s", path)
		}
		return err
	}
	if err := tmp.Sync(); err != nil {
		return fail(path, info != nil, err, "cannot write %s", path)
	}
	if err := tmp.Close(); err != nil {
		return fail(path, info != nil, err, "cannot write %s", path)
	}
	if err := os.Rename(tmp.Name(), target); err != nil {
		return fail(path, info != nil, err, "cannot replace %s", path)
	}
	ok = true
	syncDir(dir)
	return nil
}

// Check reports, without touching anything, whether Write could write
// path: its folder exists and takes new files, and it is not a folder. A
// command checks its output files with it before it starts a long job.
func Check(path string) error {
	target, info, err := inspect(path)
	if err != nil || info != nil && !info.Mode().IsRegular() {
		return err
	}
	dir := filepath.Dir(target)
	tmp, err := createTemp(dir, filepath.Base(target), 0o600)
	if err != nil {
		return fail(path, false, err, "cannot write %s: cannot create a file in the folder %s", path, dir)
	}
	tmp.Close()
	os.Remove(tmp.Name())
	return nil
}

// Resolve follows the symbolic links of path to the file they name, which
// need not exist yet.
func Resolve(path string) (string, error) {
	p := path
	for range maxLinks {
		fi, err := os.Lstat(p)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return p, nil
		}
		link, err := os.Readlink(p)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(p), link)
		}
		p = link
	}
	return "", &Error{Path: path, Err: syscall.ELOOP,
		msg: fmt.Sprintf("cannot write %s: more than %d symbolic links in a row", path, maxLinks)}
}

// inspect resolves path and stats its target: info is nil when the target
// does not exist yet (and its folder does).
func inspect(path string) (target string, info fs.FileInfo, err error) {
	if path == "" {
		return "", nil, &Error{Path: path, Err: fs.ErrInvalid, msg: "no file name given"}
	}
	target, err = Resolve(path)
	if err != nil {
		return "", nil, err
	}
	info, err = os.Stat(target)
	switch {
	case err == nil && info.IsDir():
		return "", nil, &Error{Path: path, Err: syscall.EISDIR, msg: fmt.Sprintf("cannot write %s: it is a folder", path)}
	case err == nil:
		return target, info, nil
	case errors.Is(err, syscall.ENOTDIR):
		return "", nil, &Error{Path: path, Err: syscall.ENOTDIR, msg: fmt.Sprintf("cannot write %s: %s is not a folder", path, filepath.Dir(target))}
	case !errors.Is(err, fs.ErrNotExist):
		return "", nil, fail(path, false, err, "cannot write %s", path)
	}
	dir := filepath.Dir(target)
	di, derr := os.Stat(dir)
	switch {
	case errors.Is(derr, fs.ErrNotExist):
		return "", nil, &Error{Path: path, Err: derr, msg: fmt.Sprintf("cannot write %s: the folder %s does not exist", path, dir)}
	case derr != nil:
		return "", nil, fail(path, false, derr, "cannot write %s", path)
	case !di.IsDir():
		return "", nil, &Error{Path: path, Err: syscall.ENOTDIR, msg: fmt.Sprintf("cannot write %s: %s is not a folder", path, dir)}
	}
	return target, nil, nil
}

// writeDirect writes to a device or a pipe, which cannot be replaced.
func writeDirect(path, target string, write func(io.Writer) error) error {
	f, err := os.OpenFile(target, os.O_WRONLY, 0)
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

// createTemp creates a new, empty file beside the target, named after it
// and hidden, with the given permission bits (before the umask).
func createTemp(dir, base string, perm fs.FileMode) (*os.File, error) {
	var b [6]byte
	for {
		rand.Read(b[:])
		name := filepath.Join(dir, "."+base+"."+hex.EncodeToString(b[:])+".tmp")
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
}

// keepOwner gives the temporary file the owner and group of the file it
// replaces when they differ and the system allows it, then its mode (in
// that order: a change of owner clears the set-user-ID bit).
func keepOwner(f *os.File, info fs.FileInfo) error {
	chownLike(f, info)
	return f.Chmod(info.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky))
}

// syncDir makes a rename durable; file systems that cannot sync a folder
// are not an error.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// fail makes an Error whose message is the sentence format/args followed by
// the reason, and by a reassurance when the old file existed.
func fail(path string, existed bool, cause error, format string, args ...any) error {
	var pe *fs.PathError
	if errors.As(cause, &pe) { // the system's reason, without the file name
		cause = pe.Err
	}
	var le *os.LinkError
	if errors.As(cause, &le) {
		cause = le.Err
	}
	msg := fmt.Sprintf(format, args...) + ": " + Reason(cause)
	if existed {
		msg += fmt.Sprintf(" (%s is unchanged)", path)
	}
	return &Error{Path: path, Err: cause, Kept: existed, msg: msg}
}

// Reason says in plain words what a system error means for a write: "the
// disk is full", "permission denied", or else the error's own text.
func Reason(err error) string {
	switch {
	case errors.Is(err, syscall.ENOSPC):
		return "the disk is full"
	case errors.Is(err, syscall.EDQUOT):
		return "the disk quota is used up"
	case errors.Is(err, syscall.EROFS):
		return "the file system is read-only"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	}
	return err.Error()
}

// ErrWriter writes to W and remembers the first write error in Err; later
// writes are skipped. A failure that the writing code wraps or ignores is
// still reported (here as the file's; the command line uses it for its
// standard output).
type ErrWriter struct {
	W   io.Writer
	Err error
}

func (e *ErrWriter) Write(p []byte) (int, error) {
	if e.Err != nil {
		return 0, e.Err
	}
	n, err := e.W.Write(p)
	if err != nil {
		e.Err = err
	}
	return n, err
}
