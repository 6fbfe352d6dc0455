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
	"boardgames/app/internal/web"
	"boardgames/app/match"
	"boardgames/rules"
)

// Nothing the user has is lost: an action that would replace a game in
// progress (a new game, another game, opening or pasting a game) asks
// first, and the game in progress is saved after every change, with its
// seats, and comes back when the app starts again.

// autosaveName is the file of the game in progress in the state folder,
// autosaveKey its key in the browser's storage.
const (
	autosaveName = "game-in-progress" + gamefile.Ext
	autosaveKey  = "boardgames-game-in-progress"
)

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
// is no game in progress; in the browser, to the page's storage. It writes
// only what changed.
func (u *UI) autosave() {
	if u.closed || (!web.Browser && u.stateDir() == "") {
		return
	}
	text := ""
	if u.inProgress() {
		text = gamefile.Format(u.current())
	}
	if text == u.saved {
		return
	}
	if err := u.writeState(text); err != nil {
		fyne.LogError("Saving the game in progress", err)
		if msg := err.Error(); msg != u.saveErr { // once, not after every move
			u.saveErr = msg
			u.ctl.Tell(tr.F("The game in progress cannot be kept (it is lost if the program ends): %v", err))
		}
		return
	}
	u.saved, u.saveErr = text, ""
}

// writeState keeps text as the game in progress ("": none).
func (u *UI) writeState(text string) error {
	if web.Browser {
		return web.Store(autosaveKey, text)
	}
	dir := u.stateDir()
	path := filepath.Join(dir, autosaveName)
	if text == "" {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return nil
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	return gamefile.Save(path, []byte(text))
}

// readState reads the game in progress that writeState kept; an error
// satisfying errors.Is(err, fs.ErrNotExist) when there is none.
func (u *UI) readState() (gamefile.File, error) {
	if web.Browser {
		text, ok := web.Stored(autosaveKey)
		if !ok {
			return gamefile.File{}, fs.ErrNotExist
		}
		return gamefile.Parse(text)
	}
	dir := u.stateDir()
	if dir == "" {
		return gamefile.File{}, fs.ErrNotExist
	}
	return gamefile.Load(filepath.Join(dir, autosaveName))
}

// restore puts the autosaved game in progress back on the board, with its
// seats; a bot-vs-bot match comes back paused.
func (u *UI) restore() {
	f, err := u.readState()
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			u.ctl.Tell(tr.F("The game in progress could not be restored: %v", err))
		}
		return
	}
	if f.Record.Len() == 0 || f.Final().Over() {
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
