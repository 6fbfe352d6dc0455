package chart

import (
	"image/color"
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

func TestHeatMap(t *testing.T) {
	test.NewTempApp(t)
	h := NewHeatMap(3, 2)
	h.Resize(fyne.NewSize(300, 250))
	h.SetValues([]float64{0, 10, 20, math.NaN(), 40}) // the 6th is missing
	h.SetLabels([]string{"0", "10", "20", "", "40", ""})
	r := test.WidgetRenderer(h).(*heatRenderer)
	if len(r.cells) != 6 || len(r.texts) != 6 {
		t.Fatalf("%d cells, %d texts, want 6", len(r.cells), len(r.texts))
	}
	if r.cells[0].FillColor != rampColor(0) || r.cells[4].FillColor != rampColor(1) {
		t.Errorf("low %v high %v, want the ends of the ramp", r.cells[0].FillColor, r.cells[4].FillColor)
	}
	if r.cells[3].FillColor == r.cells[5].FillColor && r.cells[3].FillColor == rampColor(0) {
		t.Error("empty cells coloured as values")
	}
	if !r.texts[1].Visible() || r.texts[1].Text != "10" || r.texts[3].Visible() {
		t.Errorf("labels: %q visible %v, %q visible %v", r.texts[1].Text, r.texts[1].Visible(), r.texts[3].Text, r.texts[3].Visible())
	}
	if r.lo.Text != "0" || r.hi.Text != "40" {
		t.Errorf("scale %q..%q, want 0..40", r.lo.Text, r.hi.Text)
	}
	// Square cells, left to right then top to bottom.
	s := r.cells[0].Size()
	if s.Width != s.Height || r.cells[1].Position().X <= r.cells[0].Position().X || r.cells[3].Position().Y <= r.cells[0].Position().Y {
		t.Errorf("cell 0 %v at %v, cell 1 at %v, cell 3 at %v", s, r.cells[0].Position(), r.cells[1].Position(), r.cells[3].Position())
	}
	// Dark text on the bright end, light on the dark end.
	if r.texts[4].Color != color.Black || r.texts[0].Color != color.White {
		t.Errorf("label colours %v on high, %v on low", r.texts[4].Color, r.texts[0].Color)
	}

	var tc, tr = -1, -1
	h.OnTapped = func(c, r int) { tc, tr = c, r }
	p := r.cells[5].Position().Add(fyne.NewPos(s.Width/2, s.Height/2))
	test.TapAt(h, p)
	if tc != 2 || tr != 1 {
		t.Errorf("tap on cell 5 gave (%d, %d), want (2, 1)", tc, tr)
	}

	h.SetLogScale(true)
	if r.cells[1].FillColor == rampColor(0.25) {
		t.Error("the log scale did not change the colours")
	}
	h.SetDims(8, 8)
	if len(r.cells) != 64 || r.lo.Text != "" {
		t.Errorf("after SetDims: %d cells, scale %q", len(r.cells), r.lo.Text)
	}
	h.SetDims(0, 0) // no panic
	NewHeatMap(-1, 3).Resize(fyne.NewSize(10, 10))
}

func TestRampAndFormat(t *testing.T) {
	if rampColor(math.NaN()) != ramp[0] || rampColor(2) != ramp[len(ramp)-1] {
		t.Error("ramp ends")
	}
	for _, tc := range []struct {
		v    float64
		want string
	}{{3, "3"}, {0.125, "0.125"}, {12345, "12.3k"}, {2e6, "2M"}, {math.Inf(1), ""}} {
		if got := formatValue(tc.v); got != tc.want {
			t.Errorf("formatValue(%v) = %q, want %q", tc.v, got, tc.want)
		}
	}
}

// TestHeatMapLabelsContrast: every cell's number reads on its colour,
// light on dark cells and dark on light ones, at WCAG's 4.5:1 at least.
func TestHeatMapLabelsContrast(t *testing.T) {
	test.NewTempApp(t)
	h := NewHeatMap(8, 8)
	h.Resize(fyne.NewSize(500, 500))
	vals := make([]float64, 64)
	labels := make([]string, 64)
	for i := range vals {
		vals[i] = float64(i)
		labels[i] = "9"
	}
	h.SetValues(vals)
	h.SetLabels(labels)
	r := test.WidgetRenderer(h).(*heatRenderer)
	for i, c := range r.cells {
		txt := r.texts[i]
		if got := contrast(txt.Color, c.FillColor); got < 4.5 {
			t.Errorf("cell %d: label %v on %v, contrast %.2f", i, txt.Color, c.FillColor, got)
		}
		dark := luminance(c.FillColor) < 0.18
		if light := luminance(txt.Color) > 0.5; light != dark {
			t.Errorf("cell %d: label %v on %v", i, txt.Color, c.FillColor)
		}
	}
	if got := contrast(color.Black, color.White); math.Abs(got-21) > 1e-9 {
		t.Errorf("black on white %.3f, want 21", got)
	}
}

// TestHeatMapCoordinates: the board's coordinates along the top and the
// left, centred on their column and row.
func TestHeatMapCoordinates(t *testing.T) {
	test.NewTempApp(t)
	h := NewHeatMap(8, 8)
	h.Resize(fyne.NewSize(400, 440))
	h.SetCoordinates([]string{"a", "b", "c", "d", "e", "f", "g", "h"}, []string{"1", "2", "3", "4", "5", "6", "7", "8"})
	r := test.WidgetRenderer(h).(*heatRenderer)
	if len(r.cols) != 8 || len(r.rows) != 8 || r.cols[7].Text != "h" || r.rows[0].Text != "1" {
		t.Fatalf("coordinates %d %d", len(r.cols), len(r.rows))
	}
	for i := range 8 {
		cell := r.cells[i] // the top row: column i
		col := r.cols[i]
		if mid, cmid := col.Position().X+col.Size().Width/2, cell.Position().X+cell.Size().Width/2; math.Abs(float64(mid-cmid)) > 1.5 {
			t.Errorf("column %s centred at %v, its cells at %v", col.Text, mid, cmid)
		}
		if col.Position().Y+col.Size().Height > cell.Position().Y || col.Position().Y < 0 {
			t.Errorf("column %s at %v, not above the grid at %v", col.Text, col.Position(), cell.Position())
		}
		cell = r.cells[8*i] // the left column: row i
		row := r.rows[i]
		if row.Position().X+row.Size().Width > cell.Position().X || row.Position().X < 0 {
			t.Errorf("row %s at %v, not left of the grid at %v", row.Text, row.Position(), cell.Position())
		}
		if mid, cmid := row.Position().Y+row.Size().Height/2, cell.Position().Y+cell.Size().Height/2; math.Abs(float64(mid-cmid)) > 1.5 {
			t.Errorf("row %s centred at %v, its cells at %v", row.Text, mid, cmid)
		}
		if !row.Visible() || !col.Visible() {
			t.Errorf("coordinate %d hidden", i)
		}
	}
	// Connect Four: columns only.
	h.SetDims(7, 6)
	h.SetCoordinates([]string{"1", "2", "3", "4", "5", "6", "7"}, nil)
	if len(r.cols) != 7 || len(r.rows) != 0 {
		t.Errorf("Connect Four coordinates %d %d", len(r.cols), len(r.rows))
	}
	if x := r.cells[0].Position().X; x < 0 {
		t.Errorf("grid at %v", x)
	}
}

// Positive counts are coloured from zero: 1040 and 1509 visits are two
// thirds of the scale apart, not its two ends.
func TestHeatMapFromZero(t *testing.T) {
	test.NewTempApp(t)
	h := NewHeatMap(2, 1)
	h.Resize(fyne.NewSize(200, 150))
	h.SetValues([]float64{1040, 1509})
	r := test.WidgetRenderer(h).(*heatRenderer)
	if r.lo.Text != "0" || r.cells[1].FillColor != rampColor(1) || r.cells[0].FillColor != rampColor(1040.0/1509) {
		t.Errorf("scale from %q; colours %v %v, want %v %v", r.lo.Text, r.cells[0].FillColor, r.cells[1].FillColor,
			rampColor(1040.0/1509), rampColor(1))
	}
}
