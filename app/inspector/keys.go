package inspector

import "fyne.io/fyne/v2"

// Focus and the clicker's keys. The inspector, focused, steps with the
// clicker's keys itself; every other key and character goes to OnKey and
// OnRune, the window's clicker map (F5, Escape, B, R, M). Its own controls
// (the view's MIN/MAX and Negamax, the slider, the outline) give the
// keyboard back to it once used, so that the clicker keeps stepping.

// requestFocus gives the inspector the keyboard, for the clicker.
func (in *Inspector) requestFocus() {
	if fyne.CurrentApp() == nil {
		return
	}
	if c := fyne.CurrentApp().Driver().CanvasForObject(in); c != nil {
		c.Focus(in)
	}
}

// keepKeys gives the keyboard back to the inspector after one of its
// controls took it with a click.
func (in *Inspector) keepKeys() {
	if !in.exercise {
		in.requestFocus()
	}
}

// FocusGained is part of fyne.Focusable.
func (in *Inspector) FocusGained() { in.focused = true }

// FocusLost is part of fyne.Focusable.
func (in *Inspector) FocusLost() { in.focused = false }

// Focused reports whether the inspector has the keyboard.
func (in *Inspector) Focused() bool { return in.focused }

// TypedRune is part of fyne.Focusable.
func (in *Inspector) TypedRune(r rune) {
	if r == ' ' {
		if !in.exercise {
			in.Forward()
		}
		return
	}
	if in.OnRune != nil {
		in.OnRune(r)
	}
}

// TypedKey steps with a clicker's keys: Right, PageDown, Space (and Down,
// Enter) forward; Left, PageUp, Backspace (and Up) back; Home and End.
// Other keys go to OnKey.
func (in *Inspector) TypedKey(ev *fyne.KeyEvent) {
	step := map[fyne.KeyName]func(){
		fyne.KeyRight: in.Forward, fyne.KeyPageDown: in.Forward, fyne.KeyDown: in.Forward,
		fyne.KeyReturn: in.Forward, fyne.KeyEnter: in.Forward,
		// The desktop driver sends the space bar as the rune ' ' too,
		// which TypedRune steps with (once).
		fyne.KeySpace: func() {},
		fyne.KeyLeft:  in.Back, fyne.KeyPageUp: in.Back, fyne.KeyUp: in.Back, fyne.KeyBackspace: in.Back,
		fyne.KeyHome: in.First, fyne.KeyEnd: in.Last,
	}[ev.Name]
	switch {
	case step != nil:
		if !in.exercise {
			step()
		}
	case in.OnKey != nil:
		in.OnKey(ev)
	}
}
