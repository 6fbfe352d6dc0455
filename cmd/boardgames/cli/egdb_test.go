package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"boardgames/ai/bots"
	"boardgames/ai/solve/egdb"
)

// The 3-piece databases through the command line, as CI builds and checks
// them: build, build again (found built), verify, probe, info, and the
// errors.
func TestEgdbCommands(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "db")
	code, out, errOut := run(t, "egdb", "build", "-pieces", "3", "-dir", dir, "-nice", "0")
	if code != ExitOK || !strings.Contains(out, "done: 16 subdatabases, 199520 positions") {
		t.Fatalf("build: exit %d\n%s%s", code, out, errOut)
	}
	code, out, _ = run(t, "egdb", "build", "-pieces", "3", "-dir", dir)
	if code != ExitOK || strings.Count(out, "built before") != 16 {
		t.Fatalf("build again: exit %d\n%s", code, out)
	}
	code, out, errOut = run(t, "egdb", "verify", "-dir", dir)
	if code != ExitOK || !strings.Contains(out, "verified: 16 subdatabases of up to 3 pieces, 199520 positions") {
		t.Fatalf("verify: exit %d\n%s%s", code, out, errOut)
	}
	code, out, _ = run(t, "egdb", "probe", "-dir", dir, "-position", "W:WK10:BK1,K3")
	if code != ExitOK || !strings.Contains(out, "white to move: loss in 34 plies") || !strings.Contains(out, "10-6     loss in 2 plies") {
		t.Fatalf("probe: exit %d\n%s", code, out)
	}
	var probe struct {
		Value string `json:"value"`
		Plies int    `json:"plies"`
		Holds bool   `json:"holds"`
		Moves []struct {
			Move, Value string
			Plies       int
		} `json:"moves"`
	}
	runJSON(t, &probe, "egdb", "probe", "-dir", dir, "-position", "B:WK10:BK1,K3", "-json")
	if probe.Value != "win" || probe.Plies != 29 || !probe.Holds || len(probe.Moves) == 0 || probe.Moves[0].Plies != 29 {
		t.Errorf("probe -json: %+v", probe)
	}
	code, out, _ = run(t, "egdb", "info", "-dir", dir)
	if code != ExitOK || !strings.Contains(out, "     3            12         196032") {
		t.Errorf("info: exit %d\n%s", code, out)
	}
	// A damaged file is found by verify, and named.
	name := filepath.Join(dir, "db-0201.dtw")
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)-7] ^= 1
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = run(t, "egdb", "verify", "-dir", dir)
	if code != ExitError || !strings.Contains(errOut, "db-0201.dtw is damaged") {
		t.Errorf("verify of a damaged file: exit %d, %q", code, errOut)
	}
}

func TestEgdbBadInput(t *testing.T) {
	empty := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"egdb"}, "needs a command"},
		{[]string{"egdb", "grow"}, "unknown command"},
		{[]string{"egdb", "build", "-pieces", "9", "-dir", empty}, "-pieces must be 2..6"},
		{[]string{"egdb", "build", "-pieces", "3", "-nice", "30", "-dir", empty}, "-nice must be 0..19"},
		{[]string{"egdb", "probe", "-dir", empty}, "-position is required"},
		{[]string{"egdb", "probe", "-dir", empty, "-position", "X:W1:B2"}, "side to move"},
		{[]string{"egdb", "probe", "-dir", empty, "-position", "W:WK10:BK1,K3"}, "no endgame database is built"},
		{[]string{"egdb", "verify", "-dir", empty}, "no endgame database is built"},
	} {
		code, _, errOut := run(t, c.args...)
		if code != ExitUsage || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, %q; want exit 2 and %q", c.args, code, errOut, c.want)
		}
	}
}

