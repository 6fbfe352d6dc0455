package app

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/app/internal/tr"
	"boardgames/rules"
)

// Browsing: the move list has a row per move (and one for the start);
// a move that a record opened comments (PDN's {...}) or evaluates (GGF's
// B[f5/-1.23/4.5]) shows it under the move, wrapped to the list's width;
// clicking a row, or the keys ←, →, Home and End, shows that position on
// the board without changing the game ("viewing move N of M"). The game
// goes on meanwhile: a bot still moves, and the list grows. A move played
// on an earlier position branches the game there, after a confirmation.

// buildMoveList makes the move list and the navigation buttons.
func (u *UI) buildMoveList() {
	u.viewLabel = widget.NewLabel("")
	u.viewLabel.Truncation = fyne.TextTruncateEllipsis
	u.moveList = widget.NewList(
		func() int { return u.ctl.Len() + 1 },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.TextStyle.Monospace = true
			l.Truncation = fyne.TextTruncateEllipsis
			// The note takes the height the row is given (sizeNotes).
			return container.NewBorder(l, nil, nil, nil, newNoteLabel())
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			box := o.(*fyne.Container)
			note, l := box.Objects[0].(*widget.Label), box.Objects[1].(*widget.Label)
			l.Importance = u.reviewImportance(id)
			l.SetText(u.moveRow(id))
			if text := u.moveNote(id); text != "" {
				note.SetText(text)
				note.Show()
				if w := u.moveList.Size().Width; w != u.notesWidth && !u.notesResizing {
					// The list was resized: wrap the notes to its new width.
					u.notesResizing = true
					u.post(func() {
						u.notesResizing = false
						u.sizeNotes()
						u.moveList.Refresh()
					})
				}
			} else {
				note.Hide()
			}
		},
	)
	u.moveList.OnSelected = func(id widget.ListItemID) {
		if u.listQuiet {
			return
		}
		// The list takes the keyboard's focus when clicked: give it back
		// to the window, whose keys browse.
		u.win.Canvas().Unfocus()
		u.browseTo(id)
	}
	u.navBtns = [4]*widget.Button{
		widget.NewButtonWithIcon("", theme.MediaSkipPreviousIcon(), func() { u.browseTo(0) }),
		widget.NewButtonWithIcon("", theme.NavigateBackIcon(), func() { u.browseTo(u.shownPly() - 1) }),
		widget.NewButtonWithIcon("", theme.NavigateNextIcon(), func() { u.browseTo(u.shownPly() + 1) }),
		widget.NewButtonWithIcon("", theme.MediaSkipNextIcon(), func() { u.browseTo(u.ctl.Len()) }),
	}
}

// moveRow is row id of the move list: "12. White c4", or the start.
func (u *UI) moveRow(id int) string {
	c := u.ctl
	if id == 0 {
		return tr.T("Start position")
	}
	if id > c.Len() {
		return ""
	}
	pos := c.At(id - 1)
	move := pos.MoveString(c.Move(id - 1))
	return fmt.Sprintf("%3d. %-7s %s", id, u.playerName(pos.ToMove()), move) + u.reviewMark(id)
}

// newNoteLabel is the label of a move's comment in the move list.
func newNoteLabel() *widget.Label {
	note := widget.NewLabel("")
	note.Wrapping = fyne.TextWrapWord
	note.TextStyle.Italic = true
	note.Hide()
	return note
}

// moveNote is what the record says beside row id of the move list: its
// comments and the move's evaluation and time (GGF's "-1.23/4.5"), or "".
func (u *UI) moveNote(id int) string {
	comments, eval := u.ctl.MoveNotes(id)
	var parts []string
	if eval != "" {
		value, secs, _ := strings.Cut(eval, "/")
		var e []string
		if value = strings.TrimSpace(value); value != "" {
			e = append(e, tr.F("evaluation %s", value))
		}
		if secs = strings.Trim(secs, "/ "); secs != "" {
			e = append(e, tr.F("%s s", secs))
		}
		if len(e) > 0 {
			parts = append(parts, "["+strings.Join(e, ", ")+"]")
		}
	}
	parts = append(parts, comments...)
	return strings.Join(parts, " ")
}

