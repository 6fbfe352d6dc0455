package app

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai/textbook"
	"boardgames/app/internal/apptest"
	"boardgames/app/internal/tr"
)

// screens are the screens the window must fit, and the sizes it is tried
// at.
var (
	screens = []fyne.Size{{Width: 1024, Height: 768}, {Width: 1280, Height: 800}, {Width: 1920, Height: 1080}}
	scales  = []int{100, 150, 200}
)

// menuBar is the height of the main menu's bar that the desktop window
// draws above the content (the test window draws none): two lines of text
// high, as measured on screenshots under Xvfb (27 pixels at 100 %, 56 at
// 200 %).
func menuBar() float32 { return 2 * theme.TextSize() }

// clipped walks the laid-out tree under o and returns every visible
// widget or container that lies outside its visible parent (unless the
// parent scrolls it) or is smaller than its least size; path names where.
func clipped(o fyne.CanvasObject) []string {
	var out []string
	var walk func(o fyne.CanvasObject, path string)
	walk = func(o fyne.CanvasObject, path string) {
		kids := children(o)
		_, scrolls := o.(*container.Scroll)
		size := o.Size()
		for i, k := range kids {
			if !k.Visible() {
				continue
			}
			_, isWidget := k.(fyne.Widget)
			_, isBox := k.(*fyne.Container)
			if !isWidget && !isBox {
				continue
			}
			here := fmt.Sprintf("%s/%d:%s", path, i, name(k))
			p, s, m := k.Position(), k.Size(), k.MinSize()
			const tol = 1
			if !scrolls && (p.X < -tol || p.Y < -tol || p.X+s.Width > size.Width+tol || p.Y+s.Height > size.Height+tol) {
				out = append(out, fmt.Sprintf("%s at %v size %v outside its parent of %v", here, p, s, size))
			}
			if isWidget && (s.Width+tol < m.Width || s.Height+tol < m.Height) {
				out = append(out, fmt.Sprintf("%s size %v, less than its least %v", here, s, m))
			}
			walk(k, here)
		}
	}
	walk(o, name(o))
	return out
}

// layoutAgain lays every container under o out again, top down, as the
// desktop driver does on its next frame for those whose children's least
// sizes changed (the test driver lays out only on a change of size).
func layoutAgain(o fyne.CanvasObject) {
	switch c := o.(type) {
	case *fyne.Container:
		if c.Layout != nil {
			c.Layout.Layout(c.Objects, c.Size())
		}
	case *container.Scroll:
		c.Refresh() // its content's size, from the content's least size
	}
	for _, k := range children(o) {
		if k.Visible() {
			layoutAgain(k)
		}
	}
}

// children are the objects under o that the walk checks: a container's,
// the content of a scroll, of the tab shown and of a card, and what the
// project's own widgets draw. The insides of Fyne's other widgets (a
// select's button, a table's cells) are Fyne's to lay out.
func children(o fyne.CanvasObject) []fyne.CanvasObject {
	switch x := o.(type) {
	case *fyne.Container:
		return x.Objects
	case *container.Scroll:
		return []fyne.CanvasObject{x.Content}
	case *container.AppTabs:
		if x.Selected() != nil {
			return []fyne.CanvasObject{x.Selected().Content}
		}
		return nil
	case *widget.Card:
		return []fyne.CanvasObject{x.Content}
	case fyne.Widget:
		if strings.HasPrefix(reflect.TypeOf(o).Elem().PkgPath(), "boardgames/") {
			return test.WidgetRenderer(x).Objects()
		}
	}
	return nil
}

// name is an object's type, and its text when it has one.
func name(o fyne.CanvasObject) string {
	n := reflect.TypeOf(o).String()
	switch x := o.(type) {
	case *widget.Button:
		n += fmt.Sprintf("(%q)", x.Text)
	case *widget.Label:
		n += fmt.Sprintf("(%q)", x.Text)
	case *widget.Check:
		n += fmt.Sprintf("(%q)", x.Text)
	}
	return n
}

