package app

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// The clicker's map: the keys a presenter's clicker (and the keyboard)
// sends, the same in every view — the normal view, the Lecture view, the
// lab docked or in its own window, the inspector focused or not:
//
//	Right, PageDown, Space    forward: the next move, or the inspected
//	                          search's next step
//	Left, PageUp, Backspace   back
//	Home, End                 the start, the end
//	F5                        the Lecture view on or off
//	Escape                    cancel a confirmation; drop a half-entered
//	                          move; leave the Lecture view
//	B                         blank the screen (black), and back
//	R                         reveal what predict first hid (the
//	                          tree's "?": the node's value)
//	P                         predict first on or off
//	M                         the tree's MIN/MAX or negamax view
//	O                         a textbook tree's move ordering: as
//	                          generated, best first, worst first
//	H, F, V, +, -             hint, flip, values, larger, smaller
//	[, ]                      the game review's previous, next mistake
//	T                         the Lecture view: board, tree, both
//
// Every key comes here: the window's (and the lab window's) canvas, when
// no widget has the keyboard, and the inspector, focused, for the keys it
// does not step with (its OnKey and OnRune). A view of the search tree
// that steps with the clicker sets UI.stepper (a Stepper) while it is in
// front; forward, back, Home and End then step it rather than the game.
// While a dialog is shown nothing passes through it: only Escape, which
// cancels a confirmation. A widget that takes the keyboard with a click
// (a list, a check, a choice) gives it back (see release).

// Stepper is what the clicker's forward, back, Home and End step: a view
// of a search (the game's moves when none is set).
type Stepper interface {
	Forward()
	Back()
	First()
	Last()
}

// clickerKey handles a key of the map; step is the view the keys step (nil:
// the game's moves, or u.stepper). It reports whether the key is in the map.
func (u *UI) clickerKey(name fyne.KeyName, step Stepper) bool {
	if u.dialogShown() {
		if name == fyne.KeyEscape && u.asking != nil { // Escape answers a confirmation with Cancel
			u.asking.Hide()
		}
		return true
	}
	if step == nil {
		step = u.stepper
	}
	if step == nil {
		step = gameSteps{u}
	}
	switch name {
	case fyne.KeyRight, fyne.KeyPageDown, fyne.KeySpace:
		step.Forward()
	case fyne.KeyLeft, fyne.KeyPageUp, fyne.KeyBackspace:
		step.Back()
	case fyne.KeyHome:
		step.First()
	case fyne.KeyEnd:
		step.Last()
	case fyne.KeyF5:
		u.toggleLecture()
	case fyne.KeyEscape:
		switch {
		case u.blanked():
			u.blank(false)
		case u.lecture && len(u.input.Path()) == 0: // a clicker's "stop the show"
			u.toggleLecture()
		default:
			u.input.Reset()
			u.refresh()
		}
	default:
		return false
	}
	return true
}

// clickerRune handles a character of the map (letters as typed, whatever
// the keyboard's layout); it reports whether it is in the map.
func (u *UI) clickerRune(r rune) bool {
	if u.dialogShown() {
		return true
	}
	switch r {
	case 'b', 'B', '.': // '.': what clickers send for "blank"
		u.blank(!u.blanked())
	case 'h', 'H':
		u.hint()
	case 'f', 'F':
		u.flip()
	case '+':
		u.stepScale(+1)
	case '-':
		u.stepScale(-1)
	case 'v', 'V':
		u.toggleAnalysis()
	case 'r', 'R':
		if !u.revealStep() {
			u.reveal()
		}
	case '[': // the game review's previous and next mistake
		u.stepMistake(-1)
	case ']':
		u.stepMistake(1)
	case 'm', 'M':
		u.toggleNegamax()
	case 'o', 'O':
		u.nextOrdering()
	case 'p', 'P':
		u.togglePredict()
	default:
		return false
	}
	return true
}

// addClickerKeys sends the keys of canvas c, when no widget has them, to
// the clicker's map.
func (u *UI) addClickerKeys(c fyne.Canvas) {
	// The Lecture view's tree (lecturetree.go), while it is shown, steps
	// with the clicker's keys first (and T switches it); never through a
	// dialog.
	c.SetOnTypedRune(func(r rune) {
		if !u.dialogShown() && u.lectureTreeRune(r) {
			return
		}
		u.clickerRune(r)
	})
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if !u.dialogShown() && u.lectureTreeKey(ev.Name) {
			return
		}
		u.clickerKey(ev.Name, nil)
	})
}

