package app

import (
	"fyne.io/fyne/v2"

	"boardgames/app/gamefile"
	"boardgames/app/internal/tr"
	applab "boardgames/app/lab"
	"boardgames/rules/games"
)

// The lab and the board together: the lab works on the position on the
// board (the one browsed to, not the game's last), and a game of the lab
// (an arena game) opens on the board.

// browsed is the lab's source: the position shown on the board.
type browsed struct{ u *UI }

func (b browsed) Position() games.Position { return b.u.ctl.At(b.u.shownPly()) }
func (b browsed) Settings() games.Settings { return b.u.ctl.Settings() }
func (b browsed) Len() int                 { return b.u.shownPly() }

// newLab makes the lab on the board's position.
func (u *UI) newLab() *applab.Lab {
	return applab.New(browsed{u}, applab.Options{Post: u.post, OpenGame: u.openGame, ShowNode: u.showNode,
		// The inspector, focused, hands the keys it does not step with
		// to the clicker's map.
		OnKey: func(ev *fyne.KeyEvent) { u.clickerKey(ev.Name, nil) }, OnRune: func(r rune) { u.clickerRune(r) }})
}

// openGame opens a game of the lab on the board (after a confirmation if
// it would discard a game in progress), at its start, to step through it
// with → (or the clicker).
func (u *UI) openGame(g *games.Game, s games.Settings, rec games.Record, what string) {
	u.unlessDiscarding(tr.F("Open %s", what), func() {
		u.apply(gamefile.File{Game: g, Settings: s, Record: rec})
		u.browseTo(0)
		u.ctl.Tell(tr.N("%[1]s is on the board, %[2]d move: → steps through it, End goes to its end.", rec.Len(), what, rec.Len()))
	}, nil)
}
