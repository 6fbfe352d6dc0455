package chart

import (
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
)

// point is a valid data point of a line series.
type point struct{ x, y float64 }

// bar is one drawn bar: series s, category k, value v.
type bar struct {
	s, k int
	v    float64
	rect *canvas.Rectangle
}

// tick is an axis tick: its value (a category index on a bar chart's X)
// and its label.
type tick struct {
	v    float64
	text *canvas.Text
	mark *canvas.Line // the grid line (Y) or the tick mark (X)
}

// maxMarkers is the number of points of a series above which the line is
// drawn without point markers.
const maxMarkers = 60

// chartRenderer draws a Chart. build creates the canvas objects for the
// current data (once per SetSeries, SetLogY or SetCategories); Layout
// only moves and resizes them; Refresh updates texts and colours.
type chartRenderer struct {
	c   *Chart
	gen int

	title, xLabel, yLabel, empty *canvas.Text
	xAxis, yAxis                 *canvas.Line
	xTicks, yTicks               []tick
	xs, ys                       span

	pts      [][]point // line: the valid points of each series
	segments [][]*canvas.Line
	markers  [][]*canvas.Circle
	bars     []bar

	legendSwatch []*canvas.Rectangle
	legendText   []*canvas.Text

	objects []fyne.CanvasObject
}

func (r *chartRenderer) Destroy() {}

func (r *chartRenderer) Objects() []fyne.CanvasObject { return r.objects }

// valid reports whether y can be drawn on the chart's Y scale.
func (r *chartRenderer) valid(y float64) bool {
	return finite(y) && (!r.c.logY || y > 0)
}

