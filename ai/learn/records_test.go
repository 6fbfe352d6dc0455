package learn

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// writeAtomic renames a finished file over its path: a path that is not a
// regular file (a pipe here, a device such as /dev/full as well) is
// refused, not replaced.
func TestWriteAtomicKeepsWhatIsNoFile(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes here:", err)
	}
	err := writeAtomic(fifo, func(w io.Writer) error { _, err := w.Write([]byte("weights")); return err })
	if err == nil {
		t.Error("writing over a pipe: no error")
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe is gone or replaced: %v %v", fi, err)
	}
	if _, err := os.Stat(fifo + ".tmp"); !os.IsNotExist(err) {
		t.Errorf("a temporary file is left: %v", err)
	}
}

// gzipFile writes text gzip-compressed to a new file.
func gzipFile(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "x.games.gz")
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	z.Write([]byte(text))
	z.Close()
	if err := os.WriteFile(path, b.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// Item 6 of issue 32: a game file is read within bounds: a line longer
// than MaxRecordLine (a gzip that inflates to one huge line) and more than
// MaxGames games are refused as they are read, named by their line; a
// named pipe is refused at once.
func TestReadGamesIsBounded(t *testing.T) {
	const head = "# boardgames self-play checkers x=1"
	long := gzipFile(t, head+"\n0 "+strings.Repeat("11-15 ", 2*MaxRecordLine/6)+"\n")
	if _, err := ReadGames(long, head); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("line 2 is longer than %d bytes", MaxRecordLine)) {
		t.Errorf("a long line: %v", err)
	}
	many := gzipFile(t, head+"\n"+strings.Repeat("0 \n", MaxGames+1))
	if _, err := ReadGames(many, head); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("line %d: more than %d games", MaxGames+2, MaxGames)) {
		t.Errorf("too many games: %v", err)
	}
	enough := gzipFile(t, head+"\n"+strings.Repeat("0 \n", 3))
	if recs, err := ReadGames(enough, head); err != nil || len(recs) != 3 {
		t.Errorf("3 games: %d, %v", len(recs), err)
	}
	fifo := filepath.Join(t.TempDir(), "pipe.games.gz")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes here:", err)
	}
	if _, err := ReadGames(fifo, head); err == nil || !strings.Contains(err.Error(), "a named pipe, not a regular file") {
		t.Errorf("a named pipe: %v", err)
	}
}

// A bad record is named by its round's file and line, counted from 1,
// never as "game 0".
func TestBadRecordIsNamedByItsFileAndLine(t *testing.T) {
	c := &Config{Game: "checkers", Dir: "work", Games: 3}
	recs := []Record{{0, ""}, {0, ""}, {0, ""}, {0, ""}, {7, ""}}
	_, err := checkersSamples(recs)
	want := filepath.Join("work", "checkers-round2.games.gz") + " line 3 (game 2 of the round): result 7 is not -1, 0 or 1"
	if err = c.recordAt(err, 0); err == nil || err.Error() != want {
		t.Errorf("%v, want %q", err, want)
	}
	recs[4] = Record{0, "11-15 9-14"}
	_, err = checkersSamples(recs[3:])
	if err = c.recordAt(err, 2); err == nil || !strings.HasPrefix(err.Error(), filepath.Join("work", "checkers-round2.games.gz")+" line 3 (game 2 of the round): ") {
		t.Errorf("an illegal move: %v", err)
	}
}