// sizeNotes gives the move list's rows that show a comment the height of
// their text wrapped to the list's width, so that none is cut.
func (u *UI) sizeNotes() {
	if len(u.notedRows) == 0 && !u.ctl.HasNotes() {
		return
	}
	width := u.moveList.Size().Width
	u.notesWidth = width
	if width <= 0 {
		width = 240
	}
	row := u.moveList.CreateItem().MinSize().Height
	probe := newNoteLabel()
	for id := 0; id <= u.ctl.Len(); id++ {
		text := u.moveNote(id)
		if text == "" {
			if _, sized := u.notedRows[id]; sized {
				delete(u.notedRows, id)
				u.moveList.SetItemHeight(id, row)
			}
			continue
		}
		probe.SetText(text)
		probe.Resize(fyne.NewSize(width, row))
		h := row + probe.MinSize().Height + theme.Padding()
		if u.notedRows[id] != h {
			if u.notedRows == nil {
				u.notedRows = map[int]float32{}
			}
			u.notedRows[id] = h
			u.moveList.SetItemHeight(id, h)
		}
	}
}

// refreshMoveList selects the row of the position shown and scrolls to it.
func (u *UI) refreshMoveList() {
	ply := u.shownPly()
	n := u.ctl.Len()
	u.listQuiet = true
	u.sizeNotes()
	u.moveList.Refresh()
	u.moveList.Select(ply)
	if u.browsing() {
		u.moveList.ScrollTo(ply)
	} else {
		u.moveList.ScrollToBottom()
	}
	u.listQuiet = false
	switch {
	case u.browsing():
		u.viewLabel.SetText(tr.F("Viewing %d of %d", ply, n))
		u.viewLabel.Importance = widget.WarningImportance
	default:
		u.viewLabel.SetText(tr.N("%d move played", n, n))
		u.viewLabel.Importance = widget.MediumImportance
	}
	u.viewLabel.Refresh()
	enable(u.navBtns[0], ply > 0)
	enable(u.navBtns[1], ply > 0)
	enable(u.navBtns[2], ply < n)
	enable(u.navBtns[3], ply < n)
}

// shownPly is the number of moves that lead to the position shown.
func (u *UI) shownPly() int {
	if u.view < 0 || u.view > u.ctl.Len() {
		return u.ctl.Len()
	}
	return u.view
}

// browsing reports whether the board shows an earlier position than the
// game's.
func (u *UI) browsing() bool { return u.view >= 0 && u.view < u.ctl.Len() }

// browseTo shows the position after ply moves (clamped to the game);
// the last one follows the game again.
func (u *UI) browseTo(ply int) {
	n := u.ctl.Len()
	ply = max(0, min(ply, n))
	u.input.Reset()
	if ply == n {
		u.view = -1
	} else {
		u.view = ply
	}
	if u.browsing() {
		u.ctl.Tell(tr.F("Viewing move %d of %d. Press End (or →) to come back to the game; a move played here starts a new line from here.", ply, n))
	} else {
		u.ctl.Tell(tr.T("Back to the game."))
	}
}

// viewedTurn says who is to move in the position browsed to.
func (u *UI) viewedTurn() string {
	pos := u.ctl.At(u.shownPly())
	if r := pos.Result(); r.Over() {
		return tr.T("the game is over there")
	}
	return tr.F("%s to move there", u.playerName(pos.ToMove()))
}

// playViewed plays m, completed on the position browsed to: the game's own
// move there just steps forward; another move branches the game, after a
// confirmation that says how many moves it takes back.
func (u *UI) playViewed(m rules.Move) {
	c := u.ctl
	ply := u.shownPly()
	if ply < c.Len() && c.Move(ply) == m {
		u.browseTo(ply + 1)
		return
	}
	drop := c.Len() - ply
	u.confirm(tr.T("Play from here?"),
		tr.N("Playing here starts a new line from move %d: the %d later move of the game is removed. To keep it, cancel and save the game first (Ctrl+S).", drop, ply+1, drop),
		tr.T("Play from here"), func() {
			u.view = -1
			if err := c.PlayFrom(ply, m); err != nil {
				c.Tell(tr.F("Cannot play from here: %v.", err))
			}
		})
}
