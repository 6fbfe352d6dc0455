package app

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai/textbook"
	"boardgames/app/internal/apptest"
	"boardgames/app/internal/tr"
)

// press sends key k as the desktop driver does: to the widget that has
// the keyboard, else to the window; the space bar comes as the rune ' '
// too.
func (f *fixture) press(k fyne.KeyName) {
	c := f.w.Canvas()
	ev := &fyne.KeyEvent{Name: k}
	if o := c.Focused(); o != nil {
		o.TypedKey(ev)
		if k == fyne.KeySpace {
			o.TypedRune(' ')
		}
		return
	}
	f.key(k)
	if k == fyne.KeySpace {
		f.typeRune(' ')
	}
}

// typeRune sends character r as the desktop driver does.
func (f *fixture) typeRune(r rune) {
	c := f.w.Canvas()
	if o := c.Focused(); o != nil {
		o.TypedRune(r)
		return
	}
	c.(interface{ OnTypedRune() func(rune) }).OnTypedRune()(r)
}

// The clicker's map steps through the game in the normal and the Lecture
// view: forward with Right, PageDown and Space, back with Left, PageUp
// and Backspace, Home and End; B blanks the screen and B or Escape brings
// it back; F5 switches the view; nothing passes through a dialog.
func TestClickerMapOnTheGame(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	for _, sq := range []string{"f5", "d6", "c3"} {
		f.tapSquare(sq)
	}
	for _, lecture := range []bool{false, true} {
		if f.u.Lecture() != lecture {
			f.press(fyne.KeyF5)
		}
		if f.u.Lecture() != lecture {
			t.Fatalf("F5 did not switch the Lecture view to %v", lecture)
		}
		steps := []struct {
			key  fyne.KeyName
			want int
		}{
			{fyne.KeyHome, 0}, {fyne.KeyRight, 1}, {fyne.KeyPageDown, 2}, {fyne.KeySpace, 3},
			{fyne.KeyLeft, 2}, {fyne.KeyPageUp, 1}, {fyne.KeyBackspace, 0}, {fyne.KeyEnd, 3},
		}
		for _, s := range steps {
			f.press(s.key)
			if got := f.u.shownPly(); got != s.want {
				t.Fatalf("lecture %v, %s: the board shows move %d, want %d", lecture, s.key, got, s.want)
			}
		}
		f.typeRune('b')
		if !f.u.blanked() {
			t.Fatalf("lecture %v: B did not blank the screen", lecture)
		}
		f.typeRune('B')
		if f.u.blanked() {
			t.Fatalf("lecture %v: B again did not bring the screen back", lecture)
		}
		f.typeRune('b')
		f.press(fyne.KeyEscape)
		if f.u.blanked() || f.u.Lecture() != lecture {
			t.Fatalf("lecture %v: Escape on the blank screen: blank %v, lecture %v", lecture, f.u.blanked(), f.u.Lecture())
		}

		// A dialog: the keys stop there (R, Right, B, F5), Escape aside.
		f.press(fyne.KeyHome)
		d := dialog.NewInformation("Dialog", "A dialog over the window", f.w)
		d.Show()
		for _, k := range []fyne.KeyName{fyne.KeyRight, fyne.KeyPageDown, fyne.KeyEnd, fyne.KeyF5} {
			f.press(k)
		}
		f.typeRune('b')
		f.typeRune('f')
		if f.u.shownPly() != 0 || f.u.blanked() || f.u.Lecture() != lecture || f.u.prefs.flipped(f.u.ctl.Game()) {
			t.Fatalf("lecture %v: keys passed through a dialog: move %d, blank %v, lecture %v, flipped %v",
				lecture, f.u.shownPly(), f.u.blanked(), f.u.Lecture(), f.u.prefs.flipped(f.u.ctl.Game()))
		}
		d.Hide()
		f.press(fyne.KeyRight)
		if f.u.shownPly() != 1 {
			t.Fatalf("lecture %v: Right after the dialog: move %d", lecture, f.u.shownPly())
		}
	}
	f.press(fyne.KeyF5)
	if f.u.Lecture() {
		t.Fatal("F5 in the Lecture view did not leave it")
	}
}

