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

// TestTreeSteps: -steps writes one numbered picture per step (22 for
// Russell and Norvig's tree: 11 visits entered and returned) and a
// handout with 22 pages, each with its sentence; the cut-off is stated
// on the step that makes it.
func TestTreeSteps(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "lesson")
	code, out, errOut := run(t, "tree", "-spec", "[[3,12,8],[2,4,6],[14,5,2]]", "-algo", "alphabeta", "-steps", dir)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	files, err := filepath.Glob(filepath.Join(dir, "step-*.svg"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 22 || filepath.Base(files[0]) != "step-001.svg" || filepath.Base(files[21]) != "step-022.svg" {
		t.Fatalf("%d files: %v (%s)", len(files), files, out)
	}
	if !strings.Contains(out, "wrote 22 steps") {
		t.Errorf("output %q", out)
	}
	// Step 12 returns the leaf 2 under C: the cut-off is on its picture.
	if texts := svgTexts(t, files[11]); !strings.Contains(texts, "α-cutoff: 2 ≤ α = 3") || !strings.Contains(texts, "12/22") {
		t.Errorf("step 12 lacks the cut-off: %s", texts)
	}
	if texts := svgTexts(t, files[10]); strings.Contains(texts, "cutoff") {
		t.Errorf("step 11 states the cut-off before it happens: %s", texts)
	}
	html, err := os.ReadFile(filepath.Join(dir, "handout.html"))
	if err != nil {
		t.Fatal(err)
	}
	h := string(html)
	if n := strings.Count(h, "<svg"); n != 22 {
		t.Errorf("the handout has %d pictures", n)
	}
	if n := strings.Count(h, "<section"); n != 22 || !strings.Contains(h, "Step 12 of 22: 2 returns 2. α-cutoff: 2 ≤ α = 3: 4, 6 pruned.") {
		t.Errorf("the handout has %d pages; step 12's sentence missing", n)
	}
	// -predict: the app's predict first, a step that asks "?" before
	// each inner node's return (A, B, C, D: 26 steps), as the lesson
	// gives it.
	ask := filepath.Join(t.TempDir(), "ask")
	if code, out, errOut := run(t, "tree", "-spec", "[[3,12,8],[2,4,6],[14,5,2]]", "-predict", "-steps", ask); code != ExitOK || !strings.Contains(out, "wrote 26 steps") {
		t.Fatalf("-predict: exit %d, %q, %s", code, out, errOut)
	}
	if texts := svgTexts(t, filepath.Join(ask, "step-009.svg")); !strings.Contains(texts, "?") || !strings.Contains(texts, "9/26") {
		t.Errorf("-predict: step 9 does not ask for B's value: %s", texts)
	}
	if html, err := os.ReadFile(filepath.Join(ask, "handout.html")); err != nil || !strings.Contains(string(html), "Step 9 of 26: what does B return? Predict, then step on.") {
		t.Errorf("-predict: the handout does not ask at step 9 (%v)", err)
	}
	// PNG steps.
	pngDir := filepath.Join(t.TempDir(), "png")
	if code, _, errOut := run(t, "tree", "-spec", "[3, [1, 2]]", "-steps", pngDir, "-format", "png"); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if files, _ := filepath.Glob(filepath.Join(pngDir, "step-*.png")); len(files) != 8 {
		t.Errorf("%d PNG steps for 4 visits (the 2 pruned)", len(files))
	}
	for _, args := range [][]string{
		{"tree", "-spec", "[1,2]", "-steps", filepath.Join(dir, "step-001.svg")},
		{"tree", "-spec", "[1,2]", "-steps", dir, "-format", "gif"},
		{"tree", "-spec", "[1,2]", "-o", filepath.Join(dir, "x.svg"), "-format", "png"},
		{"tree", "-spec", "[1,2]", "-o", filepath.Join(dir, "x.svg"), "-order", "random"},
		{"tree", "-game", "othello", "-o", filepath.Join(dir, "x.svg"), "-order", "best"},
		{"tree", "-spec", "[1,2]", "-o", filepath.Join(dir, "x.svg"), "-collapse", "maybe"},
		{"tree", "-spec", "[1,2]", "-o", filepath.Join(dir, "x.svg"), "-predict"},
	} {
		if code, _, errOut := run(t, args...); code != ExitUsage || strings.Count(strings.TrimSpace(errOut), "\n") > 0 {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
}

// TestTreeOrder: the ordering changes alpha-beta's node count on Russell
// and Norvig's tree as theory says (best first fewest), and the three
// counts are printed side by side.
func TestTreeOrder(t *testing.T) {
	dir := t.TempDir()
	for order, visits := range map[string]string{"generated": "11 visits", "best": "9 visits", "worst": "13 visits"} {
		code, out, errOut := run(t, "tree", "-spec", "[[3,12,8],[2,4,6],[14,5,2]]", "-order", order, "-o", filepath.Join(dir, order+".svg"))
		if code != ExitOK {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		if !strings.Contains(out, visits) || !strings.Contains(out, "alphabeta's nodes by move ordering: as generated 11, best first 9, worst first 13") {
			t.Errorf("-order %s: %s", order, out)
		}
	}
}

// TestTreeGameCollapses: a depth-3 checkers tree, whole, is many times
// wider than high; by default it is drawn collapsed to the principal
// variation, in a slide's proportions.
func TestTreeGameCollapses(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "c.png")
	code, out, errOut := run(t, "tree", "-game", "checkers", "-algo", "alphabeta", "-depth", "3", "-o", file)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "collapsed") {
		t.Errorf("not collapsed: %s", out)
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if w, h := img.Bounds().Dx(), img.Bounds().Dy(); w > 4*h {
		t.Errorf("the picture is %d×%d", w, h)
	}
	whole := filepath.Join(dir, "whole.svg")
	if code, out, errOut := run(t, "tree", "-game", "checkers", "-algo", "alphabeta", "-depth", "3", "-collapse", "off", "-o", whole); code != ExitOK || strings.Contains(out, "collapsed") {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
}
