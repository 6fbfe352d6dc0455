//go:build unix

package safefile

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The helper process of these tests: the test binary started again with
// SAFEFILE_HELPER set runs one job instead of the tests.
func TestMain(m *testing.M) {
	switch os.Getenv("SAFEFILE_HELPER") {
	case "":
		os.Exit(m.Run())
	case "stdout": // write SAFEFILE_DATA to SAFEFILE_PATH (such as /dev/stdout)
		if err := Write(os.Getenv("SAFEFILE_PATH"), []byte(os.Getenv("SAFEFILE_DATA"))); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	case "saver": // save versions of SAFEFILE_PATH until killed
		path := os.Getenv("SAFEFILE_PATH")
		for i := 0; ; i++ {
			if err := Write(path, version(i)); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
		}
	}
}

// version is the content of the i-th save of the kill loop: 2 MiB that
// say their number at both ends, so that a cut or mixed file shows.
func version(i int) []byte {
	tag := fmt.Sprintf("version %08d\n", i)
	b := bytes.Repeat([]byte{byte('a' + i%26)}, 2<<20)
	copy(b, tag)
	copy(b[len(b)-len(tag):], tag)
	return b
}

func whole(b []byte) bool {
	if len(b) != 2<<20 {
		return false
	}
	var i int
	if _, err := fmt.Sscanf(string(b[:17]), "version %08d\n", &i); err != nil {
		return false
	}
	return bytes.Equal(b, version(i))
}

func helper(t *testing.T, job string, env ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), append([]string{"SAFEFILE_HELPER=" + job}, env...)...)
	return cmd
}

func sameFile(t *testing.T, a, b os.FileInfo) {
	t.Helper()
	if !os.SameFile(a, b) {
		t.Error("the file was replaced by another (renamed over), not written in place")
	}
}

// Item 1: a descriptor named as a path (/dev/fd/N, /proc/self/fd/N) is
// written in place, at its offset, appending where it appends: the file
// behind it keeps what it had, and stays the same file.
func TestDescriptorsAreWrittenInPlace(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc/self/fd here")
	}
	dir := t.TempDir()
	for _, name := range []string{"/dev/fd/%d", "/proc/self/fd/%d", "/proc/" + strconv.Itoa(os.Getpid()) + "/fd/%d"} {
		for _, appending := range []bool{true, false} {
			log := filepath.Join(dir, "log.txt")
			write(t, log, "", 0o644)
			flags := os.O_WRONLY | os.O_TRUNC
			if appending {
				flags = os.O_WRONLY | os.O_APPEND
			}
			f, err := os.OpenFile(log, flags, 0)
			if err != nil {
				t.Fatal(err)
			}
			before, _ := f.Stat()
			f.WriteString("earlier output\n") // as a shell's >> or > would
			path := fmt.Sprintf(name, f.Fd())
			if err := Write(path, []byte("the table\n")); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			f.WriteString("later output\n")
			f.Close()
			if got, want := read(t, log), "earlier output\nthe table\nlater output\n"; got != want {
				t.Errorf("%s (append %v): the file holds %q, want %q", path, appending, got, want)
			}
			after, _ := os.Stat(log)
			sameFile(t, before, after)
			onlyFiles(t, dir, "log.txt")
		}
	}
}

// Item 1: /dev/stdout and /dev/stderr redirected to a file with >> are
// appended to, and with > written after what the process wrote before.
func TestStdoutIsWrittenInPlace(t *testing.T) {
	if _, err := os.Stat("/dev/stdout"); err != nil {
		t.Skip("no /dev/stdout here")
	}
	dir := t.TempDir()
	for _, name := range []string{"/dev/stdout", "/dev/stderr", "/dev/fd/1"} {
		log := filepath.Join(dir, "log.txt")
		write(t, log, "the log so far\n", 0o644)
		before, _ := os.Stat(log)
		f, err := os.OpenFile(log, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			t.Fatal(err)
		}
		cmd := helper(t, "stdout", "SAFEFILE_PATH="+name, "SAFEFILE_DATA=a,b\n1,2\n")
		cmd.Stdout, cmd.Stderr = f, f
		err = cmd.Run()
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := read(t, log); got != "the log so far\na,b\n1,2\n" {
			t.Errorf("%s >> log: log holds %q", name, got)
		}
		after, _ := os.Stat(log)
		sameFile(t, before, after)
	}
}

