package app

import (
	"errors"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/app/board"
	"boardgames/app/gamefile"
	"boardgames/app/internal/tr"
	"boardgames/app/match"
	"boardgames/rules"
	"boardgames/rules/adjacency"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/games"
)

// The position editor (Game menu, "Set up a position…"): a board to place
// and remove pieces on (checkers kings too; Connect Four's stones drop in
// their column), the side to move, Adjacency's rounds played, and a check
// of the position with a clear message before it opens as a new game from
// there.

// editor is the position editor's state: the board in the rows of
// games.Position.Rows.
type editor struct {
	u      *UI
	g      *games.Game
	rows   [][]byte
	board  *board.Board
	pieces *widget.RadioGroup
	chars  []byte // the piece of each choice of pieces
	side   *widget.RadioGroup
	rounds *widget.Entry
	msg    *widget.Label
	d      dialog.Dialog
}

// Editor returns the position editor shown, nil if none (tests).
func (u *UI) Editor() *editor { return u.editing }

// editPosition opens the position editor on the position on the board.
func (u *UI) editPosition() {
	g := u.ctl.Game()
	pos := u.ctl.At(u.shownPly())
	e := &editor{u: u, g: g, board: board.New()}
	e.load(pos.Rows())
	e.board.Animate = false
	e.board.MinSide = 10
	e.board.OnTapped = e.tap
	names := []string{match.ColourName(g, rules.Black), match.ColourName(g, rules.White)}
	choices := append([]string{}, names...)
	e.chars = []byte{'X', 'O'}
	if g.Name == checkers.Name {
		choices = append(choices, tr.F("%s king", names[0]), tr.F("%s king", names[1]))
		e.chars = []byte{'b', 'w', 'B', 'W'}
	}
	e.pieces = widget.NewRadioGroup(choices, nil)
	e.pieces.Horizontal = true
	e.pieces.Required = true
	e.pieces.SetSelected(choices[0])
	e.side = widget.NewRadioGroup(names, nil)
	e.side.Horizontal = true
	e.side.Required = true
	e.side.SetSelected(names[pos.ToMove()])
	e.rounds = widget.NewEntry()
	if r, ok := match.RoundsLeft(pos); ok {
		e.rounds.SetText(strconv.Itoa(u.ctl.Settings().Rounds - r))
	}
	e.msg = widget.NewLabel(tr.T("Click a square to place the piece chosen; click it again to empty it."))
	e.msg.Wrapping = fyne.TextWrapWord
	rows := []fyne.CanvasObject{widget.NewLabel(tr.T("Piece")), e.pieces}
	if g.Name != connect4.Name { // Connect Four's side to move follows from the stones
		rows = append(rows, widget.NewLabel(tr.T("To move")), e.side)
	}
	if g.Name == adjacency.Name {
		rows = append(rows, widget.NewLabel(tr.T("Rounds played")), e.rounds)
	}
	clear := widget.NewButtonWithIcon(tr.T("Empty board"), theme.ContentClearIcon(), func() { e.fill(nil) })
	start := widget.NewButtonWithIcon(tr.T("Start position"), theme.HomeIcon(), func() {
		if p, err := g.Start(u.ctl.Settings()); err == nil {
			e.fill(p.Rows())
		}
	})
	cancel := widget.NewButtonWithIcon(tr.T("Cancel"), theme.CancelIcon(), func() { e.close() })
	play := widget.NewButtonWithIcon(tr.T("Play from this position"), theme.ConfirmIcon(), e.play)
	play.Importance = widget.HighImportance
	bottom := container.NewVBox(e.msg, container.NewGridWithColumns(2, clear, start), container.NewGridWithColumns(2, cancel, play))
	content := container.NewBorder(u.newForm(rows...), bottom, nil, nil, e.board)
	e.d = dialog.NewCustomWithoutButtons(tr.F("Set up a position: %s", match.GameTitle(g)), content, u.win)
	s := u.win.Canvas().Size()
	e.d.Resize(fyne.NewSize(s.Width*0.9, s.Height*0.9))
	u.editing = e
	e.show()
	e.d.Show()
}

// load takes rows of the board.
func (e *editor) load(rows []string) {
	e.rows = make([][]byte, len(rows))
	for i, r := range rows {
		e.rows[i] = []byte(r)
	}
}

// fill sets the board to rows, or empties it (nil).
func (e *editor) fill(rows []string) {
	if rows == nil {
		for _, r := range e.rows {
			for c := range r {
				if r[c] != '.' {
					r[c] = '-'
				}
			}
		}
	} else {
		e.load(rows)
	}
	e.show()
}

// show draws the board being edited.
func (e *editor) show() {
	rows := make([]string, len(e.rows))
	for i, r := range e.rows {
		rows[i] = string(r)
	}
	e.board.SetView(board.View{Game: e.g.Name, Rows: rows, Coords: true, Numbers: e.g.Name == checkers.Name,
		Flipped: e.u.prefs.flipped(e.g)})
}

