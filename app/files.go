package app

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"

	"boardgames/app/gamefile"
	"boardgames/app/match"
	"boardgames/rules"
	"boardgames/rules/games"
)

// current returns the game on the board as a saved-game file.
func (u *UI) current() gamefile.File {
	c := u.ctl
	var players [2]string
	for p := range players {
		s := c.Seat(rules.Player(p))
		players[p] = "human"
		if s.Bot {
			players[p] = s.Spec.String()
		}
	}
	return gamefile.File{Game: c.Game(), Settings: c.Settings(), Record: c.Record(), Players: players}
}

// SaveTo saves the game to path (through a temporary file and a rename).
func (u *UI) SaveTo(path string) error {
	if err := gamefile.Save(path, []byte(gamefile.Format(u.current()))); err != nil {
		u.ctl.Say("Could not save: %v", err)
		return err
	}
	u.prefs.p.SetString(PrefFolder, filepath.Dir(path))
	u.ctl.Say("Saved to %s.", path)
	return nil
}

// LoadFrom loads a saved game; on any error the current game stays as it
// was and the status line says what is wrong.
func (u *UI) LoadFrom(path string) error {
	f, err := gamefile.Load(path)
	if err != nil {
		u.ctl.Say("Could not open the game: %v", err)
		return err
	}
	u.prefs.p.SetString(PrefFolder, filepath.Dir(path))
	u.apply(f)
	u.ctl.Say("Opened %s: %s, %d moves%s.", filepath.Base(path), f.Game.Title, f.Record.Len(), describeSettings(f.Game, f.Settings))
	return nil
}

// apply puts a parsed game on the board, switching games if needed.
func (u *UI) apply(f gamefile.File) {
	u.input.Reset()
	g := f.Game
	// Keep the settings panel in step with the game on the board.
	if g.Has(games.SettingFirst) {
		u.prefs.setFirst(g, f.Settings.First)
	}
	if f.Settings.Rounds != 0 {
		u.prefs.p.SetInt(PrefRounds, f.Settings.Rounds)
	}
	if f.Settings.DrawMoves != 0 {
		u.prefs.p.SetInt(PrefDraw, f.Settings.DrawMoves)
	}
	if g != u.ctl.Game() {
		u.prefs.p.SetString(PrefGame, g.Name)
		u.ctl.SetSeat(0, match.Human)
		u.ctl.SetSeat(1, match.Human)
		u.ctl.Load(g, f.Settings, f.Record)
		u.buildGameSettings()
		u.loadSeats()
	} else {
		u.ctl.Load(g, f.Settings, f.Record)
		u.buildGameSettings()
	}
	u.refresh()
}

func (u *UI) folder() fyne.ListableURI {
	dir := u.prefs.p.StringWithFallback(PrefFolder, "")
	if dir == "" {
		if home, err := os.UserHomeDir(); err == nil {
			dir = home
		}
	}
	if dir == "" {
		return nil
	}
	l, err := storage.ListerForURI(storage.NewFileURI(dir))
	if err != nil {
		return nil
	}
	return l
}

// save asks for a file name and saves the game.
func (u *UI) save() {
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil {
			u.ctl.Say("Could not save: %v", err)
			return
		}
		if w == nil {
			return // cancelled
		}
		path := w.URI().Path()
		w.Close()
		if !strings.HasSuffix(strings.ToLower(path), gamefile.Ext) && filepath.Ext(path) == "" {
			os.Remove(path) // the dialog made it empty; save under the right name
			path += gamefile.Ext
		}
		u.SaveTo(path)
	}, u.win)
	d.SetFileName(u.ctl.Game().Name + gamefile.Ext)
	u.showFileDialog(d, gamefile.Ext)
}

// open asks for a saved game and loads it.
func (u *UI) open() {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			u.ctl.Say("Could not open the game: %v", err)
			return
		}
		if r == nil {
			return
		}
		path := r.URI().Path()
		r.Close()
		u.LoadFrom(path)
	}, u.win)
	u.showFileDialog(d, gamefile.Ext, ".txt")
}

// showFileDialog shows a save or open dialog for files with the given
// extensions, in the last folder used, over most of the window.
func (u *UI) showFileDialog(d *dialog.FileDialog, exts ...string) {
	d.SetFilter(storage.NewExtensionFileFilter(exts))
	if l := u.folder(); l != nil {
		d.SetLocation(l)
	}
	d.Resize(dialogSize(u.win))
	d.Show()
}

func (u *UI) copyMoves() {
	text := u.ctl.Record().String()
	u.app.Clipboard().SetContent(text)
	if text == "" {
		u.ctl.Say("Copied an empty move list (no moves yet).")
		return
	}
	u.ctl.Say("Copied the move list: %s", text)
}

func (u *UI) copyPosition() {
	text := u.ctl.Position().String()
	u.app.Clipboard().SetContent(text)
	u.ctl.Say("Copied the position: %s", text)
}

// paste reads a move list, a position or a whole saved game from the
// clipboard; anything else leaves the game as it was.
func (u *UI) paste() {
	if err := u.PasteText(u.app.Clipboard().Content()); err != nil {
		u.ctl.Say("Could not paste: %v", err)
	}
}

// PasteText loads a move list (from the start), a position of the current
// game, or a saved game.
func (u *UI) PasteText(text string) error {
	c := u.ctl
	f, err := gamefile.Paste(c.Game(), c.Settings(), text)
	if err != nil {
		return err
	}
	if f.Record == nil {
		return errors.New("nothing to paste")
	}
	u.apply(f)
	c.Say("Pasted: %s, %d moves.", f.Game.Title, f.Record.Len())
	return nil
}

// dialogSize is a file dialog's size: most of the window.
func dialogSize(w fyne.Window) fyne.Size {
	s := w.Canvas().Size()
	return fyne.NewSize(max(600, s.Width*0.8), max(420, s.Height*0.8))
}
