package app

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
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

// pressOn sends key k to canvas c as the desktop driver does: to the
// widget that has the keyboard, else to the canvas; the space bar comes
// as the rune ' ' too.
func pressOn(c fyne.Canvas, k fyne.KeyName) {
	ev := &fyne.KeyEvent{Name: k}
	if o := c.Focused(); o != nil {
		o.TypedKey(ev)
		if k == fyne.KeySpace {
			o.TypedRune(' ')
		}
		return
	}
	c.(interface{ OnTypedKey() func(*fyne.KeyEvent) }).OnTypedKey()(ev)
	if k == fyne.KeySpace {
		runeOn(c, ' ')
	}
}

// runeOn sends character r to canvas c as the desktop driver does.
func runeOn(c fyne.Canvas, r rune) {
	if o := c.Focused(); o != nil {
		o.TypedRune(r)
		return
	}
	c.(interface{ OnTypedRune() func(rune) }).OnTypedRune()(r)
}

// findRadio finds the radio group offering option under o.
func findRadio(o fyne.CanvasObject, option string) *widget.RadioGroup {
	if r, ok := o.(*widget.RadioGroup); ok && slices.Contains(r.Options, option) {
		return r
	}
	for _, k := range children(o) {
		if r := findRadio(k, option); r != nil {
			return r
		}
	}
	return nil
}

