package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"boardgames/app/gamefile"
)

const clubPDN = "../../../rules/records/testdata/club.pdn"

// A multi-game PDN file converts to PDN again (the normal form, a fixed
// point), each game of it to a saved game that replays to the same moves,
// and lists its games.
func TestConvertPDN(t *testing.T) {
	code, pdn, errOut := run(t, "convert", "-in", clubPDN, "-to", "pdn")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(pdn, "{Old Fourteenth}") || !strings.Contains(errOut, "warning: game 1: 1 variation(s) skipped") {
		t.Errorf("the comment is not kept, or no warning about the skipped variation: %q\n%s", errOut, pdn)
	}
	tmp := filepath.Join(t.TempDir(), "again.pdn")
	os.WriteFile(tmp, []byte(pdn), 0o644)
	if code, again, _ := run(t, "convert", "-in", tmp, "-to", "pdn"); code != ExitOK || again != pdn {
		t.Errorf("converting the output again changed it (exit %d):\n%s\n---\n%s", code, pdn, again)
	}
	if strings.Count(pdn, "[GameType \"21\"]") != 3 {
		t.Errorf("not three games:\n%s", pdn)
	}

	code, list, _ := run(t, "convert", "-in", clubPDN, "-list")
	if code != ExitOK || strings.Count(list, "\n") != 3 || !strings.Contains(list, "1\tCheckers\t12 moves\tBlack wins\tEvent=Club night") {
		t.Errorf("-list (exit %d):\n%s", code, list)
	}

	code, saved, errOut := run(t, "convert", "-in", clubPDN, "-to", "bgame", "-index", "2")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	f, err := gamefile.Parse(saved)
	if err != nil {
		t.Fatalf("the saved game does not load: %v\n%s", err, saved)
	}
	if f.Record.String() != "22-18 31-26 23x30 32-27" || f.Record.Start().String() != "W:WK22,K23,K24:BK31,K32" {
		t.Errorf("saved %s from %s", f.Record, f.Record.Start())
	}
	if !strings.Contains(saved, "Result: Draw\n") || !strings.Contains(saved, "Tag Black: Budi\n") || f.Final().String() != "draw" {
		t.Errorf("the record's tags and result are not kept:\n%s", saved)
	}
}

// Othello moves from standard input become GGF, which becomes a saved
// game, which becomes a move list again.
func TestConvertChain(t *testing.T) {
	defer func() { convertStdin = os.Stdin }()
	convertStdin = strings.NewReader("F5D6C3D3C4\n")
	code, ggf, errOut := run(t, "convert", "-in", "-", "-game", "othello", "-to", "ggf")
	if code != ExitOK || !strings.HasPrefix(ggf, "(;GM[Othello]") || !strings.Contains(ggf, "B[f5]W[d6]B[c3]W[d3]B[c4];)") {
		t.Fatalf("exit %d, %s: %s", code, errOut, ggf)
	}
	dir := t.TempDir()
	ggfPath, savedPath := filepath.Join(dir, "g.ggf"), filepath.Join(dir, "g.bgame")
	os.WriteFile(ggfPath, []byte(ggf), 0o644)
	if code, _, errOut := run(t, "convert", "-in", ggfPath, "-to", "bgame", "-o", savedPath); code != ExitOK {
		t.Fatalf("to bgame: exit %d: %s", code, errOut)
	}
	code, moves, errOut := run(t, "convert", "-in", savedPath, "-to", "moves")
	if code != ExitOK || moves != "f5d6c3d3c4\n" {
		t.Fatalf("back to moves: exit %d, %q, %s", code, moves, errOut)
	}
}

func TestConvertBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.pdn")
	os.WriteFile(bad, []byte("1. 11-15 23-19 2. 5-1 *"), 0o644)
	out := filepath.Join(dir, "out.pdn")
	os.WriteFile(out, []byte("keep me"), 0o644)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-to", "pdn"}, "-in FILE is required"},
		{[]string{"-in", clubPDN}, "-to is required"},
		{[]string{"-in", clubPDN, "-to", "sgf"}, "unknown format"},
		{[]string{"-in", clubPDN, "-to", "ggf"}, "GGF holds no Checkers games (write pdn or bgame)"},
		{[]string{"-in", clubPDN, "-to", "bgame"}, "a saved game holds one game and " + clubPDN + " holds 3: pick one with -index N (1..3)"},
		{[]string{"-in", clubPDN, "-to", "pdn", "-index", "4"}, "-index 4: " + clubPDN + " holds 3 games"},
		{[]string{"-in", clubPDN, "-to", "moves", "-index", "2"}, "set-up position"},
		{[]string{"-in", bad, "-to", "pdn", "-o", out}, "game 1 (line 1): move 3 (5-1)"},
		{[]string{"-in", dir, "-to", "pdn"}, "-in " + dir + ": a folder, not a regular file"},
		{[]string{"-in", filepath.Join(dir, "missing.pdn"), "-to", "pdn"}, "no such file"},
	}
	for _, c := range cases {
		code, _, errOut := run(t, append([]string{"convert"}, c.args...)...)
		if code != ExitUsage || !strings.Contains(errOut, c.want) {
			t.Errorf("convert %v: exit %d, %q; want exit 2 and %q", c.args, code, errOut, c.want)
		}
	}
	if data, _ := os.ReadFile(out); string(data) != "keep me" {
		t.Errorf("a failed convert touched its output: %q", data)
	}
	convertStdin = strings.NewReader("4453")
	defer func() { convertStdin = os.Stdin }()
	if code, _, errOut := run(t, "convert", "-in", "-", "-to", "moves"); code != ExitUsage || !strings.Contains(errOut, "say its game with -game") {
		t.Errorf("a move list without -game: exit %d, %q", code, errOut)
	}
}

// Every game of a PDN and a GGF file, converted to a saved game and back,
// is written as it was: its tags (Event, Black, White, Date...), its
// result and how it ended.
func TestConvertRoundTripsThroughSavedGames(t *testing.T) {
	dir := t.TempDir()
	// A saved game keeps no comments: the PDN file's are left out.
	data, err := os.ReadFile(clubPDN)
	if err != nil {
		t.Fatal(err)
	}
	noComment := filepath.Join(dir, "club.pdn")
	if err := os.WriteFile(noComment, []byte(strings.NewReplacer("{Old Fourteenth} ", "", "; a game without tags", "").Replace(string(data))), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ file, to string }{{noComment, "pdn"}, {"../../../rules/records/testdata/club.ggf", "ggf"}} {
		code, whole, errOut := run(t, "convert", "-in", c.file, "-to", c.to)
		if code != ExitOK {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var back []string
		for i := 1; ; i++ {
			saved := filepath.Join(dir, "g.bgame")
			code, _, errOut := run(t, "convert", "-in", c.file, "-to", "bgame", "-index", strconv.Itoa(i), "-o", saved)
			if code != ExitOK {
				if !strings.Contains(errOut, "-index") {
					t.Fatalf("game %d: exit %d: %s", i, code, errOut)
				}
				break
			}
			code, one, errOut := run(t, "convert", "-in", saved, "-to", c.to)
			if code != ExitOK {
				t.Fatalf("game %d back: exit %d: %s", i, code, errOut)
			}
			back = append(back, one)
		}
		sep := ""
		if c.to == "pdn" {
			sep = "\n"
		}
		if got := strings.Join(back, sep); got != whole {
			t.Errorf("%s through saved games:\n%s\n---\n%s", c.file, whole, got)
		}
		if c.to == "pdn" && (!strings.Contains(whole, `[Date "2026.11.20"]`) || strings.Count(whole, `[Result "*"]`) != 1) {
			t.Errorf("the tags or results are lost:\n%s", whole)
		}
	}
}
