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
// counts over the board — coloured from low to high on the viridis scale,
// with optional text in each cell and a colour scale with the extreme
// values below the grid. Cells stay square and the grid is centred.
type HeatMap struct {
	widget.BaseWidget

	// OnTapped, if set, is called with the cell tapped.
	OnTapped func(col, row int)

	cols, rows int
	values     []float64
	labels     []string
	logScale   bool
	gen        int // bumped when the grid's shape changes
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

// SetDims changes the grid's shape (another board) and clears its values
// and labels.
func (h *HeatMap) SetDims(cols, rows int) {
	h.cols, h.rows = max(cols, 0), max(rows, 0)
	h.values, h.labels = nil, nil
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

// Tapped is part of fyne.Tappable: it reports the cell under the tap to
// OnTapped.
func (h *HeatMap) Tapped(e *fyne.PointEvent) {
	if h.OnTapped == nil {
		return
	}
	x0, y0, cell := gridGeometry(h.Size(), h.cols, h.rows, scaleHeight())
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

// gridGeometry returns the top-left corner and the cell size of a grid of
// cols × rows square cells centred in size above a band of height below.
func gridGeometry(size fyne.Size, cols, rows int, below float32) (x0, y0, cell float32) {
	if cols <= 0 || rows <= 0 {
		return 0, 0, 0
	}
	avail := fyne.NewSize(size.Width, size.Height-below)
	cell = min(avail.Width/float32(cols), avail.Height/float32(rows))
	cell = max(cell, 0)
	x0 = (size.Width - cell*float32(cols)) / 2
	y0 = (avail.Height - cell*float32(rows)) / 2
	return x0, max(y0, 0), cell
}

// heatRenderer draws a HeatMap: a rectangle and a text per cell, created
// when the shape changes, and the colour scale.
type heatRenderer struct {
	h   *HeatMap
	gen int

	cells  []*canvas.Rectangle
	texts  []*canvas.Text
	scale  []*canvas.Rectangle
	lo, hi *canvas.Text

	objects []fyne.CanvasObject
}

func (r *heatRenderer) Destroy() {}

func (r *heatRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *heatRenderer) MinSize() fyne.Size {
	return fyne.NewSize(max(60, float32(r.h.cols)*8), float32(r.h.rows)*8+scaleHeight())
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
		if luminance(col) > 0.45 {
			t.Color = color.Black
		} else {
			t.Color = color.White
		}
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
	below := scaleHeight()
	x0, y0, cell := gridGeometry(size, h.cols, h.rows, below)
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
