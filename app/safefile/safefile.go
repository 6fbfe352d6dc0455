// Package safefile writes files so that nothing the user has is lost: the
// new content of a regular file goes to a temporary file in the target's
// folder, is synced to the disk, and only then renamed over the target, so
// that a failure at any point (a full disk, a read-only folder, a crash)
// leaves the old file whole. The app's saves and exports and the command
// line's output files all go through it.
//
// What Write promises:
//   - a regular file is replaced only by complete, synced content, or not
//     at all; no temporary file is left behind on failure, and the
//     temporary files of a save that was killed (".NAME.XXXXXXXXXXXX.tmp",
//     12 hex digits) are removed by the next save in that folder once no
//     process writes them;
//   - an existing target keeps its permission bits (and, when the writer
//     may set them, its owner and group);
//   - a symbolic link is written through: its target file is replaced and
//     the link stays a link, except where the system itself would not
//     follow it (fs.protected_symlinks): another user's link in a folder
//     that everyone may write in and only owners may delete from (the
//     sticky bit, as /tmp) is refused, and so is such a link to a folder
//     anywhere on the path, whatever the system's setting;
//   - what cannot be replaced is written in place, never renamed over: a
//     device (/dev/null), a named pipe, and a descriptor of the process
//     (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N), which is
//     written as the descriptor is, at its offset, appending where it
//     appends (so `-csv /dev/stdout >> log` adds to log); WriteRegular
//     refuses them instead, for the app, whose saves never wait on a pipe;
//   - on Windows, which refuses to rename or remove a file that is open
//     (Go opens files without FILE_SHARE_DELETE), the temporary file is
//     closed, synced, before it is renamed (MoveFileEx, written through)
//     or removed; elsewhere it is renamed while still open and locked;
//   - errors are one clear sentence that names the file the user gave,
//     never the temporary file, and says when the old file is unchanged.
//
// Files:
//   - safefile.go    Write, Check, the resolution of links and the errors
//   - inplace.go     writing devices, pipes and descriptors in place
//   - stale.go       finding and removing the temporary files of killed saves
//   - rename_*.go    the rename over the target, and whether the
//     temporary file may be open during it
//   - *_unix.go, *_other.go what depends on the system: owners, locks,
//     descriptors
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
	"strings"
	"syscall"
)

// Error is a failed write. Its message is a whole sentence for the user;
// Unwrap gives the system's error (errors.Is(err, fs.ErrPermission),
// errors.Is(err, syscall.ENOSPC) and so on work), or ErrNotRegular or
// ErrSharedLink.
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

var (
	// ErrNotRegular is the cause of WriteRegular's refusal of a device, a
	// pipe or a descriptor.
	ErrNotRegular = errors.New("it is not a regular file (a device, a pipe or a descriptor)")
	// ErrSharedLink is the cause of the refusal of another user's symbolic
	// link in a sticky folder that everyone may write in.
	ErrSharedLink = errors.New("it is another user's symbolic link in a folder everyone may write in, which the system does not follow (give the file it points to)")
)

// maxLinks is how many symbolic links are followed before giving up.
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
	return writeFunc(path, false, write)
}

