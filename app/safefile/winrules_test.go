//go:build linux

package safefile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Windows refuses to rename or remove a file that any program has open
// without FILE_SHARE_DELETE, which Go's os.OpenFile never passes. These
// tests put that rule in place of Linux's (windowsRules) and run the
// sequence of a save as it runs on Windows (renameOpen false).

// errSharing is Windows's refusal, as Wine words it.
var errSharing = errors.New("sharing violation")

// openHere reports whether a descriptor of this process has path open
// (every open file of the test shows in /proc/self/fd).
func openHere(t *testing.T, path string) bool {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil {
		return false
	}
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("cannot list this process's descriptors: %v", err)
	}
	for _, fd := range fds {
		if o, err := os.Stat(filepath.Join("/proc/self/fd", fd.Name())); err == nil && os.SameFile(fi, o) {
			return true
		}
	}
	return false
}

// windowsRules makes the package's renames and removals follow Windows's
// rule for open files until the test ends, with the save sequence given
// (renameOpen), and returns the list of refusals it made.
func windowsRules(t *testing.T, renameOpenFiles bool) *[]string {
	var refused []string
	oldOpen, oldRename, oldRemove := renameOpen, renameFile, removeFile
	renameOpen = renameOpenFiles
	renameFile = func(from, to string) error {
		for _, p := range []string{from, to} {
			if openHere(t, p) {
				refused = append(refused, "rename "+filepath.Base(p))
				return &os.LinkError{Op: "rename", Old: from, New: to, Err: errSharing}
			}
		}
		return os.Rename(from, to)
	}
	removeFile = func(p string) error {
		if openHere(t, p) {
			refused = append(refused, "remove "+filepath.Base(p))
			return &os.PathError{Op: "remove", Path: p, Err: errSharing}
		}
		return os.Remove(p)
	}
	t.Cleanup(func() { renameOpen, renameFile, removeFile = oldOpen, oldRename, oldRemove })
	return &refused
}

// The model bites: the sequence as it was (the temporary file renamed
// while open) fails under Windows's rule, as it did under Wine.
func TestWindowsRulesRefuseRenamingAnOpenFile(t *testing.T) {
	refused := windowsRules(t, true)
	dir := t.TempDir()
	path := filepath.Join(dir, "game.bgame")
	write(t, path, "old", 0o644)
	err := Write(path, []byte("new"))
	if !errors.Is(err, errSharing) || !strings.Contains(err.Error(), "game.bgame is unchanged") {
		t.Fatalf("renaming the open temporary file: %v", err)
	}
	if len(*refused) == 0 || !strings.HasPrefix((*refused)[0], "rename .game.bgame.") {
		t.Fatalf("refusals %v", *refused)
	}
	if got := read(t, path); got != "old" {
		t.Fatalf("the file holds %q", got)
	}
}

// Item 3: on Windows a save never renames or removes an open file: new
// files, replaced files, failed writes and Check all work and leave no
// temporary file; a target another program holds open is refused with the
// old file kept, and the temporary file is still removed.
func TestWindowsSaveClosesBeforeRenaming(t *testing.T) {
	refused := windowsRules(t, false)
	dir := t.TempDir()
	path := filepath.Join(dir, "game.bgame")
	if err := Write(path, []byte("first")); err != nil {
		t.Fatalf("a new file: %v", err)
	}
	write(t, path, "old", 0o640)
	if err := Write(path, []byte("second")); err != nil {
		t.Fatalf("replacing a file: %v", err)
	}
	if got := read(t, path); got != "second" {
		t.Fatalf("the file holds %q", got)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640 as before", fi.Mode().Perm())
	}
	if err := WriteRegularFunc(path, func(w io.Writer) error {
		io.WriteString(w, "half")
		return errors.New("the game could not be written")
	}); err == nil || err.Error() != "the game could not be written" {
		t.Fatalf("a failed write: %v", err)
	}
	if err := Check(filepath.Join(dir, "new.csv")); err != nil {
		t.Fatalf("Check: %v", err)
	}
	onlyFiles(t, dir, "game.bgame")
	if len(*refused) > 0 {
		t.Fatalf("Windows would have refused: %v", *refused)
	}

	// Another program (here the test) has the target open: the rename is
	// refused, the old file is kept and the temporary file removed.
	r, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	err = Write(path, []byte("third"))
	r.Close()
	var e *Error
	if !errors.As(err, &e) || !e.Kept || !errors.Is(err, errSharing) {
		t.Fatalf("over an open file: %v", err)
	}
	noTempName(t, err)
	if got := read(t, path); got != "second" {
		t.Fatalf("the file holds %q", got)
	}
	onlyFiles(t, dir, "game.bgame")
	if strings.Join(*refused, ",") != "rename game.bgame" {
		t.Fatalf("refusals %v, want only the rename over the open target", *refused)
	}
	if err := Write(path, []byte("fourth")); err != nil || read(t, path) != "fourth" {
		t.Fatalf("once it is closed: %v", err)
	}
}
