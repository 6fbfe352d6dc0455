package app

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"boardgames/app/gamefile"
	"boardgames/app/internal/fileerr"
	"boardgames/app/internal/savedialog"
	"boardgames/app/internal/tr"
	"boardgames/app/match"
	"boardgames/app/safefile"
	"boardgames/rules"
	"boardgames/rules/records"
)

// The game records of other programs (see package records): PDN for
// checkers, GGF and transcripts for Othello, move lists for every game.
// Open reads them beside saved games; a file of several games asks which
// one to open, in a list with a search entry that also shows the games
// that could not be read, with their line and reason. Export writes the game on the board in its game's format,
// and Copy game record puts that text on the clipboard; Paste reads it.

// recordExts are the extensions of the record files Open shows.
var recordExts = []string{".pdn", ".ggf", ".txt", gamefile.WTHORExt}

// MaxRecordFile is the largest record file the window opens, 16 MiB
// (tens of thousands of games); the command line's convert takes more.
const MaxRecordFile = 16 << 20

// opened is what a file holds: a saved game, or other programs' records.
type opened struct {
	file  *gamefile.File
	games []records.Game
	// bad are the games of the file that could not be read, each with its
	// line and reason: the list of games shows them.
	bad []records.Rejected
}

// readGames reads a file of games: a saved game, or records of another
// program's format (for a move list, of the game on the board). A file
// named .bgame must be a saved game.
func (u *UI) readGames(path string) (opened, error) {
	if strings.EqualFold(filepath.Ext(path), gamefile.Ext) {
		f, err := gamefile.Load(path)
		return opened{file: &f}, err
	}
	if strings.EqualFold(filepath.Ext(path), gamefile.WTHORExt) {
		gs, bad, notes, err := gamefile.ReadWTHOR(path)
		if err == nil && len(gs) == 0 {
			if len(bad) == 0 {
				return opened{}, errors.New(tr.F("%s holds no game", filepath.Base(path)))
			}
			err = bad[0].Err
		}
		for i := range gs {
			gs[i].Warnings = append(gs[i].Warnings, notes...)
		}
		return opened{games: gs, bad: bad}, err
	}
	data, err := gamefile.ReadFile(path, MaxRecordFile)
	if err != nil {
		return opened{}, err
	}
	return u.parseGames(filepath.Base(path), string(data))
}

// parseGames reads text holding a saved game or records; name names it in
// messages.
func (u *UI) parseGames(name, text string) (opened, error) {
	if strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(text, "\ufeff")), gamefile.Magic) {
		f, err := gamefile.Parse(text)
		if err != nil {
			return opened{}, errors.New(tr.F("%s: %v", name, err))
		}
		return opened{file: &f}, nil
	}
	gs, bad, err := records.ReadEach(records.Detect(text), text, u.ctl.Game(), u.ctl.Settings())
	if err == nil && len(gs) == 0 {
		err = bad[0].Err // no good game: the first fault is the file's
	}
	if err != nil {
		return opened{}, errors.New(tr.F("%s: %v", name, err))
	}
	return opened{games: gs, bad: bad}, nil
}

// show puts what a file holds on the board: a saved game, the only game
// of a file of records, or the one the user picks from the list. name
// names the file in messages.
func (u *UI) show(name string, o opened) {
	switch {
	case o.file != nil:
		u.applyFile(name, *o.file)
	case len(o.games) == 1 && len(o.bad) == 0:
		u.applyRecord(name, o.games, 0)
	default:
		u.chooseGame(name, o.games, o.bad, func(i int) { u.applyRecord(name, o.games, i) })
	}
}

// applyRecord puts game i of a file of records on the board. People sit
// on both sides, so that no bot plays on from it.
func (u *UI) applyRecord(name string, gs []records.Game, i int) {
	g := gs[i]
	f := gamefile.FromRecord(g)
	f.Players = [2]string{gamefile.Human, gamefile.Human}
	u.apply(f)
	n := g.Record.Len()
	what := name
	if len(gs) > 1 || g.N > 1 {
		what = tr.F("game %d of %d in %s", max(g.N, i+1), max(len(gs), gs[len(gs)-1].N), name)
	}
	msg := tr.N("Opened %[1]s: %[2]s, %[3]d move%[4]s.", n, what, match.GameTitle(g.Game), n, describeSettings(g.Game, g.Settings))
	if res := g.Final(); res != g.Record.Result() {
		msg += " " + tr.F("Recorded result: %s (the moves stop before the end).", match.ResultWords(g.Game, res))
	}
	if len(g.Comments) > 0 {
		msg += " " + tr.F("Comments: %s.", commentsText(g.Comments))
	}
	u.tellOpened(name, msg, g.Warnings)
}

