package board

import (
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"
)

// Label is a text the Overlay writes on one cell: a move's value.
type Label struct {
	Cell int
	// Text is one line, or two separated by a newline (a value and its
	// unit: "+12\ndiscs", "win\nin 7").
	Text string
	// Exact values are written in bold; Tone colours them: > 0 good for
	// the side to move, < 0 bad, 0 neither.
	Exact bool
	Tone  int
	// Best rings the label: the best of the values.
	Best bool
}

// Overlay writes labels on the cells of a Board, the way analysis programs
// write each move's value on its square. It lies over the board (put both
// in a container.NewStack), reads the board's view for its geometry, and
// lets every tap through to the board.
type Overlay struct {
	widget.BaseWidget
	board  *Board
	labels []Label
}

// NewOverlay returns an overlay for b, without labels.
func NewOverlay(b *Board) *Overlay {
	o := &Overlay{board: b}
	o.ExtendBaseWidget(o)
	b.overlays = append(b.overlays, o)
	return o
}

// SetLabels shows labels, replacing the ones shown (nil clears them).
func (o *Overlay) SetLabels(labels []Label) {
	o.labels = append(o.labels[:0], labels...)
	o.Refresh()
}

// Labels returns the labels shown.
func (o *Overlay) Labels() []Label { return o.labels }

// MinSize is nothing of its own: the board sets the size.
func (o *Overlay) MinSize() fyne.Size { return fyne.NewSize(0, 0) }

// CreateRenderer makes the renderer (once per widget).
func (o *Overlay) CreateRenderer() fyne.WidgetRenderer {
	r := &overlayRenderer{o: o}
	for i := range maxCells {
		r.badges[i] = canvas.NewRectangle(color.Transparent)
		r.main[i] = canvas.NewText("", color.White)
		r.sub[i] = canvas.NewText("", color.White)
		r.main[i].Alignment, r.sub[i].Alignment = fyne.TextAlignCenter, fyne.TextAlignCenter
		r.objects = append(r.objects, r.badges[i], r.main[i], r.sub[i])
	}
	r.update(o.Size())
	return r
}

// overlayRenderer draws an Overlay: a badge and two lines of text per
// cell, made once and shown, moved and filled in by update.
type overlayRenderer struct {
	o       *Overlay
	badges  [maxCells]*canvas.Rectangle
	main    [maxCells]*canvas.Text
	sub     [maxCells]*canvas.Text
	objects []fyne.CanvasObject
}

func (r *overlayRenderer) Destroy()                     {}
func (r *overlayRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *overlayRenderer) MinSize() fyne.Size           { return r.o.MinSize() }
func (r *overlayRenderer) Layout(size fyne.Size)        { r.update(size) }
func (r *overlayRenderer) Refresh() {
	r.update(r.o.Size())
	for _, obj := range r.objects {
		obj.Refresh()
	}
}

// The overlay's colours: white on a dark translucent badge, exact values
// green (good), red (bad) or white, the best ringed in gold.
var (
	badgeFill  = color.NRGBA{A: 0xb4}
	goodText   = color.NRGBA{R: 0x8c, G: 0xf5, B: 0x8c, A: 0xff}
	badText    = color.NRGBA{R: 0xff, G: 0x9a, B: 0x9a, A: 0xff}
	plainText  = color.NRGBA{R: 0xf4, G: 0xf4, B: 0xf4, A: 0xff}
	bestStroke = color.NRGBA{R: 0xff, G: 0xd5, B: 0x4f, A: 0xff}
)

func (r *overlayRenderer) update(size fyne.Size) {
	v := r.o.board.View()
	w, h := v.size()
	g := layoutFor(v, size)
	cell := g.cell
	var at [maxCells]*Label
	for i := range r.o.labels {
		l := &r.o.labels[i]
		if l.Cell >= 0 && l.Cell < w*h && l.Cell < maxCells {
			at[l.Cell] = l
		}
	}
	for i := range maxCells {
		b, m, s := r.badges[i], r.main[i], r.sub[i]
		l := at[i]
		if l == nil {
			b.Hidden, m.Hidden, s.Hidden = true, true, true
			continue
		}
		x, y := g.corner(i)
		top, bottom, two := strings.Cut(l.Text, "\n")
		b.Hidden, m.Hidden, s.Hidden = false, false, !two
		b.FillColor = badgeFill
		b.StrokeWidth = 0
		if l.Best {
			b.StrokeColor, b.StrokeWidth = bestStroke, max(2, cell*0.05)
		}
		bw, bh := cell*0.86, cell*0.36
		if two {
			bh = cell * 0.58
		}
		b.CornerRadius = cell * 0.12
		place(b, x+(cell-bw)/2, y+(cell-bh)/2, bw, bh)

		c := plainText
		switch {
		case l.Exact && l.Tone > 0:
			c = goodText
		case l.Exact && l.Tone < 0:
			c = badText
		}
		m.Text, m.Color, m.TextStyle.Bold = top, c, l.Exact
		m.TextSize = cell * 0.24
		s.Text, s.Color = bottom, c
		s.TextSize = cell * 0.17
		if two {
			place(m, x, y+cell*0.22, cell, cell*0.3)
			place(s, x, y+cell*0.5, cell, cell*0.24)
		} else {
			place(m, x, y+cell*0.35, cell, cell*0.3)
		}
	}
}
