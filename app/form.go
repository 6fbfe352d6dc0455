package app

import (
	"fyne.io/fyne/v2"

	"boardgames/app/internal/form"
)

// newForm makes a form of label, field pairs (labels over their fields in
// a narrow side column, package form) and registers it with u, so that the
// side column's scrolls follow its height.
func (u *UI) newForm(objs ...fyne.CanvasObject) *fyne.Container {
	c := form.New(objs...)
	c.Layout.(*form.Layout).Changed = func() {
		for _, f := range u.formScrolls {
			f()
		}
	}
	return c
}
