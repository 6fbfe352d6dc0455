package app

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/app/gamefile"
	"boardgames/app/internal/tr"
	"boardgames/app/match"
	"boardgames/rules"
)

// Nothing the user has is lost: an action that would replace a game in
// progress (a new game, another game, opening or pasting a game) asks
// first, and the game in progress is saved after every change, with its
// seats, and comes back when the app starts again.

// autosaveName is the file of the game in progress in the state folder.
const autosaveName = "game-in-progress" + gamefile.Ext

// inProgress reports whether the game has moves and is not over.
func (u *UI) inProgress() bool { return u.ctl.Len() > 0 && !u.ctl.Result().Over() }

// unlessDiscarding runs do at once, or after a confirmation when it would
// replace a game in progress; action names what do does (the button of
// the confirmation). cancelled, if set, runs when the user declines.
func (u *UI) unlessDiscarding(action string, do func(), cancelled func()) {
	if !u.inProgress() {
		do()
		return
	}
	c := u.ctl
	msg := tr.N("The %s game in progress (%d move) will be replaced. To keep it, cancel and save it first (Ctrl+S).",
		c.Len(), match.GameTitle(c.Game()), c.Len())
	u.confirm(tr.T("Replace the game in progress?"), msg, action, func() { do() }, cancelled)
}

// confirm asks a yes-or-no question in a dialog over the window: ok names
// the action that yes does; then runs if it is chosen, cancelled (if not
// nil) if not.
func (u *UI) confirm(title, msg, ok string, then func(), cancelled ...func()) {
	text := widget.NewLabel(msg)
	text.Wrapping = fyne.TextWrapWord
	var d *dialog.ConfirmDialog
	d = dialog.NewCustomConfirm(title, ok, tr.T("Cancel"), text, func(yes bool) {
		if u.asking == d {
			u.asking = nil
		}
		if yes {
			then()
			return
		}
		for _, f := range cancelled {
			if f != nil {
				f()
			}
		}
	}, u.win)
	d.Resize(fyne.NewSize(32*theme.TextSize(), d.MinSize().Height))
	u.asking = d
	d.Show()
}

// autosave writes the game in progress and its seats to the state folder
// (through a temporary file and a rename), or removes the file when there
// is no game in progress. It writes only what changed.
func (u *UI) autosave() {
	dir := u.stateDir()
	if dir == "" || u.closed {
		return
	}
	text := ""
	if u.inProgress() {
		text = gamefile.Format(u.current())
	}
	if text == u.saved {
		return
	}
	path := filepath.Join(dir, autosaveName)
	var err error
	if text == "" {
		if err = os.Remove(path); errors.Is(err, fs.ErrNotExist) {
			err = nil
		}
	} else if err = os.MkdirAll(dir, 0o700); err == nil {
		err = gamefile.Save(path, []byte(text))
	}
	if err != nil {
		fyne.LogError("Saving the game in progress", err)
		return
	}
	u.saved = text
}

// restore puts the autosaved game in progress back on the board, with its
// seats; a bot-vs-bot match comes back paused.
func (u *UI) restore() {
	dir := u.stateDir()
	if dir == "" {
		return
	}
	path := filepath.Join(dir, autosaveName)
	f, err := gamefile.Load(path)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			u.ctl.Tell(tr.F("The game in progress could not be restored: %v", err))
		}
		return
	}
	if f.Record.Len() == 0 || f.Record.Result().Over() {
		return
	}
	u.apply(f)
	if u.ctl.Seat(rules.Black).Bot && u.ctl.Seat(rules.White).Bot {
		u.ctl.Pause()
	}
	u.saved = gamefile.Format(u.current())
	welcome := tr.N("Welcome back: the %s game in progress is restored (%d move).", f.Record.Len(),
		match.GameTitle(f.Game), f.Record.Len())
	if len(f.Warnings) > 0 {
		welcome += " " + tr.F("Warnings: %s.", strings.Join(f.Warnings, "; "))
	}
	u.ctl.Tell(welcome)
}
