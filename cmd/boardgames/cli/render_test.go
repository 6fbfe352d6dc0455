package cli

import (
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/test"
)

func TestRender(t *testing.T) {
	test.NewTempApp(t)
	dir := t.TempDir()
	for _, tc := range [][]string{
		{"-game", "othello", "-moves", "f5d6c3", "-legal"},
		{"-game", "checkers", "-moves", "11-15 23-19"},
		{"-game", "connect4", "-moves", "4453"},
		{"-game", "adjacency", "-moves", "c6 f3"},
	} {
		file := filepath.Join(dir, tc[1]+".png")
		code, _, errOut := run(t, append(append([]string{"render"}, tc...), "-o", file, "-size", "200")...)
		if code != ExitOK {
			t.Fatalf("render %v: exit %d: %s", tc, code, errOut)
		}
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if b := img.Bounds(); b.Dx() != 200 || b.Dy() != 200 {
			t.Errorf("%s is %v, want 200x200", file, b)
		}
		first := img.At(100, 100)
		same := true
		for x := 0; x < 200 && same; x += 7 {
			for y := 0; y < 200 && same; y += 7 {
				r1, g1, b1, _ := img.At(x, y).RGBA()
				r2, g2, b2, _ := first.RGBA()
				same = r1 == r2 && g1 == g2 && b1 == b2
			}
		}
		if same {
			t.Errorf("%s is one colour", file)
		}
	}
	code, _, errOut := run(t, "render", "-game", "othello", "-o", filepath.Join(dir, "x.png"), "-size", "5")
	if code != ExitUsage || errOut == "" {
		t.Errorf("bad size: exit %d %q", code, errOut)
	}
	code, _, _ = run(t, "render", "-game", "othello")
	if code != ExitUsage {
		t.Errorf("missing -o: exit %d", code)
	}
}
