package safefile

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"boardgames/app/safefile/safefiletest"
)

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func write(t *testing.T, path, text string, perm os.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), perm); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, perm); err != nil { // whatever the umask
		t.Fatal(err)
	}
}

// onlyFiles fails unless dir holds exactly the names given: no temporary
// file left behind.
func onlyFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if strings.Join(got, ",") != strings.Join(names, ",") {
		t.Fatalf("folder holds %v, want %v", got, names)
	}
}

// noTempName fails if a message names a temporary file.
func noTempName(t *testing.T, err error) {
	t.Helper()
	if strings.Contains(err.Error(), ".tmp") {
		t.Errorf("the message names the temporary file: %v", err)
	}
}

func TestReplacesAndKeepsPermissions(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.bgame")
	write(t, path, "old content", 0o640)
	if err := Write(path, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if got := read(t, path); got != "new" {
		t.Fatalf("content %q", got)
	}
	fi, _ := os.Stat(path)
	if fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640 as before", fi.Mode().Perm())
	}
	onlyFiles(t, dir, "game.bgame")
}

func TestNewFileFollowsTheUmask(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain")
	f, err := os.OpenFile(plain, os.O_CREATE|os.O_WRONLY, 0o666)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	path := filepath.Join(dir, "new.csv")
	if err := Write(path, []byte("a,b\n")); err != nil {
		t.Fatal(err)
	}
	want, _ := os.Stat(plain)
	got, _ := os.Stat(path)
	if got.Mode() != want.Mode() {
		t.Errorf("new file mode %v, a file created normally has %v", got.Mode(), want.Mode())
	}
}

func TestWritesThroughSymlinks(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.bgame")
	write(t, real, "old", 0o600)
	link := filepath.Join(dir, "link.bgame")
	if err := os.Symlink("real.bgame", link); err != nil { // relative
		t.Fatal(err)
	}
	if err := Write(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the link was replaced by a file")
	}
	if got := read(t, real); got != "new" {
		t.Fatalf("the link's target holds %q", got)
	}
	if fi, _ := os.Stat(real); fi.Mode().Perm() != 0o600 {
		t.Errorf("target mode %v", fi.Mode().Perm())
	}
	// A dangling link: its target is created.
	dangling := filepath.Join(dir, "dangling")
	if err := os.Symlink(filepath.Join(dir, "later.txt"), dangling); err != nil {
		t.Fatal(err)
	}
	if err := Write(dangling, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if got := read(t, filepath.Join(dir, "later.txt")); got != "x" {
		t.Fatalf("dangling link target holds %q", got)
	}
	// A loop is an error, not a hang.
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	os.Symlink(b, a)
	os.Symlink(a, b)
	if err := Write(a, []byte("x")); err == nil || !strings.Contains(err.Error(), "symbolic links") {
		t.Fatalf("link loop: %v", err)
	}
}

func TestBadTargets(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ path, want string }{
		{dir, "it is a folder"},
		{filepath.Join(dir, "missing", "x.png"), "the folder " + filepath.Join(dir, "missing") + " does not exist"},
		{"", "no file name"},
	} {
		err := Write(tc.path, []byte("x"))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Write(%q) = %v, want %q", tc.path, err, tc.want)
			continue
		}
		noTempName(t, err)
		if cerr := Check(tc.path); cerr == nil || cerr.Error() != err.Error() {
			t.Errorf("Check(%q) = %v, Write said %v", tc.path, cerr, err)
		}
	}
	file := filepath.Join(dir, "file")
	write(t, file, "x", 0o644)
	if err := Write(filepath.Join(file, "x"), nil); err == nil || !strings.Contains(err.Error(), "is not a folder") {
		t.Errorf("file as a folder: %v", err)
	}
	onlyFiles(t, dir, "file")
}

func TestReadOnlyFolderKeepsTheFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.bgame")
	write(t, path, "the old game", 0o644)
	safefiletest.ReadOnly(t, dir)
	err := Write(path, []byte("new"))
	if err == nil {
		t.Fatal("wrote into a read-only folder")
	}
	if !errors.Is(err, os.ErrPermission) || !strings.Contains(err.Error(), "permission denied") ||
		!strings.Contains(err.Error(), "unchanged") {
		t.Errorf("message %q", err)
	}
	noTempName(t, err)
	if got := read(t, path); got != "the old game" {
		t.Fatalf("the old file now holds %q", got)
	}
	if err := Check(path); err == nil || !strings.Contains(err.Error(), "permission denied") {
		t.Errorf("Check = %v", err)
	}
	onlyFiles(t, dir, "game.bgame")
}

func TestDevFull(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full on this system")
	}
	err := Write("/dev/full", bytes.Repeat([]byte("x"), 10000))
	if err == nil || !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), "the disk is full") {
		t.Fatalf("write to /dev/full: %v", err)
	}
	// A device is written in place: Check accepts it.
	if err := Check("/dev/full"); err != nil {
		t.Fatal(err)
	}
	if err := Write("/dev/null", []byte("x")); err != nil {
		t.Fatal(err)
	}
}

// TestFullDisk fills a small file system: the old file must survive whole
// and no temporary file may stay. Mounting one needs root.
func TestFullDisk(t *testing.T) {
	dir := safefiletest.SmallDisk(t)
	path := filepath.Join(dir, "results.csv")
	write(t, path, "old,rows\n", 0o644)
	err := Write(path, bytes.Repeat([]byte("0123456789abcdef"), 1<<16)) // 1 MiB
	if err == nil || !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("1 MiB on a 64 KiB disk: %v", err)
	}
	if !strings.Contains(err.Error(), "the disk is full") || !strings.Contains(err.Error(), "unchanged") {
		t.Errorf("message %q", err)
	}
	noTempName(t, err)
	if got := read(t, path); got != "old,rows\n" {
		t.Fatalf("the old file holds %q", got)
	}
	onlyFiles(t, dir, "results.csv")
}

func TestWriterErrorLeavesTheFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "chart.png")
	write(t, path, "old", 0o644)
	boom := errors.New("no chart to export")
	err := WriteFunc(path, func(w io.Writer) error {
		io.WriteString(w, "half a ")
		return boom
	})
	if err != boom {
		t.Fatalf("error %v, want the writer's", err)
	}
	if got := read(t, path); got != "old" {
		t.Fatalf("file holds %q", got)
	}
	onlyFiles(t, dir, "chart.png")
}

func TestCheckTouchesNothing(t *testing.T) {
	dir := t.TempDir()
	if err := Check(filepath.Join(dir, "out.csv")); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "kept.csv")
	write(t, path, "keep me", 0o644)
	if err := Check(path); err != nil {
		t.Fatal(err)
	}
	if got := read(t, path); got != "keep me" {
		t.Fatalf("Check changed the file: %q", got)
	}
	onlyFiles(t, dir, "kept.csv")
}
