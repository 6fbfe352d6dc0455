package chart

import (
	"bytes"
	"image/png"
	"math"
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
)

// render returns the chart's renderer, laid out at 400×300.
func render(t *testing.T, c *Chart) *chartRenderer {
	t.Helper()
	c.Resize(fyne.NewSize(400, 300))
	r, ok := test.WidgetRenderer(c).(*chartRenderer)
	if !ok {
		t.Fatalf("renderer is %T", test.WidgetRenderer(c))
	}
	return r
}

// tickLabels returns the ticks' labels.
func tickLabels(ticks []tick) []string {
	var out []string
	for _, tk := range ticks {
		out = append(out, tk.text.Text)
	}
	return out
}

// countPoints returns, per series, the points drawn and the markers.
func countPoints(r *chartRenderer) (pts, marks []int) {
	for _, ln := range r.lines {
		pts = append(pts, len(ln.pts))
		marks = append(marks, len(ln.markers))
	}
	return pts, marks
}

func TestLinePoints(t *testing.T) {
	test.NewTempApp(t)
	nan, inf := math.NaN(), math.Inf(1)
	tests := []struct {
		name      string
		series    []Series
		pts, mark []int
	}{
		{"two series", []Series{
			{Name: "a", X: []float64{1, 2, 3, 4, 5}, Y: []float64{1, 4, 9, 16, 25}},
			{Name: "b", X: []float64{1, 2, 3}, Y: []float64{2, 3, 5}},
		}, []int{5, 3}, []int{5, 3}},
		{"nil X counts from 0", []Series{{Y: []float64{3, 1, 2}}}, []int{3}, []int{3}},
		{"lengths differ", []Series{{X: []float64{1, 2}, Y: []float64{1, 2, 3, 4}}}, []int{2}, []int{2}},
		{"NaN and Inf skipped", []Series{
			{X: []float64{1, 2, 3, 4, 5, nan}, Y: []float64{1, nan, 3, inf, 5, 6}},
			{X: []float64{1, 2, 3}, Y: []float64{math.Inf(-1), 2, nan}},
		}, []int{3, 1}, []int{3, 1}},
		{"empty series", []Series{{Name: "none"}}, []int{0}, []int{0}},
		{"single point", []Series{{X: []float64{7}, Y: []float64{7}}}, []int{1}, []int{1}},
		{"no series", nil, nil, nil},
		// A long series marks every k-th point and its last.
		{"long series", []Series{{Y: make([]float64, 100)}}, []int{100}, []int{21}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := NewLine("t", "x", "y")
			c.SetSeries(tc.series)
			r := render(t, c)
			pts, marks := countPoints(r)
			if !reflect.DeepEqual(pts, tc.pts) || !reflect.DeepEqual(marks, tc.mark) {
				t.Errorf("points %v markers %v, want %v %v", pts, marks, tc.pts, tc.mark)
			}
			// The first series is solid: one line per segment.
			if len(r.lines) > 0 && r.lines[0].used != max(len(r.lines[0].pts)-1, 0) {
				t.Errorf("the solid series draws %d pieces for %d points", r.lines[0].used, len(r.lines[0].pts))
			}
			for _, o := range r.Objects() {
				if l, ok := o.(*canvas.Line); ok {
					for _, v := range []float32{l.Position1.X, l.Position1.Y, l.Position2.X, l.Position2.Y} {
						if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
							t.Fatalf("line at a non-finite position %v %v", l.Position1, l.Position2)
						}
					}
				}
			}
		})
	}
}

func TestLineGeometry(t *testing.T) {
	test.NewTempApp(t)
	c := NewLine("", "", "")
	c.SetSeries([]Series{{X: []float64{0, 10}, Y: []float64{0, 10}}})
	r := render(t, c)
	seg := r.lines[0].strokes[0]
	if !(seg.Position2.X > seg.Position1.X && seg.Position2.Y < seg.Position1.Y) {
		t.Errorf("a rising line should go right and up: %v -> %v", seg.Position1, seg.Position2)
	}
	if seg.Position1 != r.xAxis.Position1 {
		t.Errorf("(0,0) at %v, the axes' corner at %v", seg.Position1, r.xAxis.Position1)
	}
	// Updating data rebuilds; a resize only moves.
	c.SetSeries([]Series{{X: []float64{0, 1, 2}, Y: []float64{0, 1, 0}}})
	segs := r.lines[0].strokes
	if r.lines[0].used != 2 {
		t.Fatalf("got %d segments after SetSeries, want 2", r.lines[0].used)
	}
	c.Resize(fyne.NewSize(600, 400))
	if r.lines[0].strokes[0] != segs[0] {
		t.Error("a resize recreated the segments")
	}
}

