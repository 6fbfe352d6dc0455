package board

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"boardgames/app/internal/apptest"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
)

// A renderer without a GPU (the browser's software WebGL) shades every
// pixel of every object: where the cells cover the frame (no grid gap),
// the board draws its frame only around them, so that it shades little
// more than its own area (the whole frame under the cells made a Connect
// Four board shade 2.4 times its area).
func TestBoardShadesLittleMoreThanItsArea(t *testing.T) {
	test.NewTempApp(t)
	for _, game := range []string{connect4.Name, checkers.Name} {
		for _, coords := range []bool{false, true} {
			for _, size := range []fyne.Size{{Width: 300, Height: 260}, {Width: 640, Height: 560}} {
				b := New()
				b.Animate = false
				b.SetView(View{Game: game, Rows: apptest.Start(t, game).Rows(), Coords: coords})
				b.Resize(size)
				g := layoutFor(b.View(), size)
				box := (g.cell*float32(g.w) + g.left + g.trail) * (g.cell*float32(g.h) + g.top + g.trail)
				var shaded float32
				for _, o := range test.WidgetRenderer(b).Objects() {
					if r, ok := o.(*canvas.Rectangle); ok && r.Visible() && r.FillColor != color.Transparent {
						shaded += r.Size().Width * r.Size().Height
					}
				}
				if shaded > 1.75*box {
					t.Errorf("%s, coordinates %v, %v: rectangles of %.0f px² for a board of %.0f px² (%.2f times)", game, coords, size, shaded, box, shaded/box)
				}
			}
		}
	}
}

// The frame drawn in strips looks like one rounded rectangle: every pixel
// between the cells and its outer edge has the frame's colour, with no
// lighter line where the strips meet or along the cells.
func TestFrameStripsLookWhole(t *testing.T) {
	test.NewTempApp(t)
	for _, game := range []string{connect4.Name, checkers.Name} {
		for _, size := range []int{200, 400, 555} {
			v := View{Game: game, Rows: apptest.Start(t, game).Rows()} // no coordinates drawn on the frame
			var buf bytes.Buffer
			if err := RenderViewPNG(&buf, v, size); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(&buf)
			if err != nil {
				t.Fatal(err)
			}
			g := layoutFor(v, fyne.NewSize(float32(size), float32(size)))
			want := paletteFor(game).frame.(color.NRGBA)
			x0, y0 := int(g.origin.X-g.left), int(g.origin.Y-g.top)
			x1, y1 := int(g.origin.X+g.cell*float32(g.w)+g.trail), int(g.origin.Y+g.cell*float32(g.h)+g.trail)
			cx0, cy0 := int(g.origin.X), int(g.origin.Y)
			cx1, cy1 := int(g.origin.X+g.cell*float32(g.w)), int(g.origin.Y+g.cell*float32(g.h))
			corner := int(g.trail) // the rounded outer corners are anti-aliased
			bad := 0
			for y := y0; y < y1; y++ {
				for x := x0; x < x1; x++ {
					inCells := x >= cx0 && x < cx1 && y >= cy0 && y < cy1
					nearCorner := (x < x0+corner || x >= x1-corner) && (y < y0+corner || y >= y1-corner)
					edge := x == x0 || y == y0 || x == x1-1 || y == y1-1
					if inCells || nearCorner || edge {
						continue
					}
					if !sameColour(img, x, y, want) {
						if bad < 5 {
							t.Errorf("%s, %d px: pixel (%d, %d) is %v, not the frame's %v", game, size, x, y, img.At(x, y), want)
						}
						bad++
					}
				}
			}
		}
	}
}

func sameColour(img image.Image, x, y int, want color.NRGBA) bool {
	r, g, b, a := img.At(x, y).RGBA()
	c := color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: uint8(a >> 8)}
	return c == want
}

// Each object drawn costs the browser build a few JavaScript calls and a
// draw: the 42 cells of a Connect Four board, of one colour and without a
// grid between them, are one rectangle (an empty board with its labels was
// 95 objects, 54 now: the holes, the cells, the frame and the labels).
func TestConnectFourBoardDrawsFewObjects(t *testing.T) {
	test.NewTempApp(t)
	b := New()
	b.Animate = false
	b.SetView(View{Game: connect4.Name, Rows: apptest.Start(t, connect4.Name).Rows(), Coords: true})
	b.Resize(fyne.NewSize(640, 560))
	drawn := 0
	for _, o := range test.WidgetRenderer(b).Objects() {
		switch o := o.(type) {
		case *canvas.Rectangle:
			if o.Visible() && (o.FillColor != color.Transparent || o.StrokeWidth > 0 && o.StrokeColor != color.Transparent) {
				drawn++
			}
		case *canvas.Text:
			if o.Visible() && o.Text != "" {
				drawn++
			}
		}
	}
	if drawn > 60 {
		t.Errorf("an empty Connect Four board draws %d objects, more than 60", drawn)
	}
}
