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
		// Black's d3 flipped d4, White's c5 before it flipped d5; turned.
		"othello-changes-flipped": {Game: "othello", Coords: true, Flipped: true,
			Last: []int{2*8 + 3}, Changed: []int{3*8 + 3}, Prev: []int{4*8 + 2}, PrevChanged: []int{4*8 + 3},
			Rows: []string{"--------", "--------", "---X----", "---XX---", "--OOX---", "--------", "--------", "--------"}},
		// A capture: the piece jumped from 22 to 15 over 18, which is gone.
		"checkers-capture": {Game: "checkers", Coords: true, Numbers: true, Last: []int{5*8 + 2, 3*8 + 4}, Changed: []int{4*8 + 3},
			Rows: []string{".-.-.-.-", "-.-.-.-.", ".-.-.-.-", "-.-.w.-.", ".-.-.-.-", "-.-.-.-.", ".-.-.-.-", "-.-.-.-."}},
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

// A turned board draws cell 0 at the bottom right and still reports the
// cell that was tapped.
func TestFlipped(t *testing.T) {
	test.NewTempApp(t)
	b := New()
	b.Animate = false
	v := View{Game: "othello", Rows: apptest.Start(t, "othello").Rows(), Coords: true}
	b.SetView(v)
	b.Resize(fyne.NewSize(400, 400))
	a1 := b.CellCenter(0)
	v.Flipped = true
	b.SetView(v)
	turned := b.CellCenter(0)
	if turned.X <= a1.X || turned.Y <= a1.Y {
		t.Fatalf("a1 at %v turned, %v not", turned, a1)
	}
	for _, cell := range []int{0, 9, 63} {
		if got, ok := b.CellAt(b.CellCenter(cell)); !ok || got != cell {
			t.Errorf("cell %d: tapped %d", cell, got)
		}
	}
	if got := b.CellCenter(63); got != a1 {
		t.Errorf("h8 turned at %v, want a1's place %v", got, a1)
	}
}

// The marks of the last moves' changes stay without animations, and fade
// with them; the same marks again start nothing.
func TestMarksFade(t *testing.T) {
	test.NewTempApp(t)
	b := New()
	b.Animate = false
	v := View{Game: "othello", Rows: apptest.Start(t, "othello").Rows(), Last: []int{37}, Changed: []int{36}}
	b.SetView(v)
	if b.MarkAlpha() != 1 || b.fade != nil {
		t.Fatal("without animations the marks should stay")
	}
	b.Animate = true
	v.Changed = []int{35}
	b.SetView(v)
	if b.fade == nil {
		t.Fatal("new marks do not fade")
	}
	fade := b.fade
	b.Update(v) // the same marks: the fade goes on
	if b.fade != fade {
		t.Fatal("the same marks started a new fade")
	}
}
