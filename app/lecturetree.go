package app

import (
	"image"
	"image/color"
	"image/draw"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai/textbook"
	"boardgames/ai/textbook/treeplot"
	"boardgames/app/inspector"
	"boardgames/app/internal/tr"
)

// The Lecture view's tree: T switches the Lecture view between the board,
// the search tree, and the board and the tree side by side. The tree is
// the lab Inspector's (its search, its step), or, before the lab has one,
// Russell and Norvig's alpha-beta example; it is fitted to its room and
// follows the current step, with the step's sentence in large type over
// it. Where the whole tree would make its labels smaller than the body
// text, it collapses to the current path and its nodes' children, in
// larger type with larger nodes, trimmed to the path's lower levels
// where the room is narrow (treeplot.Fit). The
// clicker's keys step it while it is shown (→ PageDown Space forward, ←
// PageUp Backspace back, Home, End).

// The Lecture view's shows.
const (
	showBoard = iota
	showTree
	showBoth
)

// lectureTree is the Lecture view's tree: the inspector it follows and
// the widgets that show it.
type lectureTree struct {
	show     int                  // showBoard, showTree or showBoth
	own      *inspector.Inspector // the example's, while the lab has no tree
	view     *treePane
	sentence *widget.Label
}

// inspector returns the inspector whose tree the Lecture view shows: the
// lab's, if it has a tree, else the example's.
func (u *UI) lectureInspector() *inspector.Inspector {
	if u.lab != nil && !u.lab.Closed() {
		if in := u.lab.Inspector(); in != nil && in.Trace() != nil {
			return in
		}
	}
	lt := &u.ltree
	if lt.own == nil {
		lt.own = inspector.New()
		t, _ := textbook.Search(textbook.MustParse("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"), textbook.AlphaBeta)
		lt.own.SetTrace(t, nil, "")
		lt.own.First()
	}
	lt.own.SetPredict(u.predictFirst())
	return lt.own
}

// lectureTreeShown reports whether the Lecture view shows the tree.
func (u *UI) lectureTreeShown() bool { return u.lecture && u.ltree.show != showBoard }

// teachingInspector is the inspector that the clicker's M, O and R act
// on: the Lecture view's tree's while it is shown, else the lab's if it
// has a tree; nil for none.
func (u *UI) teachingInspector() *inspector.Inspector {
	if u.lectureTreeShown() {
		return u.lectureInspector()
	}
	if u.lab != nil && !u.lab.Closed() {
		if in := u.lab.Inspector(); in != nil && in.Trace() != nil {
			return in
		}
	}
	return nil
}

// toggleNegamax switches the tree between the MIN/MAX and the negamax
// view (key M).
func (u *UI) toggleNegamax() {
	in := u.teachingInspector()
	switch {
	case in == nil:
		u.ctl.Tell(tr.T("M switches the inspector between MIN/MAX and negamax: inspect a search first."))
		return
	case !in.Negamax() && in.Trace().Tree.HasChance():
		u.ctl.Tell(tr.T("A tree with chance nodes has the MIN/MAX view only."))
		return
	}
	in.SetNegamax(!in.Negamax())
	if in.Negamax() {
		u.ctl.Tell(tr.T("Negamax view: each value is the side to move's (M: MIN/MAX)."))
	} else {
		u.ctl.Tell(tr.T("MIN/MAX view: every value is MAX's (M: negamax)."))
	}
	u.refreshLectureTree()
}

// nextOrdering searches a textbook tree again in the next move ordering:
// as generated, best first, worst first (key O); the status line gives
// the three node counts.
func (u *UI) nextOrdering() {
	in := u.teachingInspector()
	if in == nil || !in.Teachable() {
		u.ctl.Tell(tr.T("O changes the move ordering of a textbook tree: show one first (T in the Lecture view)."))
		return
	}
	k := 0
	for i, o := range textbook.Orderings {
		if o == in.Ordering() {
			k = i
		}
	}
	in.SetOrdering(textbook.Orderings[(k+1)%len(textbook.Orderings)])
	u.ctl.Tell(tr.F("Move order: %s. %s", in.OrderingTitle(), in.OrderCounts()))
	u.refreshLectureTree()
}

// syncPredict gives the inspectors predict first as it is set: the
// lab's and the Lecture view's example.
func (u *UI) syncPredict() {
	on := u.predictFirst()
	if u.lab != nil && !u.lab.Closed() {
		if in := u.lab.Inspector(); in != nil {
			in.SetPredict(on)
		}
	}
	if u.ltree.own != nil {
		u.ltree.own.SetPredict(on)
	}
	u.refreshLectureTree()
}

// revealStep answers the tree's "?" (predict first) with the node's value
// (key R): while the Lecture view shows the tree, or the lab's inspector
// has the keyboard, at a step that asks the class. It reports whether it
// did.
func (u *UI) revealStep() bool {
	in := u.teachingInspector()
	if in == nil || !u.lectureTreeShown() && !in.Focused() || in.Event().Kind != textbook.Ask {
		return false
	}
	in.Forward()
	u.refreshLectureTree()
	return true
}

