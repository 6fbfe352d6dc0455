package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
)

// Item 1 of issue 20: `-csv /dev/stdout >> log` and `render -o
// /dev/stdout >> log` add to log in place, never replace it: a descriptor
// named as a path (here /dev/fd/N and /proc/self/fd/N, as /dev/stdout is
// on Linux) is written where it points, appending where it appends.
func TestOutputToADescriptorIsWrittenInPlace(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc/self/fd here")
	}
	test.NewTempApp(t)
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"/dev/fd/%d", []string{"arena", "-game", "connect4", "-p1", "random", "-p2", "random", "-games", "2", "-csv"}, "game,p1_colour,"},
		{"/proc/self/fd/%d", []string{"bench", "-experiment", "connect4-minimax", "-quick", "-csv"}, ""},
		{"/dev/fd/%d", []string{"render", "-game", "connect4", "-size", "64", "-o"}, "\x89PNG"},
	} {
		log := filepath.Join(dir, "log.txt")
		os.WriteFile(log, []byte("earlier lines of the log\n"), 0o644)
		before, _ := os.Stat(log)
		f, err := os.OpenFile(log, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			t.Fatal(err)
		}
		path := fmt.Sprintf(tc.name, f.Fd())
		code, _, errOut := run(t, append(tc.args, path)...)
		f.Close()
		got := readFile(t, log)
		const earlier = "earlier lines of the log\n"
		if code != ExitOK || !strings.HasPrefix(got, earlier+tc.want) || len(got) < len(earlier)+10 {
			t.Errorf("%s %s: exit %d, stderr %q, log %.60q", tc.args[0], path, code, errOut, got)
		}
		if after, _ := os.Stat(log); !os.SameFile(before, after) {
			t.Errorf("%s %s: the log was replaced by another file", tc.args[0], path)
		}
	}
}