// TestNothingClipped opens the window at every scale and screen, in both
// languages, with each of its tabs (and the docked lab's, on the smallest
// screen) and the Lecture view, and reports what is clipped.
func TestNothingClipped(t *testing.T) {
	if testing.Short() {
		t.Skip("a layout walk of 18 sizes and screens: the race detector's short run leaves it to the full run")
	}
	f := newFixture(t, "checkers", "human", "bot", apptest.SlowBot)
	f.u.seats[1].algo.SetSelected("Alpha-beta") // the form with the most rows after MCTS
	f.u.openLab()
	for _, lang := range []string{tr.English, tr.Indonesian} {
		for _, pct := range scales {
			f.a.Preferences().SetString(PrefLanguage, lang)
			tr.Use(lang)
			f.u.setScale(pct)
			for _, scr := range screens {
				win := fyne.NewSize(scr.Width, scr.Height-menuBar())
				if m := f.w.Content().MinSize(); m.Width > win.Width || m.Height > win.Height {
					t.Errorf("%s %d %% %v: the window needs %v", lang, pct, scr, m)
				}
				f.w.Resize(win)
				check := func(view string) {
					t.Helper()
					// The driver's next frames (a lab screen that went one
					// above the other is taller on the second).
					layoutAgain(f.w.Content())
					layoutAgain(f.w.Content())
					if bad := clipped(f.w.Content()); len(bad) > 0 {
						t.Errorf("%s %d %% %v, %s: %d clipped:\n%s", lang, pct, scr, view, len(bad), strings.Join(bad[:min(len(bad), 8)], "\n"))
					}
				}
				for i, tab := range f.u.tabs.Items {
					f.u.tabs.SelectIndex(i)
					check(tab.Text)
					checkRows(t, f, 3, fmt.Sprintf("%s %d %% %v, %s", lang, pct, scr, tab.Text))
				}
				for i, tab := range f.u.Lab().Tabs().Items {
					if scr != screens[0] {
						break // the lab's screens on the smallest screen, where they have least room
					}
					f.u.tabs.Select(f.u.labTab)
					f.u.Lab().Tabs().SelectIndex(i)
					check("Lab: " + tab.Text)
				}
				f.u.tabs.SelectIndex(0)
				f.u.toggleLecture()
				f.w.Resize(scr) // no menu bar
				check("Lecture view")
				checkRows(t, f, 2, fmt.Sprintf("%s %d %% %v, Lecture view", lang, pct, scr))
				f.u.toggleLecture()
				f.w.Resize(win)
			}
		}
	}
}

// checkRows checks that the move list, where it is shown, shows at least
// n rows, and that Move now, where it is shown, is in full view.
func checkRows(t *testing.T, f *fixture, n int, where string) {
	t.Helper()
	c := f.w.Canvas()
	row := widget.NewLabel("0").MinSize().Height
	if shown(c, f.u.moveList) {
		if h := f.u.moveList.Size().Height; h < float32(n)*row {
			t.Errorf("%s: the move list is %v high, less than %d rows of %v", where, h, n, row)
		}
	}
	if b := f.u.moveNowBtn; shown(c, b) {
		d := fyne.CurrentApp().Driver()
		p, s := d.AbsolutePositionForObject(b), b.Size()
		// The scroll that holds it: Move now must be within its view.
		for o := fyne.CanvasObject(b); o != nil; o = parentOf(c.Content(), o) {
			if sc, ok := o.(*container.Scroll); ok {
				q := d.AbsolutePositionForObject(sc)
				if p.Y < q.Y-1 || p.Y+s.Height > q.Y+sc.Size().Height+1 {
					t.Errorf("%s: Move now at %v (%v high) outside the view of its scroll at %v, %v high", where, p.Y, s.Height, q.Y, sc.Size().Height)
				}
				break
			}
		}
		if s.Width < b.MinSize().Width {
			t.Errorf("%s: Move now cut (%v)", where, s)
		}
	}
}

// shown reports whether o is visible on canvas c: it and every object
// above it visible (the tab shown).
func shown(c fyne.Canvas, o fyne.CanvasObject) bool {
	if !o.Visible() {
		return false
	}
	for p := parentOf(c.Content(), o); p != nil; p = parentOf(c.Content(), p) {
		if !p.Visible() {
			return false
		}
	}
	return inTree(c.Content(), o)
}

