package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/app/internal/form"
	"boardgames/app/internal/tr"
	"boardgames/app/internal/web"
	applab "boardgames/app/lab"
	"boardgames/app/match"
	"boardgames/rules/connect4"
	"boardgames/rules/games"
)

// tapped handles a click on a board cell: part of a move, a move, or a
// message in the status line saying why not. An illegal click changes
// nothing else. On a position browsed to, a move branches the game there
// (after a confirmation).
func (u *UI) tapped(cell int) {
	c := u.ctl
	ply := u.shownPly()
	pos := c.At(ply)
	if !u.browsing() && c.Result().Over() || pos.Result().Over() {
		c.Tell(tr.T("The game is over: start a new game (Ctrl+N)."))
		return
	}
	if !u.humanAt(ply) {
		name := u.playerName(pos.ToMove())
		switch _, thinking := c.Thinking(); {
		case c.Held() != nil && !u.browsing():
			c.Tell(tr.F("%s has chosen its move: press R (Reveal) to see it played.", name))
		case u.browsing():
			c.Tell(tr.F("%s is played by a bot: make it Human to play from here.", name))
		case thinking:
			c.Tell(tr.F("Wait: %s is thinking. Press Move now to hurry it.", name))
		default:
			c.Tell(tr.F("%s is played by a bot: press Resume or Step to let it move.", name))
		}
		return
	}
	click := u.input.Click(pos, pos.Legal(), cell)
	if click.Done {
		u.input.Reset()
		if u.browsing() {
			u.playViewed(click.Move)
			return
		}
		if err := c.Play(click.Move); err != nil {
			c.Tell(err.Error())
		}
		return
	}
	if click.Message != "" {
		c.Tell(click.Message)
		return
	}
	// A piece was picked up (checkers): show where it can go.
	if p := u.input.Path(); len(p) == 1 {
		c.Tell(tr.F("Piece on square %d selected: click where it goes.", match.PDN(p[0])))
	} else {
		u.refresh()
	}
}

// newGame starts a new game of the same game, after a confirmation if it
// would discard a game in progress.
func (u *UI) newGame() {
	u.unlessDiscarding(tr.T("New game"), func() { u.startGame(u.ctl.Game()) }, nil)
}

// startGame starts a new game of g with the saved settings.
func (u *UI) startGame(g *games.Game) {
	u.input.Reset()
	u.view = -1
	if err := u.ctl.NewGame(g, u.prefs.settings(g)); err != nil {
		u.ctl.Tell(tr.F("Cannot start %s: %v", match.GameTitle(g), err))
	}
}

// switchGame changes the game (after a confirmation if it would discard a
// game in progress): its settings panel, its seats, a new game.
func (u *UI) switchGame(g *games.Game) {
	u.unlessDiscarding(tr.F("Play %s", match.GameTitle(g)), func() {
		u.prefs.p.SetString(PrefGame, g.Name)
		u.input.Reset()
		// Stop the bots of the old game before anything else.
		u.ctl.SetSeat(0, match.Human)
		u.ctl.SetSeat(1, match.Human)
		u.startGame(g)
		u.buildGameSettings()
		u.loadSeats()
		u.refresh()
	}, func() { u.gameSelect.SetSelected(match.GameTitle(u.ctl.Game())) })
}

func (u *UI) undo() {
	u.input.Reset()
	if err := u.ctl.Undo(); err != nil {
		u.ctl.Tell(tr.F("Cannot undo: %v.", err))
	}
}

func (u *UI) redo() {
	u.input.Reset()
	if err := u.ctl.Redo(); err != nil {
		u.ctl.Tell(tr.F("Cannot redo: %v.", err))
	}
}

func (u *UI) hint() {
	switch {
	case u.browsing():
		u.ctl.Tell(tr.T("A hint is for the game's position: press End to come back to it."))
	case !u.ctl.HumanToMove():
		u.ctl.Tell(tr.T("A hint is for a person to move."))
	case u.analysis.on && u.ctl.HintFrom(u.analysis.z.Last()):
		// The values on the board answer: one number for both.
	default:
		if err := u.ctl.RequestHint(); err != nil {
			u.ctl.Tell(tr.F("No hint: %v.", err))
		}
	}
}

func (u *UI) moveNow() {
	if !u.ctl.MoveNow() {
		u.ctl.Tell(tr.T("No bot is thinking."))
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
		u.ctl.Tell(tr.F("Cannot step: %v.", err))
	}
}

// flip turns the board half a turn (not Connect Four's, which has an up).
func (u *UI) flip() {
	g := u.ctl.Game()
	if g.Name == connect4.Name {
		u.ctl.Tell(tr.T("A Connect Four board has a top and a bottom: it does not turn."))
		return
	}
	on := !u.prefs.flipped(g)
	u.prefs.setFlipped(g, on)
	if on {
		u.ctl.Tell(tr.F("The board is turned: %s's side is at the top.", u.playerName(0)))
	} else {
		u.ctl.Tell(tr.T("The board is the right way up."))
	}
}