// The clicker's map, key by key, in each view: the board, the docked
// lab's Inspector, the Lecture view's board, tree and board beside tree,
// the lab in its own window. Forward, back, Home and End step what the
// view shows (the game, or the search); B blanks and Escape brings the
// screen back; M switches the tree's MIN/MAX and negamax view, O a
// textbook tree's move ordering, P predict first, and R answers the
// tree's "?"; F5 switches the Lecture view. A click on the view's own
// controls leaves the keys with the clicker, and with a dialog over the
// window (or the lab's) no key passes.
func TestClickerMapInEveryView(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	for _, sq := range []string{"f5", "d6", "c3"} {
		f.tapSquare(sq)
	}
	trace, err := textbook.Search(textbook.MustParse("[[3,12,8],[2,4,6],[14,5,2]]"), textbook.AlphaBeta)
	if err != nil {
		t.Fatal(err)
	}
	game := func() int { return f.u.shownPly() }

	// steps presses each key of the map in view what, on canvas c, and
	// checks that pos (what the view steps) follows, up to last; other
	// is what must stay (the game while a tree is stepped), -1 for none.
	steps := func(what string, c fyne.Canvas, pos func() int, last int, other func() int) {
		t.Helper()
		stay := -1
		if other != nil {
			stay = other()
		}
		for _, s := range []struct {
			key  fyne.KeyName
			want int
		}{
			{fyne.KeyHome, 0}, {fyne.KeyRight, 1}, {fyne.KeyPageDown, 2}, {fyne.KeySpace, 3},
			{fyne.KeyLeft, 2}, {fyne.KeyPageUp, 1}, {fyne.KeyBackspace, 0}, {fyne.KeyEnd, last},
		} {
			pressOn(c, s.key)
			if got := pos(); got != s.want {
				t.Fatalf("%s, %s: at %d, want %d", what, s.key, got, s.want)
			}
			if other != nil && other() != stay {
				t.Fatalf("%s, %s: the board moved to %d too", what, s.key, other())
			}
		}
		runeOn(c, 'b')
		if !f.u.blanked() {
			t.Fatalf("%s: B did not blank the screen", what)
		}
		pressOn(c, fyne.KeyEscape)
		if f.u.blanked() {
			t.Fatalf("%s: Escape did not bring the screen back", what)
		}
		runeOn(c, 'B')
		runeOn(c, 'B')
		if f.u.blanked() {
			t.Fatalf("%s: B twice left the screen black", what)
		}
	}
	// dialog shows a dialog over window w and checks that no key passes.
	dialogOver := func(what string, w fyne.Window, c fyne.Canvas, pos func() int) {
		t.Helper()
		lecture, at, pred := f.u.Lecture(), pos(), f.u.predictFirst()
		in := f.u.teachingInspector()
		neg, order := false, ""
		if in != nil {
			neg, order = in.Negamax(), in.Ordering()
		}
		d := dialog.NewInformation("Dialog", "A dialog over the window", w)
		d.Show()
		for _, k := range []fyne.KeyName{fyne.KeyRight, fyne.KeyPageDown, fyne.KeySpace, fyne.KeyEnd, fyne.KeyHome, fyne.KeyF5} {
			pressOn(c, k)
		}
		for _, r := range "bBmMoOpPrRtT" {
			runeOn(c, r)
		}
		if pos() != at || f.u.blanked() || f.u.Lecture() != lecture || f.u.predictFirst() != pred {
			t.Fatalf("%s: keys passed through a dialog: at %d (was %d), blank %v, lecture %v, predict %v",
				what, pos(), at, f.u.blanked(), f.u.Lecture(), f.u.predictFirst())
		}
		if in != nil && (in.Negamax() != neg || in.Ordering() != order) {
			t.Fatalf("%s: M or O passed through a dialog", what)
		}
		d.Hide()
	}
	// teach checks M, O, P and R on the tree that the view steps.
	teach := func(what string, c fyne.Canvas) {
		t.Helper()
		in := f.u.teachingInspector()
		if in == nil {
			t.Fatalf("%s: no tree to teach with", what)
		}
		neg := in.Negamax()
		runeOn(c, 'm')
		if in.Negamax() == neg {
			t.Fatalf("%s: M did not switch MIN/MAX and negamax", what)
		}
		runeOn(c, 'M')
		if in.Negamax() != neg {
			t.Fatalf("%s: M again did not switch back", what)
		}
		order, n := in.Ordering(), in.NodeCount()
		runeOn(c, 'o')
		if in.Ordering() == order || in.Ordering() != textbook.BestFirst || in.NodeCount() >= n {
			t.Fatalf("%s: O: ordering %q (was %q), %d nodes (were %d)", what, in.Ordering(), order, in.NodeCount(), n)
		}
		if !strings.Contains(f.u.Status(), in.OrderCounts()) || in.OrderCounts() == "" {
			t.Errorf("%s: the status line %q does not give the node counts", what, f.u.Status())
		}
		runeOn(c, 'o')
		runeOn(c, 'O')
		if in.Ordering() != textbook.AsGenerated {
			t.Fatalf("%s: O three times: ordering %q", what, in.Ordering())
		}
		// P: predict first, the tree asks "?" before each inner node
		// returns; R answers it.
		steps := in.Steps()
		runeOn(c, 'p')
		if !f.u.predictFirst() || !in.Predict() || in.Steps() <= steps {
			t.Fatalf("%s: P: predict first %v, the tree's %v, %d steps (were %d)", what, f.u.predictFirst(), in.Predict(), in.Steps(), steps)
		}
		pressOn(c, fyne.KeyHome)
		for in.Event().Kind != textbook.Ask && in.Step() < in.Steps()-1 {
			pressOn(c, fyne.KeyRight)
		}
		at := in.Step()
		if in.Event().Kind != textbook.Ask || in.NodeValue(in.Event().Visit) != "?" {
			t.Fatalf("%s: no step asks the class (%d)", what, at)
		}
		runeOn(c, 'r')
		if in.Step() != at+1 || in.Event().Kind != textbook.Return {
			t.Fatalf("%s: R at the question went to step %d (%v)", what, in.Step(), in.Event().Kind)
		}
		runeOn(c, 'P')
		if f.u.predictFirst() || in.Predict() || in.Steps() != steps {
			t.Fatalf("%s: P again: predict first %v, the tree's %v, %d steps", what, f.u.predictFirst(), in.Predict(), in.Steps())
		}
	}

	// The board.
	c := f.w.Canvas()
	steps("board", c, game, 3, nil)
	dialogOver("board", f.w, c, game)

	// The docked lab's Inspector, focused after a search, and after a
	// click on its MIN/MAX choice.
	f.u.openLab()
	for i, it := range f.u.Lab().Tabs().Items {
		if it.Text == tr.T("Inspector") {
			f.u.Lab().Tabs().SelectIndex(i)
		}
	}
	in := f.u.Lab().Inspector()
	in.SetTrace(trace, nil, "")
	if c.Focused() != in {
		t.Fatalf("the inspector has not the keyboard after a search (%T)", c.Focused())
	}
	step := func() int { return in.Step() }
	steps("Inspector", c, step, in.Steps()-1, game)
	view := findRadio(in, tr.T("Negamax"))
	if view == nil {
		t.Fatal("no MIN/MAX choice in the inspector")
	}
	var items []fyne.Tappable
	for _, o := range test.WidgetRenderer(view).Objects() {
		if tp, ok := o.(fyne.Tappable); ok {
			items = append(items, tp)
		}
	}
	if len(items) != 2 {
		t.Fatalf("%d choices in the inspector's view", len(items))
	}
	test.Tap(items[1]) // a click on Negamax, which takes the keyboard
	if !in.Negamax() {
		t.Fatal("a click on Negamax did not switch the view")
	}
	test.Tap(items[0])
	if c.Focused() != in {
		t.Fatalf("a click on MIN/MAX kept the keyboard (%T)", c.Focused())
	}
	teach("Inspector", c)
	dialogOver("Inspector", f.w, c, step)
	pressOn(c, fyne.KeyF5)
	if !f.u.Lecture() {
		t.Fatal("F5 with the inspector focused did not show the Lecture view")
	}

	// The Lecture view: the board, then (T) the tree, then both; the
	// board browsed to move 1, which the tree's keys must not move.
	if o := c.Focused(); o != nil {
		t.Fatalf("the Lecture view opens with %T holding the keys", o)
	}
	steps("Lecture view, board", c, game, 3, nil)
	dialogOver("Lecture view, board", f.w, c, game)
	pressOn(c, fyne.KeyHome)
	pressOn(c, fyne.KeyRight)
	for _, show := range []string{"tree", "both"} {
		runeOn(c, 't')
		if f.u.LectureShow() != show {
			t.Fatalf("T shows %s, want %s", f.u.LectureShow(), show)
		}
		if f.u.lectureInspector() != in {
			t.Fatal("the Lecture view does not show the lab's tree")
		}
		what := "Lecture view, " + show
		steps(what, c, step, in.Steps()-1, game)
		// A click on the tree's own → leaves the keys with the clicker.
		if b := findButtonIcon(f.w.Content(), theme.NavigateNextIcon()); b == nil {
			t.Fatalf("%s: no → button", what)
		} else {
			pressOn(c, fyne.KeyHome)
			test.Tap(b)
			if in.Step() != 1 || c.Focused() != nil {
				t.Fatalf("%s: a click on →: step %d, keys with %T", what, in.Step(), c.Focused())
			}
			pressOn(c, fyne.KeyRight)
			if in.Step() != 2 {
				t.Fatalf("%s: Right after a click on →: step %d", what, in.Step())
			}
		}
		teach(what, c)
		dialogOver(what, f.w, c, step)
		if sentence := f.u.ltree.sentence.Text; sentence != in.Explanation() {
			t.Fatalf("%s: the sentence %q is not the step's %q", what, sentence, in.Explanation())
		}
	}
	runeOn(c, 't')
	pressOn(c, fyne.KeyEscape)
	if f.u.Lecture() {
		t.Fatal("Escape did not leave the Lecture view")
	}

	// The lab in its own window: its keys are the same.
	f.u.openLabWindow()
	lw := f.u.labWin
	if lw == nil {
		t.Fatal("the lab has no window of its own")
	}
	lc := lw.Canvas()
	in = f.u.Lab().Inspector()
	in.SetTrace(trace, nil, "")
	if lc.Focused() != in {
		t.Fatalf("the inspector in its own window has not the keyboard (%T)", lc.Focused())
	}
	step = func() int { return in.Step() }
	steps("own window", lc, step, in.Steps()-1, game)
	teach("own window", lc)
	dialogOver("own window, its dialog", lw, lc, step)
	// A dialog over the main window: the lab's window steps its tree
	// still, but nothing reaches the main window (B, F5, R, P) nor
	// changes the tree's view (M, O).
	dialogOver("own window, the main window's dialog", f.w, lc, func() int { return 0 })
	pressOn(lc, fyne.KeyF5)
	if !f.u.Lecture() {
		t.Fatal("F5 in the lab's window did not show the Lecture view")
	}
	pressOn(lc, fyne.KeyF5)
	if f.u.Lecture() {
		t.Fatal("F5 in the lab's window did not leave the Lecture view")
	}
}

// findButtonIcon finds a button with icon r under o.
func findButtonIcon(o fyne.CanvasObject, r fyne.Resource) *widget.Button {
	if b, ok := o.(*widget.Button); ok && b.Icon == r {
		return b
	}
	for _, k := range children(o) {
		if b := findButtonIcon(k, r); b != nil {
			return b
		}
	}
	return nil
}
