package app

import (
	"errors"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"

	"boardgames/app/gamefile"
	"boardgames/app/internal/fileerr"
	"boardgames/app/internal/tr"
	"boardgames/app/internal/web"
)

// What differs between the platforms, or comes from outside the window:
//   - platform.go  OpenFile: a saved game given on the command line
//     (`boardgames FILE.bgame`, a double click in a file manager)
//   - web_js.go    the browser: Save as a download, Open through the
//     browser's file picker, the game in progress in the browser's storage,
//     no Quit (web_other.go: the same names on the desktop)

// OpenFile opens the saved game (or file of records) at path, as File > Open does: after a
// confirmation when it would replace a game in progress (the one restored
// from the last session, say), with any error in the status line.
func (u *UI) OpenFile(path string) {
	u.unlessDiscarding(tr.T("Open a saved game"), func() {
		if strings.EqualFold(filepath.Ext(path), gamefile.Ext) {
			u.LoadFrom(path) // at most 1 MiB
			return
		}
		u.loadGames(path) // a file of records, read off the UI goroutine as its list grows
	}, nil)
}

// gameMIME is the MIME type of a saved game, as the Linux package
// declares it (scripts/packaging).
const gameMIME = "application/x-boardgames-game"

// download saves the game in the browser: as a download of NAME.bgame.
func (u *UI) download() {
	name := u.ctl.Game().Name + gamefile.Ext
	if err := web.Download(name, gameMIME, []byte(gamefile.Format(u.current()))); err != nil {
		u.ctl.Tell(tr.F("Could not save: %s", err))
		return
	}
	u.ctl.Tell(tr.F("Saved as %s in the browser's downloads.", name))
}

// pick opens a game in the browser, through its file picker: a saved game
// or a file of records, as Open does on the desktop.
func (u *UI) pick() {
	exts := strings.Join(append([]string{gamefile.Ext}, recordExts...), ",")
	err := web.Pick(exts, MaxRecordFile, func(name string, data []byte, err error) {
		fyne.Do(func() {
			var o opened
			if err != nil {
				err = errors.New(tr.F("%s: %v", name, err))
			} else {
				o, err = u.parseGames(name, string(data))
			}
			if err != nil {
				u.ctl.Tell(tr.F("Could not open the game: %s", fileerr.Text(err)))
				return
			}
			u.show(name, o)
		})
	})
	if err != nil {
		u.ctl.Tell(tr.F("Could not open the game: %s", err))
	}
}
