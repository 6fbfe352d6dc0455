package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
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
	"boardgames/rules/games"
	"boardgames/rules/records"
)

// The game records of other programs (see package records): PDN for
// checkers, GGF and transcripts for Othello, move lists for every game.
// Open reads them beside saved games; a file of several games asks which
// one to open, in a list with a search entry that also shows the games
// that could not be read, with their line and reason. A file of records
// is read game by game (records.Scanner): the list keeps each game's
// summary (its tags, result and number of moves) and reads the game
// picked again from its place in the file, so that a database of a
// hundred thousand games lists in tens of megabytes. Open from the menu
// reads off the UI goroutine: the list shows as soon as its first games
// are read and grows, with the reading's progress above it, until the
// file's end; closing the list stops the reading. Export writes the game
// on the board in its game's format, and Copy game record puts that text
// on the clipboard; Paste reads it.

// recordExts are the extensions of the record files Open shows.
var recordExts = []string{".pdn", ".ggf", ".txt", gamefile.WTHORExt}

// MaxRecordFile is the largest record file the browser build opens (it
// reads the file whole); the desktop reads a file game by game, up to
// records.MaxStream.
const MaxRecordFile = records.MaxSize

// MaxListed is the most games the list of a file holds, a million: a
// larger file is listed to there, with a note to pick from it with
// boardgames convert -filter.
const MaxListed = 1_000_000

// listBatch is how many games are read between two updates of a list
// that grows (and at most listEvery apart).
const (
	listBatch = 2000
	listEvery = 200 * time.Millisecond
)

// opened is what a file holds: a saved game, or other programs' records.
type opened struct {
	file *gamefile.File
	list *gameList
}

// gameRow is a game of a file's list: its summary, or why it could not
// be read.
type gameRow struct {
	sum records.Summary
	bad *records.Rejected
}

// rowOf is the row of an item a Scanner read.
func rowOf(it records.Item) gameRow {
	if it.Bad != nil {
		return gameRow{bad: it.Bad}
	}
	return gameRow{sum: it.Game.Summary(it.Line, it.Offset)}
}

// gameList is the list of a file's games, as far as it is read. It is
// only touched on the UI goroutine (or before it is shown).
type gameList struct {
	name      string
	rows      []gameRow
	good, bad int
	// done says the file is read to its end (or to err).
	done bool
	err  error
	// read reads a game of the list again, from its row.
	read func(gameRow) (records.Game, error)
}

// add appends rows read.
func (l *gameList) add(rows []gameRow) {
	for _, r := range rows {
		if r.bad != nil {
			l.bad++
		} else {
			l.good++
		}
	}
	l.rows = append(l.rows, rows...)
}

// only is the list's one good game when it holds nothing else.
func (l *gameList) only() (gameRow, bool) {
	if l.done && l.err == nil && len(l.rows) == 1 && l.rows[0].bad == nil {
		return l.rows[0], true
	}
	return gameRow{}, false
}

// memoryList is the list of games held in memory (a WTHOR file's).
func memoryList(name string, gs []records.Game, bad []records.Rejected) *gameList {
	l := &gameList{name: name, done: true}
	var rows []gameRow
	k := 0
	for i := range gs {
		if gs[i].N == 0 {
			gs[i].N = i + 1
		}
		for k < len(bad) && bad[k].N < gs[i].N {
			rows = append(rows, gameRow{bad: &bad[k]})
			k++
		}
		sum := gs[i].Summary(0, int64(i)) // Offset: the index in gs
		rows = append(rows, gameRow{sum: sum})
	}
	for ; k < len(bad); k++ {
		rows = append(rows, gameRow{bad: &bad[k]})
	}
	l.add(rows)
	l.read = func(r gameRow) (records.Game, error) { return gs[r.sum.Offset], nil }
	return l
}

