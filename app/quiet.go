package app

import (
	"bytes"
	"io"
	"log"
	"os"
	"sync"
	"time"

	"fyne.io/fyne/v2"
)

// Quitting. Fyne 2.7.1 writes the preferences once more as the app stops
// (app.go: the lifecycle's stopped hook calls forceImmediateSave), after
// its main loop has stopped running queued functions
// (internal/driver/glfw/loop.go); from then on the preferences file
// watcher's reload (app/preferences_other.go, settings_desktop.go) runs on
// the watcher's own goroutine, at the same time as that save, and may
// read the file just truncated: "Preferences load error: Cause: EOF".
// The preferences are written on every change anyway, so the app quits
// before that path: the window closes its lab and searches, saves the
// game, hides, waits until Fyne has written the last preference change
// (it delays a write that comes within 100 ms of another), and then
// Options.Exit ends the process.

// prefsSettle is longer than Fyne's 100 ms delay of a preference write.
const prefsSettle = 250 * time.Millisecond

// quit closes the app: from the window's close button, File > Quit and
// Ctrl+Q.
func (u *UI) quit() {
	u.Close()
	if u.opts.Exit == nil {
		u.win.Close()
		u.app.Quit()
		return
	}
	for _, w := range u.app.Driver().AllWindows() {
		w.Hide()
	}
	exit := u.opts.Exit
	go func() {
		time.Sleep(prefsSettle)
		fyne.DoAndWait(func() {}) // a delayed preference write queued before this has run
		exit()
	}()
}

// ExitNow ends the process with status 0 (Options.Exit of the real app).
func ExitNow() { os.Exit(0) }

// QuietLog keeps one message of Fyne 2.7.1 off the standard error: the
// file dialog's "Getting favorite locations" (dialog/file.go), logged each
// time the dialog opens when a folder its side bar lists (Desktop,
// Documents, Downloads, Music, Pictures, Videos) does not exist in the
// home folder, which is common and harmless (the dialog just leaves it
// out). The app cannot create the user's folders; everything else Fyne
// logs goes through.
func QuietLog() {
	log.SetOutput(&logFilter{w: os.Stderr})
}

// logFilter drops Fyne's favourite-locations error, its cause and its
// place, and writes every other line to w.
type logFilter struct {
	mu   sync.Mutex
	w    io.Writer
	skip int // lines of a dropped message still to come
}

// quietMessages are the Fyne errors dropped, each followed by two lines
// ("  Cause: ...", "  At: ...").
var quietMessages = [][]byte{[]byte("Fyne error:  Getting favorite locations")}

func (f *logFilter) Write(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.skip > 0 && (bytes.Contains(p, []byte("  Cause:")) || bytes.Contains(p, []byte("  At:"))) {
		f.skip--
		return len(p), nil
	}
	f.skip = 0
	for _, m := range quietMessages {
		if bytes.Contains(p, m) {
			f.skip = 2
			return len(p), nil
		}
	}
	return f.w.Write(p)
}
