// Package form lays out forms of label and field pairs that fit a narrow
// column: labels at the left of their fields where the width holds both
// columns, each label above its field where it does not. The main
// window's side column (package app) and the lab's side panels (app/lab)
// use it. One file: form.go.
package form

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// Layout lays out pairs of objects (a label, its field) as Fyne's form
// layout does, labels in a column at the left of their fields, when the
// width holds both columns; in a narrower column (a large size setting)
// each label goes above its field instead, so that no field is cut. Its
// least width is that of the narrower form; its least height that of the
// form it showed last. Pairs whose label and field are both hidden take no
// room.
type Layout struct {
	stacked bool
	// Changed, if set, is called when the form switches between the two,
	// so that the scroll around it takes the new height.
	Changed func()
}

// New is a form of label, field pairs.
func New(objs ...fyne.CanvasObject) *fyne.Container {
	return &fyne.Container{Layout: &Layout{}, Objects: objs}
}

// SetChanged sets Changed.
func (l *Layout) SetChanged(f func()) { l.Changed = f }

// Stacked reports whether the last layout put the labels above their
// fields.
func (l *Layout) Stacked() bool { return l.stacked }

// columns returns the widths of the label and the field columns.
func (l *Layout) columns(objs []fyne.CanvasObject) (lw, fw float32) {
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
func (l *Layout) height(objs []fyne.CanvasObject, stacked bool) float32 {
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

func (l *Layout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	lw, fw := l.columns(objs)
	return fyne.NewSize(max(lw, fw), l.height(objs, l.stacked))
}

func (l *Layout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding()
	lw, fw := l.columns(objs)
	stacked := size.Width < lw+pad+fw
	if stacked != l.stacked {
		l.stacked = stacked
		if l.Changed != nil {
			defer l.Changed()
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
