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