// scanGames reads the games of r in the format f into batches of rows,
// handed to batch on the reading goroutine (the last with done true and
// the error that stopped the reading early, if any); it stops when ctx
// is cancelled. size is the input's size, for the progress (0: unknown).
func scanGames(ctx context.Context, r io.Reader, f records.Format, g *games.Game, s games.Settings,
	batch func(rows []gameRow, fraction float64, done bool, err error), size int64) {
	sc := records.NewScanner(f, r, g, s)
	var rows []gameRow
	last := time.Now()
	n := 0
	fraction := func() float64 {
		if size <= 0 {
			return 0
		}
		return min(1, float64(sc.Offset())/float64(size))
	}
	for sc.Scan() {
		if ctx.Err() != nil {
			return
		}
		if n == MaxListed {
			batch(rows, 1, true, errors.New(tr.F("only the first %d games are listed: pick from the file with boardgames convert -filter", MaxListed)))
			return
		}
		n++
		rows = append(rows, rowOf(sc.Item()))
		if len(rows) == listBatch || time.Since(last) > listEvery {
			batch(rows, fraction(), false, nil)
			rows, last = nil, time.Now()
		}
	}
	batch(rows, 1, true, sc.Err())
}

// recordsFormat tells the format of records from the start of their
// text; ok is false for a saved game.
func recordsFormat(head string) (records.Format, bool) {
	if strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(head, "\ufeff")), gamefile.Magic) {
		return "", false
	}
	return records.Detect(head), true
}

// fileSource opens a file of records for reading game by game: its
// format, a reader from its start, and how to read a game of it again
// (refused when the file changed since). A saved game is read whole
// (file non-nil).
func fileSource(path string, g *games.Game, s games.Settings) (src io.ReadCloser, f records.Format, size int64, read func(gameRow) (records.Game, error), file *gamefile.File, err error) {
	fh, info, err := gamefile.Open(path, records.MaxStream)
	if err != nil {
		return nil, "", 0, nil, nil, err
	}
	head := make([]byte, 64<<10)
	k, err := io.ReadFull(fh, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		fh.Close()
		return nil, "", 0, nil, nil, err
	}
	head = head[:k]
	f, ok := recordsFormat(string(head))
	if !ok {
		fh.Close()
		saved, err := gamefile.Load(path)
		return nil, "", 0, nil, &saved, err
	}
	src = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(head), fh), fh}
	read = func(r gameRow) (records.Game, error) {
		again, now, err := gamefile.Open(path, records.MaxStream)
		if err != nil {
			return records.Game{}, err
		}
		defer again.Close()
		if now.Size() != info.Size() || !now.ModTime().Equal(info.ModTime()) {
			return records.Game{}, errors.New(tr.F("%s changed since it was listed: open it again", filepath.Base(path)))
		}
		it, err := records.ReadAt(f, again, r.sum.Offset, r.sum.N, r.sum.Line, g, s)
		if err == nil && it.Bad != nil {
			err = it.Bad.Err
		}
		return it.Game, err
	}
	return src, f, info.Size(), read, nil, nil
}

// readGames reads a file of games whole: a saved game, or records of
// another program's format (for a move list, of the game on the board).
// A file named .bgame must be a saved game. loadGames reads as the list
// grows instead.
func (u *UI) readGames(path string) (opened, error) {
	if strings.EqualFold(filepath.Ext(path), gamefile.Ext) {
		f, err := gamefile.Load(path)
		return opened{file: &f}, err
	}
	if strings.EqualFold(filepath.Ext(path), gamefile.WTHORExt) {
		return readWTHOR(path)
	}
	g, s := u.ctl.Game(), u.ctl.Settings()
	src, f, size, read, file, err := fileSource(path, g, s)
	if err != nil || file != nil {
		return opened{file: file}, err
	}
	defer src.Close()
	l := &gameList{name: filepath.Base(path), read: read}
	scanGames(context.Background(), src, f, g, s, func(rows []gameRow, _ float64, done bool, err error) {
		l.add(rows)
		l.done, l.err = done, err
	}, size)
	if err := l.check(); err != nil {
		return opened{}, errors.New(tr.F("%s: %v", l.name, err))
	}
	return opened{list: l}, nil
}

// check says why a list read to its end holds no game to open.
func (l *gameList) check() error {
	switch {
	case l.good == 0 && l.err != nil:
		return l.err
	case l.good == 0 && l.bad > 0:
		return l.firstBad().Err // no good game: the first fault is the file's
	case l.good == 0:
		return errors.New(tr.T("no game found in the file"))
	}
	return nil
}