// inTree reports whether o is under root, through children.
func inTree(root, o fyne.CanvasObject) bool {
	if root == o {
		return true
	}
	for _, k := range children(root) {
		if k.Visible() && inTree(k, o) {
			return true
		}
	}
	return false
}

// parentOf finds o's parent under root (nil if none), through children.
func parentOf(root, o fyne.CanvasObject) fyne.CanvasObject {
	for _, k := range children(root) {
		if k == o {
			return root
		}
		if p := parentOf(k, o); p != nil {
			return p
		}
	}
	return nil
}

// The size setting does not make the board smaller: on a 1280x800
// projector its cells at 200 % are at least as large as at 100 % (the side
// panel used to take the room, leaving the board smaller), and larger in
// the Lecture view.
func TestBoardGrowsWithTheSize(t *testing.T) {
	f := newFixture(t, "othello", "human", "bot", apptest.SlowBot)
	scr := fyne.NewSize(1280, 800)
	cell := func() float32 {
		b := f.u.Board()
		return b.CellCenter(1).X - b.CellCenter(0).X
	}
	sizes := map[int]float32{}
	for _, pct := range []int{100, 150, 200} {
		f.u.setScale(pct)
		f.w.Resize(fyne.NewSize(scr.Width, scr.Height-menuBar()))
		sizes[pct] = cell()
	}
	// Not smaller at 200 % (the menu bar and the coordinates grow with
	// the text: the cells gain what the toolbar leaves, and lose that).
	if sizes[200] < sizes[100] || sizes[150] < sizes[100] {
		t.Fatalf("board cells at 100/150/200 %%: %v", sizes)
	}
	f.u.toggleLecture()
	f.w.Resize(scr) // no menu bar in the Lecture view
	if lecture := cell(); lecture <= sizes[200] {
		t.Fatalf("Lecture view at 200 %%: cells of %v, not more than %v", lecture, sizes[200])
	}
	t.Logf("cells: %v px at 100/150/200 %%", sizes)
	if theme.TextSize() != 28 {
		t.Fatalf("text size %v at 200 %%", theme.TextSize())
	}
}

// F5 shows the Lecture view without the menu, toolbar and tabs, and F5
// or Escape brings the normal view back; the game goes on in both.
func TestLectureView(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	f.key(fyne.KeyF5)
	if !f.u.Lecture() || f.u.tabs != nil || f.w.MainMenu() != nil {
		t.Fatalf("F5: lecture %v, tabs %v, menu %v", f.u.Lecture(), f.u.tabs, f.w.MainMenu())
	}
	if !shown(f.w.Canvas(), f.u.moveList) || !shown(f.w.Canvas(), f.u.turn) || shown(f.w.Canvas(), f.u.toolbar) {
		t.Fatal("the Lecture view lacks the move list or the turn, or shows the toolbar")
	}
	f.tapSquare("f5")
	f.key(fyne.KeyEscape)
	if f.u.Lecture() || f.u.tabs == nil || f.w.MainMenu() == nil || f.moves() != "f5" {
		t.Fatalf("Escape: lecture %v, moves %q", f.u.Lecture(), f.moves())
	}
	f.key(fyne.KeyF5)
	f.key(fyne.KeyF5)
	if f.u.Lecture() {
		t.Fatal("F5 twice left the Lecture view on")
	}
}

// cellSize is the side of a board cell as drawn.
func cellSize(f *fixture) float32 {
	b := f.u.Board()
	return b.CellCenter(1).X - b.CellCenter(0).X
}