// tap places the chosen piece on a cell, or empties it; in Connect Four
// a stone drops to the bottom of its column, and a click on a stone
// takes the column's top stone away.
func (e *editor) tap(cell int) {
	w := len(e.rows[0])
	r, c := cell/w, cell%w
	piece := e.chars[max(index(e.pieces), 0)]
	switch {
	case e.g.Name == connect4.Name && e.rows[r][c] != '-':
		for y := range e.rows {
			if e.rows[y][c] != '-' {
				e.rows[y][c] = '-'
				break
			}
		}
	case e.g.Name == connect4.Name:
		for y := len(e.rows) - 1; y >= 0; y-- {
			if e.rows[y][c] == '-' {
				e.rows[y][c] = piece
				break
			}
		}
	case e.rows[r][c] == '.':
		e.msg.SetText(tr.T("Checkers is played on the dark squares only."))
		return
	case e.rows[r][c] == piece:
		e.rows[r][c] = '-'
	default:
		e.rows[r][c] = piece
	}
	e.msg.Importance = widget.MediumImportance
	e.msg.SetText(tr.T("Click a square to place the piece chosen; click it again to empty it."))
	e.show()
}

// Tap clicks a cell of the editor's board (tests).
func (e *editor) Tap(cell int) { e.tap(cell) }

// Position checks the position set up and returns it, or says what is
// wrong with it.
func (e *editor) Position() (games.Position, error) {
	side := rules.Player(max(index(e.side), 0))
	count := func(chars string) int {
		n := 0
		for _, r := range e.rows {
			for _, ch := range r {
				if strings.IndexByte(chars, ch) >= 0 {
					n++
				}
			}
		}
		return n
	}
	name := func(p rules.Player) string { return match.ColourName(e.g, p) }
	var text string
	switch e.g.Name {
	case checkers.Name:
		for _, p := range []rules.Player{rules.Black, rules.White} {
			if count(map[rules.Player]string{rules.Black: "bB", rules.White: "wW"}[p]) == 0 {
				return nil, errors.New(tr.F("%s has no piece: each side needs at least one.", name(p)))
			}
		}
		for c, ch := range e.rows[len(e.rows)-1] {
			if ch == 'b' {
				return nil, errors.New(tr.F("A %s man on square %d has reached the far row: make it a king.", name(rules.Black), match.PDN((len(e.rows)-1)*len(e.rows[0])+c)))
			}
		}
		for c, ch := range e.rows[0] {
			if ch == 'w' {
				return nil, errors.New(tr.F("A %s man on square %d has reached the far row: make it a king.", name(rules.White), match.PDN(c)))
			}
		}
		text = checkersFEN(e.rows, side)
	case connect4.Name:
		x, o := count(notation("X")), count(notation("O"))
		if x != o && x != o+1 {
			return nil, errors.New(tr.F("%s has %d stones and %s %d: %s moves first, so it has as many stones as %s or one more.",
				name(rules.Black), x, name(rules.White), o, name(rules.Black), name(rules.White)))
		}
		rows := make([]string, len(e.rows))
		for i, r := range e.rows {
			rows[i] = string(r)
		}
		text = strings.Join(rows, "/")
	default:
		var b strings.Builder
		for _, r := range e.rows {
			b.Write(r)
		}
		text = notation(b.String(), " ", []string{notation("X"), notation("O")}[side])
		if e.g.Name == adjacency.Name {
			n, err := strconv.Atoi(strings.TrimSpace(e.rounds.Text))
			if err != nil || n < 0 {
				return nil, errors.New(tr.F("Rounds played: %q is not a number of rounds.", e.rounds.Text))
			}
			text += " " + strconv.Itoa(n)
		}
	}
	pos, err := e.g.Parse(text, e.u.ctl.Settings())
	if err != nil {
		return nil, errors.New(tr.F("This position cannot be played: %v", err))
	}
	if pos.Result().Over() {
		return nil, errors.New(tr.T("The game is already over in this position: there is nothing to play."))
	}
	return pos, nil
}

// checkersFEN writes rows as a PDN FEN position.
func checkersFEN(rows [][]byte, side rules.Player) string {
	var white, black []string
	n := 0
	for _, r := range rows {
		for _, ch := range r {
			if ch == '.' {
				continue
			}
			n++
			switch ch {
			case 'w':
				white = append(white, strconv.Itoa(n))
			case 'W':
				white = append(white, notation("K", strconv.Itoa(n)))
			case 'b':
				black = append(black, strconv.Itoa(n))
			case 'B':
				black = append(black, notation("K", strconv.Itoa(n)))
			}
		}
	}
	return notation([]string{notation("B"), notation("W")}[side], ":W", strings.Join(white, ","), ":B", strings.Join(black, ","))
}

// notation joins the parts of a position written in a game's notation
// (no text for a reader: the letters are the notation's).
func notation(parts ...string) string { return strings.Join(parts, "") }

// play opens the position set up as a new game, or says what is wrong.
func (e *editor) play() {
	pos, err := e.Position()
	if err != nil {
		e.msg.SetText(err.Error())
		e.msg.Importance = widget.DangerImportance
		e.msg.Refresh()
		return
	}
	e.close()
	u := e.u
	u.unlessDiscarding(tr.T("Play from this position"), func() {
		u.apply(gamefile.File{Game: e.g, Settings: u.ctl.Settings(), Record: games.NewRecord(pos)})
		u.ctl.Tell(tr.F("A new game from the position set up: %s to move.", u.playerName(pos.ToMove())))
	}, nil)
}

// close hides the editor.
func (e *editor) close() {
	e.d.Hide()
	if e.u.editing == e {
		e.u.editing = nil
	}
}

// index is the choice of a radio group by its place, -1 for none.
func index(r *widget.RadioGroup) int {
	for i, o := range r.Options {
		if o == r.Selected {
			return i
		}
	}
	return -1
}
