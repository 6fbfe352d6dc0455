//go:build linux || darwin || freebsd || openbsd || netbsd || dragonfly

package safefile

import (
	"path/filepath"
	"testing"
)

// Item 6 of issue 32: a save removes the stale temporary files of the
// file it saves only: a file of the user's that looks like another file's
// temporary one stays, however fresh or old;
// the unlocked one of the file saved goes.
func TestStaleTempsOfOtherFilesStay(t *testing.T) {
	dir := t.TempDir()
	notes := filepath.Join(dir, ".notes.0123456789ab.tmp")
	write(t, notes, "my notes", 0o644)
	stale := filepath.Join(dir, ".results.csv.0123456789ab.tmp")
	write(t, stale, "half a save", 0o600)
	if err := Write(filepath.Join(dir, "results.csv"), []byte("a,b\n")); err != nil {
		t.Fatal(err)
	}
	if read(t, notes) != "my notes" {
		t.Error("the user's file was changed")
	}
	onlyFiles(t, dir, ".notes.0123456789ab.tmp", "results.csv")
}