// tellOpened says what was opened, and shows what the file had that was
// skipped.
func (u *UI) tellOpened(name, msg string, warnings []string) {
	if len(warnings) == 0 {
		u.ctl.Tell(msg)
		return
	}
	u.ctl.Tell(msg + " " + tr.F("Skipped: %s.", strings.Join(warnings, "; ")))
	dialog.ShowInformation(tr.T("Parts of the file were skipped"),
		tr.F("%s was opened, but these lines were skipped:\n\n%s", name, strings.Join(warnings, "\n")), u.win)
}

// commentsText writes a record's comments, each after the number of the
// move it follows ("4. Old Fourteenth").
func commentsText(cs []records.Comment) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = fmt.Sprintf("%d. %s", c.Ply, c.Text)
	}
	return strings.Join(parts, "; ")
}

// badLine describes a game of a file that could not be read.
func badLine(b records.Rejected) string {
	if b.Line == 0 { // a binary file's (WTHOR)
		return tr.F("%d. not read (byte %d): %s", b.N, b.Offset, b.Reason())
	}
	return tr.F("%d. not read (line %d): %s", b.N, b.Line, b.Reason())
}

// gameLine describes a game of a file in the list to choose from.
func gameLine(i int, g records.Game) string {
	if g.N > 0 {
		i = g.N - 1
	}
	var who []string
	for _, k := range []string{"Black", "White", "PB", "PW"} {
		if v := g.Tag(k); v != "" {
			who = append(who, v)
		}
	}
	parts := []string{fmt.Sprintf("%d.", i+1)}
	if len(who) > 0 {
		parts = append(parts, strings.Join(who, " – "))
	}
	for _, k := range []string{"Event", "Date", "PC", "DT"} {
		if v := g.Tag(k); v != "" {
			parts = append(parts, v)
		}
	}
	n := g.Record.Len()
	parts = append(parts, tr.N("%d move", n, n), match.ResultWords(g.Game, g.Final()))
	return strings.Join(parts, ", ")
}

// gameRows are the rows of the list of a file's games that match a
// search: a game's index in gs (from 0), or -1-k for bad[k], in the
// order of the file.
func gameRows(gs []records.Game, bad []records.Rejected, f records.Filter) []int {
	var rows []int
	k := 0
	for i := range gs {
		for k < len(bad) && bad[k].N < gs[i].N {
			if f.IsZero() {
				rows = append(rows, -1-k)
			}
			k++
		}
		if f.Match(&gs[i]) {
			rows = append(rows, i)
		}
	}
	for ; k < len(bad) && f.IsZero(); k++ {
		rows = append(rows, -1-k)
	}
	return rows
}

// chooseGame lists a file's games, and the ones that could not be read
// with their line and reason, under a search entry (player=, event=,
// year=, result= or a word: see records.Filter); it calls open with the
// index in gs of the one picked (double-click, or select and Open).
func (u *UI) chooseGame(name string, gs []records.Game, bad []records.Rejected, open func(int)) {
	rows := gameRows(gs, bad, records.Filter{})
	picked := -1
	list := widget.NewList(func() int { return len(rows) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if r := rows[i]; r >= 0 {
				o.(*widget.Label).SetText(gameLine(r, gs[r]))
			} else {
				o.(*widget.Label).SetText(badLine(bad[-1-r]))
			}
		})
	list.OnSelected = func(i widget.ListItemID) {
		picked = -1
		if i < len(rows) {
			picked = rows[i]
		}
	}
	if len(rows) > 0 && rows[0] >= 0 {
		list.Select(0)
	}
	text := tr.N("%[1]s holds %[2]d game. Which one?", len(gs)+len(bad), name, len(gs)+len(bad))
	head := widget.NewLabel(text)
	head.Wrapping = fyne.TextWrapWord
	search := widget.NewEntry()
	search.SetPlaceHolder(tr.T("Search: player=, event=, year=, result= or a word"))
	search.OnChanged = func(s string) {
		f, err := records.ParseFilter(s)
		if err != nil {
			head.SetText(tr.F("Not a search: %v", err))
			return
		}
		head.SetText(text)
		rows = gameRows(gs, bad, f)
		list.UnselectAll()
		picked = -1
		list.Refresh()
	}
	d := dialog.NewCustomConfirm(tr.T("Choose a game"), tr.T("Open"), tr.T("Cancel"),
		container.NewBorder(container.NewVBox(head, search), nil, nil, nil, list), func(ok bool) {
			if ok && picked >= 0 {
				open(picked)
			}
		}, u.win)
	d.Resize(dialogSize(u.win))
	d.Show()
}