// WriteRegular is Write for the app: a path that names a device, a pipe or
// a descriptor is refused (ErrNotRegular) before anything is opened, so
// that a save never waits for a pipe's reader.
func WriteRegular(path string, data []byte) error {
	return WriteRegularFunc(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteRegularFunc is WriteFunc under WriteRegular's rule.
func WriteRegularFunc(path string, write func(w io.Writer) error) error {
	return writeFunc(path, true, write)
}

func writeFunc(path string, regularOnly bool, write func(w io.Writer) error) error {
	t, err := inspect(path)
	if err != nil {
		return err
	}
	if t.inPlace() {
		if regularOnly {
			return &Error{Path: path, Err: ErrNotRegular, msg: fmt.Sprintf("cannot write %s: %s", path, ErrNotRegular)}
		}
		return writeInPlace(path, t, write)
	}
	dir := filepath.Dir(t.path)
	perm := fs.FileMode(0o666) // new files: as the umask allows
	if t.info != nil {
		perm = 0o600 // existing files: their own bits, set below
	}
	tmp, err := createTemp(dir, filepath.Base(t.path), perm, true)
	if err != nil {
		return fail(path, t.info != nil, err, "cannot write %s: cannot create a file in the folder %s", path, dir)
	}
	removeStale(dir, filepath.Base(t.path), tmp)
	ok, closed := false, false
	defer func() {
		if !ok { // closed first: Windows does not remove an open file
			if !closed {
				tmp.Close()
			}
			removeFile(tmp.Name())
		}
	}()
	if t.info != nil {
		if err := keepOwner(tmp, t.info); err != nil {
			return fail(path, true, err, "cannot write %s: cannot keep its permissions", path)
		}
	}
	ew := &ErrWriter{W: tmp}
	if err := write(ew); err != nil {
		if ew.Err != nil {
			return fail(path, t.info != nil, ew.Err, "cannot write %s", path)
		}
		return err
	}
	if err := tmp.Sync(); err != nil {
		return fail(path, t.info != nil, err, "cannot write %s", path)
	}
	if !renameOpen {
		// Closed before the rename, which Windows refuses for an open file.
		closed = true
		if err := tmp.Close(); err != nil {
			return fail(path, t.info != nil, err, "cannot write %s", path)
		}
	}
	// Where the system allows it, renamed while still open: the open file
	// holds the lock that tells removeStale in other processes that this
	// save is alive.
	if err := renameFile(tmp.Name(), t.path); err != nil {
		return fail(path, t.info != nil, err, "cannot replace %s", path)
	}
	ok = true
	var cerr error
	if !closed {
		cerr = tmp.Close() // the content is synced: a late error is the system's
	}
	syncDir(dir)
	if cerr != nil {
		return fail(path, false, cerr, "cannot write %s", path)
	}
	return nil
}

// The calls of a save on which systems differ, as variables so that a test
// can put another system's rules in their place (winrules_test.go models
// Windows's on Linux).
var (
	// renameOpen is whether the temporary file is renamed while it is
	// still open; where it is not (Windows), it is closed, synced, before.
	renameOpen = renameOpenDefault
	renameFile = replaceFile
	removeFile = os.Remove
)

// Check reports, without touching anything, whether Write could write
// path: its folder exists and takes new files, and it is not a folder. A
// command checks its output files with it before it starts a long job.
func Check(path string) error {
	t, err := inspect(path)
	if err != nil || t.inPlace() {
		return err
	}
	dir := filepath.Dir(t.path)
	tmp, err := createTemp(dir, filepath.Base(t.path), 0o600, false)
	if err != nil {
		return fail(path, false, err, "cannot write %s: cannot create a file in the folder %s", path, dir)
	}
	tmp.Close() // before the removal, which Windows refuses for an open file
	removeFile(tmp.Name())
	return nil
}

// target is where a path leads.
type target struct {
	path string      // the file to replace or to write in place
	info fs.FileInfo // nil when it does not exist yet
	// fd is a descriptor of this process that the path names
	// (/dev/stdout, /dev/fd/N, /proc/self/fd/N), else -1.
	fd int
	// magic is set for a link of /proc that the system follows to what a
	// descriptor of another process has open (path is the link).
	magic bool
}

// inPlace reports whether the target is written in place.
func (t target) inPlace() bool {
	return t.fd >= 0 || t.magic || t.info != nil && !t.info.Mode().IsRegular()
}

// inspect follows path's symbolic links, as the system would, to what a
// write must replace or write in place.
func inspect(path string) (target, error) {
	t := target{fd: -1}
	if path == "" {
		return t, &Error{Path: path, Err: fs.ErrInvalid, msg: "no file name given"}
	}
	p := path
	for links := 0; ; links++ {
		if fd, ok := ownDescriptor(p); ok {
			return descriptorTarget(path, p, fd)
		}
		if link, err := followFolders(filepath.Dir(p)); err != nil {
			return t, &Error{Path: path, Err: err, msg: fmt.Sprintf("cannot write %s: %s is another user's symbolic link to a folder, in a folder everyone may write in, and is not followed (give the folder it points to)", path, link)}
		}
		fi, err := os.Lstat(p)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			break
		}
		if links == maxLinks {
			return t, &Error{Path: path, Err: syscall.ELOOP,
				msg: fmt.Sprintf("cannot write %s: more than %d symbolic links in a row", path, maxLinks)}
		}
		if err := mayFollow(p, fi); err != nil {
			return t, &Error{Path: path, Err: err, msg: fmt.Sprintf("cannot write %s: %s", path, err)}
		}
		if strings.HasPrefix(filepath.Clean(p), "/proc/") {
			// A link of /proc names what a process has open ("pipe:[42]",
			// a deleted file): only the system can follow it.
			t.path, t.magic = p, true
			info, err := os.Stat(p)
			if err != nil {
				return t, fail(path, false, err, "cannot write %s", path)
			}
			if info.IsDir() {
				return t, &Error{Path: path, Err: syscall.EISDIR, msg: fmt.Sprintf("cannot write %s: it is a folder", path)}
			}
			t.info = info
			return t, nil
		}
		link, err := os.Readlink(p)
		if err != nil {
			return t, fail(path, false, err, "cannot write %s", path)
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(p), link)
		}
		p = link
	}
	t.path = p
	info, err := os.Stat(p)
	switch {
	case err == nil && info.IsDir():
		return t, &Error{Path: path, Err: syscall.EISDIR, msg: fmt.Sprintf("cannot write %s: it is a folder", path)}
	case err == nil:
		t.info = info
		return t, nil
	case errors.Is(err, syscall.ENOTDIR):
		return t, &Error{Path: path, Err: syscall.ENOTDIR, msg: fmt.Sprintf("cannot write %s: %s is not a folder", path, filepath.Dir(p))}
	case !errors.Is(err, fs.ErrNotExist):
		return t, fail(path, false, err, "cannot write %s", path)
	}
	dir := filepath.Dir(p)
	di, derr := os.Stat(dir)
	switch {
	case errors.Is(derr, fs.ErrNotExist):
		return t, &Error{Path: path, Err: derr, msg: fmt.Sprintf("cannot write %s: the folder %s does not exist", path, dir)}
	case derr != nil:
		return t, fail(path, false, derr, "cannot write %s", path)
	case !di.IsDir():
		return t, &Error{Path: path, Err: syscall.ENOTDIR, msg: fmt.Sprintf("cannot write %s: %s is not a folder", path, dir)}
	}
	return t, nil
}

