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

// maxMarkers is the most markers a series shows: a longer series marks
// every k-th point (and its last), so that its shape still tells it apart.
const maxMarkers = 24

// line is one drawn series of a line chart.
type line struct {
	pts []point // the valid points
	// strokes is a pool of lines for the pieces of the series' dash
	// pattern; Layout uses the first used of them and hides the others.
	strokes []*canvas.Line
	used    int
	markers []fyne.CanvasObject // one per marked point
	markAt  []int               // the points marked, indexes into pts
	errs    []errorBar          // the points' intervals
}

// errorBar is a point's interval drawn as a vertical line from lo to hi
// with a short cap at each end.
type errorBar struct {
	at     int // the point, an index into pts
	lo, hi float64
	lines  [3]*canvas.Line // the bar, the low cap, the high cap
}

// legendEntry is one series in the legend: a sample of its line and
// marker (a line chart) or a colour swatch (a bar chart), and its name.
type legendEntry struct {
	strokes []*canvas.Line
	used    int
	marker  fyne.CanvasObject
	swatch  *canvas.Rectangle
	text    *canvas.Text
}

// chartRenderer draws a Chart. build creates the canvas objects for the
// current data (once per SetSeries, SetLogY or SetCategories); Layout
// moves and resizes them, and cuts the dashed lines into pieces (growing
// the pools of pieces when a larger chart needs more); Refresh updates
// texts and colours.
type chartRenderer struct {
	c   *Chart
	gen int
	any bool // some point or bar can be drawn

	title, xLabel, yLabel, empty *canvas.Text
	// title2 is the title's second line, when it needs two.
	title2         *canvas.Text
	xAxis, yAxis   *canvas.Line
	xTicks, yTicks []tick
	xs, ys         span

	lines  []line
	bars   []bar
	legend []legendEntry

	objects []fyne.CanvasObject
	pieces  [][2]fyne.Position // scratch for Layout
}

func (r *chartRenderer) Destroy() {}

func (r *chartRenderer) Objects() []fyne.CanvasObject { return r.objects }

// valid reports whether y can be drawn on the chart's Y scale.
func (r *chartRenderer) valid(y float64) bool {
	return finite(y) && (!r.c.logY || y > 0)
}

// style returns the style of line series i.
func (r *chartRenderer) style(i int) Style {
	return seriesStyle(i, len(r.c.series), unitScale())
}