// recordOf is the game on the board as a record of its game's format,
// with its result and how it ended (a forfeit), and the tags of the
// record it was opened from, or else the players, the program and the
// date in that format's tags.
func (u *UI) recordOf() (records.Game, records.Format) {
	c := u.ctl
	g := records.NewGame(c.Game(), c.Settings(), c.Record())
	f := records.For(c.Game())
	var seats [2]string
	for p := range seats {
		s := c.Seat(rules.Player(p))
		seats[p] = tr.T("Human")
		if s.Bot {
			seats[p] = s.Spec.String()
		}
	}
	r := c.Recorded()
	g.Result, g.Ending = c.Result(), r.Ending
	if len(r.Tags) > 0 { // the tags of the record opened
		g.Tags = r.Tags
		return g, f
	}
	records.Describe(&g, f, seats[0], seats[1], time.Now())
	return g, f
}

// exportRecord asks for a file name and writes the game in its game's
// record format (PDN, GGF, or a move list).
func (u *UI) exportRecord() {
	_, f := u.recordOf()
	savedialog.Show(u.win, savedialog.Options{
		Title: tr.T("Export"), Name: u.ctl.Game().Name + f.Ext(), Ext: f.Ext(), Filter: []string{f.Ext()},
		Location: u.folder(), Size: dialogSize(u.win),
	}, func(path string) { u.ExportTo(path) }, func(err error) { u.ctl.Tell(tr.F("Could not export: %s", fileerr.Text(err))) })
}

// ExportTo writes the game on the board to path in its game's record
// format (atomically: a failed export leaves an old file whole).
func (u *UI) ExportTo(path string) error {
	text, f, err := u.recordText()
	if err == nil {
		err = safefile.Write(path, []byte(text))
	}
	if err != nil {
		u.ctl.Tell(tr.F("Could not export: %s", fileerr.Text(err)))
		return err
	}
	u.prefs.p.SetString(PrefFolder, filepath.Dir(path))
	u.ctl.Tell(tr.F("Exported to %s (%s).", path, strings.ToUpper(string(f))))
	return nil
}

// recordText is the game on the board in its game's record format.
func (u *UI) recordText() (string, records.Format, error) {
	g, f := u.recordOf()
	var b strings.Builder
	if err := records.Write(&b, f, []records.Game{g}); err != nil {
		return "", f, err
	}
	return b.String(), f, nil
}

// copyRecord puts the game on the board on the clipboard in its game's
// record format.
func (u *UI) copyRecord() {
	text, f, err := u.recordText()
	if err != nil {
		u.ctl.Tell(tr.F("Could not copy the game: %v", err))
		return
	}
	u.app.Clipboard().SetContent(text)
	u.ctl.Tell(tr.F("Copied the game as %s.", strings.ToUpper(string(f))))
}

// loadGames reads a file off the UI goroutine and puts it on the board.
func (u *UI) loadGames(path string) {
	go func() {
		o, err := u.readGames(path)
		fyne.Do(func() { u.showLoaded(path, o, err) })
	}()
}

// showLoaded puts on the board what readGames read, or says why it could
// not.
func (u *UI) showLoaded(path string, o opened, err error) error {
	if err != nil {
		u.ctl.Tell(tr.F("Could not open the game: %s", fileerr.Text(err)))
		return err
	}
	u.prefs.p.SetString(PrefFolder, filepath.Dir(path))
	u.show(filepath.Base(path), o)
	return nil
}