// followFolders resolves the folder dir one name at a time, as the system
// does, and applies mayFollow's rule to every symbolic link on the way
// (the system's fs.protected_symlinks may be off): it returns the first
// link that may not be followed, with ErrSharedLink. What it cannot read
// or resolve it leaves for the system to report.
func followFolders(dir string) (string, error) {
	cur := "."
	if filepath.IsAbs(dir) {
		cur = filepath.VolumeName(dir) + string(filepath.Separator)
	}
	names := splitPath(dir)
	for links := 0; len(names) > 0; {
		next := filepath.Join(cur, names[0])
		names = names[1:]
		fi, err := os.Lstat(next)
		if err != nil {
			return "", nil
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			// cur holds no links, so that ".." in a later name goes where
			// the system goes.
			cur = next
			continue
		}
		if err := mayFollow(next, fi); err != nil {
			return next, err
		}
		if links++; links > maxLinks {
			return "", nil
		}
		target, err := os.Readlink(next)
		if err != nil {
			return "", nil
		}
		if filepath.IsAbs(target) {
			cur = filepath.VolumeName(target) + string(filepath.Separator)
		}
		names = append(splitPath(target), names...)
	}
	return "", nil
}

// splitPath returns the names of path, without its root or volume and
// without empty names and ".".
func splitPath(path string) []string {
	var names []string
	for _, n := range strings.Split(filepath.ToSlash(path[len(filepath.VolumeName(path)):]), "/") {
		if n != "" && n != "." {
			names = append(names, n)
		}
	}
	return names
}

// createTemp creates a new, empty file beside the target, named after it
// and hidden (tempName), with the given permission bits (before the
// umask); locked, it holds the lock that marks a save in progress.
func createTemp(dir, base string, perm fs.FileMode, locked bool) (*os.File, error) {
	var b [tempRandom]byte
	for {
		rand.Read(b[:])
		name := filepath.Join(dir, "."+base+"."+hex.EncodeToString(b[:])+".tmp")
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil || !locked {
			return f, err
		}
		if lockAlive(f) {
			return f, nil
		}
		// Another process's removeStale took it between its creation and
		// the lock: start again with a new name.
		f.Close()
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
	case errors.Is(err, syscall.EPIPE):
		return "the program reading it has stopped (a closed pipe)"
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
