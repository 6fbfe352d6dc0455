package chart

import (
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// HeatMap shows one value per cell of a cols × rows grid — MCTS visit
// counts over the board — coloured from low to high on the viridis scale
// (from zero when every value is positive, so that the colours compare
// the counts in proportion),
// with optional text in each cell (light on dark cells, dark on light
// ones), the board's coordinates along the top and left edges, and a
// colour scale with the extreme values below the grid. Cells stay square
// and the grid is centred.
type HeatMap struct {
	widget.BaseWidget

	// OnTapped, if set, is called with the cell tapped.
	OnTapped func(col, row int)

	cols, rows int
	values     []float64
	labels     []string
	// colNames and rowNames label the columns (above the grid) and the
	// rows (left of it); nil for none.
	colNames, rowNames []string
	logScale           bool
	gen                int // bumped when the grid's shape changes
}

// scaleSteps is the number of swatches in the colour scale.
const scaleSteps = 24

// NewHeatMap returns an empty heat map of cols × rows cells.
func NewHeatMap(cols, rows int) *HeatMap {
	h := &HeatMap{cols: max(cols, 0), rows: max(rows, 0)}
	h.ExtendBaseWidget(h)
	return h
}

// Dims returns the grid's shape.
func (h *HeatMap) Dims() (cols, rows int) { return h.cols, h.rows }

// SetDims changes the grid's shape (another board) and clears its values,
// labels and coordinates.
func (h *HeatMap) SetDims(cols, rows int) {
	h.cols, h.rows = max(cols, 0), max(rows, 0)
	h.values, h.labels, h.colNames, h.rowNames = nil, nil, nil, nil
	h.gen++
	h.Refresh()
}

// SetCoordinates names the columns, left to right, above the grid, and the
// rows, top to bottom, left of it: the board's own coordinates ("a".."h",
// "1".."8"; Connect Four's columns "1".."7" and no row names). A nil list
// leaves that edge bare.
func (h *HeatMap) SetCoordinates(cols, rows []string) {
	h.colNames, h.rowNames = append([]string(nil), cols...), append([]string(nil), rows...)
	h.gen++
	h.Refresh()
}

// SetValues sets the cells' values, row-major from the top-left cell.
// Missing, NaN and infinite values leave their cell empty; extra values
// are ignored.
func (h *HeatMap) SetValues(v []float64) {
	h.values = append([]float64(nil), v...)
	h.Refresh()
}

// SetLabels sets the text shown in each cell (row-major, "" for none),
// e.g. the visit counts. Labels are hidden when the cells are too small to
// hold them.
func (h *HeatMap) SetLabels(labels []string) {
	h.labels = append([]string(nil), labels...)
	h.Refresh()
}

// SetLogScale colours by log(1 + value - min) instead of the value, so
// that a few heavily visited cells do not wash out the rest.
func (h *HeatMap) SetLogScale(on bool) {
	h.logScale = on
	h.Refresh()
}

// Coordinates returns the names of the columns and rows, as
// SetCoordinates set them.
func (h *HeatMap) Coordinates() (cols, rows []string) {
	return append([]string(nil), h.colNames...), append([]string(nil), h.rowNames...)
}

// Tapped is part of fyne.Tappable: it reports the cell under the tap to
// OnTapped.
func (h *HeatMap) Tapped(e *fyne.PointEvent) {
	if h.OnTapped == nil {
		return
	}
	x0, y0, cell := h.geometry(h.Size())
	if cell <= 0 {
		return
	}
	c := int(math.Floor(float64((e.Position.X - x0) / cell)))
	r := int(math.Floor(float64((e.Position.Y - y0) / cell)))
	if c >= 0 && c < h.cols && r >= 0 && r < h.rows {
		h.OnTapped(c, r)
	}
}

// CreateRenderer is part of fyne.Widget.
func (h *HeatMap) CreateRenderer() fyne.WidgetRenderer {
	r := &heatRenderer{h: h, gen: -1}
	r.Refresh()
	return r
}

// value returns cell i's value and whether it has one.
func (h *HeatMap) value(i int) (float64, bool) {
	if i < len(h.values) && finite(h.values[i]) {
		return h.values[i], true
	}
	return 0, false
}

// scaleHeight is the height reserved below the grid for the colour scale.
func scaleHeight() float32 {
	return theme.CaptionTextSize()*1.4 + 3*theme.Padding()
}

// margins returns the room the coordinates take: left of the grid (the
// widest row name) and above it (a line of caption text).
func (h *HeatMap) margins() (left, top float32) {
	pad := theme.Padding()
	size := theme.CaptionTextSize()
	for _, n := range h.rowNames {
		left = max(left, fyne.MeasureText(n, size, fyne.TextStyle{}).Width+pad)
	}
	for _, n := range h.colNames {
		if n != "" {
			top = fyne.MeasureText(n, size, fyne.TextStyle{}).Height + pad/2
		}
	}
	return left, top
}

// geometry returns the top-left corner of the grid and its cell size in a
// heat map of the given size.
func (h *HeatMap) geometry(size fyne.Size) (x0, y0, cell float32) {
	left, top := h.margins()
	return gridGeometry(size, h.cols, h.rows, left, top, scaleHeight())
}

// gridGeometry returns the top-left corner and the cell size of a grid of
// cols × rows square cells centred in size, with bands of width left and
// height top for the coordinates, above a band of height below.
func gridGeometry(size fyne.Size, cols, rows int, left, top, below float32) (x0, y0, cell float32) {
	if cols <= 0 || rows <= 0 {
		return 0, 0, 0
	}
	avail := fyne.NewSize(size.Width-left, size.Height-top-below)
	cell = min(avail.Width/float32(cols), avail.Height/float32(rows))
	cell = max(cell, 0)
	x0 = left + (avail.Width-cell*float32(cols))/2
	y0 = top + max((avail.Height-cell*float32(rows))/2, 0)
	return x0, y0, cell
}

// labelColour returns the colour of a cell's text on the cell's colour
// bg: black or white, whichever contrasts more (WCAG's contrast ratio,
// at least 4.5:1 on every colour of the ramp).
func labelColour(bg color.Color) color.Color {
	if contrast(color.Black, bg) >= contrast(color.White, bg) {
		return color.Black
	}
	return color.White
}

// heatRenderer draws a HeatMap: a rectangle and a text per cell, created
// when the shape changes, and the colour scale.
type heatRenderer struct {
	h   *HeatMap
	gen int

	cells      []*canvas.Rectangle
	texts      []*canvas.Text
	scale      []*canvas.Rectangle
	lo, hi     *canvas.Text
	cols, rows []*canvas.Text // the coordinates

	objects []fyne.CanvasObject
}

func (r *heatRenderer) Destroy() {}

func (r *heatRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *heatRenderer) MinSize() fyne.Size {
	left, top := r.h.margins()
	return fyne.NewSize(max(60, float32(r.h.cols)*8+left), float32(r.h.rows)*8+top+scaleHeight())
}

func (r *heatRenderer) build() {
	h := r.h
	r.gen = h.gen
	n := h.cols * h.rows
	r.cells, r.texts, r.scale = make([]*canvas.Rectangle, n), make([]*canvas.Text, n), make([]*canvas.Rectangle, scaleSteps)
	r.objects = r.objects[:0]
	for i := range n {
		r.cells[i] = canvas.NewRectangle(color.Transparent)
		r.texts[i] = canvas.NewText("", color.White)
		r.texts[i].Alignment = fyne.TextAlignCenter
		r.objects = append(r.objects, r.cells[i])
	}
	for i := range n {
		r.objects = append(r.objects, r.texts[i])
	}
	for i := range r.scale {
		r.scale[i] = canvas.NewRectangle(rampColor(float64(i) / float64(scaleSteps-1)))
		r.objects = append(r.objects, r.scale[i])
	}
	r.lo, r.hi = canvas.NewText("", color.Black), canvas.NewText("", color.Black)
	r.objects = append(r.objects, r.lo, r.hi)
	r.cols, r.rows = nil, nil
	for _, n := range h.colNames {
		t := canvas.NewText(n, color.Black)
		t.Alignment = fyne.TextAlignCenter
		r.cols = append(r.cols, t)
		r.objects = append(r.objects, t)
	}
	for _, n := range h.rowNames {
		t := canvas.NewText(n, color.Black)
		t.Alignment = fyne.TextAlignTrailing
		r.rows = append(r.rows, t)
		r.objects = append(r.objects, t)
	}
}

// Refresh recolours the cells from the values and lays them out.
func (r *heatRenderer) Refresh() {
	h := r.h
	if r.gen != h.gen {
		r.build()
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := range r.cells {
		if v, ok := h.value(i); ok {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if lo > 0 && hi > lo {
		// Counts are coloured from zero, not from the least of them, so
		// that 1040 against 1509 visits looks like the two thirds it is.
		lo = 0
	}
	norm := func(v float64) float64 {
		if hi <= lo {
			return 1
		}
		if h.logScale {
			return math.Log1p(v-lo) / math.Log1p(hi-lo)
		}
		return (v - lo) / (hi - lo)
	}
	fg := theme.ColorForWidget(theme.ColorNameForeground, h)
	empty := withAlpha(fg, 0x18)
	for i, c := range r.cells {
		t := r.texts[i]
		t.Text = ""
		if i < len(h.labels) {
			t.Text = h.labels[i]
		}
		v, ok := h.value(i)
		if !ok {
			c.FillColor = empty
			t.Color = fg
			continue
		}
		col := rampColor(norm(v))
		c.FillColor = col
		t.Color = labelColour(col)
	}
	for _, t := range append(r.cols, r.rows...) {
		t.Color, t.TextSize = fg, theme.CaptionTextSize()
	}
	r.lo.Color, r.hi.Color = fg, fg
	r.lo.TextSize, r.hi.TextSize = theme.CaptionTextSize(), theme.CaptionTextSize()
	r.lo.Text, r.hi.Text = "", ""
	if lo <= hi {
		r.lo.Text, r.hi.Text = formatValue(lo), formatValue(hi)
	}
	r.Layout(h.Size())
	for _, o := range r.objects {
		o.Refresh()
	}
}

func (r *heatRenderer) Layout(size fyne.Size) {
	h := r.h
	pad := theme.Padding()
	x0, y0, cell := h.geometry(size)
	// The gap between cells: 2 px, so that it survives rounding to whole
	// pixels (1 px gaps vanish at fractional cell sizes).
	gap := float32(2)
	switch {
	case cell < 6:
		gap = 0
	case cell < 16:
		gap = 1
	}
	textSize := min(theme.CaptionTextSize(), cell*0.36)
	for i, c := range r.cells {
		col, row := i%h.cols, i/h.cols
		pos := fyne.NewPos(x0+float32(col)*cell+gap/2, y0+float32(row)*cell+gap/2)
		c.Move(pos)
		c.Resize(fyne.NewSquareSize(max(cell-gap, 0)))
		t := r.texts[i]
		t.TextSize = textSize
		ts := t.MinSize()
		t.Move(fyne.NewPos(pos.X, pos.Y+(cell-gap-ts.Height)/2))
		t.Resize(fyne.NewSize(max(cell-gap, 0), ts.Height))
		showIf(t, t.Text != "" && textSize >= 7 && ts.Width <= cell-gap)
	}

	// The coordinates: centred above each column, right-aligned left of
	// each row.
	for i, t := range r.cols {
		ts := t.MinSize()
		t.Move(fyne.NewPos(x0+float32(i)*cell, y0-ts.Height-pad/2))
		t.Resize(fyne.NewSize(cell, ts.Height))
		showIf(t, i < h.cols)
	}
	for i, t := range r.rows {
		ts := t.MinSize()
		t.Move(fyne.NewPos(x0-pad-ts.Width, y0+float32(i)*cell+(cell-ts.Height)/2))
		t.Resize(ts)
		showIf(t, i < h.rows)
	}

	// The colour scale: low value, swatches, high value, centred.
	ls, hs := r.lo.MinSize(), r.hi.MinSize()
	gridW := cell * float32(h.cols)
	barW := max(min(gridW*0.6, size.Width-ls.Width-hs.Width-4*pad), 0)
	sw := barW / scaleSteps
	barH := theme.CaptionTextSize() * 0.9
	total := ls.Width + pad + barW + pad + hs.Width
	x := (size.Width - total) / 2
	y := y0 + cell*float32(h.rows) + 2*pad
	r.lo.Move(fyne.NewPos(x, y+(barH-ls.Height)/2))
	r.lo.Resize(ls)
	x += ls.Width + pad
	for i, s := range r.scale {
		s.Move(fyne.NewPos(x+float32(i)*sw, y))
		s.Resize(fyne.NewSize(sw+0.5, barH))
		showIf(s, r.lo.Text != "")
	}
	r.hi.Move(fyne.NewPos(x+barW+pad, y+(barH-hs.Height)/2))
	r.hi.Resize(hs)
}