// build creates the canvas objects for the chart's current data.
func (r *chartRenderer) build() {
	c := r.c
	r.gen = c.gen
	newText := func(s string) *canvas.Text { return canvas.NewText(s, color.Black) }
	r.title = newText(c.title)
	r.title.TextStyle.Bold = true
	r.title2 = newText("")
	r.title2.TextStyle.Bold = true
	r.title2.Hide()
	r.xLabel, r.yLabel = newText(c.xLabel), newText(c.yLabel)
	r.empty = newText(NoData())
	r.xAxis, r.yAxis = canvas.NewLine(color.Black), canvas.NewLine(color.Black)
	r.lines, r.bars, r.legend = nil, nil, nil

	// Data ranges.
	xlo, xhi, ylo, yhi := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	var xv, yv []float64
	r.any = false
	if c.kind == Line {
		r.lines = make([]line, len(c.series))
		for i, s := range c.series {
			for j := range s.points() {
				x, y := s.x(j), s.Y[j]
				if !finite(x) || !r.valid(y) {
					continue
				}
				r.lines[i].pts = append(r.lines[i].pts, point{x, y})
				xlo, xhi = min(xlo, x), max(xhi, x)
				ylo, yhi = min(ylo, y), max(yhi, y)
				if lo, hi, ok := s.interval(j); ok && r.valid(lo) && r.valid(hi) {
					at := len(r.lines[i].pts) - 1
					eb := errorBar{at: at, lo: lo, hi: hi}
					for k := range eb.lines {
						eb.lines[k] = canvas.NewLine(SeriesColor(i))
					}
					r.lines[i].errs = append(r.lines[i].errs, eb)
					ylo, yhi = min(ylo, lo), max(yhi, hi)
				}
				xv, yv = append(xv, x), append(yv, y)
				r.any = true
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
				yv = append(yv, y)
				r.any = true
			}
		}
		if !c.logY { // bars grow from zero
			ylo, yhi = min(ylo, 0), max(yhi, 0)
		}
	}
	if !r.any {
		xlo, xhi, ylo, yhi = 0, 1, 0, 1
		if c.logY {
			ylo, yhi = 1, 10
		}
	}
	if c.yFixed && (!c.logY || c.yFrom > 0) {
		if r.any {
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
		vals, step := niceTicks(ylo, yhi, 5, integers(yv))
		unit, suffix := siUnit(max(math.Abs(vals[0]), math.Abs(vals[len(vals)-1])))
		for _, v := range vals {
			r.yTicks = append(r.yTicks, tick{v: v, text: newText(formatTick(v, step, unit, suffix))})
		}
	}
	r.ys = span{r.yTicks[0].v, r.yTicks[len(r.yTicks)-1].v}

	// X ticks.
	r.xTicks = nil
	if c.kind == Line {
		vals, step := niceTicks(xlo, xhi, 6, integers(xv))
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
	for i := range r.yTicks {
		r.yTicks[i].mark = canvas.NewLine(color.Black)
	}
	for i := range r.xTicks {
		r.xTicks[i].mark = canvas.NewLine(color.Black)
	}

	// The data and the legend.
	if c.kind == Line {
		for i := range r.lines {
			ln := &r.lines[i]
			st := r.style(i)
			every := (len(ln.pts) + maxMarkers - 1) / maxMarkers
			for j := range ln.pts {
				if j%max(every, 1) == 0 || j == len(ln.pts)-1 {
					ln.markAt = append(ln.markAt, j)
					ln.markers = append(ln.markers, newMarker(st.Marker, st.Color))
				}
			}
		}
	} else {
		for i := range r.bars {
			r.bars[i].rect = canvas.NewRectangle(SeriesColor(r.bars[i].s))
		}
	}
	if r.any && r.showLegend() {
		for i, s := range c.series {
			e := legendEntry{text: newText(s.Name)}
			if c.kind == Line {
				st := r.style(i)
				e.marker = newMarker(st.Marker, st.Color)
			} else {
				e.swatch = canvas.NewRectangle(SeriesColor(i))
			}
			r.legend = append(r.legend, e)
		}
	}
	r.collect()
}

// collect lists the objects, back to front: grid, axes, the series in
// their order (each one's line, then its markers), labels, legend.
func (r *chartRenderer) collect() {
	r.objects = r.objects[:0]
	for _, t := range r.yTicks {
		r.objects = append(r.objects, t.mark)
	}
	for _, t := range r.xTicks {
		r.objects = append(r.objects, t.mark)
	}
	r.objects = append(r.objects, r.xAxis, r.yAxis)
	for _, ln := range r.lines {
		for _, e := range ln.errs {
			r.objects = append(r.objects, e.lines[0], e.lines[1], e.lines[2])
		}
		for _, s := range ln.strokes {
			r.objects = append(r.objects, s)
		}
		r.objects = append(r.objects, ln.markers...)
	}
	for _, b := range r.bars {
		r.objects = append(r.objects, b.rect)
	}
	for _, t := range r.yTicks {
		r.objects = append(r.objects, t.text)
	}
	for _, t := range r.xTicks {
		r.objects = append(r.objects, t.text)
	}
	r.objects = append(r.objects, r.title, r.title2, r.xLabel, r.yLabel, r.empty)
	for _, e := range r.legend {
		for _, s := range e.strokes {
			r.objects = append(r.objects, s)
		}
		if e.marker != nil {
			r.objects = append(r.objects, e.marker)
		}
		if e.swatch != nil {
			r.objects = append(r.objects, e.swatch)
		}
		r.objects = append(r.objects, e.text)
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
	for _, t := range []*canvas.Text{r.title, r.title2, r.xLabel, r.yLabel} {
		t.Color = fg
	}
	r.xLabel.TextSize, r.yLabel.TextSize = normal*0.9, normal*0.9
	r.empty.Color, r.empty.TextSize = withAlpha(fg, 0xb0), normal
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
	for _, e := range r.legend {
		e.text.Color, e.text.TextSize = fg, small
	}
	// Without data there is nothing to measure: no axes, only the title
	// and a word saying so.
	for _, o := range []fyne.CanvasObject{r.xAxis, r.yAxis, r.xLabel, r.yLabel} {
		showIf(o, r.any)
	}
	for _, t := range append(r.xTicks, r.yTicks...) {
		showIf(t.mark, r.any)
		showIf(t.text, r.any)
	}
	showIf(r.empty, !r.any)
	r.Layout(c.Size())
	for _, o := range r.objects {
		o.Refresh()
	}
}

// MinSize leaves room for the title, the labels and a small plot. It
// does not hold the title's whole width: a long title is drawn smaller
// (see fitTitle).
func (r *chartRenderer) MinSize() fyne.Size {
	pad := theme.Padding()
	h := r.title.MinSize().Height + r.xLabel.MinSize().Height + r.yLabel.MinSize().Height + 24 + 5*pad
	if len(r.xTicks) > 0 {
		h += r.xTicks[0].text.MinSize().Height
	}
	return fyne.NewSize(max(160, r.empty.MinSize().Width+2*pad), h)
}

// titleLines lays the title out in width: on one line at 1.15 times the
// theme's text size, or smaller down to the caption size, if it fits so;
// else on two lines (broken at a space), as large as they fit, down to the
// caption size. A title too long for that too (a long position with large
// text) keeps the caption size, and its lines may overflow.
func (r *chartRenderer) titleLines(title string, width float32) (lines []string, size float32) {
	full, least := theme.TextSize()*1.15, theme.CaptionTextSize()
	style := r.title.TextStyle
	wide := func(s string) float32 { return fyne.MeasureText(s, full, style).Width }
	fit := func(w float32) float32 { // the size at which w (measured at full) fits
		if w <= width || w == 0 {
			return full
		}
		return full * width / w
	}
	if size := fit(wide(title)); size >= least {
		return []string{title}, size
	}
	// Two lines: the break that makes the longer line shortest.
	best, bestW := -1, float32(math.Inf(1))
	for i, ch := range title {
		if ch != ' ' {
			continue
		}
		if w := max(wide(title[:i]), wide(title[i+1:])); w < bestW {
			best, bestW = i, w
		}
	}
	if best < 0 { // one word
		return []string{title}, least
	}
	return []string{title[:best], title[best+1:]}, max(least, fit(bestW))
}

// Layout positions every object for a chart of the given size.
func (r *chartRenderer) Layout(size fyne.Size) {
	pad := theme.Padding()
	k := unitScale()
	place := func(t *canvas.Text, x, y float32) {
		t.Move(fyne.NewPos(x, y))
		t.Resize(t.MinSize())
	}
	grown := false

	// Title, legend and Y label stack at the top.
	y := pad
	if r.c.title != "" {
		lines, ts := r.titleLines(r.c.title, size.Width-2*pad)
		texts := []*canvas.Text{r.title, r.title2}
		for i, t := range texts {
			text := ""
			if i < len(lines) {
				text = lines[i]
			}
			if t.Text != text || t.TextSize != ts {
				t.Text, t.TextSize = text, ts
				t.Refresh()
			}
			if text == "" {
				t.Hide()
				continue
			}
			t.Show()
			m := t.MinSize()
			place(t, (size.Width-m.Width)/2, y)
			y += m.Height
		}
		y += pad
	}
	if len(r.legend) > 0 {
		rowH := r.legend[0].text.MinSize().Height
		sample := 30 * k // a line chart's sample: a short stretch of line
		if r.c.kind == Bar {
			sample = theme.CaptionTextSize() * 0.8
		}
		x := 2 * pad
		for i := range r.legend {
			e := &r.legend[i]
			w := sample + pad + e.text.MinSize().Width
			if x > 2*pad && x+w > size.Width-pad {
				x, y = 2*pad, y+rowH
			}
			mid := y + rowH/2
			if e.swatch != nil {
				e.swatch.Move(fyne.NewPos(x, mid-sample/2))
				e.swatch.Resize(fyne.NewSquareSize(sample))
			} else {
				st := r.style(i)
				pts := []fyne.Position{fyne.NewPos(x, mid), fyne.NewPos(x+sample, mid)}
				grown = r.drawPieces(&e.strokes, &e.used, pts, st) || grown
				placeMarker(e.marker, st, x+sample/2, mid)
			}
			place(e.text, x+sample+pad, y)
			x += w + 3*pad
		}
		y += rowH + pad
	}
	if r.yLabel.Text != "" && r.any {
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
	es := r.empty.MinSize()
	r.empty.Move(fyne.NewPos((size.Width-es.Width)/2, (y+size.Height-es.Height)/2))
	r.empty.Resize(es)
	if !r.any {
		if grown {
			r.collect()
		}
		return
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
		for i := range r.lines {
			ln := &r.lines[i]
			st := r.style(i)
			pts := make([]fyne.Position, len(ln.pts))
			for j, p := range ln.pts {
				pts[j] = fyne.NewPos(px(p.x), py(p.y))
			}
			grown = r.drawPieces(&ln.strokes, &ln.used, pts, st) || grown
			for m, j := range ln.markAt {
				placeMarker(ln.markers[m], st, pts[j].X, pts[j].Y)
			}
			capW := 4 * k
			for _, e := range ln.errs {
				x, y0, y1 := pts[e.at].X, py(e.lo), py(e.hi)
				ends := [3][2]fyne.Position{
					{fyne.NewPos(x, y0), fyne.NewPos(x, y1)},
					{fyne.NewPos(x-capW, y0), fyne.NewPos(x+capW, y0)},
					{fyne.NewPos(x-capW, y1), fyne.NewPos(x+capW, y1)},
				}
				for q, l := range e.lines {
					l.StrokeColor, l.StrokeWidth = st.Color, max(1, st.Width*0.75)
					l.Position1, l.Position2 = ends[q][0], ends[q][1]
					l.Refresh()
				}
			}
		}
		if grown {
			r.collect()
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

// drawPieces lays the polyline pts out in the pool *pool with style st:
// one canvas line per piece of its dash pattern, the lines it does not
// need hidden. It reports whether the pool grew (then the objects must be
// collected again).
func (r *chartRenderer) drawPieces(pool *[]*canvas.Line, used *int, pts []fyne.Position, st Style) bool {
	r.pieces = dashPieces(r.pieces[:0], pts, st.Dash, unitScale())
	grew := false
	for len(*pool) < len(r.pieces) {
		*pool = append(*pool, canvas.NewLine(st.Color))
		grew = true
	}
	for j, l := range *pool {
		if j >= len(r.pieces) {
			if j < *used {
				l.Hide()
			}
			continue
		}
		l.StrokeColor, l.StrokeWidth = st.Color, st.Width
		l.Position1, l.Position2 = r.pieces[j][0], r.pieces[j][1]
		if !l.Visible() {
			l.Show()
		}
		l.Refresh()
	}
	*used = len(r.pieces)
	return grew
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
