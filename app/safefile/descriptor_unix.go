//go:build unix

package safefile

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// ownDescriptor reports whether p names a descriptor of this process, and
// which: /dev/stdin, /dev/stdout, /dev/stderr, /dev/fd/N, and under /proc
// self, thread-self or this process's number, then fd/N (or task/T/fd/N).
func ownDescriptor(p string) (int, bool) {
	p = filepath.Clean(p)
	switch p {
	case "/dev/stdin":
		return 0, true
	case "/dev/stdout":
		return 1, true
	case "/dev/stderr":
		return 2, true
	}
	var rest string
	switch {
	case strings.HasPrefix(p, "/dev/fd/"):
		rest = strings.TrimPrefix(p, "/dev/fd/")
	case strings.HasPrefix(p, "/proc/"):
		parts := strings.Split(strings.TrimPrefix(p, "/proc/"), "/")
		me := strconv.Itoa(os.Getpid())
		if parts[0] != "self" && parts[0] != "thread-self" && parts[0] != me {
			return 0, false
		}
		parts = parts[1:]
		if len(parts) == 4 && parts[0] == "task" {
			parts = parts[2:]
		}
		if len(parts) != 2 || parts[0] != "fd" {
			return 0, false
		}
		rest = parts[1]
	default:
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	if err != nil || n < 0 || strconv.Itoa(n) != rest {
		return 0, false
	}
	return n, true
}

// statDescriptor stats an open descriptor.
func statDescriptor(fd int) (fs.FileInfo, error) {
	f, err := dupDescriptor(fd, "")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.Stat()
}

// dupDescriptor returns a duplicate of fd, which shares its offset and its
// flags (O_APPEND); closing it leaves fd open.
func dupDescriptor(fd int, name string) (*os.File, error) {
	syscall.ForkLock.RLock()
	nfd, err := syscall.Dup(fd)
	if err == nil {
		syscall.CloseOnExec(nfd)
	}
	syscall.ForkLock.RUnlock()
	if err != nil {
		return nil, err
	}
	return os.NewFile(uintptr(nfd), name), nil
}
