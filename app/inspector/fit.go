package inspector

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// atLeast lays out one object at least width wide (at the default text
// size; more with larger text) and at its own least height, as it is now:
// an entry made at one size setting keeps fitting at another.
type atLeast struct{ width float32 }

// withWidth is o in an atLeast layout.
func withWidth(width float32, o fyne.CanvasObject) *fyne.Container {
	return &fyne.Container{Layout: atLeast{width}, Objects: []fyne.CanvasObject{o}}
}

func (l atLeast) MinSize(objs []fyne.CanvasObject) fyne.Size {
	m := objs[0].MinSize()
	scale := theme.TextSize() / theme.DefaultTheme().Size(theme.SizeNameText)
	return fyne.NewSize(max(l.width*scale, m.Width), m.Height)
}

func (l atLeast) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(size)
}

// flow lays its objects out left to right at their least sizes, in as many
// rows as the width needs (the exercise's answer bar in a narrow column).
// Its least width is its widest object's; its least height is that of the
// rows at the width it was last laid out at.
type flow struct{ width float32 }

func (l *flow) rows(objs []fyne.CanvasObject, width float32) (pos []fyne.Position, height float32) {
	pad := theme.Padding()
	x, y, rowH := float32(0), float32(0), float32(0)
	for _, o := range objs {
		if !o.Visible() {
			pos = append(pos, fyne.Position{})
			continue
		}
		m := o.MinSize()
		if x > 0 && x+m.Width > width {
			x, y, rowH = 0, y+rowH+pad, 0
		}
		pos = append(pos, fyne.NewPos(x, y))
		x += m.Width + pad
		rowH = max(rowH, m.Height)
	}
	return pos, y + rowH
}

func (l *flow) MinSize(objs []fyne.CanvasObject) fyne.Size {
	w := float32(0)
	for _, o := range objs {
		if o.Visible() {
			w = max(w, o.MinSize().Width)
		}
	}
	_, h := l.rows(objs, max(l.width, w))
	return fyne.NewSize(w, h)
}

func (l *flow) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	pos, _ := l.rows(objs, size.Width)
	for i, o := range objs {
		o.Move(pos[i])
		o.Resize(o.MinSize())
	}
}

// besideOrUnder lays out a wrapped text (first) with a control (second) at
// its right, or, where that would leave the text less than textLines lines
// of text wide, the control above the text at the full width (the view's
// MIN/MAX and Negamax in a narrow column at 200 %).
type besideOrUnder struct {
	width float32 // the width it was last laid out at
}

// textLines is the least width, in lines of text, a text keeps beside the
// control.
const textLines = 12

func (l *besideOrUnder) under(objs []fyne.CanvasObject, width float32) bool {
	return width-objs[1].MinSize().Width-theme.Padding() < textLines*theme.TextSize()
}

// textHeight is the text's least height at width w (a wrapped label's
// grows as it narrows).
func textHeight(t fyne.CanvasObject, w float32) float32 {
	if w > 0 && t.Size().Width != w {
		t.Resize(fyne.NewSize(w, t.Size().Height))
	}
	return t.MinSize().Height
}

func (l *besideOrUnder) MinSize(objs []fyne.CanvasObject) fyne.Size {
	t, c := objs[0], objs[1]
	cm, pad := c.MinSize(), theme.Padding()
	if l.width == 0 || l.under(objs, l.width) {
		return fyne.NewSize(cm.Width, cm.Height+pad+textHeight(t, l.width))
	}
	return fyne.NewSize(cm.Width+pad+t.MinSize().Width, max(cm.Height, textHeight(t, l.width-cm.Width-pad)))
}

func (l *besideOrUnder) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	t, c := objs[0], objs[1]
	cm, pad := c.MinSize(), theme.Padding()
	if l.under(objs, size.Width) {
		c.Move(fyne.NewPos(0, 0))
		c.Resize(fyne.NewSize(size.Width, cm.Height))
		t.Move(fyne.NewPos(0, cm.Height+pad))
		t.Resize(fyne.NewSize(size.Width, max(size.Height-cm.Height-pad, 0)))
		return
	}
	tw := size.Width - cm.Width - pad
	t.Move(fyne.NewPos(0, 0))
	t.Resize(fyne.NewSize(tw, size.Height))
	c.Move(fyne.NewPos(tw+pad, 0))
	c.Resize(fyne.NewSize(cm.Width, size.Height))
}