// A click on a check (a settings box) does not keep the keyboard: the
// clicker's Right still steps through the game afterwards.
func TestClickerKeysAfterAClick(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	f.tapSquare("f5")
	f.tapSquare("d6")
	f.press(fyne.KeyHome)
	for i, it := range f.u.tabs.Items {
		if it.Text == tr.T("Settings") {
			f.u.tabs.SelectIndex(i)
		}
	}
	box := findCheck(f.w.Content(), tr.T("Coordinates along the edges"))
	if box == nil {
		t.Fatal("no coordinates check in the Settings tab")
	}
	test.Tap(box)
	if o := f.w.Canvas().Focused(); o != nil {
		t.Fatalf("the check kept the keyboard (%T)", o)
	}
	f.press(fyne.KeyRight)
	if f.u.shownPly() != 1 {
		t.Fatalf("Right after a click on a check: move %d, want 1", f.u.shownPly())
	}
	test.Tap(box) // back as it was
}

// findCheck finds the check labelled text under o.
func findCheck(o fyne.CanvasObject, text string) *widget.Check {
	if c, ok := o.(*widget.Check); ok && c.Text == text {
		return c
	}
	for _, k := range children(o) {
		if c := findCheck(k, text); c != nil {
			return c
		}
	}
	return nil
}

// With the lab's inspector focused, the clicker steps the search, not the
// game; M switches MIN/MAX and negamax; B, Escape and F5 do what they do
// everywhere.
func TestClickerMapInTheInspector(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	f.tapSquare("f5")
	f.u.openLab()
	for i, it := range f.u.Lab().Tabs().Items {
		if it.Text == tr.T("Inspector") {
			f.u.Lab().Tabs().SelectIndex(i)
		}
	}
	in := f.u.Lab().Inspector()
	trace, err := textbook.Search(textbook.MustParse("[[3,5],[2,9],[1,4]]"), textbook.AlphaBeta)
	if err != nil {
		t.Fatal(err)
	}
	in.SetTrace(trace, nil, "")
	if f.w.Canvas().Focused() != in {
		t.Fatalf("the inspector has not the keyboard after a search (%T)", f.w.Canvas().Focused())
	}
	ply := f.u.shownPly()
	steps := []struct {
		key  fyne.KeyName
		want int
	}{
		{fyne.KeyHome, 0}, {fyne.KeyRight, 1}, {fyne.KeyPageDown, 2}, {fyne.KeySpace, 3},
		{fyne.KeyLeft, 2}, {fyne.KeyPageUp, 1}, {fyne.KeyBackspace, 0}, {fyne.KeyEnd, in.Steps() - 1},
	}
	for _, s := range steps {
		f.press(s.key)
		if in.Step() != s.want || f.u.shownPly() != ply {
			t.Fatalf("%s: the inspector at step %d (want %d), the board at move %d (want %d)", s.key, in.Step(), s.want, f.u.shownPly(), ply)
		}
	}
	neg := in.Negamax()
	f.typeRune('m')
	if in.Negamax() == neg {
		t.Fatal("M did not switch the inspector's view")
	}
	if f.w.Canvas().Focused() != in {
		t.Fatal("M took the keyboard from the inspector")
	}
	f.typeRune('b')
	if !f.u.blanked() {
		t.Fatal("B with the inspector focused did not blank the screen")
	}
	f.press(fyne.KeyEscape)
	if f.u.blanked() {
		t.Fatal("Escape with the inspector focused did not bring the screen back")
	}
	f.press(fyne.KeyF5)
	if !f.u.Lecture() {
		t.Fatal("F5 with the inspector focused did not show the Lecture view")
	}
	f.press(fyne.KeyF5)
	if f.u.Lecture() {
		t.Fatal("F5 did not leave the Lecture view")
	}
}
