package lab

import (
	"image/color"
	"reflect"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"boardgames/app/internal/tr"
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

// TestPaperBesideOursWraps: the paper beside ours cuts no cell with "…":
// each cell wraps, its row as tall as its tallest cell, in both languages
// and at both text sizes.
func TestPaperBesideOursWraps(t *testing.T) {
	if testing.Short() {
		t.Skip("runs an experiment four times")
	}
	for _, l := range tr.Languages {
		for _, th := range themes {
			t.Run(l+" "+th.name, func(t *testing.T) {
				inLanguage(t, l)
				f := newFixtureIn(t, th.th, "othello", "")
				f.l.tabs.SelectIndex(3)
				e := f.l.experiment
				e.list.Select(3) // paper 003, Connect Four: a quick run takes a second
				f.runTask(e.task)
				e.below.SelectIndex(2)
				if len(e.paper.rows) == 0 {
					t.Fatal("no row beside the paper")
				}
				if e.paper.cut || e.paper.full.Visible() {
					t.Error("the paper beside ours says cells are cut")
				}
				drawn := 0
				for _, lb := range labels(e.paper.w) {
					if lb.Text == "" || lb.TextStyle.Bold {
						continue
					}
					drawn++
					if lb.Truncation != fyne.TextTruncateOff || lb.Wrapping != fyne.TextWrapWord {
						t.Errorf("%q is cut, not wrapped", lb.Text)
					}
					if need := lb.MinSize().Height; need > lb.Size().Height+0.5 {
						t.Errorf("%q needs %.0f pixels, its row gives %.0f", lb.Text, need, lb.Size().Height)
					}
				}
				if drawn == 0 {
					t.Fatal("no cell drawn")
				}
			})
		}
	}
}

// TestSideGoesAbove: in a width that holds the side panel and the results
// no longer side by side, the side panel goes above them, as tall as its
// controls, without a scroll of its own (the page scrolls), and comes back
// beside them in a wider one; the lab's least width is the narrow form's.
func TestSideGoesAbove(t *testing.T) {
	f := newFixtureIn(t, bigText{theme.DefaultTheme(), 2}, "othello", "")
	f.l.tabs.SelectIndex(1) // the Arena: P1 and P2 side by side
	c := f.l.arena.content.(*fyne.Container)
	l := c.Layout.(*sideLayout)
	narrow := c.MinSize().Width
	if wide := c.Objects[0].MinSize().Width + theme.Padding() + c.Objects[1].MinSize().Width; narrow >= wide {
		t.Fatalf("least width %v, side by side %v", narrow, wide)
	}
	c.Resize(fyne.NewSize(narrow, 2000))
	// The driver's next frames: the pickers' rows, narrow, are taller.
	c.Refresh()
	c.Refresh()
	if !l.stacked || !l.panel.plain {
		t.Fatalf("at its least width %v: stacked %v, plain %v", narrow, l.stacked, l.panel.plain)
	}
	side, body := c.Objects[0], c.Objects[1]
	if body.Position().Y < side.Position().Y+side.Size().Height || side.Size().Height < side.MinSize().Height {
		t.Errorf("side panel at %v, %v; results at %v", side.Position(), side.Size(), body.Position())
	}
	if test.WidgetRenderer(l.panel).Objects()[0] != l.controls {
		t.Error("the controls are still in a scroll")
	}
	// The pickers: each label above its two fields, P2's within the width.
	a := f.l.arena
	d := fyne.CurrentApp().Driver()
	for _, o := range []fyne.CanvasObject{a.p2.algo, a.p2.eval.Select, a.p2.order} {
		p := d.AbsolutePositionForObject(o).Subtract(d.AbsolutePositionForObject(c))
		if p.X+o.Size().Width > narrow+1 || o.Size().Width+0.5 < o.MinSize().Width {
			t.Errorf("P2's %T at %v, %v wide (least %v), in %v", o, p, o.Size().Width, o.MinSize().Width, narrow)
		}
	}
	c.Resize(fyne.NewSize(2*narrow+200, 900))
	if l.stacked || l.panel.plain {
		t.Error("wide: still stacked")
	}
	if side, body := c.Objects[0], c.Objects[1]; body.Position().X < side.Size().Width {
		t.Errorf("wide: side %v, results at %v", side.Size(), body.Position())
	}
}
