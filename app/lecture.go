package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/app/internal/tr"
)

// The Lecture view (F5, or the View menu) is for the front of a class:
// the board as large as the window allows, and beside it only what the
// class follows — whose turn, the score, the bot's status and Move now,
// the move list, the status line — with the buttons of a game as icons
// and one to go back. The toolbar, the tabs and the main menu go (the keys
// stay: H, Ctrl+Z, ←/→, V, F and F5), which gives the board their height.

// Lecture reports whether the window shows the Lecture view.
func (u *UI) Lecture() bool { return u.lecture }

// toggleLecture switches between the normal and the Lecture view.
func (u *UI) toggleLecture() {
	u.lecture = !u.lecture
	// The menu first: the content set after it takes the menu's room
	// (Fyne moves the content only when a menu is set).
	if u.lecture {
		u.win.SetMainMenu(nil)
	} else {
		u.win.SetMainMenu(u.menu())
	}
	u.win.SetContent(u.content())
	if u.lecture {
		// Short: the Lecture view's column is narrow at 200 %.
		u.ctl.Tell(tr.T("F5 or Esc: the normal view."))
	} else {
		u.ctl.Tell(tr.T("Normal view."))
	}
	u.refresh()
	u.repaint()
}

// lectureContent is the window in the Lecture view.
func (u *UI) lectureContent() fyne.CanvasObject {
	if c := u.lectureTreeContent(); c != nil {
		return c
	}
	u.tabs, u.labTab = nil, nil
	icon := func(main *widget.Button, action func()) *widget.Button {
		b := widget.NewButtonWithIcon("", main.Icon, action)
		u.lectureBtns = append(u.lectureBtns, [2]*widget.Button{b, main})
		return b
	}
	u.lectureBtns = nil
	leave := widget.NewButtonWithIcon("", theme.ViewRestoreIcon(), u.toggleLecture)
	buttons := container.NewGridWithColumns(6,
		icon(u.undoBtn, u.undo), icon(u.redoBtn, u.redo), icon(u.hintBtn, u.hint),
		icon(u.pauseBtn, u.togglePause), icon(u.stepBtn, u.step), leave)
	top := container.NewVBox(u.turn, container.NewBorder(nil, nil, nil, u.analysis.check, u.score),
		u.analysis.progress, widget.NewSeparator(), u.searchPanel(false))
	pane := newCappedTop(top, u.movesPanel(), 0.62, u.listKeep)
	u.gamePane = pane.Layout.(*cappedTop)
	// Move now at the bottom, always in view, whatever the texts above.
	side := container.NewBorder(nil, container.NewVBox(widget.NewSeparator(), u.status, u.actionSlot(), buttons), nil, nil, pane)
	u.row = newBoardFirst(&boardFirst{side: lectureLines}, container.NewPadded(u.boardView()), side)
	return u.row
}

// refreshLectureButtons gives the Lecture view's icons the state and icon
// of the toolbar's buttons they stand for.
func (u *UI) refreshLectureButtons() {
	for _, p := range u.lectureBtns {
		b, main := p[0], p[1]
		enable(b, !main.Disabled())
		if b.Icon != main.Icon {
			b.SetIcon(main.Icon)
		}
	}
}
