package fileerr

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"boardgames/app/internal/tr"
	"boardgames/app/safefile"
)

func TestText(t *testing.T) {
	defer tr.Use(tr.English)
	dir := t.TempDir()
	folder := safefile.Write(dir, []byte("x")) // a folder: safefile refuses it
	_, open := os.Open(filepath.Join(dir, "missing"))
	full := &safefile.Error{Path: "/tmp/a.csv", Err: syscall.ENOSPC, Kept: true}
	for _, c := range []struct {
		lang string
		err  error
		want string
	}{
		{tr.English, full, "cannot write /tmp/a.csv: the disk is full (the file is unchanged)"},
		{tr.Indonesian, full, "tidak bisa menulis /tmp/a.csv: disk penuh (berkasnya tidak berubah)"},
		{tr.English, folder, "cannot write " + dir + ": it is a folder"},
		{tr.Indonesian, folder, "tidak bisa menulis " + dir + ": itu adalah folder"},
		{tr.Indonesian, open, filepath.Join(dir, "missing") + ": berkas atau foldernya tidak ada"},
		{tr.Indonesian, &fs.PathError{Op: "open", Path: "/x", Err: fs.ErrPermission}, "/x: izin ditolak"},
		{tr.Indonesian, errors.New("a message the app made"), "a message the app made"},
	} {
		tr.Use(c.lang)
		if got := Text(c.err); got != c.want {
			t.Errorf("%s: Text(%v) = %q, want %q", c.lang, c.err, got, c.want)
		}
	}
	if Text(nil) != "" {
		t.Error("Text(nil) is not empty")
	}
}
