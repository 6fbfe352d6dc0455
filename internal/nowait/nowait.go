// Package nowait opens the files a user names for reading without ever
// waiting on them: a named pipe, a device or a socket in place of a file
// is refused with its kind at once, instead of blocking the open (a named
// pipe waits for a writer, deaf to Ctrl+C) or the reads.
//
// Files:
//   - nowait.go       Open, Kind, NotRegularError
//   - open_unix.go    the open that never waits (O_NONBLOCK)
//   - open_other.go   a plain open where there are no named pipes
package nowait

import (
	"io/fs"
	"os"
)

// NotRegularError is the error of a path that is not a regular file.
type NotRegularError struct {
	Path string
	Kind string // "a named pipe", "a device", ... (see Kind)
}

func (e *NotRegularError) Error() string { return e.Path + ": " + e.Kind + ", not a regular file" }

// Kind names what a file of mode m is, for messages: "a named pipe", "a
// device", "a socket", "a folder", "a regular file", or "a special file".
func Kind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeDevice != 0, m&fs.ModeCharDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m.IsDir():
		return "a folder"
	}
	return "a special file"
}

// Open opens path for reading, following links, if it is a regular file;
// anything else is refused with a *NotRegularError without waiting on it.
func Open(path string) (*os.File, error) {
	f, err := openNoWait(path)
	if err != nil {
		// A socket does not open at all: say what it is.
		if st, serr := os.Stat(path); serr == nil && !st.Mode().IsRegular() {
			return nil, &NotRegularError{Path: path, Kind: Kind(st.Mode())}
		}
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, &NotRegularError{Path: path, Kind: Kind(st.Mode())}
	}
	return f, nil
}