// build creates the canvas objects for the chart's current data.
func (r *chartRenderer) build() {
	c := r.c
	r.gen = c.gen
	newText := func(s string) *canvas.Text { return canvas.NewText(s, color.Black) }
	r.title = newText(c.title)
	r.title.TextStyle.Bold = true
	r.xLabel, r.yLabel = newText(c.xLabel), newText(c.yLabel)
	r.empty = newText("no data")
	r.xAxis, r.yAxis = canvas.NewLine(color.Black), canvas.NewLine(color.Black)
	r.pts, r.segments, r.markers, r.bars = nil, nil, nil, nil
	r.legendSwatch, r.legendText = nil, nil

	// Data ranges.
	xlo, xhi, ylo, yhi := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	any := false
	if c.kind == Line {
		r.pts = make([][]point, len(c.series))
		for i, s := range c.series {
			for j := range s.points() {
				x, y := s.x(j), s.Y[j]
				if !finite(x) || !r.valid(y) {
					continue
				}
				r.pts[i] = append(r.pts[i], point{x, y})
				xlo, xhi = min(xlo, x), max(xhi, x)
				ylo, yhi = min(ylo, y), max(yhi, y)
				any = true
			}
		}
	} else {
		for i, s := range c.series {
			for k, y := range s.Y {
				if !r.valid(y) {
					continue
				}
				r.bars = append(r.bars, bar{s: i, k: k, v: y})
				ylo, yhi = min(ylo, y), max(yhi, y)
				any = true
			}
		}
		if !c.logY { // bars grow from zero
			ylo, yhi = min(ylo, 0), max(yhi, 0)
		}
	}
	if !any {
		xlo, xhi, ylo, yhi = 0, 1, 0, 1
		if c.logY {
			ylo, yhi = 1, 10
		}
	}
	if c.yFixed && (!c.logY || c.yFrom > 0) {
		if any {
			ylo, yhi = min(ylo, c.yFrom), max(yhi, c.yTo)
		} else {
			ylo, yhi = c.yFrom, c.yTo
		}
	}

	// Y ticks.
	r.yTicks = nil
	if c.logY {
		for _, v := range logTicks(ylo, yhi, 8) {
			r.yTicks = append(r.yTicks, tick{v: v, text: newText(formatLog(v))})
		}
	} else {
		vals, step := niceTicks(ylo, yhi, 5)
		unit, suffix := siUnit(max(math.Abs(vals[0]), math.Abs(vals[len(vals)-1])))
		for _, v := range vals {
			r.yTicks = append(r.yTicks, tick{v: v, text: newText(formatTick(v, step, unit, suffix))})
		}
	}
	r.ys = span{r.yTicks[0].v, r.yTicks[len(r.yTicks)-1].v}

	// X ticks.
	r.xTicks = nil
	if c.kind == Line {
		vals, step := niceTicks(xlo, xhi, 6)
		unit, suffix := siUnit(max(math.Abs(vals[0]), math.Abs(vals[len(vals)-1])))
		for _, v := range vals {
			r.xTicks = append(r.xTicks, tick{v: v, text: newText(formatTick(v, step, unit, suffix))})
		}
		r.xs = span{vals[0], vals[len(vals)-1]}
	} else {
		n := c.categoryCount()
		for k := range n {
			r.xTicks = append(r.xTicks, tick{v: float64(k), text: newText(c.category(k))})
		}
		r.xs = span{-0.5, float64(n) - 0.5}
		if n == 0 {
			r.xs = span{-0.5, 0.5}
		}
	}

	// Objects, back to front: grid, axes, data, labels, legend.
	r.objects = r.objects[:0]
	for i := range r.yTicks {
		r.yTicks[i].mark = canvas.NewLine(color.Black)
		r.objects = append(r.objects, r.yTicks[i].mark)
	}
	for i := range r.xTicks {
		r.xTicks[i].mark = canvas.NewLine(color.Black)
		r.objects = append(r.objects, r.xTicks[i].mark)
	}
	r.objects = append(r.objects, r.xAxis, r.yAxis)
	if c.kind == Line {
		r.segments = make([][]*canvas.Line, len(c.series))
		r.markers = make([][]*canvas.Circle, len(c.series))
		for i, pts := range r.pts {
			col := SeriesColor(i)
			for range max(len(pts)-1, 0) {
				l := canvas.NewLine(col)
				l.StrokeWidth = 2
				r.segments[i] = append(r.segments[i], l)
				r.objects = append(r.objects, l)
			}
			for range pts {
				m := canvas.NewCircle(col)
				if len(pts) > maxMarkers {
					m.Hide()
				}
				r.markers[i] = append(r.markers[i], m)
				r.objects = append(r.objects, m)
			}
		}
	} else {
		for i := range r.bars {
			r.bars[i].rect = canvas.NewRectangle(SeriesColor(r.bars[i].s))
			r.objects = append(r.objects, r.bars[i].rect)
		}
	}
	for _, t := range r.yTicks {
		r.objects = append(r.objects, t.text)
	}
	for _, t := range r.xTicks {
		r.objects = append(r.objects, t.text)
	}
	r.objects = append(r.objects, r.title, r.xLabel, r.yLabel, r.empty)
	if !any {
		r.empty.Show()
	} else {
		r.empty.Hide()
	}
	if r.showLegend() {
		for i, s := range c.series {
			sw := canvas.NewRectangle(SeriesColor(i))
			t := newText(s.Name)
			r.legendSwatch = append(r.legendSwatch, sw)
			r.legendText = append(r.legendText, t)
			r.objects = append(r.objects, sw, t)
		}
	}
}

// showLegend reports whether the chart has a legend: when a series is
// named.
func (r *chartRenderer) showLegend() bool {
	for _, s := range r.c.series {
		if s.Name != "" {
			return true
		}
	}
	return false
}

