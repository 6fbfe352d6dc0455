package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// cappedTop lays out a panel over another: the top one at its least
// height as long as that is at most a share of the whole and leaves the
// bottom one (the move list) the room it keeps, in a scroll beyond; the
// bottom one gets the rest, so that it keeps room at any size setting.
type cappedTop struct {
	top, bottom fyne.CanvasObject
	scroll      *container.Scroll
	share       float32
	// keep is the height the bottom keeps while the top gets at least
	// minShare of the whole: its title and three rows.
	keep     func() float32
	size     fyne.Size // the last size laid out
	h        float32   // the top's height then
	minShare float32
}

// newCappedTop puts top (in a scroll) over bottom; top takes at most share
// of the height, less if the bottom would keep less than keep (but at
// least 40 % of the height).
func newCappedTop(top, bottom fyne.CanvasObject, share float32, keep func() float32) *fyne.Container {
	l := &cappedTop{top: top, bottom: bottom, scroll: container.NewVScroll(top), share: share, keep: keep, minShare: 0.4}
	return container.New(l, l.scroll, bottom)
}

func (l *cappedTop) MinSize([]fyne.CanvasObject) fyne.Size {
	t, b := l.top.MinSize(), l.bottom.MinSize()
	return fyne.NewSize(max(t.Width, b.Width), l.scroll.MinSize().Height+theme.Padding()+b.Height)
}

// topHeight is the top's height in a height of h.
func (l *cappedTop) topHeight(h float32) float32 {
	t := min(l.top.MinSize().Height, h*l.share)
	if l.keep != nil {
		t = min(t, max(h-theme.Padding()-l.keep(), h*l.minShare))
	}
	return t
}

func (l *cappedTop) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	h := l.topHeight(size.Height)
	l.size, l.h = size, h
	l.scroll.Move(fyne.NewPos(0, 0))
	l.scroll.Resize(fyne.NewSize(size.Width, h))
	y := h + theme.Padding()
	l.bottom.Move(fyne.NewPos(0, y))
	l.bottom.Resize(fyne.NewSize(size.Width, max(0, size.Height-y)))
}

// fit lays out again when the top's least height has changed (its texts
// did): the scroll around it hides the change from Fyne's own layout.
func (l *cappedTop) fit() {
	if l.size.Height > 0 && l.topHeight(l.size.Height) != l.h {
		l.Layout(nil, l.size)
	}
}

// toolbar lays out the toolbar's objects in a row, the buttons with their
// labels when the row is wide enough; when it is not (the side column at a
// large size setting), the last buttons show their icons alone, as many as
// it takes, and when even the icons do not fit in one row they wrap onto
// more rows. So the window can always fit the screen, and no button moves
// when a label changes (each keeps its widest label's width).
type toolbar struct {
	objects []fyne.CanvasObject
	// labels[i] are the labels object i shows in turn (a button's, such as
	// Pause and Resume); nil for an object that is not a button. text[i]
	// is the one it shows now.
	labels [][]string
	text   []string
	// full and bare are each object's width with its widest label and with
	// its icon alone, measured once.
	full, bare []float32
	// bareFrom is the first object shown without its label (len(objects)
	// when all have theirs).
	bareFrom int
	// avail is the width the toolbar will have (set by the layout around
	// it before it lays the toolbar out), which sets its rows and so its
	// least height; 0 means one row.
	avail float32
}

// newToolbar lays out objs; labels gives, for each button among them, the
// texts it may show (its current one first).
func newToolbar(objs []fyne.CanvasObject, labels map[*widget.Button][]string) *fyne.Container {
	t := &toolbar{objects: objs}
	for _, o := range objs {
		b, ok := o.(*widget.Button)
		var ls []string
		if ok {
			ls = labels[b]
			if ls == nil {
				ls = []string{b.Text}
			}
		}
		t.labels = append(t.labels, ls)
		t.text = append(t.text, "")
		if ok {
			t.text[len(t.text)-1] = b.Text
		}
	}
	t.measure()
	t.bareFrom = len(objs)
	return &fyne.Container{Layout: t, Objects: objs}
}

// measure finds each object's widths with and without its label.
func (t *toolbar) measure() {
	t.full = make([]float32, len(t.objects))
	t.bare = make([]float32, len(t.objects))
	for i, o := range t.objects {
		b, ok := o.(*widget.Button)
		if !ok {
			t.full[i] = o.MinSize().Width
			t.bare[i] = t.full[i]
			continue
		}
		text := b.Text
		for _, l := range t.labels[i] {
			b.SetText(l)
			t.full[i] = max(t.full[i], b.MinSize().Width)
		}
		b.SetText("")
		t.bare[i] = b.MinSize().Width
		b.SetText(text)
	}
}

// width is the row's width when the objects from index bare on have no
// label.
func (t *toolbar) width(bare int) float32 {
	w := float32(0)
	for i, o := range t.objects {
		if !o.Visible() {
			continue
		}
		if i >= bare {
			w += t.bare[i]
		} else {
			w += t.full[i]
		}
		w += theme.Padding()
	}
	return w
}

// height is the height of a row.
func (t *toolbar) height() float32 {
	h := float32(0)
	for _, o := range t.objects {
		h = max(h, o.MinSize().Height)
	}
	return h
}

// MinSize is as wide as the widest object, as high as the rows it takes
// in the width it will have.
func (t *toolbar) MinSize([]fyne.CanvasObject) fyne.Size {
	w := float32(0)
	for i, o := range t.objects {
		if o.Visible() {
			w = max(w, t.bare[i])
		}
	}
	rows := float32(1)
	if t.avail > 0 {
		rows = float32(t.place(t.avail, false))
	}
	return fyne.NewSize(w, rows*t.height()+(rows-1)*theme.Padding())
}

// Layout places the objects left to right, with as many labels as fit,
// in as many rows as it takes.
func (t *toolbar) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	t.place(size.Width, true)
}

// place lays the objects out in a width (or only counts the rows, with
// move false) and returns the number of rows.
func (t *toolbar) place(width float32, move bool) int {
	bare := len(t.objects)
	for bare > 0 && t.width(bare) > width {
		bare--
	}
	if move && bare != t.bareFrom {
		t.bareFrom = bare
		for i, o := range t.objects {
			if b, ok := o.(*widget.Button); ok {
				t.setText(b, i)
			}
		}
	}
	pad, h := theme.Padding(), t.height()
	x, y, rows := float32(0), float32(0), 1
	for i, o := range t.objects {
		if !o.Visible() {
			continue
		}
		w := t.full[i]
		if i >= bare {
			w = t.bare[i]
		}
		if x > 0 && x+w > width { // no room left in this row
			x, y, rows = 0, y+h+pad, rows+1
		}
		if move {
			o.Move(fyne.NewPos(x, y))
			o.Resize(fyne.NewSize(w, h))
		}
		x += w + pad
	}
	return rows
}

// setText shows button i's label, or none if it is among the last ones
// that have no room.
func (t *toolbar) setText(b *widget.Button, i int) {
	if i >= t.bareFrom {
		b.SetText("")
	} else {
		b.SetText(t.text[i])
	}
}

// SetLabel changes a button's label (Pause, Resume), shown if it has room.
func (t *toolbar) SetLabel(b *widget.Button, text string) {
	for i, o := range t.objects {
		if o == b && t.text[i] != text {
			t.text[i] = text
			t.setText(b, i)
		}
	}
}
