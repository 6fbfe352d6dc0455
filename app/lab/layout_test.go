package lab

import (
	"image/color"
	"reflect"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
)

// box is a rectangle of a minimum height that wants another height.
type box struct {
	*canvas.Rectangle
	want float32
}

func (b box) wantHeight() float32 { return b.want }

func newBox(min, want float32) box {
	r := canvas.NewRectangle(color.Black)
	r.SetMinSize(fyne.NewSize(10, min))
	return box{r, want}
}

func TestShare(t *testing.T) {
	objs := []fyne.CanvasObject{newBox(20, 40), newBox(20, 80), newBox(50, 1600)}
	for _, c := range []struct {
		room float32
		want []float32
	}{
		{2000, []float32{40, 80, 1600}}, // all fit
		{500, []float32{40, 80, 380}},   // the small ones whole, the table the rest
		{90, []float32{20, 20, 50}},     // each its minimum: no more room
		{150, []float32{40, 40, 70}},    // the minima, and the rest shared out
	} {
		if got := share([]float32{40, 80, 1600}, objs, c.room); !reflect.DeepEqual(got, c.want) {
			t.Errorf("room %v: %v, want %v", c.room, got, c.want)
		}
	}
}

// TestFitLayout: a summary and a table as tall as they want, the chart
// below keeping its share.
func TestFitLayout(t *testing.T) {
	test.NewTempApp(t)
	sum, table, chart := newBox(20, 40), newBox(50, 1600), newBox(100, 0)
	c := fit(sum, table, chart)
	c.Resize(fyne.NewSize(400, 1000))
	if sum.Size().Height != 40 {
		t.Errorf("summary %v high", sum.Size().Height)
	}
	if h := chart.Size().Height; h < 1000*restShare()-1 || chart.Position().Y < table.Position().Y+table.Size().Height {
		t.Errorf("chart %v high at %v", h, chart.Position())
	}
	if table.Size().Height < 500 {
		t.Errorf("table %v high", table.Size().Height)
	}
}

// TestFlowLayout: check boxes in as many columns as the width holds.
func TestFlowLayout(t *testing.T) {
	test.NewTempApp(t)
	ids := []string{"minimax", "alphabeta", "negascout+ordering", "mcts", "greedy"}
	g := newCheckGrid(ids, ids)
	cell := g.checks[2].MinSize().Width
	for _, c := range []struct {
		width float32
		cols  int
	}{{cell*2 + 20, 2}, {cell + 10, 1}, {cell*3 + 20, 3}} {
		g.grid.Resize(fyne.NewSize(c.width, 500))
		x := map[float32]bool{}
		for _, o := range g.grid.Objects {
			x[o.Position().X] = true
			if o.Position().X+o.Size().Width > c.width+0.5 {
				t.Errorf("width %v: a check box ends at %v", c.width, o.Position().X+o.Size().Width)
			}
		}
		if len(x) != c.cols {
			t.Errorf("width %v: %d columns, want %d", c.width, len(x), c.cols)
		}
		rows := (5 + c.cols - 1) / c.cols
		if h := g.grid.MinSize().Height; h < float32(rows)*g.checks[0].MinSize().Height {
			t.Errorf("width %v: min height %v for %d rows", c.width, h, rows)
		}
	}
}