// Refresh rebuilds the objects if the data changed, then applies the
// current texts, theme colours and sizes and lays the chart out again.
func (r *chartRenderer) Refresh() {
	c := r.c
	if r.gen != c.gen {
		r.build()
	}
	fg := theme.ColorForWidget(theme.ColorNameForeground, c)
	dim := withAlpha(fg, 0x30)
	axis := withAlpha(fg, 0x99)
	small := theme.CaptionTextSize()
	normal := theme.TextSize()

	r.title.Text, r.xLabel.Text, r.yLabel.Text = c.title, c.xLabel, c.yLabel
	r.title.TextSize = normal * 1.15
	for _, t := range []*canvas.Text{r.title, r.xLabel, r.yLabel} {
		t.Color = fg
	}
	r.xLabel.TextSize, r.yLabel.TextSize = normal*0.9, normal*0.9
	r.empty.Color, r.empty.TextSize = withAlpha(fg, 0x99), normal
	r.xAxis.StrokeColor, r.yAxis.StrokeColor = axis, axis
	r.xAxis.StrokeWidth, r.yAxis.StrokeWidth = 1, 1
	for _, t := range r.yTicks {
		t.text.Color, t.text.TextSize = fg, small
		t.mark.StrokeColor, t.mark.StrokeWidth = dim, 1
	}
	for _, t := range r.xTicks {
		t.text.Color, t.text.TextSize = fg, small
		t.mark.StrokeColor, t.mark.StrokeWidth = axis, 1
	}
	for _, t := range r.legendText {
		t.Color, t.TextSize = fg, small
	}
	r.Layout(c.Size())
	for _, o := range r.objects {
		o.Refresh()
	}
}

// MinSize leaves room for the title, the legend, the labels and a small
// plot.
func (r *chartRenderer) MinSize() fyne.Size {
	pad := theme.Padding()
	h := r.title.MinSize().Height + r.xLabel.MinSize().Height + r.yLabel.MinSize().Height + 60 + 6*pad
	if len(r.xTicks) > 0 {
		h += r.xTicks[0].text.MinSize().Height
	}
	return fyne.NewSize(max(160, r.title.MinSize().Width+2*pad), h)
}