func TestNiceTicks(t *testing.T) {
	tests := []struct {
		lo, hi float64
		want   []float64
	}{
		{0, 97, []float64{0, 20, 40, 60, 80, 100}},
		{-3, 7, []float64{-4, -2, 0, 2, 4, 6, 8}},
		{0.1, 0.42, []float64{0.1, 0.2, 0.3, 0.4, 0.5}},
		{0.1, 0.2, []float64{0.1, 0.12, 0.14, 0.16, 0.18, 0.2}},
		{5, 5, []float64{4.4, 4.6, 4.8, 5, 5.2, 5.4, 5.6}},
		{0, 0, []float64{-1, -0.5, 0, 0.5, 1}},
	}
	for _, tc := range tests {
		got, _ := niceTicks(tc.lo, tc.hi, 5, false)
		if len(got) != len(tc.want) {
			t.Errorf("niceTicks(%v, %v) = %v, want %v", tc.lo, tc.hi, got, tc.want)
			continue
		}
		for i := range got {
			if math.Abs(got[i]-tc.want[i]) > 1e-9 {
				t.Errorf("niceTicks(%v, %v) = %v, want %v", tc.lo, tc.hi, got, tc.want)
				break
			}
		}
	}
}

func TestFormatTick(t *testing.T) {
	tests := []struct {
		v, step, max float64
		want         string
	}{
		{0, 20, 100, "0"},
		{40, 20, 100, "40"},
		{0.25, 0.05, 0.5, "0.25"},
		{0.3, 0.05, 0.5, "0.30"},
		{-1.5, 0.5, 2, "-1.5"},
		{20000, 5000, 20000, "20k"},
		{12500, 2500, 20000, "12.5k"},
		{3e6, 1e6, 5e6, "3M"},
		{2.5e6, 5e5, 5e6, "2.5M"},
		{3e7, 1e7, 5e7, "30M"},
	}
	for _, tc := range tests {
		u, s := siUnit(tc.max)
		if got := formatTick(tc.v, tc.step, u, s); got != tc.want {
			t.Errorf("formatTick(%v, %v) = %q, want %q", tc.v, tc.step, got, tc.want)
		}
	}
}

func TestLogTicks(t *testing.T) {
	tests := []struct {
		lo, hi float64
		want   []string
	}{
		{3, 25000, []string{"1", "10", "100", "1k", "10k", "100k"}},
		{1, 1, []string{"1", "10"}},
		{0.05, 2, []string{"0.01", "0.1", "1", "10"}},
		{1, 1e9, []string{"1", "100", "10k", "1M", "100M", "10G"}},
		{2e6, 3e7, []string{"1M", "10M", "100M"}},
	}
	for _, tc := range tests {
		var got []string
		for _, v := range logTicks(tc.lo, tc.hi, 8) {
			got = append(got, formatLog(v))
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("logTicks(%v, %v) = %v, want %v", tc.lo, tc.hi, got, tc.want)
		}
	}
}

func TestLogScaleChart(t *testing.T) {
	test.NewTempApp(t)
	c := NewLine("nodes per depth", "depth", "nodes")
	c.SetLogY(true)
	c.SetSeries([]Series{
		{Name: "minimax", X: []float64{1, 2, 3, 4}, Y: []float64{7, 49, 343, 2401}},
		{Name: "alphabeta", X: []float64{0, 1, 2, 3, 4}, Y: []float64{0, 7, 20, -1, 130}}, // 0 and -1 cannot be drawn
	})
	r := render(t, c)
	labels := tickLabels(r.yTicks)
	if want := []string{"1", "10", "100", "1k", "10k"}; !reflect.DeepEqual(labels, want) {
		t.Errorf("Y ticks %v, want %v", labels, want)
	}
	if pts, _ := countPoints(r); !reflect.DeepEqual(pts, []int{4, 3}) {
		t.Errorf("points %v, want [4 3]", pts)
	}
	// Log-spaced: 10 is as far above 1 as 100 above 10.
	d1 := r.yTicks[0].mark.Position1.Y - r.yTicks[1].mark.Position1.Y
	d2 := r.yTicks[1].mark.Position1.Y - r.yTicks[2].mark.Position1.Y
	if math.Abs(float64(d1-d2)) > 0.5 || d1 <= 0 {
		t.Errorf("decades %v and %v pixels apart", d1, d2)
	}
	c.SetLogY(false)
	if got := r.yTicks[len(r.yTicks)-1].text.Text; got != "3000" {
		t.Errorf("linear scale ends at %q, want 3000", got)
	}
}