// Item 1: a pipe, named or not, is written in place.
func TestPipesAreWrittenInPlace(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	go func() {
		Write(fmt.Sprintf("/dev/fd/%d", w.Fd()), []byte("through the pipe"))
		w.Close()
	}()
	buf := make([]byte, 100)
	n, _ := r.Read(buf)
	if string(buf[:n]) != "through the pipe" {
		t.Errorf("read %q from the pipe", buf[:n])
	}
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes:", err)
	}
	got := make(chan string, 1)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- string(b)
	}()
	if err := Write(fifo, []byte("named")); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "named" {
		t.Errorf("read %q from the named pipe", s)
	}
	if fi, _ := os.Lstat(fifo); fi.Mode()&os.ModeNamedPipe == 0 {
		t.Error("the named pipe was replaced")
	}
}

// Item 4: the app's writes refuse a device or a pipe at once, without
// waiting for a reader.
func TestWriteRegularNeverWaits(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "game.bgame")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes:", err)
	}
	done := make(chan error, 1)
	go func() { done <- WriteRegular(fifo, []byte("game")) }()
	select {
	case err := <-done:
		if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("WriteRegular to a pipe: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("WriteRegular waits for a reader of the pipe")
	}
	if err := WriteRegular("/dev/null", nil); !errors.Is(err, ErrNotRegular) {
		t.Errorf("WriteRegular(/dev/null) = %v", err)
	}
	if err := WriteRegular(filepath.Join(dir, "new.bgame"), []byte("x")); err != nil {
		t.Error(err)
	}
}

// Item 2: another user's link planted in a sticky folder that everyone
// may write in is refused (the kernel's fs.protected_symlinks rule), and
// the file it points to is untouched; the user's own link there, or one of
// the folder's owner, is written through.
func TestLinkPlantedInStickyFolderIsRefused(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("planting another user's link needs root (chown)")
	}
	base := t.TempDir()
	shared := filepath.Join(base, "tmp")
	os.Mkdir(shared, 0o755)
	if err := os.Chmod(shared, os.ModeSticky|0o777); err != nil {
		t.Fatal(err)
	}
	victim := filepath.Join(base, "precious.txt")
	write(t, victim, "the victim's data", 0o644)
	planted := filepath.Join(shared, "x.csv")
	if err := os.Symlink(victim, planted); err != nil {
		t.Fatal(err)
	}
	if err := os.Lchown(planted, 4321, 4321); err != nil {
		t.Fatal(err)
	}
	err := Write(planted, []byte("results"))
	if !errors.Is(err, ErrSharedLink) || !strings.Contains(err.Error(), "another user's symbolic link") {
		t.Errorf("write through a planted link: %v", err)
	}
	if err := Check(planted); !errors.Is(err, ErrSharedLink) {
		t.Errorf("Check: %v", err)
	}
	if got := read(t, victim); got != "the victim's data" {
		t.Fatalf("the link's target now holds %q", got)
	}
	// A link behind another link is checked too.
	mine := filepath.Join(base, "mine")
	os.Symlink(planted, mine)
	if err := Write(mine, []byte("results")); !errors.Is(err, ErrSharedLink) {
		t.Errorf("a chain through the planted link: %v", err)
	}
	// The user's own link, and one of the folder's owner, are followed.
	own := filepath.Join(shared, "own.csv")
	os.Symlink(victim, own)
	if err := Write(own, []byte("mine")); err != nil || read(t, victim) != "mine" {
		t.Errorf("own link: %v", err)
	}
	os.Chown(shared, 4321, 4321)
	if err := Write(planted, []byte("owner's")); err != nil || read(t, victim) != "owner's" {
		t.Errorf("a link of the folder's owner: %v", err)
	}
	// Not sticky, or not writable by all: links are followed as before.
	os.Chmod(shared, 0o777)
	os.Chown(shared, 0, 0)
	if err := Write(planted, []byte("plain")); err != nil || read(t, victim) != "plain" {
		t.Errorf("a link in a folder that is not sticky: %v", err)
	}
}

