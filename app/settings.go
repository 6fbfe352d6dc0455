package app

import (
	"strconv"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"boardgames/app/internal/tr"
	"boardgames/app/match"
	"boardgames/rules"
	"boardgames/rules/games"
)

// buildGameSettings fills the settings card of the current game: who moves
// first (Othello, Adjacency), passing (Othello: paper 000 ends the game
// instead), the round limit (Adjacency) and the draw rule (checkers). A change starts a new game when no move has been played yet,
// and otherwise applies to the next new game: it never discards a game.
func (u *UI) buildGameSettings() {
	g := u.ctl.Game()
	st := u.prefs.settings(g)
	var rows []fyne.CanvasObject
	if g.Has(games.SettingFirst) {
		names := []string{match.ColourName(g, rules.Black), match.ColourName(g, rules.White)}
		first := widget.NewRadioGroup(names, nil)
		first.Horizontal = true
		first.Required = true
		first.SetSelected(names[st.First])
		first.OnChanged = func(s string) {
			p := rules.Black
			if s == names[1] {
				p = rules.White
			}
			u.prefs.setFirst(g, p)
			u.settingChanged()
		}
		rows = append(rows, widget.NewLabel(tr.T("Moves first")), first)
	}
	if g.Has(games.SettingNoPass) {
		noPass := widget.NewCheck(tr.T("No passing (paper 000)"), func(on bool) {
			u.prefs.p.SetBool(PrefNoPass, on)
			u.settingChanged()
		})
		noPass.SetChecked(st.NoPass)
		help := widget.NewLabel(tr.T("the game ends when the side to move cannot move"))
		help.Wrapping = fyne.TextWrapWord
		rows = append(rows, widget.NewLabel(tr.T("Passing")), noPass, widget.NewLabel(""), help)
	}
	if g.Has(games.SettingRounds) {
		label := widget.NewLabel(strconv.Itoa(st.Rounds))
		slider := widget.NewSlider(1, 28)
		slider.Step = 1
		slider.SetValue(float64(st.Rounds))
		slider.OnChanged = func(v float64) { label.SetText(strconv.Itoa(int(v))) }
		slider.OnChangeEnded = func(v float64) {
			u.prefs.p.SetInt(PrefRounds, int(v))
			u.settingChanged()
		}
		rows = append(rows, widget.NewLabel(tr.T("Round limit")), container.NewBorder(nil, nil, nil, label, slider))
	}
	if g.Has(games.SettingDrawMoves) {
		draw := widget.NewSelectEntry([]string{"10", "20", "40", "50", "80", "100"})
		draw.SetText(strconv.Itoa(st.DrawMoves))
		draw.OnChanged = func(s string) {
			n, err := strconv.Atoi(s)
			if err != nil || n < 1 || n > 200 {
				u.ctl.Tell(tr.T("The draw rule takes a number of moves from 1 to 200."))
				return
			}
			if n == u.prefs.settings(g).DrawMoves {
				return
			}
			u.prefs.p.SetInt(PrefDraw, n)
			u.settingChanged()
		}
		help := widget.NewLabel(tr.T("moves by each side without a capture or a man's move"))
		help.Wrapping = fyne.TextWrapWord
		rows = append(rows, widget.NewLabel(tr.T("Draw after")), draw, widget.NewLabel(""), help)
	}
	var body fyne.CanvasObject = widget.NewLabel(tr.T("This game has no settings."))
	if len(rows) > 0 {
		body = u.newForm(rows...)
	}
	u.gameBox.Objects = []fyne.CanvasObject{widget.NewCard(match.GameTitle(g), tr.T("Game settings"), body)}
	u.gameBox.Refresh()
}

// settingChanged applies a new game setting: at once if the game has not
// started, else at the next new game.
func (u *UI) settingChanged() {
	if u.ctl.Len() == 0 {
		u.startGame(u.ctl.Game())
		u.ctl.Tell(tr.T("New game with the new settings."))
		return
	}
	u.ctl.Tell(tr.T("The new setting applies from the next new game (Ctrl+N); the game on the board goes on as it was."))
}

// delayChoices are the pauses before a bot moves, in milliseconds.
var delayChoices = []int{0, 250, 500, 1000, 2000, 5000}