func TestBarChart(t *testing.T) {
	test.NewTempApp(t)
	c := NewBar("wins", "bot", "games")
	c.SetCategories([]string{"random", "greedy", "mcts"})
	c.SetSeries([]Series{
		{Name: "won", Y: []float64{1, 5, 9}},
		{Name: "lost", Y: []float64{9, math.NaN(), 1, 4}},
	})
	r := render(t, c)
	if len(r.bars) != 6 {
		t.Errorf("%d bars, want 6 (a NaN skipped)", len(r.bars))
	}
	labels := tickLabels(r.xTicks)
	if want := []string{"random", "greedy", "mcts", "4"}; !reflect.DeepEqual(labels, want) {
		t.Errorf("categories %v, want %v", labels, want)
	}
	// Bars stand on the X axis, taller for larger values, side by side.
	base := r.xAxis.Position1.Y
	var won9, lost9 *canvas.Rectangle
	for _, b := range r.bars {
		bottom := b.rect.Position().Y + b.rect.Size().Height
		if math.Abs(float64(bottom-base)) > 1 {
			t.Errorf("bar %d/%d ends at %v, axis at %v", b.s, b.k, bottom, base)
		}
		switch {
		case b.s == 0 && b.k == 2:
			won9 = b.rect
		case b.s == 1 && b.k == 0:
			lost9 = b.rect
		}
	}
	if won9.Size().Height != lost9.Size().Height {
		t.Errorf("equal values, heights %v and %v", won9.Size().Height, lost9.Size().Height)
	}
	if len(r.legend) != 2 || r.legend[1].text.Text != "lost" {
		t.Errorf("legend %v", r.legend)
	}
	header, rows := c.Table()
	if want := []string{"bot", "won", "lost"}; !reflect.DeepEqual(header, want) {
		t.Errorf("header %v, want %v", header, want)
	}
	if want := [][]string{{"random", "1", "9"}, {"greedy", "5", ""}, {"mcts", "9", "1"}, {"4", "", "4"}}; !reflect.DeepEqual(rows, want) {
		t.Errorf("rows %v, want %v", rows, want)
	}
}

func TestNegativeBars(t *testing.T) {
	test.NewTempApp(t)
	c := NewBar("", "", "")
	c.SetSeries([]Series{{Y: []float64{-3, 5}}})
	r := render(t, c)
	zero := r.bars[0].rect.Position().Y
	if got := r.bars[1].rect.Position().Y + r.bars[1].rect.Size().Height; math.Abs(float64(got-zero)) > 1 {
		t.Errorf("positive bar ends at %v, negative starts at %v", got, zero)
	}
}

func TestLineTable(t *testing.T) {
	c := NewLine("", "depth", "")
	c.SetSeries([]Series{{Name: "ab", X: []float64{1, 2}, Y: []float64{10, math.NaN()}}, {Y: []float64{0.5}}})
	header, rows := c.Table()
	if want := []string{"series", "depth", "y"}; !reflect.DeepEqual(header, want) {
		t.Errorf("header %v", header)
	}
	if want := [][]string{{"ab", "1", "10"}, {"ab", "2", ""}, {"series 2", "0", "0.5"}}; !reflect.DeepEqual(rows, want) {
		t.Errorf("rows %v, want %v", rows, want)
	}
}

func TestExportPNG(t *testing.T) {
	test.NewTempApp(t)
	c := NewLine("Elo", "games", "rating")
	c.SetSeries([]Series{{Name: "mcts", X: []float64{0, 10, 20}, Y: []float64{1500, 1540, 1600}}})
	h := NewHeatMap(3, 2)
	h.SetValues([]float64{1, 2, 3, 4, math.NaN(), 6})
	empty := NewLine("", "", "")
	for _, tc := range []struct {
		name string
		obj  fyne.CanvasObject
		size fyne.Size
	}{
		{"line", c, fyne.NewSize(320, 200)},
		{"heat map", h, fyne.NewSize(150, 130)},
		{"empty chart", empty, fyne.NewSize(200, 150)},
		{"smaller than MinSize", c, fyne.NewSize(50, 40)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := ExportPNG(tc.obj, tc.size, &buf); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(&buf)
			if err != nil {
				t.Fatal(err)
			}
			b := img.Bounds()
			if b.Dx() != int(tc.size.Width) || b.Dy() != int(tc.size.Height) {
				t.Fatalf("image %v, want %v", b, tc.size)
			}
			first := img.At(b.Min.X, b.Min.Y)
			same := true
			for y := b.Min.Y; y < b.Max.Y && same; y++ {
				for x := b.Min.X; x < b.Max.X; x++ {
					if img.At(x, y) != first {
						same = false
						break
					}
				}
			}
			if same {
				t.Error("the image is one colour")
			}
		})
	}
	if err := ExportPNG(c, fyne.NewSize(0, 10), &bytes.Buffer{}); err == nil {
		t.Error("a zero-width export should fail")
	}
}