// TestBoardNeverShrinks: on every screen from 1024x768, in both languages,
// in the normal and the Lecture view, a larger size setting never makes the
// board's cells smaller (but for the text-sized frame), a larger screen
// never makes the board smaller, and the board takes the whole height of its row
// (the side column folds into a drawer where it does not fit beside it).
// The drawer, opened, clips nothing.
func TestBoardNeverShrinks(t *testing.T) {
	if testing.Short() {
		t.Skip("a layout walk of 36 sizes and screens: the race detector's short run leaves it to the full run")
	}
	f := newFixture(t, "othello", "human", "bot", apptest.SlowBot)
	// sides are the board's sides on each screen, in the order of
	// screens, by language, view and size setting.
	sides := map[string][]float32{}
	for _, lang := range []string{tr.English, tr.Indonesian} {
		f.a.Preferences().SetString(PrefLanguage, lang)
		tr.Use(lang)
		for _, scr := range screens {
			for _, lecture := range []bool{false, true} {
				prev, prevText := float32(0), float32(0)
				var got []string
				for _, pct := range scales {
					f.u.setScale(pct)
					if f.u.Lecture() != lecture {
						f.u.toggleLecture()
					}
					win := scr
					if !lecture {
						win.Height -= menuBar()
					}
					f.w.Resize(win)
					where := fmt.Sprintf("%s %v %d %%, lecture %v", lang, scr, pct, lecture)
					cell := cellSize(f)
					text := theme.TextSize()
					folded, _ := f.u.Drawer()
					got = append(got, fmt.Sprintf("%d %%: %.0f px cells, board %v, folded %v", pct, cell, f.u.Board().Size(), folded))
					key := fmt.Sprintf("%s, lecture %v, %d %%", lang, lecture, pct)
					sides[key] = append(sides[key], min(f.u.Board().Size().Width, f.u.Board().Size().Height))
					// What is drawn in the text's size (Fyne's menu bar, the
					// padding, the coordinates along the board's edges)
					// grows with it: the cells may lose that, under half the
					// text's growth, and nothing more (the side column used
					// to take 22 px of them at 1024x768).
					if cell+(text-prevText)/2 < prev {
						t.Errorf("%s: cells of %v px, smaller than %v at the smaller setting", where, cell, prev)
					}
					prev, prevText = cell, text
					// The board's square fills the row's height.
					row, b := f.u.row.Size(), f.u.Board().Size()
					if min(b.Width, b.Height)+2*theme.Padding()+1 < row.Height {
						t.Errorf("%s: the board is %v in a row %v high", where, b, row.Height)
					}
					if folded {
						f.u.toggleDrawer()
						if _, open := f.u.Drawer(); !open {
							t.Errorf("%s: the drawer does not open", where)
						}
						if bad := clipped(f.w.Content()); len(bad) > 0 {
							t.Errorf("%s, drawer open: %d clipped:\n%s", where, len(bad), strings.Join(bad[:min(len(bad), 8)], "\n"))
						}
						f.u.toggleDrawer()
					}
				}
				t.Logf("%s %v lecture %v: %s", lang, scr, lecture, strings.Join(got, "; "))
			}
		}
	}
	// A larger screen never makes the board smaller, at any setting.
	for key, s := range sides {
		for i := 1; i < len(s); i++ {
			if s[i] < s[i-1] {
				t.Errorf("%s: the board's side is %v on %v, %v on the smaller %v", key, s[i], screens[i], s[i-1], screens[i-1])
			}
		}
	}
}

// everything calls f on o and every object drawn inside it, Fyne's
// widgets' insides too, depth first.
func everything(o fyne.CanvasObject, f func(fyne.CanvasObject)) {
	f(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, k := range x.Objects {
			everything(k, f)
		}
	case fyne.Widget:
		for _, k := range test.WidgetRenderer(x).Objects() {
			everything(k, f)
		}
	}
}

// buttons returns the buttons drawn inside o whose text is text (any
// text if it is "\x00"), in the order they are drawn.
func buttons(o fyne.CanvasObject, text string) []*widget.Button {
	var out []*widget.Button
	everything(o, func(c fyne.CanvasObject) {
		if b, ok := c.(*widget.Button); ok && (text == "\x00" || b.Text == text) {
			out = append(out, b)
		}
	})
	return out
}

