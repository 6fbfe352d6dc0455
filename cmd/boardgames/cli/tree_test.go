package cli

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// svgTexts checks that file is well-formed XML and returns its texts.
func svgTexts(t *testing.T, file string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(bytes.NewReader(data))
	var out []string
	in := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s is not well-formed: %v", file, err)
		}
		switch x := tok.(type) {
		case xml.StartElement:
			in = x.Name.Local == "text"
		case xml.CharData:
			if in {
				out = append(out, string(x))
			}
		case xml.EndElement:
			in = false
		}
	}
	return strings.Join(out, "|")
}

func TestTreeTextbook(t *testing.T) {
	dir := t.TempDir()
	key := filepath.Join(dir, "rn.svg")
	code, out, errOut := run(t, "tree", "-spec", "[[3,12,8],[2,4,6],[14,5,2]]", "-algo", "alphabeta", "-o", key)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "1 cut-offs, 2 nodes pruned, root value 3") {
		t.Errorf("output %q", out)
	}
	texts := svgTexts(t, key)
	for _, want := range []string{"MAX", "MIN", "[3, +∞]", "|4|", "|6|"} {
		if !strings.Contains("|"+texts+"|", want) {
			t.Errorf("answer key lacks %q: %s", want, texts)
		}
	}
	sheet := filepath.Join(dir, "sheet.svg")
	if code, _, errOut := run(t, "tree", "-spec", "[[3,12,8],[2,4,6],[14,5,2]]", "-algo", "alphabeta", "-o", sheet, "-values=false"); code != ExitOK {
		t.Fatalf("sheet: exit %d: %s", code, errOut)
	}
	if s := svgTexts(t, sheet); strings.Contains(s, "[") || strings.Count(s, "|3|") != 1 {
		t.Errorf("the sheet shows more than the leaves: %s", s)
	}
	// A generated tree prints its spec, which draws the same tree again.
	gen := filepath.Join(dir, "gen.png")
	code, out, errOut = run(t, "tree", "-branching", "3", "-depth", "3", "-leaves", "0..9", "-seed", "4", "-cutoffs", "3", "-algo", "negascout", "-o", gen)
	if code != ExitOK {
		t.Fatalf("generated: exit %d: %s", code, errOut)
	}
	spec := strings.TrimPrefix(strings.SplitN(out, "\n", 2)[0], "spec: ")
	if !strings.HasPrefix(spec, "[[[") {
		t.Fatalf("no spec in %q", out)
	}
	f, err := os.Open(gen)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Errorf("%s: %v", gen, err)
	}
	again := filepath.Join(dir, "again.svg")
	if code, out2, errOut := run(t, "tree", "-spec", spec, "-algo", "negascout", "-o", again); code != ExitOK || !strings.Contains(out2, spec) {
		t.Errorf("the printed spec: exit %d %s %s", code, out2, errOut)
	}
}

func TestTreeGame(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "othello.svg")
	code, out, errOut := run(t, "tree", "-game", "othello", "-moves", "f5d6", "-algo", "alphabeta", "-depth", "2", "-o", file)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "values in discs") {
		t.Errorf("output %q", out)
	}
	texts := svgTexts(t, file)
	for _, want := range []string{"c3", "MAX", "MIN", "×2"} {
		if !strings.Contains(texts, want) {
			t.Errorf("the tree lacks %q: %s", want, texts)
		}
	}
	file = filepath.Join(dir, "checkers.png")
	if code, out, errOut := run(t, "tree", "-game", "checkers", "-moves", "11-15", "-algo", "minimax", "-depth", "2", "-negamax", "-o", file); code != ExitOK || !strings.Contains(out, "pieces") {
		t.Errorf("checkers: exit %d %q %s", code, out, errOut)
	}
}

func TestTreeBadInput(t *testing.T) {
	dir := t.TempDir()
	o := filepath.Join(dir, "x.svg")
	for _, args := range [][]string{
		{"tree", "-o", o},
		{"tree", "-spec", "[1,2", "-o", o},
		{"tree", "-spec", "[1,2]", "-o", filepath.Join(dir, "x.txt")},
		{"tree", "-spec", "[1,2]"},
		{"tree", "-spec", "[1,2]", "-game", "othello", "-o", o},
		{"tree", "-spec", "[1,2]", "-algo", "mcts", "-o", o},
		{"tree", "-spec", "[{1,2},{3,4}]", "-algo", "alphabeta", "-o", o},
		{"tree", "-spec", "[1,2]", "-seed", "3", "-o", o},
		{"tree", "-spec", "[1,2]", "-depth", "3", "-o", o},
		{"tree", "-game", "othello", "-depth", "9", "-o", o},
		{"tree", "-game", "othello", "-algo", "expectimax", "-o", o},
		{"tree", "-game", "chess", "-o", o},
		{"tree", "-game", "connect4", "-moves", "44444444", "-o", o},
		{"tree", "-branching", "9", "-o", o},
		{"tree", "-branching", "2", "-depth", "2", "-cutoffs", "5", "-o", o},
		{"tree", "-branching", "3", "-leaves", "9..0", "-o", o},
		{"tree", "-branching", "3", "-leaves", "nine", "-o", o},
		{"tree", "-spec", "[1,2]", "-o", filepath.Join(dir, "missing", "x.svg")},
	} {
		code, _, errOut := run(t, args...)
		if code != ExitUsage {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, errOut)
		}
		if lines := strings.Count(strings.TrimSpace(errOut), "\n"); lines != 0 || !strings.HasPrefix(errOut, "boardgames tree: ") {
			t.Errorf("%v: not one line: %q", args, errOut)
		}
	}
	if _, err := os.Stat(o); err == nil {
		t.Error("bad input wrote the file")
	}
	code, out, _ := run(t, "tree", "-h")
	if code != ExitOK || !strings.Contains(out, "exercise sheet") || !strings.Contains(out, "-cutoffs") {
		t.Errorf("-h: exit %d %q", code, out)
	}
}