// firstBad is the first game of the list that could not be read.
func (l *gameList) firstBad() *records.Rejected {
	for _, r := range l.rows {
		if r.bad != nil {
			return r.bad
		}
	}
	return nil
}

// readWTHOR reads a WTHOR file, whole.
func readWTHOR(path string) (opened, error) {
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
	if err != nil {
		return opened{}, err
	}
	return opened{list: memoryList(filepath.Base(path), gs, bad)}, nil
}

// parseGames reads text holding a saved game or records; name names it in
// messages.
func (u *UI) parseGames(name, text string) (opened, error) {
	f, ok := recordsFormat(text)
	if !ok {
		f, err := gamefile.Parse(text)
		if err != nil {
			return opened{}, errors.New(tr.F("%s: %v", name, err))
		}
		return opened{file: &f}, nil
	}
	if len(text) > records.MaxSize {
		return opened{}, errors.New(tr.F("%s: %v", name, tr.F("%d MiB is more than the %d MiB a text of games may have", len(text)>>20, records.MaxSize>>20)))
	}
	g, s := u.ctl.Game(), u.ctl.Settings()
	l := &gameList{name: name, read: func(r gameRow) (records.Game, error) {
		it, err := records.ReadAt(f, strings.NewReader(text), r.sum.Offset, r.sum.N, r.sum.Line, g, s)
		if err == nil && it.Bad != nil {
			err = it.Bad.Err
		}
		return it.Game, err
	}}
	if f == records.Transcript && g == nil {
		return opened{}, errors.New(tr.F("%s: %v", name, "a move list does not say its game"))
	}
	scanGames(context.Background(), strings.NewReader(text), f, g, s, func(rows []gameRow, _ float64, done bool, err error) {
		l.add(rows)
		l.done, l.err = done, err
	}, 0)
	if err := l.check(); err != nil {
		return opened{}, errors.New(tr.F("%s: %v", name, err))
	}
	return opened{list: l}, nil
}

// show puts what a file holds on the board: a saved game, the only game
// of a file of records, or the one the user picks from the list. name
// names the file in messages.
func (u *UI) show(name string, o opened) {
	switch {
	case o.file != nil:
		u.applyFile(name, *o.file)
	default:
		if r, ok := o.list.only(); ok {
			u.openRow(o.list, r)
			return
		}
		u.chooseGame(o.list, nil)
	}
}

// openRow reads a game of a list again and puts it on the board.
func (u *UI) openRow(l *gameList, r gameRow) {
	g, err := l.read(r)
	if err != nil {
		u.ctl.Tell(tr.F("Could not open the game: %s", fileerr.Text(err)))
		return
	}
	u.applyRecord(l.name, g, len(l.rows))
}

