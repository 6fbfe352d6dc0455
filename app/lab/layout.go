package lab

import (
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
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

// restLines is the least height of the results, in lines of text, when
// they go under the side panel.
const restLines = 16

// sideLayout places a screen's side panel (the first object) on the left,
// as wide as its controls want (or its design width grown with the text
// size, if more) but at most sideShare of the screen, and the results (the
// second) in the rest. The side panel scrolls when its controls need more
// room. Where the width holds less than both their least widths (the lab
// docked beside the board at 1024x768 with large text), the side panel
// goes above the results, as tall as its controls (it does not scroll:
// the page does), and the results below keep at least restLines lines.
type sideLayout struct {
	width    float32           // the side panel's width at the default text size
	controls fyne.CanvasObject // the side panel's scrolled controls
	panel    *sidePanelWidget  // the side panel, told whether to scroll
	// stacked is set by Layout: the side panel is above the results (the
	// scroll around takes the new least size on the driver's next frame).
	stacked bool
}

func (s *sideLayout) sideWidth(objs []fyne.CanvasObject, total float32) float32 {
	w := s.width * textScale()
	if s.controls != nil {
		w = max(w, s.controls.MinSize().Width+theme.ScrollBarSize())
	}
	return max(min(w, total*sideShare), objs[0].MinSize().Width)
}

// stacks reports whether a width w holds the side panel and the results
// side by side no longer.
func (s *sideLayout) stacks(objs []fyne.CanvasObject, w float32) bool {
	return w+0.5 < objs[0].MinSize().Width+theme.Padding()+objs[1].MinSize().Width
}

func (s *sideLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding()
	stacked := s.stacks(objs, size.Width)
	if size.Width > 0 && stacked != s.stacked { // a tab not shown is laid out at no size
		s.stacked = stacked
		if s.panel != nil {
			s.panel.setPlain(stacked)
		}
	}
	if stacked {
		h := objs[0].MinSize().Height
		objs[0].Move(fyne.NewPos(0, 0))
		objs[0].Resize(fyne.NewSize(size.Width, h))
		objs[1].Move(fyne.NewPos(0, h+pad))
		objs[1].Resize(fyne.NewSize(size.Width, max(size.Height-h-pad, 0)))
		return
	}
	// The results keep their least width: the side panel scrolls first.
	w := s.sideWidth(objs, size.Width)
	w = max(min(w, size.Width-pad-objs[1].MinSize().Width), objs[0].MinSize().Width)
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(w, size.Height))
	objs[1].Move(fyne.NewPos(w+pad, 0))
	objs[1].Resize(fyne.NewSize(max(size.Width-w-pad, 0), size.Height))
}

// unstack puts the side panel back beside the results until the next
// layout (the screen is not shown).
func (s *sideLayout) unstack() {
	s.stacked = false
	if s.panel != nil {
		s.panel.setPlain(false)
	}
}

// MinSize is the width of the two one above the other (narrower, they
// go so), and the height of the form the last layout chose.
func (s *sideLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	a, b := objs[0].MinSize(), objs[1].MinSize()
	w := max(a.Width, b.Width)
	if s.stacked {
		rest := max(b.Height, restLines*theme.TextSize())
		return fyne.NewSize(w, a.Height+theme.Padding()+rest)
	}
	return fyne.NewSize(w, max(a.Height, b.Height))
}

// sidePanelWidget shows a side panel's controls in a vertical scroll or,
// when the side panel is above the results (plain), without one: a
// scroll there would take the mouse wheel's turns from the page's scroll
// around and give them nothing to move.
type sidePanelWidget struct {
	widget.BaseWidget
	scroll   *container.Scroll
	controls fyne.CanvasObject
	plain    bool
}

func newSidePanelWidget(controls fyne.CanvasObject) *sidePanelWidget {
	p := &sidePanelWidget{scroll: container.NewVScroll(controls), controls: controls}
	p.ExtendBaseWidget(p)
	return p
}

func (p *sidePanelWidget) setPlain(on bool) {
	if p.plain == on {
		return
	}
	p.plain = on
	if !on {
		p.scroll.Content = p.controls
		p.scroll.Offset = fyne.Position{}
	}
	p.Refresh()
}

// Refresh lays the controls out again: a flow of check boxes changed its
// rows.
func (p *sidePanelWidget) Refresh() {
	if !p.plain {
		p.scroll.Refresh()
	}
	p.BaseWidget.Refresh()
}

// CreateRenderer is part of fyne.Widget.
func (p *sidePanelWidget) CreateRenderer() fyne.WidgetRenderer { return &sidePanelRenderer{p: p} }

type sidePanelRenderer struct{ p *sidePanelWidget }

func (r *sidePanelRenderer) shown() fyne.CanvasObject {
	if r.p.plain {
		return r.p.controls
	}
	return r.p.scroll
}

func (r *sidePanelRenderer) Layout(size fyne.Size) {
	o := r.shown()
	o.Move(fyne.NewPos(0, 0))
	o.Resize(size)
}

// MinSize is the controls' width and the scroll bar's in both forms (so
// that the choice between them does not change it), and the controls'
// height, or the scroll's.
func (r *sidePanelRenderer) MinSize() fyne.Size {
	w := r.p.controls.MinSize().Width + theme.ScrollBarSize()
	if r.p.plain {
		return fyne.NewSize(w, r.p.controls.MinSize().Height)
	}
	return fyne.NewSize(w, r.p.scroll.MinSize().Height)
}

func (r *sidePanelRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.shown()} }

func (r *sidePanelRenderer) Refresh() {
	r.Layout(r.p.Size())
	canvas.Refresh(r.shown())
}

func (r *sidePanelRenderer) Destroy() {}

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

func (f *flowLayout) SetChanged(c func()) { f.changed = c }

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
	panel    *sidePanelWidget
	t        *task
}

// sidePanel makes a screen's side panel of t's controls and objs.
func sidePanel(t *task, objs ...fyne.CanvasObject) side {
	objs = append([]fyne.CanvasObject(nil), objs...)
	for i, o := range objs {
		if c, ok := o.(*widget.Check); ok && c.Text != "" {
			objs[i] = newCheckLine(c) // its text wraps
		}
	}
	box := container.NewVBox(objs...)
	p := newSidePanelWidget(box)
	// The layouts whose height follows their width tell the scroll.
	var hook func(o fyne.CanvasObject)
	hook = func(o fyne.CanvasObject) {
		if c, ok := o.(*fyne.Container); ok {
			if l, ok := c.Layout.(interface{ SetChanged(func()) }); ok {
				l.SetChanged(p.Refresh)
			}
			for _, k := range c.Objects {
				hook(k)
			}
		}
	}
	for _, o := range objs {
		hook(o)
	}
	return side{obj: container.NewBorder(nil, container.NewVBox(widget.NewSeparator(), t.box), nil, nil, p), controls: box, panel: p, t: t}
}

// beside lays out a side panel, width w at the default text size, on the
// left of body (or above it, where the width holds less than both).
func beside(sp side, w float32, body fyne.CanvasObject) *fyne.Container {
	return container.New(&sideLayout{width: w, controls: sp.controls, panel: sp.panel}, sp.obj, body)
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
