package app

import "boardgames/app/internal/tr"

// What differs between the platforms, or comes from outside the window:
//   - platform.go  OpenFile: a saved game given on the command line
//     (`boardgames FILE.bgame`, a double click in a file manager)
//   - web_js.go    the browser: Save as a download, Open through the
//     browser's file picker, the game in progress in the browser's storage,
//     no Quit (web_other.go: the same names on the desktop)

// OpenFile opens the saved game at path, as File > Open does: after a
// confirmation when it would replace a game in progress (the one restored
// from the last session, say), with any error in the status line.
func (u *UI) OpenFile(path string) {
	u.unlessDiscarding(tr.T("Open a saved game"), func() { u.LoadFrom(path) }, nil)
}