// shortcut is a keyboard shortcut and its action.
type shortcut struct {
	sc     fyne.Shortcut
	action func()
}

func ctrl(k fyne.KeyName) fyne.Shortcut {
	return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault}
}

func (u *UI) shortcuts() map[string]shortcut {
	m := map[string]shortcut{
		"new":     {ctrl(fyne.KeyN), u.newGame},
		"undo":    {&fyne.ShortcutUndo{}, u.undo},
		"redo":    {&fyne.ShortcutRedo{}, u.redo},
		"save":    {ctrl(fyne.KeyS), u.save},
		"open":    {ctrl(fyne.KeyO), func() { u.unlessDiscarding(tr.T("Open a saved game"), u.open, nil) }},
		"lab":     {ctrl(fyne.KeyL), u.openLab},
		"quit":    {ctrl(fyne.KeyQ), u.quit},
		"larger":  {ctrl(fyne.KeyEqual), func() { u.stepScale(+1) }},
		"smaller": {ctrl(fyne.KeyMinus), func() { u.stepScale(-1) }},
		"normal":  {ctrl(fyne.Key0), func() { u.setScale(100) }},
	}
	if web.Browser { // a page is closed with its tab: no Quit
		delete(m, "quit")
	}
	return m
}

// addShortcuts binds the shortcuts (Ctrl+N...) and the clicker's map of
// keys (clicker.go): H (hint), F (flip), V (values), R (reveal), the
// arrows, Home and End (browsing), F5 (the Lecture view), Escape, B...
func (u *UI) addShortcuts() {
	c := u.win.Canvas()
	for _, s := range u.shortcuts() {
		action := s.action
		c.AddShortcut(s.sc, func(fyne.Shortcut) { action() })
	}
	// Ctrl+Y arrives as a custom shortcut where the driver does not map it.
	c.AddShortcut(ctrl(fyne.KeyY), func(fyne.Shortcut) { u.redo() })
	u.addClickerKeys(c) // clicker.go
}

// menu is the main menu; items show their shortcuts.
func (u *UI) menu() *fyne.MainMenu {
	sc := u.shortcuts()
	item := func(label, key string) *fyne.MenuItem {
		it := fyne.NewMenuItem(label, sc[key].action)
		it.Shortcut = sc[key].sc
		return it
	}
	file := fyne.NewMenu(tr.T("File"),
		item(tr.T("New game"), "new"),
		item(tr.T("Open…"), "open"),
		item(tr.T("Save…"), "save"),
		fyne.NewMenuItem(tr.T("Export (PDN, GGF, move list)…"), u.exportRecord),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(tr.T("Copy move list"), u.copyMoves),
		fyne.NewMenuItem(tr.T("Copy game record (PDN, GGF)"), u.copyRecord),
		fyne.NewMenuItem(tr.T("Copy position"), u.copyPosition),
		fyne.NewMenuItem(tr.T("Paste moves, position or record"), func() {
			u.unlessDiscarding(tr.T("Paste moves or a position"), u.paste, nil)
		}),
	)
	if !web.Browser {
		quit := item(tr.T("Quit"), "quit")
		quit.IsQuit = true
		file.Items = append(file.Items, fyne.NewMenuItemSeparator(), quit)
	}
	game := fyne.NewMenu(tr.T("Game"),
		item(tr.T("Undo"), "undo"),
		item(tr.T("Redo"), "redo"),
		fyne.NewMenuItem(tr.T("Hint (H)"), u.hint),
		fyne.NewMenuItem(tr.T("Move now"), u.moveNow),
		fyne.NewMenuItem(tr.T("Pause / resume"), u.togglePause),
		fyne.NewMenuItem(tr.T("Step"), u.step),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(tr.T("Start position (Home)"), func() { u.browseTo(0) }),
		fyne.NewMenuItem(tr.T("Previous move (←)"), func() { u.browseTo(u.shownPly() - 1) }),
		fyne.NewMenuItem(tr.T("Next move (→)"), func() { u.browseTo(u.shownPly() + 1) }),
		fyne.NewMenuItem(tr.T("Back to the game (End)"), func() { u.browseTo(u.ctl.Len()) }),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(tr.T("Turn the board (F)"), u.flip),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(tr.T("Set up a position…"), u.editPosition),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(tr.T("Review the game"), u.startReview),
	)
	u.themeItems = nil
	for _, choice := range themeChoices {
		it := fyne.NewMenuItem(themeLabel(choice), func() { u.setTheme(choice) })
		u.themeItems = append(u.themeItems, it)
	}
	view := fyne.NewMenu(tr.T("View"), append(u.themeItems, fyne.NewMenuItemSeparator(), u.analysis.item, u.predict.item,
		fyne.NewMenuItem(tr.T("Reveal (R)"), u.reveal))...)
	view.Items = append(view.Items, fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(tr.T("Lecture view (F5)"), u.toggleLecture),
		item(tr.T("Larger text and board"), "larger"),
		item(tr.T("Smaller text and board"), "smaller"),
		item(tr.T("Normal size"), "normal"),
		fyne.NewMenuItemSeparator())
	for _, l := range languageChoices {
		choice := l
		view.Items = append(view.Items, fyne.NewMenuItem(languageLabel(choice), func() { u.setLanguage(choice) }))
	}
	lab := fyne.NewMenu(tr.T("Lab"),
		item(tr.T("Open the lab"), "lab"),
		fyne.NewMenuItem(tr.T("Open the lab in its own window"), u.openLabWindow))
	u.mainMenu = fyne.NewMainMenu(file, game, view, lab, u.helpMenu())
	u.refreshMenu()
	return u.mainMenu
}