// botCard holds the bots' pace and the bot-vs-bot help.
func (u *UI) botCard() fyne.CanvasObject {
	var labels []string
	for _, ms := range delayChoices {
		labels = append(labels, match.Seconds(time.Duration(ms)*time.Millisecond))
	}
	u.delay = widget.NewSelect(labels, func(string) {
		i := u.delay.SelectedIndex()
		if i < 0 || time.Duration(delayChoices[i])*time.Millisecond == u.prefs.delay() {
			return
		}
		u.prefs.p.SetInt(PrefDelay, delayChoices[i])
		u.setDelays()
	})
	cur := int(u.prefs.delay() / time.Millisecond)
	for i, ms := range delayChoices {
		if ms == cur {
			u.delay.SetSelectedIndex(i)
		}
	}
	form := u.newForm(widget.NewLabel(tr.T("Pause before a bot moves")), u.delay)
	help := widget.NewLabel(tr.T("The pause comes before every bot move, against a person too, so that the last move can be seen. With two bots, Pause stops the match, Step plays one move and Move now makes the thinking bot play at once."))
	help.Wrapping = fyne.TextWrapWord
	return widget.NewCard(tr.T("Bots"), "", container.NewVBox(form, help))
}

// viewCard holds the theme, size, language and board display settings.
func (u *UI) viewCard() fyne.CanvasObject {
	var themes []string
	for _, c := range themeChoices {
		themes = append(themes, themeLabel(c))
	}
	u.themeRadio = widget.NewRadioGroup(themes, func(s string) {
		for _, c := range themeChoices {
			if themeLabel(c) == s && c != u.prefs.theme() {
				u.setTheme(c)
			}
		}
	})
	u.themeRadio.Required = true
	u.themeRadio.SetSelected(themeLabel(u.prefs.theme()))

	var sizes []string
	for _, s := range scaleChoices {
		sizes = append(sizes, tr.F("%d %%", s))
	}
	u.sizeSelect = widget.NewSelect(sizes, func(string) {
		if i := u.sizeSelect.SelectedIndex(); i >= 0 && scaleChoices[i] != u.prefs.scale() {
			u.setScale(scaleChoices[i])
		}
	})
	for i, s := range scaleChoices {
		if s == u.prefs.scale() {
			u.sizeSelect.SetSelectedIndex(i)
		}
	}

	var langs []string
	for _, l := range languageChoices {
		langs = append(langs, languageLabel(l))
	}
	u.langSelect = widget.NewSelect(langs, func(string) {
		if i := u.langSelect.SelectedIndex(); i >= 0 && languageChoices[i] != u.prefs.language() {
			u.setLanguage(languageChoices[i])
		}
	})
	for i, l := range languageChoices {
		if l == u.prefs.language() {
			u.langSelect.SetSelectedIndex(i)
		}
	}

	check := func(label, key string, def bool, apply func(bool)) *widget.Check {
		c := widget.NewCheck(label, nil)
		c.SetChecked(u.prefs.p.BoolWithFallback(key, def))
		c.OnChanged = func(on bool) {
			u.prefs.p.SetBool(key, on)
			apply(on)
		}
		return c
	}
	anim := check(tr.T("Animate moves"), PrefAnimate, true, func(on bool) {
		u.board.Animate = on
		u.setDelays()
	})
	coords := check(tr.T("Coordinates along the edges"), PrefCoords, true, func(bool) { u.refreshBoard() })
	marks := check(tr.T("Show what the last moves changed"), PrefMarks, true, func(bool) { u.refreshBoard() })
	form := u.newForm(
		widget.NewLabel(tr.T("Theme")), u.themeRadio,
		widget.NewLabel(tr.T("Text and board size")), u.sizeSelect,
		widget.NewLabel(tr.T("Language")), u.langSelect)
	note := widget.NewLabel(tr.T("Checkers squares are named by their numbers (1 to 32), which the board shows."))
	note.Wrapping = fyne.TextWrapWord
	return widget.NewCard(tr.T("View"), "", container.NewVBox(form, anim, coords, marks, u.predict.check, u.predict.note, note))
}

// setLanguage applies and remembers a language choice, and builds the
// window again in it.
func (u *UI) setLanguage(choice string) {
	u.prefs.p.SetString(PrefLanguage, choice)
	if _, err := tr.Use(choice); err != nil {
		fyne.LogError("Changing the language", err)
	}
	u.rebuild()
	if u.labWin != nil {
		u.ctl.Tell(tr.T("Language changed. The lab's own window changes language when it is opened again."))
	} else {
		u.ctl.Tell(tr.T("Language changed."))
	}
}

// describeSettings is the game settings in words, for messages.
func describeSettings(g *games.Game, s games.Settings) string {
	out := ""
	if g.Has(games.SettingFirst) {
		out += tr.F(", %s moves first", match.ColourName(g, s.First))
	}
	if g.Has(games.SettingRounds) {
		out += tr.N(", %d round", s.Rounds, s.Rounds)
	}
	if g.Has(games.SettingDrawMoves) {
		out += tr.N(", draw after %d quiet move each", s.DrawMoves, s.DrawMoves)
	}
	if s.NoPass {
		out += tr.T(", no passing")
	}
	return out
}
