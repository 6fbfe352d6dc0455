package inspector

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// nodeRow is one line of the outline: the move, the value and window,
// and notes, coloured by the node's role. The tree widget reuses rows, so
// set replaces everything a row shows.
type nodeRow struct {
	widget.BaseWidget
	r row
}

func newNodeRow() *nodeRow {
	n := &nodeRow{}
	n.ExtendBaseWidget(n)
	return n
}

// set shows r and refreshes the row.
func (n *nodeRow) set(r row) {
	n.r = r
	n.Refresh()
}

func (n *nodeRow) CreateRenderer() fyne.WidgetRenderer {
	r := &rowRenderer{
		row:  n,
		bg:   canvas.NewRectangle(color.Transparent),
		move: canvas.NewText("", color.Black),
		info: canvas.NewText("", color.Black),
		note: canvas.NewText("", color.Black),
	}
	r.objects = []fyne.CanvasObject{r.bg, r.move, r.info, r.note}
	r.Refresh()
	return r
}

type rowRenderer struct {
	row              *nodeRow
	bg               *canvas.Rectangle
	move, info, note *canvas.Text
	objects          []fyne.CanvasObject
}

func (r *rowRenderer) Destroy() {}

func (r *rowRenderer) Objects() []fyne.CanvasObject { return r.objects }

// MinSize is the same for every row (the tree gives all rows one height)
// and narrow: the texts may be cut at the right.
func (r *rowRenderer) MinSize() fyne.Size {
	return fyne.NewSize(120, r.move.MinSize().Height+theme.Padding())
}

func (r *rowRenderer) Layout(size fyne.Size) {
	pad := theme.Padding()
	r.bg.Move(fyne.NewPos(-pad, 0))
	r.bg.Resize(fyne.NewSize(size.Width+2*pad, size.Height))
	x := float32(0)
	for _, t := range []*canvas.Text{r.move, r.info, r.note} {
		s := t.MinSize()
		t.Move(fyne.NewPos(x, (size.Height-s.Height)/2))
		t.Resize(s)
		if t.Text != "" {
			x += s.Width + 2*pad
		}
	}
}

func (r *rowRenderer) Refresh() {
	d := r.row.r
	w := r.row
	fg := theme.ColorForWidget(theme.ColorNameForeground, w)
	grey := theme.ColorForWidget(theme.ColorNameDisabled, w)
	primary := theme.ColorForWidget(theme.ColorNamePrimary, w)
	warn := theme.ColorForWidget(theme.ColorNameWarning, w)
	soft := color.NRGBAModel.Convert(fg).(color.NRGBA) // notes: quieter than the text, clearer than disabled
	soft.A = 0xa8

	r.move.Text, r.info.Text, r.note.Text = d.move, d.info, d.note
	r.move.TextStyle = fyne.TextStyle{Bold: d.pv || d.current, Italic: d.pruned}
	r.note.TextStyle = fyne.TextStyle{Italic: true}
	r.move.Color, r.info.Color, r.note.Color = fg, fg, soft
	switch {
	case d.pruned:
		r.move.Color, r.note.Color = grey, grey
	case d.pv:
		r.move.Color, r.info.Color = primary, primary
	}
	if d.open && !d.current {
		r.info.Color = soft
	}
	if (d.cut || d.research) && !d.pruned && !d.current {
		r.note.Color = warn // on the current row's highlight it would not read
	}
	r.bg.FillColor = color.Transparent
	if d.current {
		p := color.NRGBAModel.Convert(primary).(color.NRGBA)
		p.A = 0x40
		r.bg.FillColor = p
	}
	r.Layout(w.Size())
	for _, o := range r.objects {
		o.Refresh()
	}
}
