package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLogFlag: arena -log and grade -log write one transcript per game of
// the external program, in a folder they create; a -log that is a file is
// refused before any game.
func TestLogFlag(t *testing.T) {
	needSh(t)
	dir := filepath.Join(t.TempDir(), "logs", "arena")
	code, out, errOut := run(t, "arena", "-game", "connect4", "-p1", `gtp:"sh `+botDir+`exiter.sh",name=quitter`, "-p2", "random", "-games", "2", "-log", dir)
	if code != ExitOK {
		t.Fatalf("exit %d:\n%s%s", code, out, errOut)
	}
	for _, name := range []string{"001-quitter-red.gtp.log", "002-quitter-yellow.gtp.log"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !strings.Contains(string(b), "! bye: giving up after 2 moves") {
			t.Errorf("%s: %v\n%s", name, err, b)
		}
	}
	gdir := filepath.Join(t.TempDir(), "glogs")
	code, out, errOut = run(t, "grade", "-game", "connect4", "-bot", "sh "+botDir+"exiter.sh", "-opponents", "random", "-games", "2",
		"-o", filepath.Join(t.TempDir(), "report"), "-log", gdir)
	if code != ExitOK {
		t.Fatalf("grade: exit %d:\n%s%s", code, out, errOut)
	}
	if got, _ := filepath.Glob(filepath.Join(gdir, "01-00[12]-exiter.sh-*.gtp.log")); len(got) != 2 {
		t.Errorf("grade's transcripts: %q", got)
	}
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	code, _, errOut = run(t, "arena", "-game", "connect4", "-p1", "random", "-p2", "random", "-log", file)
	if code != ExitUsage || !strings.Contains(errOut, "-log") {
		t.Errorf("a -log that is a file: exit %d, %s", code, errOut)
	}
}
