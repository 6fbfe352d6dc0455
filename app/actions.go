package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	applab "boardgames/app/lab"
	"boardgames/app/match"
	"boardgames/rules/games"
)

// tapped handles a click on a board cell: part of a move, a move, or a
// message in the status line saying why not. An illegal click changes
// nothing else.
func (u *UI) tapped(cell int) {
	c := u.ctl
	if c.Result().Over() {
		c.Say("The game is over: start a new game (Ctrl+N).")
		return
	}
	pos := c.Position()
	if !c.HumanToMove() {
		if _, thinking := c.Thinking(); thinking {
			c.Say("Wait: %s (bot) is thinking. Press Move now to hurry it.", u.playerName(pos.ToMove()))
		} else {
			c.Say("%s is a bot: press Resume or Step to let it move.", u.playerName(pos.ToMove()))
		}
		return
	}
	click := u.input.Click(pos, pos.Legal(), cell)
	if click.Done {
		u.input.Reset()
		if err := c.Play(click.Move); err != nil {
			c.Say("%v", err)
		}
		return
	}
	if click.Message != "" {
		c.Say("%s", click.Message)
		return
	}
	// A piece was picked up (checkers): show where it can go.
	if p := u.input.Path(); len(p) == 1 {
		c.Say("Piece on %d selected: click where it goes.", match.PDN(p[0]))
	} else {
		u.refresh()
	}
}

func (u *UI) newGame() {
	u.startGame(u.ctl.Game())
}

// startGame starts a new game of g with the saved settings.
func (u *UI) startGame(g *games.Game) {
	u.input.Reset()
	if err := u.ctl.NewGame(g, u.prefs.settings(g)); err != nil {
		u.ctl.Say("Cannot start %s: %v", g.Title, err)
	}
}

// switchGame changes the game: its settings panel, its seats, a new game.
func (u *UI) switchGame(g *games.Game) {
	u.prefs.p.SetString(PrefGame, g.Name)
	u.input.Reset()
	// Stop the bots of the old game before anything else.
	u.ctl.SetSeat(0, match.Human)
	u.ctl.SetSeat(1, match.Human)
	u.startGame(g)
	u.buildGameSettings()
	u.loadSeats()
	u.refresh()
}

func (u *UI) undo() {
	u.input.Reset()
	if err := u.ctl.Undo(); err != nil {
		u.ctl.Say("Cannot undo: %v.", err)
	}
}

func (u *UI) redo() {
	u.input.Reset()
	if err := u.ctl.Redo(); err != nil {
		u.ctl.Say("Cannot redo: %v.", err)
	}
}

func (u *UI) hint() {
	if !u.ctl.HumanToMove() {
		u.ctl.Say("A hint is for a human to move.")
		return
	}
	if err := u.ctl.RequestHint(); err != nil {
		u.ctl.Say("No hint: %v.", err)
	}
}

func (u *UI) moveNow() {
	if !u.ctl.MoveNow() {
		u.ctl.Say("No bot is thinking.")
	}
}

func (u *UI) togglePause() {
	if u.ctl.Paused() {
		u.ctl.Resume()
	} else {
		u.ctl.Pause()
	}
}

func (u *UI) step() {
	if err := u.ctl.Step(); err != nil {
		u.ctl.Say("Cannot step: %v.", err)
	}
}

// shortcut is a keyboard shortcut and its action.
type shortcut struct {
	sc     fyne.Shortcut
	action func()
}

func (u *UI) shortcuts() map[string]shortcut {
	ctrl := func(k fyne.KeyName) fyne.Shortcut {
		return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault}
	}
	return map[string]shortcut{
		"new":  {ctrl(fyne.KeyN), u.newGame},
		"undo": {&fyne.ShortcutUndo{}, u.undo},
		"redo": {&fyne.ShortcutRedo{}, u.redo},
		"save": {ctrl(fyne.KeyS), u.save},
		"open": {ctrl(fyne.KeyO), u.open},
		"lab":  {ctrl(fyne.KeyL), u.openLab},
	}
}

// addShortcuts binds Ctrl+N, Ctrl+Z, Ctrl+Y, Ctrl+S, Ctrl+O, Ctrl+L and H.
func (u *UI) addShortcuts() {
	c := u.win.Canvas()
	for _, s := range u.shortcuts() {
		action := s.action
		c.AddShortcut(s.sc, func(fyne.Shortcut) { action() })
	}
	// Ctrl+Y arrives as a custom shortcut where the driver does not map it.
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyY, Modifier: fyne.KeyModifierShortcutDefault},
		func(fyne.Shortcut) { u.redo() })
	c.SetOnTypedRune(func(r rune) {
		switch r {
		case 'h', 'H':
			u.hint()
		case 'v', 'V':
			u.toggleAnalysis()
		}
	})
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if ev.Name == fyne.KeyEscape {
			u.input.Reset()
			u.refresh()
		}
	})
}

// menu is the main menu; items show their shortcuts.
func (u *UI) menu() *fyne.MainMenu {
	sc := u.shortcuts()
	item := func(label, key string) *fyne.MenuItem {
		it := fyne.NewMenuItem(label, sc[key].action)
		it.Shortcut = sc[key].sc
		return it
	}
	file := fyne.NewMenu("File",
		item("New game", "new"),
		item("Open…", "open"),
		item("Save…", "save"),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Copy move list", u.copyMoves),
		fyne.NewMenuItem("Copy position", u.copyPosition),
		fyne.NewMenuItem("Paste moves or position", u.paste),
	)
	game := fyne.NewMenu("Game",
		item("Undo", "undo"),
		item("Redo", "redo"),
		fyne.NewMenuItem("Hint (H)", u.hint),
		fyne.NewMenuItem("Move now", u.moveNow),
		fyne.NewMenuItem("Pause / resume", u.togglePause),
		fyne.NewMenuItem("Step", u.step),
	)
	u.themeItems = nil
	for _, choice := range []string{ThemeSystem, ThemeLight, ThemeDark} {
		it := fyne.NewMenuItem(choice+" theme", func() { u.setTheme(choice) })
		u.themeItems = append(u.themeItems, it)
	}
	view := fyne.NewMenu("View", append(u.themeItems, fyne.NewMenuItemSeparator(), u.analysis.item)...)
	lab := fyne.NewMenu("Lab", item("Open the lab", "lab"))
	u.mainMenu = fyne.NewMainMenu(file, game, view, lab)
	u.refreshMenu()
	return u.mainMenu
}

// refreshMenu ticks the theme in use.
func (u *UI) refreshMenu() {
	if u.mainMenu == nil {
		return
	}
	choice := u.prefs.p.StringWithFallback(PrefTheme, ThemeSystem)
	for i, it := range u.themeItems {
		it.Checked = []string{ThemeSystem, ThemeLight, ThemeDark}[i] == choice
	}
	u.mainMenu.Refresh()
}

// openLab opens the lab window, or brings it to the front.
func (u *UI) openLab() {
	if u.lab != nil && !u.lab.Closed() {
		u.lab.Window().RequestFocus()
		return
	}
	u.lab = applab.Open(u.app, u.ctl, applab.Options{Post: u.post})
}