// cycleLectureTree shows the next of board, tree, board and tree (key T
// in the Lecture view).
func (u *UI) cycleLectureTree() {
	if !u.lecture {
		return
	}
	u.ltree.show = (u.ltree.show + 1) % 3
	u.win.SetContent(u.content())
	switch u.ltree.show {
	case showTree:
		u.ctl.Tell(tr.T("Lecture view: the search tree. → steps, ← steps back; T shows the board and the tree."))
	case showBoth:
		u.ctl.Tell(tr.T("Lecture view: the board and the search tree. T shows the board alone."))
	default:
		u.ctl.Tell(tr.T("Lecture view: the board. T shows the search tree."))
	}
	u.refresh()
	u.repaint()
}

// LectureShow reports what the Lecture view shows: "board", "tree" or
// "both".
func (u *UI) LectureShow() string {
	return [...]string{"board", "tree", "both"}[u.ltree.show]
}

// lectureTreeContent is the Lecture view's window while it shows the
// tree, nil while it shows the board alone.
func (u *UI) lectureTreeContent() fyne.CanvasObject {
	lt := &u.ltree
	if lt.show == showBoard {
		return nil
	}
	u.tabs, u.labTab = nil, nil
	u.lectureBtns = nil
	u.gamePane = nil
	lt.view = newTreePane(u)
	// The sentence in large type, in a box of three lines (four in the
	// narrow column beside the board on a small screen) whatever the
	// step says, so that the tree does not jump from step to step: a
	// heading on a large screen, smaller where the screen has room for
	// fewer than 43 lines of body text (1024×768 at 200 %, 1280×800 from
	// 175 %) or beside the board.
	win := u.win.Canvas().Size()
	small := win.Height < 43*theme.TextSize()
	size := theme.SizeNameHeadingText
	switch {
	case lt.show == showBoth && small:
		size = theme.SizeNameText
	case lt.show == showBoth || small:
		size = theme.SizeNameSubHeadingText
	}
	lt.sentence = widget.NewLabel("")
	lt.sentence.Wrapping = fyne.TextWrapWord
	lt.sentence.SizeName = size
	lt.sentence.TextStyle.Bold = true
	// Beside the board on a small screen the column is narrow and a
	// step's sentence (Indonesian's are longer) can take a fourth line.
	box := "\n\n"
	if lt.show == showBoth && small {
		box = "\n\n\n"
	}
	lines := widget.NewLabel(box)
	lines.SizeName, lines.TextStyle.Bold = size, true
	sentence := container.NewVScroll(lt.sentence)
	sentence.SetMinSize(fyne.NewSize(0, lines.MinSize().Height))
	// The step's number is in the sentence; the bar under the tree says
	// what the keys did (the status line: M, O, P, a cut-off…).
	btn := func(icon fyne.Resource, f func()) *widget.Button {
		return widget.NewButtonWithIcon("", icon, func() { f(); u.refreshLectureTree() })
	}
	in := func() *inspector.Inspector { return u.lectureInspector() }
	bar := container.NewHBox(
		btn(theme.MediaSkipPreviousIcon(), func() { in().First() }),
		btn(theme.NavigateBackIcon(), func() { in().Back() }),
		btn(theme.NavigateNextIcon(), func() { in().Forward() }),
		btn(theme.MediaSkipNextIcon(), func() { in().Last() }),
	)
	next := map[bool]string{true: tr.T("Board and tree (T)"), false: tr.T("Board (T)")}[lt.show == showTree]
	if lt.show == showBoth {
		next = "" // the column is narrow: the icon alone
	}
	right := container.NewHBox(
		widget.NewButtonWithIcon(next, theme.ViewFullScreenIcon(), u.cycleLectureTree),
		widget.NewButtonWithIcon("", theme.ViewRestoreIcon(), u.toggleLecture),
	)
	tree := container.NewBorder(sentence, container.NewBorder(nil, nil, bar, right, u.status), nil, nil, lt.view)
	u.refreshLectureTree()
	if lt.show == showTree {
		u.row = nil
		return tree
	}
	// The board at the left, as high as the window and at most 45 % of
	// its width (a third where the screen is narrow for the text: 1024×768 at
	// 200 %, where the tree's labels would be smaller than the body text);
	// the tree takes the rest.
	share := float32(0.45)
	if win.Width < 40*theme.TextSize() {
		share = 1.0 / 3
	}
	u.row = container.New(&boardBeside{share: share}, container.NewPadded(u.boardView()), tree)
	return u.row
}

// refreshLectureTree brings the tree, its sentence and its step to the
// inspector's state.
func (u *UI) refreshLectureTree() {
	lt := &u.ltree
	if lt.view == nil || lt.show == showBoard {
		return
	}
	in := u.lectureInspector()
	lt.sentence.SetText(in.Explanation())
	lt.view.set(in)
}

