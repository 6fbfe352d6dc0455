package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A file with a bad game: -list lists the good games and the bad one with
// its line and reason, and conversion writes the good ones; both end with
// exit status 3 (partial).
func TestConvertPartial(t *testing.T) {
	in := filepath.Join(t.TempDir(), "c4.txt")
	if err := os.WriteFile(in, []byte("4453\n44444\n4444444\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, "convert", "-in", in, "-game", "connect4", "-list")
	want := "3\trejected\tline 3\tmove 7 (4): column 4 is full\n"
	if code != ExitPartial || strings.Count(out, "\n") != 3 || !strings.HasSuffix(out, want) {
		t.Errorf("-list: exit %d\n%s\nstderr: %s", code, out, errOut)
	}
	if !strings.Contains(errOut, "partial: 2 of 3 games read, 1 rejected") {
		t.Errorf("-list stderr: %s", errOut)
	}
	code, out, errOut = run(t, "convert", "-in", in, "-game", "connect4", "-to", "moves")
	if code != ExitPartial || out != "4453\n44444\n" {
		t.Errorf("conversion: exit %d\n%s\nstderr: %s", code, out, errOut)
	}
	code, _, errOut = run(t, "convert", "-in", in, "-game", "connect4", "-to", "moves", "-index", "3")
	if code != ExitUsage || !strings.Contains(errOut, "-index 3: game 3 (line 3): move 7 (4): column 4 is full") {
		t.Errorf("-index of a rejected game: exit %d, %s", code, errOut)
	}
}

// -filter picks games by player, year and result; the excerpt of
// tinsley.pdn (see rules/records) has x-steps and a game that goes on
// after a repetition.
func TestConvertFilter(t *testing.T) {
	in := "../../../rules/records/testdata/tinsley_excerpt.pdn"
	code, out, errOut := run(t, "convert", "-in", in, "-list", "-filter", "player=oldbury")
	if code != ExitPartial || !strings.HasPrefix(out, "2\tCheckers\t149 moves\tDraw\tEvent=London 1958, game 5") || strings.Contains(out, "\n1\t") {
		t.Errorf("exit %d\n%s\nstderr: %s", code, out, errOut)
	}
	code, _, errOut = run(t, "convert", "-in", in, "-to", "pdn", "-filter", "result=1-0")
	if code != ExitUsage || !strings.Contains(errOut, "no game of") {
		t.Errorf("a filter that matches nothing: exit %d, %s", code, errOut)
	}
	code, _, errOut = run(t, "convert", "-in", in, "-list", "-filter", "colour=red")
	if code != ExitUsage || !strings.Contains(errOut, "unknown filter") {
		t.Errorf("a bad filter: exit %d, %s", code, errOut)
	}
	code, out, _ = run(t, "convert", "-in", in, "-to", "pdn", "-index", "2")
	if code != ExitOK || !strings.Contains(out, "[Result \"1/2-1/2\"]") || !strings.Contains(out, "[White \"DE Oldbury\"]") {
		t.Errorf("-index 2: exit %d\n%s", code, out)
	}
}
