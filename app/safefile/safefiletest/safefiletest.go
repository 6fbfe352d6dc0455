// Package safefiletest makes the faults that package safefile guards
// against, for tests: a folder the process cannot write in, and a full
// disk. Only tests import it.
package safefiletest

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// ReadOnly makes dir refuse new entries while the files in it stay
// writable, as a folder the user cannot write in, until the test ends.
// Root ignores permission bits, so as root the folder is made immutable
// (chattr +i) instead; the test is skipped, saying why, when that fails.
func ReadOnly(t testing.TB, dir string) {
	t.Helper()
	if os.Geteuid() != 0 {
		if err := os.Chmod(dir, 0o555); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(dir, 0o755) })
		return
	}
	if err := run("chattr", "+i", dir); err != nil {
		t.Skipf("running as root, and chattr +i (the way to make a folder read-only for root) failed: %v", err)
	}
	t.Cleanup(func() { run("chattr", "-i", dir) })
}

// SmallDisk returns a new folder on a file system of 64 KiB, for filling
// up; it is unmounted when the test ends. Mounting needs root: the test is
// skipped, saying why, when it fails.
func SmallDisk(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	if err := run("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", dir); err != nil {
		t.Skipf("cannot mount a small tmpfs to fill (needs root): %v", err)
	}
	t.Cleanup(func() { run("umount", dir) })
	return dir
}

func run(name string, args ...string) error {
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s %s: %v: %s", name, strings.Join(args, " "), err, strings.TrimSpace(string(out)))
	}
	return nil
}
