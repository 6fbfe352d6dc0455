// Package dialogtest drives Fyne's dialogs in tests run with Fyne's test
// driver: it finds the dialog on top of a window's canvas, types a file
// name and presses its buttons, as a user would. Only tests import it.
package dialogtest

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// find returns the first visible object under o (o included; containers'
// objects and widgets' renderer objects, depth first) that match accepts.
func find(o fyne.CanvasObject, match func(fyne.CanvasObject) bool) fyne.CanvasObject {
	if o == nil || !o.Visible() {
		return nil
	}
	if match(o) {
		return o
	}
	var children []fyne.CanvasObject
	switch v := o.(type) {
	case *fyne.Container:
		children = v.Objects
	case fyne.Widget:
		children = test.WidgetRenderer(v).Objects()
	}
	for _, c := range children {
		if f := find(c, match); f != nil {
			return f
		}
	}
	return nil
}

// Top returns the dialog (or other overlay) on top of c, nil when none.
func Top(c fyne.Canvas) fyne.CanvasObject { return c.Overlays().Top() }

// Button returns the enabled button labelled text in the overlay on top of
// c, or nil.
func Button(c fyne.Canvas, text string) *widget.Button {
	b, _ := find(Top(c), func(o fyne.CanvasObject) bool {
		b, ok := o.(*widget.Button)
		return ok && b.Text == text && !b.Disabled()
	}).(*widget.Button)
	return b
}

// Press taps the button labelled text on the overlay on top of c.
func Press(t testing.TB, c fyne.Canvas, text string) {
	t.Helper()
	b := Button(c, text)
	if b == nil {
		t.Fatalf("no enabled %q button on top of the window", text)
	}
	test.Tap(b)
}

// SaveAs types name into the file dialog on top of c and presses its
// confirm button (Save, or the label given).
func SaveAs(t testing.TB, c fyne.Canvas, name string, confirm ...string) {
	t.Helper()
	e, _ := find(Top(c), func(o fyne.CanvasObject) bool {
		_, ok := o.(*widget.Entry)
		return ok
	}).(*widget.Entry)
	if e == nil {
		t.Fatal("no file name entry on top of the window")
	}
	e.SetText(name)
	label := "Save"
	if len(confirm) > 0 {
		label = confirm[0]
	}
	Press(t, c, label)
}