// dialogShown reports whether a dialog (or another pop-up) is over the
// window or the lab's own window: the keys do not pass through it.
func (u *UI) dialogShown() bool {
	if u.labWin != nil && u.labWin.Canvas().Overlays().Top() != nil {
		return true
	}
	return u.win.Canvas().Overlays().Top() != nil
}

// gameSteps steps through the game's moves (the move list).
type gameSteps struct{ u *UI }

func (g gameSteps) Forward() { g.u.browseTo(g.u.shownPly() + 1) }
func (g gameSteps) Back()    { g.u.browseTo(g.u.shownPly() - 1) }
func (g gameSteps) First()   { g.u.browseTo(0) }
func (g gameSteps) Last()    { g.u.browseTo(g.u.ctl.Len()) }

// withBlank puts the blank screen (B) over the window's content.
func (u *UI) withBlank(content fyne.CanvasObject) fyne.CanvasObject {
	if u.blankRect == nil {
		u.blankRect = canvas.NewRectangle(color.Black)
		u.blankRect.Hide()
	}
	return container.NewStack(content, u.blankRect)
}

// blank blacks the screen out (on) or shows it again.
func (u *UI) blank(on bool) {
	if u.blankRect != nil {
		show(u.blankRect, on)
		// Show alone does not paint it (nor its Refresh, while the
		// canvas has not drawn it): the screen stayed as it was until the
		// next change.
		u.repaint()
	}
}

// repaint paints the window again: after a key that changed the whole
// window (B, a new size, the Lecture view), the desktop driver showed the
// old picture until the next event (seen on X11 without a window
// manager: Ctrl+= four times left the window as it was).
func (u *UI) repaint() {
	if c := u.win.Content(); c != nil {
		u.win.Canvas().Refresh(c)
	}
}

// blanked reports whether the screen is blacked out.
func (u *UI) blanked() bool { return u.blankRect != nil && u.blankRect.Visible() }

// release gives the keyboard back to the clicker's map after widget o took
// it with a click (a choice made, a box ticked); an entry being typed in
// and the inspector keep it.
func (u *UI) release(o fyne.CanvasObject) {
	c := fyne.CurrentApp().Driver().CanvasForObject(o)
	if c == nil {
		return
	}
	switch c.Focused().(type) {
	case nil, *widget.Entry, Stepper:
		return
	}
	c.Unfocus()
}

// releaseAfter makes the widgets under o that take the keyboard with a
// click (checks, radio groups, selects, sliders) give it back once used.
func (u *UI) releaseAfter(o fyne.CanvasObject) {
	switch x := o.(type) {
	case *fyne.Container:
		if l, ok := x.Layout.(*standInLayout); ok { // a tab not shown yet
			u.releaseAfter(l.content)
		}
		for _, k := range x.Objects {
			u.releaseAfter(k)
		}
	case *container.Scroll:
		u.releaseAfter(x.Content)
	case *container.AppTabs:
		for _, it := range x.Items {
			u.releaseAfter(it.Content)
		}
	case *widget.Card:
		u.releaseAfter(x.Content)
	case *widget.Check:
		if f := x.OnChanged; f != nil && !u.released[x] {
			x.OnChanged = func(b bool) { f(b); u.release(x) }
		}
		u.released[x] = true
	case *widget.RadioGroup:
		if f := x.OnChanged; f != nil && !u.released[x] {
			x.OnChanged = func(s string) { f(s); u.release(x) }
		}
		u.released[x] = true
	case *widget.Select:
		if f := x.OnChanged; f != nil && !u.released[x] {
			x.OnChanged = func(s string) { f(s); u.release(x) }
		}
		u.released[x] = true
	case *widget.Slider:
		if !u.released[x] {
			f := x.OnChangeEnded
			x.OnChangeEnded = func(v float64) {
				if f != nil {
					f(v)
				}
				u.release(x)
			}
		}
		u.released[x] = true
	}
}