// labTab selects the docked lab's tab whose text is name (already in the
// language in use: the callers translate it) and returns its content.
func labTab(t *testing.T, f *fixture, name string) fyne.CanvasObject {
	t.Helper()
	f.u.tabs.Select(f.u.labTab)
	for i, it := range f.u.Lab().Tabs().Items {
		if it.Text == name {
			f.u.Lab().Tabs().SelectIndex(i)
			return it.Content
		}
	}
	t.Fatalf("no lab tab %q", name)
	return nil
}

// runLab taps the button named run on the lab's tab name (the first one,
// or the one at index i among the buttons without text, the experiments'
// Run buttons) and waits for its job to end.
func runLab(t *testing.T, f *fixture, name, run string, i int) {
	t.Helper()
	c := labTab(t, f, name)
	bs := buttons(c, run)
	if len(bs) <= i {
		t.Fatalf("%s: no button %q number %d", name, run, i)
	}
	test.Tap(bs[i])
	f.q.Until(t, name+"'s job", func() bool { return !f.u.Lab().Busy() })
}

// TestLabWorstCases: the docked lab's fullest screens, on every screen
// from 1024x768 at 100, 150 and 200 % and in both languages: Compare with
// its results held back for Reveal (predict first), the Arena after a
// match, the Experiments' report and the paper beside ours after a run,
// the Inspector in exercise mode. Nothing in them is clipped, the lab
// fits its column across (it scrolls down only), the mouse wheel over the
// side panel's controls scrolls them, and the board keeps its side: as
// large at a larger size setting, and as large on a larger screen.
func TestLabWorstCases(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the lab's jobs and lays out 18 sizes: the race detector's short run leaves it to the full run")
	}
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	f.q.Timeout = 3 * time.Minute // a guard for a busy machine, not a measure
	f.u.togglePredict()
	if !f.u.PredictFirst() {
		t.Fatal("predict first is off")
	}
	trace, err := textbook.Search(textbook.MustParse("[[[3,17],[2,12]],[[15,25],[0,2]],[[2,5],[3,4]]]"), textbook.AlphaBeta)
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{tr.English, tr.Indonesian} {
		f.a.Preferences().SetString(PrefLanguage, lang)
		tr.Use(lang)
		f.u.setScale(100) // the lab again, in this language
		f.u.openLab()
		f.w.Resize(fyne.NewSize(1280, 800-menuBar()))
		runLab(t, f, tr.T("Compare"), tr.T("Compare"), 0)
		runLab(t, f, tr.T("Arena"), tr.T("Play"), 0)
		runLab(t, f, tr.T("Experiments"), "\x00", 3) // paper 003's Run: a quick run takes a second
		boards := map[string]float32{}
		for _, pct := range scales {
			f.u.setScale(pct)
			for _, scr := range screens {
				where := fmt.Sprintf("%s %d %% %v", lang, pct, scr)
				f.w.Resize(fyne.NewSize(scr.Width, scr.Height-menuBar()))
				check := func(view string, c fyne.CanvasObject) {
					t.Helper()
					// Twice, as the desktop driver's frames do: a wrapped
					// text's height follows the width of the layout before.
					layoutAgain(f.w.Content())
					layoutAgain(f.w.Content())
					if bad := clipped(f.w.Content()); len(bad) > 0 {
						t.Errorf("%s, %s: %d clipped:\n%s", where, view, len(bad), strings.Join(bad[:min(len(bad), 8)], "\n"))
					}
					lab, col := f.u.Lab().Content(), f.u.labTab.Content
					if lab.Size().Width > col.Size().Width+1 || lab.MinSize().Width > col.Size().Width+1 {
						t.Errorf("%s, %s: the lab is %v wide (least %v) in a column of %v: it scrolls across",
							where, view, lab.Size().Width, lab.MinSize().Width, col.Size().Width)
					}
					wheel(t, f, c, where+", "+view)
				}
				c := labTab(t, f, tr.T("Compare"))
				if len(buttons(c, tr.T("Reveal"))) == 0 || !buttons(c, tr.T("Reveal"))[0].Visible() {
					t.Fatalf("%s: Compare's results are not held back for Reveal", where)
				}
				check("Compare with Reveal", c)
				// Each of the results' own tabs: the Arena's chart and
				// games, the experiment's report, table, the paper beside
				// ours and chart.
				for _, name := range []string{tr.T("Arena"), tr.T("Experiments")} {
					c = labTab(t, f, name)
					var subs []*container.AppTabs
					everything(c, func(o fyne.CanvasObject) {
						if x, ok := o.(*container.AppTabs); ok {
							subs = append(subs, x)
						}
					})
					if len(subs) == 0 {
						t.Fatalf("%s: no tabs under the results", name)
					}
					for i, it := range subs[0].Items {
						subs[0].SelectIndex(i)
						check(name+" with results, "+it.Text, c)
					}
					subs[0].SelectIndex(0)
				}
				c = labTab(t, f, tr.T("Inspector"))
				in := f.u.Lab().Inspector()
				in.SetTrace(trace, nil, "")
				in.SetExercise(true)
				check("Inspector in exercise mode", c)
				in.SetExercise(false)
				b := f.u.Board().Size()
				boards[fmt.Sprintf("%d %v", pct, scr)] = min(b.Width, b.Height)
				f.u.tabs.SelectIndex(0)
			}
		}
		// The board beside the lab: never smaller on a larger screen, nor
		// at a larger size setting but by the text-sized frame.
		for i, pct := range scales {
			for j, scr := range screens {
				here := boards[fmt.Sprintf("%d %v", pct, scr)]
				if j > 0 {
					if prev := boards[fmt.Sprintf("%d %v", pct, screens[j-1])]; here < prev {
						t.Errorf("%s %d %%: beside the lab the board is %v on %v, %v on the smaller %v", lang, pct, here, scr, prev, screens[j-1])
					}
				}
				if i > 0 {
					if prev := boards[fmt.Sprintf("%d %v", scales[i-1], scr)]; here+theme.TextSize() < prev {
						t.Errorf("%s %v: beside the lab the board is %v at %d %%, %v at %d %%", lang, scr, here, pct, prev, scales[i-1])
					}
				}
			}
		}
		t.Logf("%s: the board beside the lab: %v", lang, boards)
	}
}

