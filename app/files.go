package app

import (
	"errors"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"

	"boardgames/ai/bots"
	"boardgames/app/gamefile"
	"boardgames/app/internal/fileerr"
	"boardgames/app/internal/savedialog"
	"boardgames/app/internal/tr"
	"boardgames/app/internal/web"
	"boardgames/app/match"
	"boardgames/rules"
	"boardgames/rules/games"
	"boardgames/rules/records"
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
	r := c.Recorded()
	return gamefile.File{Game: c.Game(), Settings: c.Settings(), Record: c.Record(), Players: players, Notes: c.Notes(),
		Result: r.Result, Ending: r.Ending, Tags: r.Tags}
}

// SaveTo saves the game to path (through a temporary file and a rename).
func (u *UI) SaveTo(path string) error {
	if err := gamefile.Save(path, []byte(gamefile.Format(u.current()))); err != nil {
		u.ctl.Tell(tr.F("Could not save: %s", fileerr.Text(err)))
		return err
	}
	u.prefs.p.SetString(PrefFolder, filepath.Dir(path))
	u.ctl.Tell(tr.F("Saved to %s.", path))
	return nil
}

// LoadFrom opens a file: a saved game, or a file of other programs'
// records (PDN, GGF, move lists: see records.go), asking which game when it
// holds several. On any error the current game stays as it was and the
// status line says what is wrong. What the file had that could not be used
// (see gamefile.Parse) is shown as a warning.
func (u *UI) LoadFrom(path string) error {
	o, err := u.readGames(path)
	return u.showLoaded(path, o, err)
}

// applyFile puts a saved game on the board and says what it holds.
func (u *UI) applyFile(name string, f gamefile.File) {
	u.apply(f)
	n := f.Record.Len()
	u.tellOpened(name, tr.N("Opened %[1]s: %[2]s, %[3]d move%[4]s.", n, name, match.GameTitle(f.Game), n, describeSettings(f.Game, f.Settings)), f.Warnings)
}

// apply puts a parsed game on the board, switching games if needed, and
// seats the players the file names. Only the settings of the file's game
// reach the preferences.
func (u *UI) apply(f gamefile.File) {
	u.input.Reset()
	g := f.Game
	// Keep the settings panel in step with the game on the board.
	if g.Has(games.SettingFirst) {
		u.prefs.setFirst(g, f.Settings.First)
	}
	if g.Has(games.SettingRounds) && f.Settings.Rounds != 0 {
		u.prefs.p.SetInt(PrefRounds, f.Settings.Rounds)
	}
	if g.Has(games.SettingDrawMoves) && f.Settings.DrawMoves != 0 {
		u.prefs.p.SetInt(PrefDraw, f.Settings.DrawMoves)
	}
	if g.Has(games.SettingNoPass) {
		u.prefs.p.SetBool(PrefNoPass, f.Settings.NoPass)
	}
	if g != u.ctl.Game() {
		u.prefs.p.SetString(PrefGame, g.Name)
		// Stop the bots of the old game before anything else.
		u.ctl.SetSeat(0, match.Human)
		u.ctl.SetSeat(1, match.Human)
	}
	// A game that ended before its moves do (a forfeit, a resignation)
	// opens finished: no bot plays on from it.
	u.ctl.LoadRecorded(g, f.Settings, f.Record, match.Recorded{Result: f.Result, Ending: f.Ending, Tags: f.Tags})
	u.buildGameSettings()
	u.restoreSeats(g, f.Players)
	u.loadSeats()
	u.refresh()
}

// restoreSeats seats the players a saved game names ("human" or a bot
// spec) as g's seats (gamefile has checked that the bots play g); a colour
// the file does not name, or names wrongly, keeps its seat. A human seat
// keeps the bot settings the panel shows, for when it is a bot again.
func (u *UI) restoreSeats(g *games.Game, players [2]string) {
	for i, text := range players {
		p := rules.Player(i)
		seat := match.Human
		switch text {
		case "":
			continue
		case gamefile.Human:
		default:
			spec, err := bots.ParseSpec(text)
			if err != nil || spec.Validate(g.Name) != nil {
				continue
			}
			seat = match.BotSeat(spec)
		}
		old, level := u.prefs.seat(g, p)
		if seat.Bot {
			level = Custom
			for _, l := range levelIDs(g.Name) {
				if l != Custom && levelSpec(g.Name, l).String() == seat.Spec.String() {
					level = l
				}
			}
		} else {
			seat.Spec = old.Spec
		}
		u.prefs.setSeat(g, p, seat, level)
	}
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

// save asks for a file name and saves the game. The dialog never touches
// the file (see package savedialog): SaveTo writes it atomically.
func (u *UI) save() {
	if web.Browser {
		u.download()
		return
	}
	savedialog.Show(u.win, savedialog.Options{
		Name: u.ctl.Game().Name + gamefile.Ext, Ext: gamefile.Ext, Filter: []string{gamefile.Ext},
		Location: u.folder(), Size: dialogSize(u.win),
	}, func(path string) { u.SaveTo(path) }, func(err error) { u.ctl.Tell(tr.F("Could not save: %s", fileerr.Text(err))) })
}

// open asks for a saved game or a file of records and opens it.
func (u *UI) open() {
	if web.Browser {
		u.pick()
		return
	}
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			u.ctl.Tell(tr.F("Could not open the game: %s", fileerr.Text(err)))
			return
		}
		if r == nil {
			return
		}
		path := r.URI().Path()
		r.Close()
		u.loadGames(path)
	}, u.win)
	d.SetFilter(storage.NewExtensionFileFilter(append([]string{gamefile.Ext}, recordExts...)))
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
		u.ctl.Tell(tr.T("Copied an empty move list (no moves yet)."))
		return
	}
	u.ctl.Tell(tr.F("Copied the move list: %s", text))
}

func (u *UI) copyPosition() {
	text := u.ctl.Position().String()
	u.app.Clipboard().SetContent(text)
	u.ctl.Tell(tr.F("Copied the position: %s", text))
}

// paste reads a move list, a position or a whole saved game from the
// clipboard; anything else leaves the game as it was.
func (u *UI) paste() {
	if err := u.PasteText(u.app.Clipboard().Content()); err != nil {
		u.ctl.Tell(tr.F("Could not paste: %v", err))
	}
}

// PasteText loads a move list (from the start), a position of the current
// game, a saved game, or a PDN or GGF record (asking which game when it
// holds several).
func (u *UI) PasteText(text string) error {
	c := u.ctl
	if f := records.Detect(text); f == records.PDN || f == records.GGF {
		o, err := u.parseGames(tr.T("the clipboard"), text)
		if err != nil {
			return err
		}
		u.show(tr.T("the clipboard"), o)
		return nil
	}
	f, err := gamefile.Paste(c.Game(), c.Settings(), text)
	if err != nil {
		return err
	}
	if f.Record == nil {
		return errors.New(tr.T("nothing to paste"))
	}
	u.apply(f)
	c.Tell(tr.N("Pasted: %s, %d move.", f.Record.Len(), match.GameTitle(f.Game), f.Record.Len()))
	return nil
}

// dialogSize is a file dialog's size: most of the window.
func dialogSize(w fyne.Window) fyne.Size {
	s := w.Canvas().Size()
	return fyne.NewSize(max(600, s.Width*0.8), max(420, s.Height*0.8))
}
