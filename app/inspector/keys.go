package inspector

import "fyne.io/fyne/v2"

// Focus and the clicker's keys.

// requestFocus gives the inspector the keyboard, for the clicker.
func (in *Inspector) requestFocus() {
	if fyne.CurrentApp() == nil {
		return
	}
	if c := fyne.CurrentApp().Driver().CanvasForObject(in); c != nil {
		c.Focus(in)
	}
}

// FocusGained is part of fyne.Focusable.
func (in *Inspector) FocusGained() { in.focused = true }

// FocusLost is part of fyne.Focusable.
func (in *Inspector) FocusLost() { in.focused = false }

// TypedRune is part of fyne.Focusable.
func (in *Inspector) TypedRune(r rune) {
	if r == ' ' && !in.exercise {
		in.Forward()
	}
}

// TypedKey steps with a clicker's keys: Right, PageDown, Space (and Down,
// Enter) forward; Left, PageUp (and Up, Backspace) back; Home and End.
func (in *Inspector) TypedKey(ev *fyne.KeyEvent) {
	if in.exercise {
		return
	}
	switch ev.Name {
	case fyne.KeyRight, fyne.KeyPageDown, fyne.KeyDown, fyne.KeyReturn, fyne.KeyEnter:
		in.Forward()
	case fyne.KeySpace:
		// Nothing: the desktop driver sends the space bar as the rune ' '
		// too, which TypedRune steps with (once).
	case fyne.KeyLeft, fyne.KeyPageUp, fyne.KeyUp, fyne.KeyBackspace:
		in.Back()
	case fyne.KeyHome:
		in.First()
	case fyne.KeyEnd:
		in.Last()
	}
}
