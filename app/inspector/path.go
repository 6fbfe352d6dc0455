package inspector

import (
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/app/board"
)

// PathMark is one move of the path from the search's root to a node,
// drawn on the board: its number from the root, on the move's last cell,
// in the colour of the side that played it.
type PathMark struct {
	Cell   int
	Number int
	First  bool // played by the side to move at the root
}

// PathOverlay draws a node's path on a board: numbered discs on the cells
// the moves went to, and a banner that says what the board shows. It lies
// over the board (put both in a container.NewStack) and, while it shows a
// path, takes the board's taps: a tap calls OnDismiss, which gives the
// board back to the game.
type PathOverlay struct {
	widget.BaseWidget

	// OnDismiss is called when the overlay is tapped while it shows a
	// path.
	OnDismiss func()

	board   *board.Board
	marks   []PathMark
	caption string
	active  bool
}

// NewPathOverlay returns an overlay for b, showing nothing.
func NewPathOverlay(b *board.Board) *PathOverlay {
	o := &PathOverlay{board: b}
	o.ExtendBaseWidget(o)
	o.Hide()
	return o
}

// SetPath shows marks and the banner caption; Clear hides them.
func (o *PathOverlay) SetPath(marks []PathMark, caption string) {
	o.marks, o.caption, o.active = append([]PathMark(nil), marks...), caption, true
	o.Show()
	o.Refresh()
}

// Clear shows nothing and lets taps through to the board again.
func (o *PathOverlay) Clear() {
	o.marks, o.caption, o.active = nil, "", false
	o.Hide()
}

// Active reports whether the overlay shows a path.
func (o *PathOverlay) Active() bool { return o.active }

// Marks returns the marks shown.
func (o *PathOverlay) Marks() []PathMark { return o.marks }

// Caption returns the banner's text.
func (o *PathOverlay) Caption() string { return o.caption }

// Tapped dismisses the path. While none is shown the overlay is hidden,
// and taps go to the board.
func (o *PathOverlay) Tapped(*fyne.PointEvent) {
	if o.active && o.OnDismiss != nil {
		o.OnDismiss()
	}
}

// MinSize is nothing of its own: the board sets the size.
func (o *PathOverlay) MinSize() fyne.Size { return fyne.NewSize(0, 0) }

// CreateRenderer is part of fyne.Widget.
func (o *PathOverlay) CreateRenderer() fyne.WidgetRenderer {
	r := &pathRenderer{o: o,
		band: canvas.NewRectangle(color.NRGBA{A: 0xc8}),
		text: canvas.NewText("", color.White)}
	r.text.TextStyle.Bold = true
	r.update()
	return r
}

type pathRenderer struct {
	o       *PathOverlay
	band    *canvas.Rectangle
	text    *canvas.Text
	discs   []*canvas.Circle
	numbers []*canvas.Text
	objects []fyne.CanvasObject
}

func (r *pathRenderer) Destroy()                     {}
func (r *pathRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *pathRenderer) MinSize() fyne.Size           { return fyne.NewSize(0, 0) }
func (r *pathRenderer) Layout(fyne.Size)             { r.update() }
func (r *pathRenderer) Refresh() {
	r.update()
	for _, o := range r.objects {
		o.Refresh()
	}
}

// Colours of the path's discs: the root's side gold, the other blue.
var (
	firstDisc  = color.NRGBA{0xff, 0xc1, 0x07, 0xf0}
	secondDisc = color.NRGBA{0x29, 0x79, 0xff, 0xf0}
)

func (r *pathRenderer) update() {
	o := r.o
	size := o.Size()
	for len(r.discs) < len(o.marks) {
		c := canvas.NewCircle(color.Transparent)
		c.StrokeColor, c.StrokeWidth = color.White, 2
		t := canvas.NewText("", color.Black)
		t.TextStyle.Bold = true
		t.Alignment = fyne.TextAlignCenter
		r.discs, r.numbers = append(r.discs, c), append(r.numbers, t)
	}
	r.objects = r.objects[:0]
	if !o.active {
		r.band.Hide()
		r.text.Hide()
		r.objects = append(r.objects, r.band, r.text)
		return
	}
	// The cell's side: the distance between two neighbouring centres.
	v := o.board.View()
	w := 8
	if len(v.Rows) > 0 {
		w = len(v.Rows[0])
	}
	a, b := o.board.CellCenter(0), o.board.CellCenter(1)
	cell := b.X - a.X
	if cell < 0 {
		cell = -cell
	}
	if cell == 0 {
		cell = size.Width / float32(w)
	}
	d := cell * 0.52
	for i, m := range o.marks {
		c, t := r.discs[i], r.numbers[i]
		p := o.board.CellCenter(m.Cell)
		c.FillColor = secondDisc
		t.Color = color.White
		if m.First {
			c.FillColor, t.Color = firstDisc, color.Black
		}
		c.Resize(fyne.NewSize(d, d))
		c.Move(fyne.NewPos(p.X-d/2, p.Y-d/2))
		t.Text = strconv.Itoa(m.Number)
		t.TextSize = d * 0.62
		ts := t.MinSize()
		t.Resize(fyne.NewSize(d, ts.Height))
		t.Move(fyne.NewPos(p.X-d/2, p.Y-ts.Height/2))
		c.Show()
		t.Show()
		r.objects = append(r.objects, c, t)
	}
	// The banner's text fits the board's width: smaller, then cut.
	pad := theme.Padding()
	room := size.Width - 4*pad
	r.text.Text = o.caption
	r.text.TextSize = theme.TextSize()
	if w := r.text.MinSize().Width; w > room && room > 0 {
		r.text.TextSize = max(theme.TextSize()*0.7, theme.TextSize()*room/w)
	}
	for runes := []rune(o.caption); r.text.MinSize().Width > room && len(runes) > 1; {
		runes = runes[:len(runes)-1]
		r.text.Text = string(runes) + "…"
	}
	ts := r.text.MinSize()
	r.band.Resize(fyne.NewSize(size.Width, ts.Height+2*pad))
	r.band.Move(fyne.NewPos(0, 0))
	r.text.Move(fyne.NewPos(pad*2, pad))
	r.text.Resize(ts)
	r.band.Show()
	r.text.Show()
	r.objects = append(r.objects, r.band, r.text)
}