// lectureTreeKey steps the tree with a clicker's key while the Lecture
// view shows it; it reports whether it took the key.
func (u *UI) lectureTreeKey(name fyne.KeyName) bool {
	if !u.lecture || u.ltree.show == showBoard {
		return false
	}
	in := u.lectureInspector()
	switch name {
	case fyne.KeyRight, fyne.KeyPageDown, fyne.KeyDown, fyne.KeyReturn, fyne.KeyEnter:
		in.Forward()
	case fyne.KeyLeft, fyne.KeyPageUp, fyne.KeyUp, fyne.KeyBackspace:
		in.Back()
	case fyne.KeyHome:
		in.First()
	case fyne.KeyEnd:
		in.Last()
	case fyne.KeySpace:
		// The space bar comes as the rune ' ' too, which steps the tree
		// (lectureTreeRune): the key must not browse the game.
		return true
	default:
		return false
	}
	u.refreshLectureTree()
	return true
}

// lectureTreeRune: T switches what the Lecture view shows; the space bar
// steps the tree while it is shown. It reports whether it took the rune.
func (u *UI) lectureTreeRune(r rune) bool {
	if !u.lecture {
		return false
	}
	switch {
	case r == 't' || r == 'T':
		u.cycleLectureTree()
		return true
	case r == ' ' && u.ltree.show != showBoard:
		u.lectureInspector().Forward()
		u.refreshLectureTree()
		return true
	}
	return false
}

// boardBeside lays out the board (first) at the left, square, as high as
// the room and at most share of its width, and the tree (second) in the
// rest.
type boardBeside struct{ share float32 }

func (l boardBeside) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding()
	b := min(size.Height, size.Width*l.share)
	objs[0].Move(fyne.NewPos(0, (size.Height-b)/2))
	objs[0].Resize(fyne.NewSize(b, b))
	objs[1].Move(fyne.NewPos(b+pad, 0))
	objs[1].Resize(fyne.NewSize(max(size.Width-b-pad, 0), size.Height))
}

func (boardBeside) MinSize(objs []fyne.CanvasObject) fyne.Size {
	bm, tm := objs[0].MinSize(), objs[1].MinSize()
	return fyne.NewSize(bm.Width+theme.Padding()+tm.Width, max(bm.Height, tm.Height))
}

// lectureText is how much larger the tree's texts are in the Lecture
// view than in the export: large type for the back of the room.
const lectureText = 1.5

// treePane draws the tree fitted to its room: whole, or collapsed to the
// current path where the whole tree's labels would be smaller than the
// body text.
type treePane struct {
	widget.BaseWidget
	u      *UI
	raster *canvas.Raster
	tr     *textbook.Trace
	opts   treeplot.Options
	// The last picture drawn, for the tests: its scale in units per point.
	pic   *treeplot.Picture
	scale float64
}

func newTreePane(u *UI) *treePane {
	p := &treePane{u: u}
	p.raster = canvas.NewRaster(p.draw)
	p.ExtendBaseWidget(p)
	return p
}

// set shows the inspector's tree at its step.
func (p *treePane) set(in *inspector.Inspector) {
	p.tr = in.Trace()
	p.opts = in.PictureOptions()
	p.opts.Selected = -1
	p.opts.TextScale = lectureText
	p.fit()
	p.raster.Refresh()
}

// fit draws the picture for the pane's size.
func (p *treePane) fit() {
	s := p.Size()
	if p.tr == nil || s.Width <= 0 || s.Height <= 0 {
		p.pic, p.scale = nil, 0
		return
	}
	p.pic, p.scale = treeplot.Fit(p.tr, p.opts, float64(s.Width), float64(s.Height), float64(theme.TextSize()))
}

// draw renders the picture centred in w × h pixels.
func (p *treePane) draw(w, h int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, max(w, 1), max(h, 1)))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	s := p.Size()
	if p.pic == nil || s.Width <= 0 {
		return img
	}
	px := float64(w) / float64(s.Width) // pixels per unit
	pic, err := p.pic.Image(p.scale * px)
	if err != nil {
		return img
	}
	b := pic.Bounds()
	at := image.Pt((w-b.Dx())/2, (h-b.Dy())/2)
	draw.Draw(img, b.Add(at), pic, image.Point{}, draw.Over)
	return img
}

// Picture returns the picture shown and its scale (units per point).
func (p *treePane) Picture() (*treeplot.Picture, float64) { return p.pic, p.scale }

func (p *treePane) MinSize() fyne.Size { return fyne.NewSize(100, 100) }

func (p *treePane) CreateRenderer() fyne.WidgetRenderer {
	return &treePaneRenderer{p: p}
}

type treePaneRenderer struct{ p *treePane }

func (r *treePaneRenderer) Destroy()                     {}
func (r *treePaneRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.p.raster} }
func (r *treePaneRenderer) MinSize() fyne.Size           { return r.p.MinSize() }
func (r *treePaneRenderer) Layout(s fyne.Size) {
	r.p.raster.Resize(s)
	r.p.raster.Move(fyne.NewPos(0, 0))
	r.p.fit()
	// The picture fitted to the new size: the raster drawn again (the
	// side-by-side view showed its room black until the next key).
	r.p.raster.Refresh()
}
func (r *treePaneRenderer) Refresh() { r.p.raster.Refresh() }
