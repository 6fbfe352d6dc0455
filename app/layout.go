package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/app/internal/tr"
)

// The window's layout is made for a projector: the board first. The board
// takes the whole height of the window's row, whatever the size setting,
// and the side column (the tabs, with the status line under them; from
// 150 % the toolbar too, whose buttons drop their labels and then wrap)
// takes the rest of the width. Where the rest is less than the side
// column's least width (1024x768 from 150 %), the side column folds into a
// drawer: a button at the window's right edge opens it over the board's
// right part and closes it again, and the board keeps the whole height. So
// the board never shrinks as the size setting grows. While the lab is
// shown in the side column, the column takes wideShare of the width
// instead (its tables need the room; the board stays in sight). The side
// panels scroll; nothing is clipped. The Lecture view (F5, View menu)
// keeps only the board and the essentials beside it: whose turn, the
// score, the bot's status with Move now, the move list, the status line.

// sideLines is the side column's least width in lines of text: below it
// the seats' forms and the search statistics no longer fit.
const sideLines = 19

// lectureLines is the Lecture view's column's least width.
const lectureLines = 15

// ownMovesTab is the size setting from which the move list has a tab of
// its own in the normal view.
const ownMovesTab = 1.75

// asideBarFrom is the size setting from which the toolbar goes over the
// side column, so that the board has the window's whole height under the
// menu: from there on a larger setting never makes the board smaller.
const asideBarFrom = 1.5

// wideShare is the share of the width the side column takes while the lab
// is shown in it: its tables and charts need the room, the board stays in
// sight.
const wideShare = 0.62

// boardFirst lays out three objects: the board (first) at the left, the
// side column (second) at the right, and the drawer's button (third), shown
// only while the side column is folded into a drawer. The board takes the
// whole height; the side column takes the rest of the width if that is at
// least its least width, and is folded otherwise.
type boardFirst struct {
	// side is the side column's least width in lines of text.
	side float32
	// wide, if set, says that the side column wants wideShare of the width
	// (it is then never folded).
	wide func() bool
	// sideWidth, if set, is told the side column's width before it is laid
	// out (the toolbar in it counts its rows by it).
	sideWidth func(float32)
	// open is the drawer opened (the side column shown over the board).
	open bool
	// folded is set by Layout: the side column is in the drawer.
	folded bool
}

// newBoardFirst is a row of the board and the side column laid out by l,
// with the drawer's button.
func newBoardFirst(l *boardFirst, board, side fyne.CanvasObject) *fyne.Container {
	// The drawer covers the board: it has the window's background.
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameBackground))
	var row *fyne.Container
	handle := widget.NewButtonWithIcon("", theme.MenuIcon(), func() {
		l.open = !l.open
		row.Refresh()
	})
	row = container.New(l, board, container.NewStack(bg, side), handle)
	return row
}

// sideMin is the side column's least width.
func (l *boardFirst) sideMin(side fyne.CanvasObject) float32 {
	return max(side.MinSize().Width, l.side*theme.TextSize())
}

// fold reports whether the side column goes into the drawer in a row of
// the size given, and the board's side.
func (l *boardFirst) fold(objs []fyne.CanvasObject, size fyne.Size) (bool, float32) {
	pad := theme.Padding()
	side := l.sideMin(objs[1])
	bmin := objs[0].MinSize().Width
	if l.wide != nil && l.wide() {
		b := min(size.Height, size.Width*(1-wideShare), size.Width-side-pad)
		return false, max(b, bmin)
	}
	if size.Width-size.Height-pad >= side {
		return false, max(size.Height, bmin)
	}
	hw := objs[2].MinSize().Width
	return true, max(min(size.Height, size.Width-hw-pad), bmin)
}

func (l *boardFirst) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding()
	folded, b := l.fold(objs, size)
	l.folded = folded
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(b, size.Height))
	handle := objs[2]
	if !folded {
		handle.Hide()
		objs[1].Show()
		side := max(size.Width-b-pad, 0)
		if l.sideWidth != nil {
			l.sideWidth(side)
		}
		objs[1].Move(fyne.NewPos(b+pad, 0))
		objs[1].Resize(fyne.NewSize(side, size.Height))
		return
	}
	hs := handle.MinSize()
	handle.Show()
	handle.Move(fyne.NewPos(size.Width-hs.Width, 0))
	handle.Resize(hs)
	if !l.open {
		objs[1].Hide()
		return
	}
	side := min(l.sideMin(objs[1]), size.Width-hs.Width-pad)
	if l.sideWidth != nil {
		l.sideWidth(side)
	}
	objs[1].Show()
	objs[1].Move(fyne.NewPos(size.Width-hs.Width-pad-side, 0))
	objs[1].Resize(fyne.NewSize(side, size.Height))
}