func TestWriteCSV(t *testing.T) {
	var buf bytes.Buffer
	err := WriteCSV(&buf, []string{"bot", "note", "score"}, [][]string{
		{"mcts, 1s", `said "hi"`, "3"},
		{"alpha\nbeta", "", "-1.5"},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "bot,note,score\n\"mcts, 1s\",\"said \"\"hi\"\"\",3\n\"alpha\nbeta\",,-1.5\n"
	if buf.String() != want {
		t.Errorf("got\n%q\nwant\n%q", buf.String(), want)
	}
	buf.Reset()
	if err := WriteCSV(&buf, []string{"a", "b"}, [][]string{{"1", "2"}, {"3"}}); err == nil || buf.Len() != 0 {
		t.Errorf("a short row: err %v, wrote %q", err, buf.String())
	}
	buf.Reset()
	if err := WriteCSV(&buf, nil, [][]string{{"1"}, {"2", "3"}}); err != nil || buf.String() != "1\n2,3\n" {
		t.Errorf("no header: err %v, wrote %q", err, buf.String())
	}
}

func TestYRange(t *testing.T) {
	test.NewTempApp(t)
	c := NewLine("score", "depth", "%")
	c.SetYRange(0, 100)
	c.SetSeries([]Series{{Name: "p1", X: []float64{1, 2}, Y: []float64{90, 100}}})
	r := render(t, c)
	if r.ys.lo > 0 || r.ys.hi < 100 {
		t.Fatalf("y span %v, want 0..100", r.ys)
	}
	c.SetYRange(0, 0) // cleared: the data's span
	r = render(t, c)
	if r.ys.lo < 80 {
		t.Fatalf("y span %v after clearing", r.ys)
	}
}

// TestSeriesStyles: series differ in colour, dash pattern and marker, so
// that lines on the same points stay apart; the series drawn first are the
// widest, so that a later one on the same points leaves them visible; the
// legend lists the series in the order they are drawn, each with its
// line's sample.
func TestSeriesStyles(t *testing.T) {
	test.NewTempApp(t)
	const n = 5
	for i := range n {
		a := seriesStyle(i, n, 1)
		for j := range i {
			b := seriesStyle(j, n, 1)
			differ := 0
			if a.Color != b.Color {
				differ++
			}
			if !reflect.DeepEqual(a.Dash, b.Dash) {
				differ++
			}
			if a.Marker != b.Marker {
				differ++
			}
			if differ < 2 {
				t.Errorf("series %d and %d differ in %d ways: %+v %+v", j, i, differ, b, a)
			}
			if b.Width < a.Width || b.Size < a.Size {
				t.Errorf("series %d (drawn first) is thinner than series %d: %+v %+v", j, i, b, a)
			}
		}
	}
	if seriesStyle(0, n, 1).Width <= seriesStyle(n-1, n, 1).Width {
		t.Error("every series has the same width")
	}

	// Two series on the same points: both show, the first under the
	// second, and the legend in that order.
	c := NewLine("nodes", "depth", "nodes")
	same := []float64{10, 40, 160, 640}
	c.SetSeries([]Series{
		{Name: "alphabeta", X: []float64{1, 2, 3, 4}, Y: same},
		{Name: "negascout", X: []float64{1, 2, 3, 4}, Y: same},
	})
	r := render(t, c)
	if r.legend[0].text.Text != "alphabeta" || r.legend[1].text.Text != "negascout" {
		t.Errorf("legend %q, %q", r.legend[0].text.Text, r.legend[1].text.Text)
	}
	index := func(o fyne.CanvasObject) int {
		for i, x := range r.Objects() {
			if x == o {
				return i
			}
		}
		t.Fatalf("%T not drawn", o)
		return -1
	}
	if index(r.lines[0].strokes[0]) > index(r.lines[1].strokes[0]) {
		t.Error("the first series is drawn over the second")
	}
	a, b := r.lines[0], r.lines[1]
	if b.used <= a.used {
		t.Errorf("the dashed series has %d pieces, the solid one %d", b.used, a.used)
	}
	if a.strokes[0].StrokeWidth <= b.strokes[0].StrokeWidth {
		t.Errorf("widths %v under %v: the lower line is hidden", a.strokes[0].StrokeWidth, b.strokes[0].StrokeWidth)
	}
	if a.markers[0].Size().Width <= b.markers[0].Size().Width {
		t.Errorf("markers %v under %v: the lower one is hidden", a.markers[0].Size(), b.markers[0].Size())
	}
	centre := func(o fyne.CanvasObject) fyne.Position {
		return o.Position().Add(fyne.NewPos(o.Size().Width/2, o.Size().Height/2))
	}
	if centre(a.markers[0]) != centre(b.markers[0]) {
		t.Error("markers of the same point are not centred on it")
	}
	for i, e := range r.legend {
		if e.used == 0 || e.marker == nil {
			t.Errorf("legend entry %d has no sample of its line", i)
		}
	}
	if _, ok := a.markers[0].(*canvas.Circle); !ok {
		t.Errorf("first marker %T", a.markers[0])
	}
	if _, ok := b.markers[0].(*canvas.Rectangle); !ok {
		t.Errorf("second marker %T", b.markers[0])
	}
}

func TestDashPieces(t *testing.T) {
	pts := []fyne.Position{{X: 0, Y: 0}, {X: 12, Y: 0}, {X: 12, Y: 18}}
	if got := dashPieces(nil, pts, nil, 1); len(got) != 2 || got[1][1] != pts[2] {
		t.Errorf("solid: %v", got)
	}
	// 10 on, 5 off along 30 pixels: on 0-10, off 10-15, on 15-25 (across
	// the corner at 12), off 25-30.
	got := dashPieces(nil, pts, []float32{10, 5}, 1)
	want := [][2]fyne.Position{
		{{X: 0, Y: 0}, {X: 10, Y: 0}},
		{{X: 12, Y: 3}, {X: 12, Y: 13}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("dashed: %v, want %v", got, want)
	}
}

// TestIntegerTicks: a count (depth, games, a round limit) gets whole
// ticks only.
func TestIntegerTicks(t *testing.T) {
	test.NewTempApp(t)
	for _, tc := range []struct {
		name string
		x, y []float64
	}{
		{"depths 1 to 4", []float64{1, 2, 3, 4}, []float64{5, 17, 60, 210}},
		{"one depth", []float64{3}, []float64{1}},
		{"round limits", []float64{8, 10, 12}, []float64{2, 3, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := NewLine("", "depth", "wins")
			c.SetSeries([]Series{{Name: "p1", X: tc.x, Y: tc.y}})
			r := render(t, c)
			for _, axis := range [][]tick{r.xTicks, r.yTicks} {
				for _, tk := range axis {
					if tk.v != math.Trunc(tk.v) || strings.Contains(tk.text.Text, ".") {
						t.Errorf("tick %v %q on an integer axis", tk.v, tk.text.Text)
					}
				}
			}
		})
	}
	// Fractions keep fractional ticks.
	c := NewLine("", "x", "y")
	c.SetSeries([]Series{{X: []float64{0, 0.5, 1}, Y: []float64{0.1, 0.2, 0.3}}})
	r := render(t, c)
	if !strings.Contains(strings.Join(tickLabels(r.xTicks), " "), ".") {
		t.Errorf("fractional X ticks %v", tickLabels(r.xTicks))
	}
}

// TestEmptyChart: no axes, ticks or axis labels, only the title and a
// short message; data brings the axes back.
func TestEmptyChart(t *testing.T) {
	test.NewTempApp(t)
	for _, c := range []*Chart{NewLine("Nodes", "depth", "nodes"), NewBar("Points", "", "points")} {
		c.SetSeries([]Series{{Name: "x"}})
		r := render(t, c)
		if !r.empty.Visible() || r.empty.Text != NoData() {
			t.Errorf("%s: message %q shown %v", c.title, r.empty.Text, r.empty.Visible())
		}
		for _, o := range r.Objects() {
			switch o {
			case r.title, r.empty:
				continue
			}
			if l, ok := o.(*canvas.Line); ok && l.Visible() {
				t.Errorf("%s: a line is drawn at %v-%v", c.title, l.Position1, l.Position2)
			}
			if tx, ok := o.(*canvas.Text); ok && tx.Visible() {
				t.Errorf("%s: text %q shown", c.title, tx.Text)
			}
		}
		c.SetSeries([]Series{{Name: "x", X: []float64{1, 2}, Y: []float64{1, 2}}})
		if r.empty.Visible() || !r.xAxis.Visible() || !r.yTicks[0].text.Visible() || len(r.legend) != 1 {
			t.Errorf("%s: no axes with data", c.title)
		}
	}
}

// TestLongTitleWraps: a title too long for the chart's width (a position
// in Indonesian words, larger text on a projector) takes two lines, each
// within the width and centred; a short one keeps one line.
func TestLongTitleWraps(t *testing.T) {
	test.NewTempApp(t)
	c := NewLine("Simpul yang ditelusuri menurut kedalaman: Othello setelah 12 langkah, giliran Hitam", "kedalaman", "simpul")
	c.SetSeries([]Series{{Name: "a", X: []float64{1, 2}, Y: []float64{1, 2}}})
	r := render(t, c)
	if !r.title2.Visible() || r.title.Text == "" || r.title2.Text == "" || r.title.Text+" "+r.title2.Text != c.Title() {
		t.Fatalf("title lines %q / %q (shown %v)", r.title.Text, r.title2.Text, r.title2.Visible())
	}
	for _, tx := range []*canvas.Text{r.title, r.title2} {
		if x, w := tx.Position().X, tx.MinSize().Width; x < 0 || x+w > c.Size().Width+0.5 {
			t.Errorf("%q drawn from %v to %v in a chart %v wide", tx.Text, x, x+w, c.Size().Width)
		}
	}
	if r.title2.Position().Y <= r.title.Position().Y {
		t.Error("the second line is not below the first")
	}
	c.SetTitle("Nodes", "depth", "nodes")
	if r.title.Text != "Nodes" || r.title2.Visible() {
		t.Errorf("short title %q, second line shown %v", r.title.Text, r.title2.Visible())
	}
}

// A line series with intervals draws each as an error bar through its
// point, from the low end to the high end, with a cap at each; the Y axis
// covers the intervals; the CSV table carries them.
func TestErrorBars(t *testing.T) {
	test.NewTempApp(t)
	c := NewLine("t", "depth", "discs")
	c.SetSeries([]Series{{Name: "ab", X: []float64{1, 2, 3}, Y: []float64{30, 35, 40},
		Low: []float64{25, 33, math.NaN()}, High: []float64{36, 37, 44}}})
	r := render(t, c)
	ln := r.lines[0]
	if len(ln.errs) != 2 {
		t.Fatalf("%d error bars, want 2 (the third point's low end is NaN)", len(ln.errs))
	}
	if r.ys.lo > 25 || r.ys.hi < 37 {
		t.Errorf("Y axis %v..%v does not cover the intervals 25..37", r.ys.lo, r.ys.hi)
	}
	// The first bar: vertical through the first point, low below high.
	bar, cap0, cap1 := ln.errs[0].lines[0], ln.errs[0].lines[1], ln.errs[0].lines[2]
	pt := ln.markers[0].Position()
	if bar.Position1.X != bar.Position2.X || !(bar.Position1.Y > bar.Position2.Y) {
		t.Errorf("bar %v -> %v is not a vertical line from low (below) to high", bar.Position1, bar.Position2)
	}
	if d := bar.Position1.X - (pt.X + ln.markers[0].Size().Width/2); d < -1 || d > 1 {
		t.Errorf("bar at x %v, its point at %v", bar.Position1.X, pt.X+ln.markers[0].Size().Width/2)
	}
	if cap0.Position1.Y != bar.Position1.Y || cap1.Position1.Y != bar.Position2.Y || cap0.Position2.X <= cap0.Position1.X {
		t.Errorf("caps %v-%v and %v-%v for bar %v-%v", cap0.Position1, cap0.Position2, cap1.Position1, cap1.Position2,
			bar.Position1, bar.Position2)
	}
	found := 0
	for _, o := range r.Objects() {
		if o == bar || o == cap0 || o == cap1 {
			found++
		}
	}
	if found != 3 {
		t.Errorf("%d of the bar's 3 lines among the objects drawn", found)
	}
	h, rows := c.Table()
	if len(h) != 5 || rows[0][3] != "25" || rows[0][4] != "36" || rows[2][3] != "" {
		t.Errorf("table %v %v", h, rows)
	}
}