// applyRecord puts a game of a file of total games on the board. People
// sit on both sides, so that no bot plays on from it. Its comments and
// evaluations are shown beside its moves in the move list.
func (u *UI) applyRecord(name string, g records.Game, total int) {
	f := gamefile.FromRecord(g)
	f.Players = [2]string{gamefile.Human, gamefile.Human}
	u.apply(f)
	u.ctl.SetNotes(g.Comments, g.Evals)
	u.refreshMoveList()
	n := g.Record.Len()
	what := name
	if total > 1 || g.N > 1 {
		what = tr.F("game %d of %d in %s", max(g.N, 1), max(total, g.N), name)
	}
	msg := tr.N("Opened %[1]s: %[2]s, %[3]d move%[4]s.", n, what, match.GameTitle(g.Game), n, describeSettings(g.Game, g.Settings))
	if res := g.Final(); res != g.Record.Result() {
		msg += " " + tr.F("Recorded result: %s (the moves stop before the end).", match.ResultWords(g.Game, res))
	}
	if c := len(g.Comments) + len(g.Evals); c > 0 {
		msg += " " + tr.N("%d comment is shown beside its move.", c, c)
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

// badLine describes a game of a file that could not be read.
func badLine(b records.Rejected) string {
	if b.Line == 0 { // a binary file's (WTHOR)
		return tr.F("%d. not read (byte %d): %s", b.N, b.Offset, b.Reason())
	}
	return tr.F("%d. not read (line %d): %s", b.N, b.Line, b.Reason())
}

// gameLine describes a game of a file in the list to choose from.
func gameLine(g *records.Summary) string {
	var who []string
	for _, k := range []string{"Black", "White", "PB", "PW"} {
		if v := g.Tag(k); v != "" {
			who = append(who, v)
		}
	}
	parts := []string{fmt.Sprintf("%d.", g.N)}
	if len(who) > 0 {
		parts = append(parts, strings.Join(who, " – "))
	}
	for _, k := range []string{"Event", "Date", "PC", "DT"} {
		if v := g.Tag(k); v != "" {
			parts = append(parts, v)
		}
	}
	parts = append(parts, tr.N("%d move", g.Moves, g.Moves), match.ResultWords(g.Game, g.Final))
	if g.Comments > 0 {
		parts = append(parts, tr.N("%d comment", g.Comments, g.Comments))
	}
	return strings.Join(parts, ", ")
}

// rowLine is a row of the list of a file's games.
func rowLine(r *gameRow) string {
	if r.bad != nil {
		return badLine(*r.bad)
	}
	return gameLine(&r.sum)
}

// gameRows appends to shown the rows of rows (numbered from first) that
// match a search: every game read that matches, and, when the search is
// empty, the ones that could not be read.
func gameRows(shown []int, rows []gameRow, first int, f records.Filter) []int {
	for i := range rows {
		r := &rows[i]
		if r.bad != nil && f.IsZero() || r.bad == nil && f.MatchSummary(&r.sum) {
			shown = append(shown, first+i)
		}
	}
	return shown
}

// chooser is the list of a file's games on the screen, as it grows.
type chooser struct {
	l      *gameList
	shown  []int // the rows that match the search, indices in l.rows
	filter records.Filter
	picked int // the row picked, -1 none
	list   *widget.List
	head   *widget.Label
	bar    *widget.ProgressBar
	d      *dialog.ConfirmDialog
}

// headText says what the list holds, or how far it is read.
func (c *chooser) headText() string {
	l := c.l
	n := len(l.rows)
	switch {
	case !l.done:
		return tr.N("Reading %[1]s: %[2]d game so far…", n, l.name, n)
	case l.err != nil:
		return tr.N("%[1]s: %[2]d game read, then: %[3]v", n, l.name, n, l.err)
	}
	return tr.N("%[1]s holds %[2]d game. Which one?", n, l.name, n)
}

// grow adds rows read to the list on the screen.
func (c *chooser) grow(rows []gameRow, fraction float64) {
	first := len(c.l.rows)
	c.l.add(rows)
	c.shown = gameRows(c.shown, rows, first, c.filter)
	c.head.SetText(c.headText())
	if c.l.done {
		c.bar.Hide()
	} else {
		c.bar.SetValue(fraction)
	}
	c.list.Refresh()
	if c.picked < 0 && len(c.shown) > 0 && c.l.rows[c.shown[0]].bad == nil && first == 0 {
		c.list.Select(0)
	}
}

// chooseGame lists a file's games, and the ones that could not be read
// with their line and reason, under a search entry (player=, event=,
// year=, result= or a word: see records.Filter), and opens the one picked
// (select and Open). It returns the list on the screen, for a reading
// that goes on to add to it (chooser.grow); stop, if not nil, is called
// when the list is closed.
func (u *UI) chooseGame(l *gameList, stop func()) *chooser {
	c := &chooser{l: l, picked: -1}
	c.shown = gameRows(nil, l.rows, 0, c.filter)
	c.list = widget.NewList(func() int { return len(c.shown) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i < len(c.shown) {
				o.(*widget.Label).SetText(rowLine(&c.l.rows[c.shown[i]]))
			}
		})
	c.list.OnSelected = func(i widget.ListItemID) {
		c.picked = -1
		if i < len(c.shown) && c.l.rows[c.shown[i]].bad == nil {
			c.picked = c.shown[i]
		}
	}
	if len(c.shown) > 0 && l.rows[c.shown[0]].bad == nil {
		c.list.Select(0)
	}
	c.head = widget.NewLabel(c.headText())
	c.head.Wrapping = fyne.TextWrapWord
	c.bar = widget.NewProgressBar()
	if l.done {
		c.bar.Hide()
	}
	search := widget.NewEntry()
	search.SetPlaceHolder(tr.T("Search: player=, event=, year=, result= or a word"))
	search.OnChanged = func(s string) {
		f, err := records.ParseFilter(s)
		if err != nil {
			c.head.SetText(tr.F("Not a search: %v", err))
			return
		}
		c.head.SetText(c.headText())
		c.filter = f
		c.shown = gameRows(nil, c.l.rows, 0, f)
		c.list.UnselectAll()
		c.picked = -1
		c.list.Refresh()
	}
	c.d = dialog.NewCustomConfirm(tr.T("Choose a game"), tr.T("Open"), tr.T("Cancel"),
		container.NewBorder(container.NewVBox(c.head, c.bar, search), nil, nil, nil, c.list), func(ok bool) {
			if stop != nil {
				stop()
			}
			if ok && c.picked >= 0 {
				u.openRow(c.l, c.l.rows[c.picked])
			}
		}, u.win)
	c.d.Resize(dialogSize(u.win))
	c.d.Show()
	return c
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
	g.Comments, g.Evals = r.Comments, r.Evals
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

// loadGames reads a file off the UI goroutine and puts it on the board:
// a file of records shows its list as soon as its first games are read,
// and the list grows as the reading goes on (with its progress), until
// the file's end or until the list is closed. The channel is closed when
// the reading has ended.
func (u *UI) loadGames(path string) <-chan struct{} {
	u.stopLoading()
	ctx, cancel := context.WithCancel(context.Background())
	u.loading = cancel
	ended := make(chan struct{})
	g, s := u.ctl.Game(), u.ctl.Settings() // read here, on the UI goroutine
	go func() {
		defer close(ended)
		name := filepath.Base(path)
		ext := filepath.Ext(path)
		if strings.EqualFold(ext, gamefile.Ext) || strings.EqualFold(ext, gamefile.WTHORExt) {
			var o opened
			var err error
			if strings.EqualFold(ext, gamefile.Ext) {
				var f gamefile.File
				f, err = gamefile.Load(path)
				o.file = &f
			} else {
				o, err = readWTHOR(path)
			}
			u.post(func() {
				if ctx.Err() == nil { // not replaced by another file meanwhile
					u.showLoaded(path, o, err)
				}
			})
			return
		}
		src, f, size, read, file, err := fileSource(path, g, s)
		if err != nil || file != nil {
			u.post(func() {
				if ctx.Err() == nil {
					u.showLoaded(path, opened{file: file}, err)
				}
			})
			return
		}
		defer src.Close()
		l := &gameList{name: name, read: read}
		var c *chooser // on the UI goroutine only
		started := false
		scanGames(ctx, src, f, g, s, func(rows []gameRow, fraction float64, done bool, err error) {
			u.post(func() {
				if ctx.Err() != nil {
					return // closed meanwhile
				}
				if !started {
					started = true
					l.done, l.err = done, err
					if done {
						l.add(rows)
						if cerr := l.check(); cerr != nil {
							u.showLoaded(path, opened{}, errors.New(tr.F("%s: %v", name, cerr)))
							return
						}
						u.prefs.p.SetString(PrefFolder, filepath.Dir(path))
						u.show(name, opened{list: l})
						return
					}
					u.prefs.p.SetString(PrefFolder, filepath.Dir(path))
					c = u.chooseGame(l, cancel)
					c.grow(rows, fraction)
					return
				}
				l.done, l.err = done, err
				c.grow(rows, fraction)
			})
		}, size)
	}()
	return ended
}

// stopLoading stops the reading of a file that loadGames started.
func (u *UI) stopLoading() {
	if u.loading != nil {
		u.loading()
		u.loading = nil
	}
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