func (l *boardFirst) MinSize(objs []fyne.CanvasObject) fyne.Size {
	bm, sm, hm := objs[0].MinSize(), objs[1].MinSize(), objs[2].MinSize()
	return fyne.NewSize(bm.Width+theme.Padding()+hm.Width, max(bm.Height, sm.Height, hm.Height))
}

// Drawer reports whether the side column is folded into a drawer, and
// whether the drawer is open.
func (u *UI) Drawer() (folded, open bool) {
	if u.row == nil {
		return false, false
	}
	l := u.row.Layout.(*boardFirst)
	return l.folded, l.open
}

// toggleDrawer opens or closes the drawer of the folded side column.
func (u *UI) toggleDrawer() {
	if u.row == nil {
		return
	}
	l := u.row.Layout.(*boardFirst)
	l.open = !l.open
	u.row.Refresh()
}

// relayout lays the window's row out again (the lab's tab was chosen or
// left).
func (u *UI) relayout() {
	if u.asideBar != nil {
		// Over the side column the toolbar gives the lab its rows while
		// the lab is shown.
		show(u.asideBar, !u.labShown())
	}
	if u.row != nil {
		u.row.Refresh()
	}
}

// labShown reports whether the side column shows the lab.
func (u *UI) labShown() bool {
	return u.labTab != nil && u.tabs != nil && u.tabs.Selected() == u.labTab
}

// normalContent is the window in the normal view: the toolbar over the
// board and the side column (the tabs, the status line); with large text
// the board takes the whole height, the toolbar going over the side
// column.
func (u *UI) normalContent() fyne.CanvasObject {
	u.lectureBtns = nil
	// With large text the move list gets a tab of its own, so that the
	// texts over it, Move now among them, stay in view.
	var game, moves fyne.CanvasObject
	large := theme.TextSize() >= ownMovesTab*theme.DefaultTheme().Size(theme.SizeNameText)
	if large {
		u.gamePane = nil
		game, moves = container.NewVScroll(u.infoPanel()), u.movesPanel()
	} else {
		pane := newCappedTop(u.infoPanel(), u.movesPanel(), 0.6, u.listKeep)
		u.gamePane = pane.Layout.(*cappedTop)
		game = pane
	}
	players := container.NewVScroll(container.NewVBox(u.seats[0].card, u.seats[1].card, u.botCard()))
	settings := container.NewVScroll(container.NewVBox(u.gameBox, u.viewCard()))
	playersTab := container.NewTabItem(tr.T("Players"), standIn(players))
	settingsTab := container.NewTabItem(tr.T("Settings"), standIn(settings))
	// A form whose columns change refreshes its scroll, once it is shown.
	u.formScrolls = []func(){
		func() { shownRefresh(playersTab, players) },
		func() { shownRefresh(settingsTab, settings) },
	}
	u.tabs = container.NewAppTabs(container.NewTabItem(tr.T("Game"), game))
	if moves != nil {
		u.tabs.Append(container.NewTabItem(tr.T("Moves"), moves))
	}
	u.tabs.Append(playersTab)
	u.tabs.Append(settingsTab)
	u.tabs.OnSelected = func(it *container.TabItem) {
		if s, ok := it.Content.(*fyne.Container); ok {
			if l, ok := s.Layout.(*standInLayout); ok { // first shown: the real content
				it.Content = l.content
				u.tabs.Refresh()
				l.content.Refresh()
			}
		}
		u.relayout()
	}
	u.labTab = nil
	if u.lab != nil && u.labWin == nil { // docked: keep it
		u.dockLab()
	}
	u.review.tab = nil
	if u.review.game != nil || u.review.cancel != nil { // keep the review
		u.showReviewTab()
	}
	status := container.NewVBox(widget.NewSeparator(), u.status)
	board := container.NewPadded(u.boardView())
	bar := u.toolbar.Layout.(*toolbar)
	bar.avail = 0
	u.asideBar = nil
	if theme.TextSize() < asideBarFrom*theme.DefaultTheme().Size(theme.SizeNameText) {
		// The toolbar over the whole window, its buttons with their labels.
		side := container.NewBorder(nil, status, nil, nil, u.tabs)
		u.row = newBoardFirst(&boardFirst{side: sideLines, wide: u.labShown}, board, side)
		return container.NewBorder(container.NewVBox(u.toolbar, widget.NewSeparator()), nil, nil, nil, u.row)
	}
	// With larger text the toolbar goes over the side column (its buttons
	// wrap there), and the board takes the whole height.
	u.asideBar = container.NewVBox(u.toolbar, widget.NewSeparator())
	side := container.NewBorder(u.asideBar, status, nil, nil, u.tabs)
	u.row = newBoardFirst(&boardFirst{side: sideLines, wide: u.labShown, sideWidth: func(w float32) { bar.avail = w }},
		board, side)
	return u.row
}