// refreshMenu ticks the theme and the language in use.
func (u *UI) refreshMenu() {
	if u.mainMenu == nil {
		return
	}
	choice := u.prefs.theme()
	for i, it := range u.themeItems {
		it.Checked = themeChoices[i] == choice
	}
	lang := u.prefs.language()
	for _, m := range u.mainMenu.Items {
		for _, it := range m.Items {
			for _, l := range languageChoices {
				if it.Label == languageLabel(l) {
					it.Checked = l == lang
				}
			}
		}
	}
	u.mainMenu.Refresh()
}

// openLab shows the lab beside the board, as a tab of the side panel
// whose room grows while it is shown; or brings its window to the front.
func (u *UI) openLab() {
	if u.lecture { // the lab lives in the normal view's side column
		u.toggleLecture()
	}
	if u.lab != nil && !u.lab.Closed() {
		if u.labWin != nil {
			u.labWin.RequestFocus()
			return
		}
		u.tabs.Select(u.labTab)
		return
	}
	u.lab = u.newLab()
	u.lab.SetWindow(u.win)
	u.dockLab()
	u.tabs.Select(u.labTab)
}

// dockLab adds the lab's tab to the side panel.
func (u *UI) dockLab() {
	undock := widget.NewButtonWithIcon(tr.T("Open in its own window"), theme.ViewFullScreenIcon(), u.openLabWindow)
	closeBtn := widget.NewButtonWithIcon(tr.T("Close the lab"), theme.CancelIcon(), u.closeLab)
	// Side by side, or one above the other in a narrow column.
	bar := form.New(undock, closeBtn)
	// In a scroll, down only: the lab's least height must not force the
	// window taller than a projector's screen; across, its screens fit the
	// column (where it is narrow, their side panels go above the results).
	box := container.NewBorder(bar, nil, nil, nil, container.NewVScroll(u.lab.Content()))
	bar.Layout.(*form.Layout).Changed = box.Refresh
	u.labTab = container.NewTabItem(tr.T("Lab"), box)
	u.lab.SetDocked(true)
	u.tabs.Append(u.labTab)
}

// openLabWindow moves the lab to a window of its own (for a second
// screen), opening it first if needed.
func (u *UI) openLabWindow() {
	if u.lab == nil || u.lab.Closed() {
		u.lab = u.newLab()
	}
	if u.labWin != nil {
		u.labWin.RequestFocus()
		return
	}
	if u.labTab != nil {
		u.tabs.Remove(u.labTab)
		u.labTab = nil
		u.relayout()
	}
	lab := u.lab
	lab.SetDocked(false)
	w := u.app.NewWindow(applab.Title())
	lab.SetWindow(w)
	w.SetContent(lab.Content())
	u.addClickerKeys(w.Canvas()) // the same keys as the main window
	w.SetOnClosed(func() {
		lab.Close()
		if u.lab == lab {
			u.lab, u.labWin = nil, nil
		}
	})
	// No larger than the main window, which the start fitted to the screen.
	room := u.win.Canvas().Size()
	w.Resize(applab.WindowSize.Min(room))
	u.labWin = w
	w.Show()
}

// closeLab closes the lab: its jobs stop, and its tab or window goes.
func (u *UI) closeLab() {
	if u.lab == nil {
		return
	}
	lab, w := u.lab, u.labWin
	u.lab, u.labWin = nil, nil
	lab.Close()
	if w != nil {
		w.Close()
	}
	if u.labTab != nil {
		if !u.closed && u.tabs != nil {
			u.tabs.Remove(u.labTab)
		}
		u.labTab = nil
		u.relayout()
	}
}