// Layout positions every object for a chart of the given size.
func (r *chartRenderer) Layout(size fyne.Size) {
	pad := theme.Padding()
	place := func(t *canvas.Text, x, y float32) {
		t.Move(fyne.NewPos(x, y))
		t.Resize(t.MinSize())
	}

	// Title, legend and Y label stack at the top.
	y := pad
	if r.title.Text != "" {
		ts := r.title.MinSize()
		place(r.title, (size.Width-ts.Width)/2, y)
		y += ts.Height + pad
	}
	if len(r.legendText) > 0 {
		sw := theme.CaptionTextSize() * 0.8
		rowH := r.legendText[0].MinSize().Height
		x := 2 * pad
		for i, t := range r.legendText {
			w := sw + pad + t.MinSize().Width
			if x > 2*pad && x+w > size.Width-pad {
				x, y = 2*pad, y+rowH
			}
			r.legendSwatch[i].Move(fyne.NewPos(x, y+(rowH-sw)/2))
			r.legendSwatch[i].Resize(fyne.NewSquareSize(sw))
			place(t, x+sw+pad, y)
			x += w + 3*pad
		}
		y += rowH + pad
	}
	if r.yLabel.Text != "" {
		place(r.yLabel, pad, y)
		y += r.yLabel.MinSize().Height
	}

	// Margins around the plot from the tick labels.
	tickH := float32(0)
	yTickW := float32(0)
	for _, t := range r.yTicks {
		s := t.text.MinSize()
		yTickW, tickH = max(yTickW, s.Width), max(tickH, s.Height)
	}
	lastXW := float32(0)
	for _, t := range r.xTicks {
		s := t.text.MinSize()
		tickH = max(tickH, s.Height)
		lastXW = s.Width
	}
	top := y + tickH/2
	bottom := size.Height - pad - tickH - pad
	if r.xLabel.Text != "" {
		xs := r.xLabel.MinSize()
		bottom -= xs.Height
		place(r.xLabel, (size.Width-xs.Width)/2, size.Height-pad-xs.Height)
	}
	left := pad + yTickW + pad
	right := size.Width - pad
	if r.c.kind == Line {
		right -= lastXW / 2
	}
	if bottom < top+1 {
		bottom = top + 1
	}
	if right < left+1 {
		right = left + 1
	}
	px := func(x float64) float32 {
		return left + float32((x-r.xs.lo)/(r.xs.hi-r.xs.lo))*(right-left)
	}
	py := func(v float64) float32 {
		lo, hi := r.ys.lo, r.ys.hi
		if r.c.logY {
			v, lo, hi = math.Log10(v), math.Log10(lo), math.Log10(hi)
		}
		f := float32((v - lo) / (hi - lo))
		return bottom - max(0, min(1, f))*(bottom-top)
	}

	r.xAxis.Position1, r.xAxis.Position2 = fyne.NewPos(left, bottom), fyne.NewPos(right, bottom)
	r.yAxis.Position1, r.yAxis.Position2 = fyne.NewPos(left, top), fyne.NewPos(left, bottom)
	r.empty.Move(fyne.NewPos((left+right-r.empty.MinSize().Width)/2, (top+bottom-r.empty.MinSize().Height)/2))
	r.empty.Resize(r.empty.MinSize())

	// Y ticks: grid lines across the plot, labels right-aligned; thinned
	// to every k-th when they would overlap.
	every := thin(len(r.yTicks), tickH, bottom-top)
	for i, t := range r.yTicks {
		yy := py(t.v)
		t.mark.Position1, t.mark.Position2 = fyne.NewPos(left, yy), fyne.NewPos(right, yy)
		s := t.text.MinSize()
		place(t.text, left-pad-s.Width, yy-s.Height/2)
		showIf(t.text, i%every == 0)
	}

	// X ticks: a short mark below the axis and a centred label.
	maxW := float32(0)
	for _, t := range r.xTicks {
		maxW = max(maxW, t.text.MinSize().Width)
	}
	every = thin(len(r.xTicks), maxW+2*pad, right-left)
	for i, t := range r.xTicks {
		xx := px(t.v)
		t.mark.Position1, t.mark.Position2 = fyne.NewPos(xx, bottom), fyne.NewPos(xx, bottom+pad)
		s := t.text.MinSize()
		place(t.text, xx-s.Width/2, bottom+pad)
		showIf(t.text, i%every == 0)
	}

	// Data.
	if r.c.kind == Line {
		rad := max(2, theme.Padding()*0.6)
		for i, pts := range r.pts {
			for j, p := range pts {
				x, y := px(p.x), py(p.y)
				if j > 0 {
					l := r.segments[i][j-1]
					l.Position1 = fyne.NewPos(px(pts[j-1].x), py(pts[j-1].y))
					l.Position2 = fyne.NewPos(x, y)
				}
				m := r.markers[i][j]
				m.Move(fyne.NewPos(x-rad, y-rad))
				m.Resize(fyne.NewSquareSize(2 * rad))
			}
		}
		return
	}
	n := len(r.c.series)
	group := (right - left) / float32(max(1, len(r.xTicks)))
	barW := group * 0.8 / float32(max(1, n))
	base := bottom
	if !r.c.logY {
		base = py(0)
	}
	for _, b := range r.bars {
		x0 := px(float64(b.k)) - group*0.4 + float32(b.s)*barW
		y1 := py(b.v)
		yTop, h := min(base, y1), float32(math.Abs(float64(base-y1)))
		b.rect.Move(fyne.NewPos(x0+0.5, yTop))
		b.rect.Resize(fyne.NewSize(max(1, barW-1), max(1, h)))
	}
}

// thin returns k such that showing every k-th of n labels, each needing
// need pixels along an axis of length avail, avoids overlaps.
func thin(n int, need, avail float32) int {
	if n < 2 || avail <= 0 {
		return 1
	}
	slot := avail / float32(n-1)
	k := int(math.Ceil(float64(need / slot)))
	return max(1, k)
}

func showIf(o fyne.CanvasObject, show bool) {
	if show {
		o.Show()
	} else {
		o.Hide()
	}
}