// A small book through the command line: built, gone on from, refused
// with other options.
func TestBookCommand(t *testing.T) {
	out := filepath.Join(t.TempDir(), "c.book")
	code, stdout, errOut := run(t, "book", "-game", "checkers", "-plies", "1", "-bot", "engine:depth=2", "-o", out)
	if code != ExitOK || !strings.Contains(stdout, "done: 8 positions (8 new)") {
		t.Fatalf("book: exit %d\n%s%s", code, stdout, errOut)
	}
	code, stdout, _ = run(t, "book", "-game", "checkers", "-plies", "1", "-bot", "engine:depth=2", "-o", out)
	if code != ExitOK || !strings.Contains(stdout, "(0 new)") {
		t.Errorf("again: exit %d\n%s", code, stdout)
	}
	code, _, errOut = run(t, "book", "-game", "checkers", "-plies", "2", "-bot", "engine:depth=2", "-o", out)
	if code != ExitUsage || !strings.Contains(errOut, "other options") {
		t.Errorf("other options: exit %d %q", code, errOut)
	}
	// A device is refused by name, before any search.
	code, _, errOut = run(t, "book", "-game", "checkers", "-plies", "1", "-bot", "engine:depth=1", "-o", os.DevNull)
	if code != ExitUsage || !strings.Contains(errOut, os.DevNull+" is not a regular file") {
		t.Errorf("-o %s: exit %d %q", os.DevNull, code, errOut)
	}
	data, _ := os.ReadFile(out)
	if lines := strings.Count(string(data), "\n"); lines != 10 || !strings.Contains(string(data), "\n# checksum crc32=") {
		t.Errorf("%d lines:\n%s", lines, data)
	}
	// Issue 32, item 6: a book edited by hand is refused when gone on from:
	// a score out of range by its line, any other change by its checksum.
	lines := strings.SplitAfter(string(data), "\n")
	f := strings.Split(lines[3], "\t")
	for _, c := range []struct{ score, want string }{
		{"-99999999", "line 4: the score -99999999 is out of range"},
		{f[2] + "1", "book corrupt: checksum mismatch at line 10"},
	} {
		edited := strings.Join(lines[:3], "") + strings.Join([]string{f[0], f[1], c.score, f[3]}, "\t") + strings.Join(lines[4:], "")
		os.WriteFile(out, []byte(edited), 0o644)
		code, _, errOut = run(t, "book", "-game", "checkers", "-plies", "1", "-bot", "engine:depth=2", "-o", out)
		if code != ExitUsage || !strings.Contains(errOut, c.want) {
			t.Errorf("score %s: exit %d %q, want exit 2 and %q", c.score, code, errOut, c.want)
		}
		if got, _ := os.ReadFile(out); string(got) != edited {
			t.Errorf("score %s: the refused book was changed", c.score)
		}
	}
}

// Item 6 of issue 32: every egdb command looks where the bots do,
// $BOARDGAMES_EGDB, when no -dir is given; "off" is refused.
func TestEgdbHonoursTheEnvironment(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "db")
	if code, out, errOut := run(t, "egdb", "build", "-pieces", "2", "-dir", dir, "-nice", "0"); code != ExitOK {
		t.Fatalf("build: exit %d\n%s%s", code, out, errOut)
	}
	t.Setenv("BOARDGAMES_EGDB", dir)
	var info struct {
		Dir  string `json:"dir"`
		Subs []any  `json:"subdatabases"`
	}
	runJSON(t, &info, "egdb", "info", "-json")
	if info.Dir != dir || len(info.Subs) == 0 {
		t.Errorf("info: %+v, want the databases of %s", info, dir)
	}
	if code, out, errOut := run(t, "egdb", "probe", "-position", "W:WK10:BK1"); code != ExitOK || !strings.Contains(out, "white to move: draw") {
		t.Errorf("probe: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := run(t, "egdb", "verify"); code != ExitOK || !strings.Contains(out, "verified") {
		t.Errorf("verify: exit %d\n%s%s", code, out, errOut)
	}
	t.Setenv("BOARDGAMES_EGDB", "off")
	for _, args := range [][]string{{"build", "-pieces", "2"}, {"verify"}, {"info"}, {"probe", "-position", "W:WK10:BK1"}} {
		if code, _, errOut := run(t, append([]string{"egdb"}, args...)...); code != ExitUsage || !strings.Contains(errOut, "$BOARDGAMES_EGDB is off") {
			t.Errorf("%v with $BOARDGAMES_EGDB off: exit %d, %q", args, code, errOut)
		}
	}
}

// Item 6 of issue 32: a damaged database file gives analyze a note (the
// search went on without it), instead of nothing.
func TestAnalyzeNotesADamagedDatabase(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "db")
	if code, out, errOut := run(t, "egdb", "build", "-pieces", "3", "-dir", dir, "-nice", "0"); code != ExitOK {
		t.Fatalf("build: exit %d\n%s%s", code, out, errOut)
	}
	damaged, _ := filepath.Glob(filepath.Join(dir, "db-*.dtw"))
	for _, p := range damaged {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		data[len(data)-7] ^= 1
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	db, err := egdb.Open(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	bots.UseCheckersDB(db)
	defer bots.UseCheckersDB(nil)
	code, out, errOut := run(t, "analyze", "-game", "checkers", "-position", "B:WK28:B5,6", "-algo", "engine", "-depth", "4")
	if code != ExitOK || !strings.Contains(out, "note: an endgame database file could not be read") || !strings.Contains(out, "is damaged") {
		t.Errorf("exit %d, %q\n%s", code, errOut, out)
	}
}