// Item 9: saves killed at random moments leave temporary files; the next
// save in the folder removes them, and the file is always whole. A
// temporary file of a save in progress is left alone.
func TestKilledSavesAreCleanedUp(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "results.csv")
	write(t, path, string(version(0)), 0o644)
	other := filepath.Join(dir, "other.txt")
	write(t, other, "untouched", 0o644)
	// A file that only looks like ours and one of a live save stay.
	lookalike := filepath.Join(dir, ".results.csv.notours.tmp")
	write(t, lookalike, "x", 0o644)
	live, err := createTemp(dir, "live.png", 0o600, true)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { os.Remove(live.Name()); live.Close() }()

	rng := rand.New(rand.NewPCG(1, 2))
	left := 0
	for kill := range 25 {
		cmd := helper(t, "saver", "SAFEFILE_PATH="+path)
		var errOut bytes.Buffer
		cmd.Stderr = &errOut
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(5+rng.IntN(60)) * time.Millisecond)
		cmd.Process.Kill()
		cmd.Wait()
		if errOut.Len() > 0 {
			t.Fatalf("kill %d: the saver failed: %s", kill, errOut.String())
		}
		b, err := os.ReadFile(path)
		if err != nil || !whole(b) {
			t.Fatalf("kill %d: the file is not whole (%d bytes, %v)", kill, len(b), err)
		}
		entries, _ := os.ReadDir(dir)
		left = max(left, len(entries)-4)
	}
	if left == 0 {
		t.Log("no kill landed inside a save")
	}
	if err := Write(path, version(99)); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); !bytes.Equal(b, version(99)) {
		t.Fatal("the last save is not whole")
	}
	onlyFiles(t, dir, filepath.Base(live.Name()), ".results.csv.notours.tmp", "other.txt", "results.csv")
}

func TestTempNames(t *testing.T) {
	for name, want := range map[string]bool{
		".game.bgame.0123456789ab.tmp": true,
		".a.ffffffffffff.tmp":          true,
		"..0123456789ab.tmp":           false, // no name
		".game.bgame.0123456789AB.tmp": false,
		".game.bgame.0123456789a.tmp":  false,
		"game.bgame.0123456789ab.tmp":  false,
		".game.bgame.0123456789ab":     false,
	} {
		if isTempName(name) != want {
			t.Errorf("isTempName(%q) = %v", name, !want)
		}
	}
}

// Issue 32, item 6: another user's link to a folder, planted in a sticky
// folder that everyone may write in, is refused wherever it stands on the
// path (directly, behind a link of the user's, or reached through ".."),
// and nothing in the folder it points to is touched; the user's own
// folder link there is followed.
func TestFolderLinkPlantedInStickyFolderIsRefused(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("planting another user's link needs root (chown)")
	}
	base := t.TempDir()
	shared := filepath.Join(base, "tmp")
	os.Mkdir(shared, 0o755)
	if err := os.Chmod(shared, os.ModeSticky|0o777); err != nil {
		t.Fatal(err)
	}
	victim := filepath.Join(base, "victim")
	os.Mkdir(victim, 0o755)
	precious := filepath.Join(victim, "x.csv")
	write(t, precious, "the victim's data", 0o644)
	planted := filepath.Join(shared, "d")
	if err := os.Symlink(victim, planted); err != nil {
		t.Fatal(err)
	}
	if err := os.Lchown(planted, 65534, 65534); err != nil { // nobody
		t.Fatal(err)
	}
	os.Symlink(shared, filepath.Join(base, "mytmp")) // the user's own link to the sticky folder
	os.Mkdir(filepath.Join(shared, "sub"), 0o755)
	for _, p := range []string{
		filepath.Join(planted, "x.csv"),
		filepath.Join(planted, "new.csv"),
		filepath.Join(base, "mytmp", "d", "x.csv"),
		filepath.Join(shared, "sub", "..", "d", "x.csv"),
	} {
		err := Write(p, []byte("results"))
		if !errors.Is(err, ErrSharedLink) || !strings.Contains(err.Error(), "d is another user's symbolic link to a folder") {
			t.Errorf("write to %s: %v", p, err)
		}
		if err := Check(p); !errors.Is(err, ErrSharedLink) {
			t.Errorf("Check(%s): %v", p, err)
		}
	}
	// Relative to the working folder too.
	t.Chdir(shared)
	err := Write("d/x.csv", []byte("results"))
	if !errors.Is(err, ErrSharedLink) {
		t.Errorf("write to d/x.csv from the sticky folder: %v", err)
	}
	if got := read(t, precious); got != "the victim's data" {
		t.Fatalf("the victim's file now holds %q", got)
	}
	onlyFiles(t, victim, "x.csv")
	// The user's own folder link in the sticky folder is followed.
	own := filepath.Join(shared, "own")
	os.Symlink(victim, own)
	if err := Write(filepath.Join(own, "x.csv"), []byte("mine")); err != nil || read(t, precious) != "mine" {
		t.Errorf("through the user's own folder link: %v", err)
	}
	// Not sticky: followed as before.
	os.Chmod(shared, 0o777)
	if err := Write(filepath.Join(planted, "x.csv"), []byte("plain")); err != nil || read(t, precious) != "plain" {
		t.Errorf("a folder link in a folder that is not sticky: %v", err)
	}
}
