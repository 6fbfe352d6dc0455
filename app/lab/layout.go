package lab

import (
	"math"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// textScale is the theme's text size relative to Fyne's default: 1, or
// 1.75 on a projector. The lab's fixed widths grow with it.
func textScale() float32 {
	return theme.TextSize() / theme.DefaultTheme().Size(theme.SizeNameText)
}

// sideShare is the largest share of a screen's width its side panel takes.
const sideShare = 0.45

// sideLayout places a screen's side panel (the first object) on the left,
// as wide as its controls want (or its design width grown with the text
// size, if more) but at most sideShare of the screen, and the results (the
// second) in the rest. The side panel scrolls when its controls need more
// room.
type sideLayout struct {
	width    float32           // the side panel's width at the default text size
	controls fyne.CanvasObject // the side panel's scrolled controls
}

func (s *sideLayout) sideWidth(objs []fyne.CanvasObject, total float32) float32 {
	w := s.width * textScale()
	if s.controls != nil {
		w = max(w, s.controls.MinSize().Width+theme.ScrollBarSize())
	}
	return max(min(w, total*sideShare), objs[0].MinSize().Width)
}

func (s *sideLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding()
	// The results keep their least width: the side panel scrolls first.
	w := s.sideWidth(objs, size.Width)
	w = max(min(w, size.Width-pad-objs[1].MinSize().Width), objs[0].MinSize().Width)
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(w, size.Height))
	objs[1].Move(fyne.NewPos(w+pad, 0))
	objs[1].Resize(fyne.NewSize(max(size.Width-w-pad, 0), size.Height))
}

func (s *sideLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	a, b := objs[0].MinSize(), objs[1].MinSize()
	return fyne.NewSize(a.Width+theme.Padding()+b.Width, max(a.Height, b.Height))
}

// heightWanter is an object that knows the height that shows all of it:
// a table with all its rows.
type heightWanter interface {
	wantHeight() float32
}

// fitLayout stacks its objects: the first ones (summaries, tables) as
// tall as their content wants, the last one (a chart, or tabs) in the
// rest, which keeps at least restShare() of the height. When the first ones
// cannot all have what they want, the room is shared out fairly: those
// that want less than an equal share get all they want, the others share
// the rest equally (and scroll), none below its MinSize.
type fitLayout struct{}

// restShare is the least share of the height the last object of a
// fitLayout keeps: 35% at the default text size, up to half with larger
// text, whose titles, legends and labels leave a chart less room to plot.
func restShare() float32 {
	return min(0.35+0.2*(textScale()-1), 0.5)
}

func (fitLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding()
	last := objs[len(objs)-1]
	tops := objs[:len(objs)-1]
	gaps := pad * float32(len(objs)-1)
	room := size.Height - gaps - max(last.MinSize().Height, size.Height*restShare())
	want := make([]float32, len(tops))
	for i, o := range tops {
		want[i] = o.MinSize().Height
		if w, ok := o.(heightWanter); ok {
			want[i] = max(want[i], w.wantHeight())
		}
	}
	h := share(want, tops, room)
	y := float32(0)
	for i, o := range tops {
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(size.Width, h[i]))
		y += h[i] + pad
	}
	last.Move(fyne.NewPos(0, y))
	last.Resize(fyne.NewSize(size.Width, max(size.Height-y, 0)))
}

// share divides room among objects that want the heights want: all they
// want if it fits, else each its MinSize and the rest of the room by
// water-filling (those that want little get all of it, the others equal
// shares, and scroll).
func share(want []float32, objs []fyne.CanvasObject, room float32) []float32 {
	h := make([]float32, len(want))
	w := make([]float32, len(want))
	total, floor := float32(0), float32(0)
	for i := range want {
		h[i] = objs[i].MinSize().Height
		w[i] = max(want[i], h[i])
		total += w[i]
		floor += h[i]
	}
	if total <= room {
		return w
	}
	extra := room - floor
	var left []int
	for i := range w {
		if w[i] > h[i] {
			left = append(left, i)
		}
	}
	for len(left) > 0 && extra > 0 {
		each := extra / float32(len(left))
		var rest []int
		for _, i := range left {
			if need := w[i] - h[i]; need <= each {
				h[i] = w[i]
				extra -= need
			} else {
				rest = append(rest, i)
			}
		}
		if len(rest) == len(left) { // nobody is satisfied: equal shares
			for _, i := range rest {
				h[i] += each
			}
			break
		}
		left = rest
	}
	return h
}

func (fitLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		m := o.MinSize()
		s.Width = max(s.Width, m.Width)
		s.Height += m.Height
	}
	s.Height += theme.Padding() * float32(len(objs)-1)
	return s
}

// fit stacks tables above a chart (or tabs), the tables as tall as their
// rows want.
func fit(objs ...fyne.CanvasObject) *fyne.Container {
	return container.New(fitLayout{}, objs...)
}

// flowLayout lays its objects out in as many equal columns as the width
// holds (at least one), row by row: two columns of check boxes in a side
// panel, one when the text is large. MinSize reports the height of the
// columns of the last layout.
type flowLayout struct {
	cols int
	// changed, if set, is called when the number of columns changed, so
	// that the scroll around can take the new height.
	changed func()
}

func (f *flowLayout) cell(objs []fyne.CanvasObject) fyne.Size {
	var c fyne.Size
	for _, o := range objs {
		c = c.Max(o.MinSize())
	}
	return c
}