// wheel checks that the mouse wheel moves every vertical scroll inside c
// that has more to show, over most of it: no list or scroll inside it
// takes the wheel's turns for nothing over most of its view (the side
// panel's controls below a list, such as the Experiments' Quick run,
// Games and Seed, are reached without dragging the scroll bar). Fyne's
// entries keep the wheel over themselves, a row each: at a grid of 5 by 5
// points, the wheel must move the scroll at more than half.
func wheel(t *testing.T, f *fixture, c fyne.CanvasObject, where string) {
	t.Helper()
	d := fyne.CurrentApp().Driver()
	everything(c, func(o fyne.CanvasObject) {
		sc, ok := o.(*container.Scroll)
		if !ok || !shown(f.w.Canvas(), sc) || sc.Direction != container.ScrollVerticalOnly {
			return
		}
		if sc.Content.MinSize().Height <= sc.Size().Height+1 || sc.Size().Height < 2*theme.TextSize() {
			return // nothing more to show, or too small to aim at
		}
		p, s := d.AbsolutePositionForObject(sc), sc.Size()
		moved, tried := 0, 0
		var still []string
		for i := range 5 {
			for j := range 5 {
				at := fyne.NewPos(p.X+s.Width*(float32(i)+0.5)/5, p.Y+s.Height*(float32(j)+0.5)/5)
				sc.ScrollToTop()
				test.Scroll(f.w.Canvas(), at, 0, -s.Height/2)
				tried++
				if sc.Offset.Y > 0 {
					moved++
				} else {
					still = append(still, fmt.Sprintf("(%.0f, %.0f)", at.X-p.X, at.Y-p.Y))
				}
			}
		}
		sc.ScrollToTop()
		if 2*moved <= tried {
			t.Errorf("%s: the wheel moves a scroll of %v (content %v) at %d of %d points; not at %s",
				where, s, sc.Content.MinSize(), moved, tried, strings.Join(still, " "))
		}
	})
}
