package board

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"boardgames/app/internal/apptest"
	"boardgames/rules/games"
)

func TestRenderPNG(t *testing.T) {
	test.NewTempApp(t)
	for _, g := range games.All {
		pos := apptest.Start(t, g.Name)
		var buf bytes.Buffer
		if err := RenderPNG(&buf, pos, 320); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() != 320 || b.Dy() != 320 {
			t.Fatalf("%s: size %v", g.Name, b)
		}
		if dir := os.Getenv("BOARD_PNG_DIR"); dir != "" {
			os.WriteFile(filepath.Join(dir, g.Name+".png"), buf.Bytes(), 0o644)
		}
	}
	if err := RenderPNG(&bytes.Buffer{}, apptest.Start(t, "othello"), 10); err == nil {
		t.Fatal("a 10-pixel diagram was accepted")
	}
}

func TestTapCells(t *testing.T) {
	test.NewTempApp(t)
	b := New()
	b.SetView(View{Game: "connect4", Rows: apptest.Start(t, "connect4").Rows(), Coords: true})
	b.Resize(fyne.NewSize(400, 300))
	var got []int
	b.OnTapped = func(c int) { got = append(got, c) }
	for _, cell := range []int{0, 6, 3*7 + 4, 41} {
		test.TapAt(b, b.CellCenter(cell))
	}
	test.TapAt(b, fyne.NewPos(1, 1)) // the frame: no cell
	if len(got) != 4 || got[0] != 0 || got[1] != 6 || got[2] != 25 || got[3] != 41 {
		t.Fatalf("tapped cells %v", got)
	}
	// Cells stay square.
	g := layoutFor(b.View(), b.Size())
	if g.cell*7 > 400 || g.cell*6 > 300 || g.cell < 30 {
		t.Fatalf("cell %v", g.cell)
	}
}

// TestRenderMarks draws boards with every mark; BOARD_PNG_DIR keeps them
// for a look.
func TestRenderMarks(t *testing.T) {
	test.NewTempApp(t)
	views := map[string]View{
		"c4win": {Game: "connect4", Coords: true, Win: []int{35, 29, 23, 17}, Last: []int{17},
			Rows: []string{"-------", "-------", "---X---", "--XO---", "-XOO---", "XOOO-X-"}},
		"checkers-marks": {Game: "checkers", Coords: true, Numbers: true, Selected: []int{1*8 + 2}, Legal: []int{3*8 + 4},
			Hint: []int{5*8 + 4}, Last: []int{6*8 + 1, 5*8 + 2},
			Rows: []string{".-.-.-.-", "-.b.-.-.", ".-.w.-.-", "-.-.-.-.", ".-.-.-.-", "-.-.W.-.", ".-.-.-.-", "B.-.-.-."}},
	}
	for name, v := range views {
		var buf bytes.Buffer
		if err := RenderViewPNG(&buf, v, 360); err != nil {
			t.Fatal(err)
		}
		if dir := os.Getenv("BOARD_PNG_DIR"); dir != "" {
			os.WriteFile(filepath.Join(dir, name+".png"), buf.Bytes(), 0o644)
		}
	}
}