func (f *flowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding()
	c := f.cell(objs)
	cols := 1
	if c.Width > 0 {
		cols = max(1, int(math.Floor(float64((size.Width+pad)/(c.Width+pad)))))
	}
	cols = min(cols, max(len(objs), 1))
	w := (size.Width - pad*float32(cols-1)) / float32(cols)
	for i, o := range objs {
		o.Move(fyne.NewPos(float32(i%cols)*(w+pad), float32(i/cols)*(c.Height+pad)))
		o.Resize(fyne.NewSize(w, c.Height))
	}
	if cols != f.cols {
		f.cols = cols
		if f.changed != nil {
			f.changed()
		}
	}
}

func (f *flowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	c := f.cell(objs)
	cols := min(max(f.cols, 1), max(len(objs), 1))
	rows := (len(objs) + cols - 1) / cols
	return fyne.NewSize(c.Width, float32(rows)*c.Height+float32(max(rows-1, 0))*theme.Padding())
}

// titledRows lays out a list whose rows show a wrapped title and a button
// (the papers' experiments): each row as tall as its title needs at the
// list's width, so that a long title (longer in Indonesian, or with larger
// text) is never cut or drawn over the next; MinSize is the height of all
// the rows, as the last layout measured them.
type titledRows struct {
	list    *widget.List
	titles  []string
	heights []float32
	// measured is the width and text size the heights are for.
	measured fyne.Size
	// changed, if set, is called when the heights changed, so that the
	// scroll around can take the new height.
	changed func()
}

// measure sets the rows' heights for a list width w.
func (t *titledRows) measure(w float32) {
	key := fyne.NewSize(w, theme.TextSize())
	if key == t.measured && t.heights != nil {
		return
	}
	t.measured = key
	// The title's width: the row's, less the button (an icon with its
	// padding) and the padding between them and around the row.
	btn := widget.NewButtonWithIcon("", theme.MediaPlayIcon(), nil).MinSize()
	text := max(w-btn.Width-4*theme.Padding(), 10*theme.TextSize())
	heights := make([]float32, len(t.titles))
	for i, title := range t.titles {
		l := widget.NewLabel(title)
		l.Wrapping = fyne.TextWrapWord
		l.Resize(fyne.NewSize(text, l.MinSize().Height))
		heights[i] = max(l.MinSize().Height, btn.Height)
		t.list.SetItemHeight(i, heights[i])
	}
	old := t.heights
	t.heights = heights
	if old != nil && t.changed != nil && !slices.Equal(old, heights) {
		t.changed()
	}
}

func (t *titledRows) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	t.measure(size.Width)
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(size)
}

func (t *titledRows) MinSize([]fyne.CanvasObject) fyne.Size {
	if t.heights == nil { // before the first layout: two lines each
		two := widget.NewLabel("0\n0").MinSize().Height
		return fyne.NewSize(0, float32(len(t.titles))*(two+theme.Padding()))
	}
	h := float32(0)
	for _, x := range t.heights {
		h += x + theme.Padding() // the list's separator between rows
	}
	return fyne.NewSize(0, h)
}

// keepLayout stacks its objects on each other and keeps the room of the
// largest even while they are all hidden: the progress bars, so that the
// buttons below them do not move when a bar appears.
type keepLayout struct{}

func (keepLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (keepLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return s
}

// squareLayout shows its object as a square, the board in the lab's
// header: 84 pixels at the default text size, growing by half as fast as
// the text.
type squareLayout struct{}

func (squareLayout) side() float32 { return 42 + 3*theme.TextSize() }

func (s squareLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	side := min(size.Width, size.Height, s.side())
	for _, o := range objs {
		o.Move(fyne.NewPos((size.Width-side)/2, (size.Height-side)/2))
		o.Resize(fyne.NewSquareSize(side))
	}
}

func (s squareLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSquareSize(s.side()) }

// side is a screen's column of controls: the controls scroll, the task's
// status, progress and Run and Cancel buttons stay in view below them, the
// buttons at the very bottom.
type side struct {
	obj      fyne.CanvasObject
	controls *fyne.Container
	t        *task
}

// sidePanel makes a screen's side panel of t's controls and objs.
func sidePanel(t *task, objs ...fyne.CanvasObject) side {
	box := container.NewVBox(objs...)
	s := container.NewScroll(box)
	for _, o := range objs {
		if c, ok := o.(*fyne.Container); ok {
			switch l := c.Layout.(type) {
			case *flowLayout:
				l.changed = s.Refresh
			case *titledRows:
				l.changed = s.Refresh
			}
		}
	}
	return side{obj: container.NewBorder(nil, container.NewVBox(widget.NewSeparator(), t.box), nil, nil, s), controls: box, t: t}
}

// beside lays out a side panel, width w at the default text size, on the
// left of body.
func beside(sp side, w float32, body fyne.CanvasObject) *fyne.Container {
	return container.New(&sideLayout{width: w, controls: sp.controls}, sp.obj, body)
}

// screen lays out a screen: its side panel on the left, width w at the
// default text size, and to the right its summary (as tall as it wants
// when there is room) above its results. The results are laid out again
// whenever the screen's job shows something, as tables and summaries
// change their heights.
func screen(sp side, w float32, summary *textBox, results ...fyne.CanvasObject) fyne.CanvasObject {
	body := fit(append([]fyne.CanvasObject{summary}, results...)...)
	sp.t.relayout = func() { body.Layout.Layout(body.Objects, body.Size()) }
	return beside(sp, w, body)
}
