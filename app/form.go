package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// formLayout lays out pairs of objects (a label, its field) as Fyne's
// form layout does, labels in a column at the left of their fields, when
// the width holds both columns; in a narrower side column (a large size
// setting) each label goes above its field instead, so that no field is
// cut. Its least width is that of the narrower form; its least height
// that of the form it showed last. Pairs whose label and field are both
// hidden take no room.
type formLayout struct {
	stacked bool
	// changed, if set, is called when the form switches between the two,
	// so that the scroll around it takes the new height.
	changed func()
}

// newForm makes a form of label, field pairs and registers it with u, so
// that the side column's scrolls follow its height.
func (u *UI) newForm(objs ...fyne.CanvasObject) *fyne.Container {
	l := &formLayout{changed: func() {
		for _, f := range u.formScrolls {
			f()
		}
	}}
	return &fyne.Container{Layout: l, Objects: objs}
}

// columns returns the widths of the label and the field columns.
func (l *formLayout) columns(objs []fyne.CanvasObject) (lw, fw float32) {
	for i := 0; i+1 < len(objs); i += 2 {
		if objs[i].Visible() {
			lw = max(lw, objs[i].MinSize().Width)
		}
		if objs[i+1].Visible() {
			fw = max(fw, objs[i+1].MinSize().Width)
		}
	}
	return lw, fw
}

// height is the form's height, stacked or side by side.
func (l *formLayout) height(objs []fyne.CanvasObject, stacked bool) float32 {
	pad := theme.Padding()
	h, rows := float32(0), 0
	for i := 0; i+1 < len(objs); i += 2 {
		a, b := objs[i], objs[i+1]
		if !a.Visible() && !b.Visible() {
			continue
		}
		rows++
		switch {
		case stacked && a.Visible() && b.Visible():
			h += a.MinSize().Height + pad + b.MinSize().Height
		default:
			h += max(visibleHeight(a), visibleHeight(b))
		}
	}
	if rows > 1 {
		h += pad * float32(rows-1)
	}
	return h
}

func visibleHeight(o fyne.CanvasObject) float32 {
	if !o.Visible() {
		return 0
	}
	return o.MinSize().Height
}

func (l *formLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	lw, fw := l.columns(objs)
	return fyne.NewSize(max(lw, fw), l.height(objs, l.stacked))
}

func (l *formLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding()
	lw, fw := l.columns(objs)
	stacked := size.Width < lw+pad+fw
	if stacked != l.stacked {
		l.stacked = stacked
		if l.changed != nil {
			defer l.changed()
		}
	}
	y := float32(0)
	for i := 0; i+1 < len(objs); i += 2 {
		a, b := objs[i], objs[i+1]
		if !a.Visible() && !b.Visible() {
			continue
		}
		if stacked {
			ah := visibleHeight(a)
			a.Move(fyne.NewPos(0, y))
			a.Resize(fyne.NewSize(size.Width, ah))
			if a.Visible() && b.Visible() {
				y += ah + pad
			}
			bh := visibleHeight(b)
			b.Move(fyne.NewPos(0, y))
			b.Resize(fyne.NewSize(size.Width, bh))
			y += bh + pad
			continue
		}
		h := max(visibleHeight(a), visibleHeight(b))
		a.Move(fyne.NewPos(0, y))
		a.Resize(fyne.NewSize(lw, h))
		b.Move(fyne.NewPos(lw+pad, y))
		b.Resize(fyne.NewSize(size.Width-lw-pad, h))
		y += h + pad
	}
}
