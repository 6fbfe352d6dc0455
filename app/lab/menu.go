package lab

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/app/internal/tr"
)

// exportMenu is a screen's one Save button: it opens a menu of the
// screen's exports (each opens a save dialog, see Lab.save), the ones with
// nothing to save yet greyed out. One button instead of one per export
// leaves the screen's title line its width on a projector.
type exportMenu struct {
	btn     *widget.Button
	l       *Lab
	t       *task
	exports []export
}

func newExportMenu(l *Lab, t *task, exports ...export) *exportMenu {
	m := &exportMenu{l: l, t: t, exports: exports}
	m.btn = widget.NewButtonWithIcon(tr.T("Save…"), theme.DocumentSaveIcon(), m.open)
	return m
}

// menu builds the menu as it is now.
func (m *exportMenu) menu() *fyne.Menu {
	var items []*fyne.MenuItem
	for _, e := range m.exports {
		it := fyne.NewMenuItem(e.label, func() { m.l.save(m.t, e) })
		it.Disabled = e.ready != nil && !e.ready()
		items = append(items, it)
	}
	return fyne.NewMenu("", items...)
}

// open shows the menu under the button, its right edge under the
// button's (the button is at the window's right edge).
func (m *exportMenu) open() {
	c := fyne.CurrentApp().Driver().CanvasForObject(m.btn)
	if c == nil {
		return
	}
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(m.btn)
	pm := widget.NewPopUpMenu(m.menu(), c)
	x := max(pos.X+m.btn.Size().Width-pm.MinSize().Width, 0)
	pm.ShowAtPosition(fyne.NewPos(x, pos.Y+m.btn.Size().Height))
}
