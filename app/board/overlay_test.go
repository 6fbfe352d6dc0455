package board

import (
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/software"
	"fyne.io/fyne/v2/test"

	"boardgames/app/internal/apptest"
)

// TestOverlayLabels checks that each label is written inside its cell,
// in two lines when it has two, bold when exact, ringed when best, and
// that the labels go when cleared.
func TestOverlayLabels(t *testing.T) {
	test.NewTempApp(t)
	b := New()
	b.SetView(View{Game: "connect4", Rows: apptest.Start(t, "connect4").Rows(), Coords: true})
	o := NewOverlay(b)
	stack := container.NewStack(b, o)
	stack.Resize(fyne.NewSize(420, 360))
	labels := []Label{
		{Cell: 35, Text: "loss\nin 4", Exact: true, Tone: -1},
		{Cell: 38, Text: "win\nin 18", Exact: true, Tone: 1, Best: true},
		{Cell: 41, Text: "+12"},
	}
	o.SetLabels(labels)
	r := test.WidgetRenderer(o).(*overlayRenderer)
	g := layoutFor(b.View(), o.Size())
	shown := 0
	for i := range maxCells {
		if r.main[i].Hidden {
			continue
		}
		shown++
		var l *Label
		for j := range labels {
			if labels[j].Cell == i {
				l = &labels[j]
			}
		}
		if l == nil {
			t.Fatalf("cell %d shows %q without a label", i, r.main[i].Text)
		}
		x := g.origin.X + float32(i%7)*g.cell
		y := g.origin.Y + float32(i/7)*g.cell
		for _, obj := range []fyne.CanvasObject{r.badges[i], r.main[i]} {
			p, s := obj.Position(), obj.Size()
			if p.X < x-1 || p.Y < y-1 || p.X+s.Width > x+g.cell+1 || p.Y+s.Height > y+g.cell+1 {
				t.Errorf("cell %d: %T at %v size %v, outside the cell at (%v, %v) of %v", i, obj, p, s, x, y, g.cell)
			}
		}
		two := r.sub[i].Text != ""
		if got := r.main[i].Text + map[bool]string{true: "\n" + r.sub[i].Text}[two]; got != l.Text {
			t.Errorf("cell %d: text %q, want %q", i, got, l.Text)
		}
		if r.sub[i].Hidden == two || r.main[i].TextStyle.Bold != l.Exact || (r.badges[i].StrokeWidth > 0) != l.Best {
			t.Errorf("cell %d: sub hidden %v, bold %v, ring %v for %+v", i, r.sub[i].Hidden, r.main[i].TextStyle.Bold, r.badges[i].StrokeWidth, l)
		}
	}
	if shown != len(labels) {
		t.Errorf("%d labels shown, want %d", shown, len(labels))
	}
	if c := r.main[35].Color; c == r.main[38].Color || c == r.main[41].Color {
		t.Errorf("a loss, a win and a search value share the colour %v", c)
	}

	if dir := os.Getenv("BOARD_PNG_DIR"); dir != "" {
		c := software.NewTransparentCanvas()
		c.SetContent(container.NewStack(b, o))
		c.Resize(fyne.NewSize(420, 360))
		f, _ := os.Create(filepath.Join(dir, "overlay.png"))
		png.Encode(f, c.Capture())
		f.Close()
	}

	o.SetLabels(nil)
	for i := range maxCells {
		if !r.main[i].Hidden || !r.badges[i].Hidden {
			t.Fatalf("cell %d still shows %q", i, r.main[i].Text)
		}
	}
}

// TestOverlayLetsTapsThrough taps the cells of a board under an overlay
// full of labels: the board gets every tap.
func TestOverlayLetsTapsThrough(t *testing.T) {
	test.NewTempApp(t)
	b := New()
	b.SetView(View{Game: "othello", Rows: apptest.Start(t, "othello").Rows()})
	o := NewOverlay(b)
	w := test.NewWindow(container.NewStack(b, o))
	defer w.Close()
	w.SetPadded(false)
	w.Resize(fyne.NewSize(400, 400))
	var labels []Label
	for i := range 64 {
		labels = append(labels, Label{Cell: i, Text: "+1"})
	}
	o.SetLabels(labels)
	var got []int
	b.OnTapped = func(c int) { got = append(got, c) }
	for _, cell := range []int{0, 19, 63} {
		test.TapCanvas(w.Canvas(), b.CellCenter(cell))
	}
	if len(got) != 3 || got[0] != 0 || got[1] != 19 || got[2] != 63 {
		t.Fatalf("the board got the taps %v", got)
	}
	var texts int
	for _, obj := range test.WidgetRenderer(o).Objects() {
		if tx, ok := obj.(*canvas.Text); ok && tx.Visible() && tx.Text == "+1" {
			texts++
		}
	}
	if texts != 64 {
		t.Errorf("%d labels drawn, want 64", texts)
	}
}

// TestOverlayTurnsWithTheBoard turns the board under its labels: each
// label moves to its cell's new place (it stayed on the mirrored square,
// over a disc).
func TestOverlayTurnsWithTheBoard(t *testing.T) {
	test.NewTempApp(t)
	b := New()
	v := View{Game: "othello", Rows: apptest.Start(t, "othello").Rows(), Coords: true}
	b.SetView(v)
	o := NewOverlay(b)
	stack := container.NewStack(b, o)
	stack.Resize(fyne.NewSize(400, 400))
	const cell = 19 // d3, a legal move at the start
	o.SetLabels([]Label{{Cell: cell, Text: "+1"}})
	r := test.WidgetRenderer(o).(*overlayRenderer)
	centre := func() fyne.Position {
		p, s := r.badges[cell].Position(), r.badges[cell].Size()
		return fyne.NewPos(p.X+s.Width/2, p.Y+s.Height/2)
	}
	near := func(a, b fyne.Position) bool {
		return a.X-b.X < 1 && b.X-a.X < 1 && a.Y-b.Y < 1 && b.Y-a.Y < 1
	}
	if !near(centre(), b.CellCenter(cell)) {
		t.Fatalf("label at %v, cell at %v", centre(), b.CellCenter(cell))
	}
	v.Flipped = true
	b.SetView(v)
	if !near(centre(), b.CellCenter(cell)) {
		t.Fatalf("turned: label at %v, its cell at %v", centre(), b.CellCenter(cell))
	}
}