// standIn stands for a tab's content until the tab is first selected: the
// window then lays out, refreshes and draws only the stand-in, which takes
// the content's least size (the side column is as wide as with the
// content). The Players and Settings tabs wait behind one: their forms
// (radio buttons, selects, checks, each with its icons and texts) were
// two fifths of the program's start in the browser.
func standIn(content fyne.CanvasObject) *fyne.Container {
	return &fyne.Container{Layout: &standInLayout{content: content}}
}

// standInLayout is a stand-in's layout: it places nothing and takes its
// content's least size.
type standInLayout struct{ content fyne.CanvasObject }

func (*standInLayout) Layout([]fyne.CanvasObject, fyne.Size) {}

func (l *standInLayout) MinSize([]fyne.CanvasObject) fyne.Size { return l.content.MinSize() }

// shownRefresh refreshes a tab's content once it has replaced its
// stand-in (till then a refresh would lay out what nobody sees).
func shownRefresh(tab *container.TabItem, content fyne.CanvasObject) {
	if tab.Content == content {
		content.Refresh()
	}
}

// infoPanel is the top of the Game tab: whose turn, the score with the
// values check, the values' progress and the search panel.
func (u *UI) infoPanel() fyne.CanvasObject {
	// The values check shares the score's row: at 200 % every row counts.
	return container.NewVBox(u.turn, container.NewBorder(nil, nil, nil, u.analysis.check, u.score),
		u.analysis.progress, widget.NewSeparator(), u.searchPanel(true))
}

// searchPanel is the search panel: who thinks (with Move now beside it,
// unless the view has it elsewhere), the progress bar, the statistics and
// the line expected. Each text has the room of two lines, so that the
// move list below stays where it is as the texts change.
func (u *UI) searchPanel(moveNow bool) fyne.CanvasObject {
	var title fyne.CanvasObject = lines(2, u.thinkTitle)
	if moveNow {
		title = container.NewBorder(nil, nil, nil, u.actionSlot(), title)
	}
	u.searchBox = container.NewVBox(title, u.barSlot, lines(2, u.thinkStats), lines(2, u.thinkPV), widget.NewSeparator())
	return u.searchBox
}

// movesPanel is the move list under its title and the browsing buttons.
func (u *UI) movesPanel() fyne.CanvasObject {
	nav := container.NewHBox(u.navBtns[0], u.navBtns[1], u.navBtns[2], u.navBtns[3])
	title := widget.NewLabelWithStyle(tr.T("Moves"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	if u.lecture {
		// The Lecture view's narrow column: the count ("Viewing 12 of 60")
		// on a row of its own, in full.
		return container.NewBorder(
			container.NewVBox(container.NewBorder(nil, nil, title, nav), u.viewLabel),
			nil, nil, nil, u.moveList)
	}
	return container.NewBorder(
		container.NewBorder(nil, nil, title, nav, u.viewLabel),
		nil, nil, nil, u.moveList)
}

// listKeep is the height the move list keeps under the Game tab's texts:
// its title row and three moves (two in the Lecture view, where the bot's
// status comes first).
func (u *UI) listKeep() float32 {
	row := widget.NewLabel("0").MinSize().Height
	rows := float32(3)
	head := max(u.viewLabel.MinSize().Height, u.navBtns[0].MinSize().Height)
	if u.lecture {
		rows = 2
		head = u.navBtns[0].MinSize().Height + theme.Padding() + u.viewLabel.MinSize().Height
	}
	return head + theme.Padding() + rows*row
}
