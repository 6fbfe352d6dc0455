package app

import (
	"fmt"
	"strconv"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"boardgames/rules"
	"boardgames/rules/games"
)

// buildGameSettings fills the settings card of the current game: who moves
// first (Othello, Adjacency), the round limit (Adjacency) and the draw rule
// (checkers). A change starts a new game when no move has been played yet,
// and otherwise applies to the next new game.
func (u *UI) buildGameSettings() {
	g := u.ctl.Game()
	st := u.prefs.settings(g)
	var rows []fyne.CanvasObject
	if g.Has(games.SettingFirst) {
		first := widget.NewRadioGroup([]string{g.Players[0], g.Players[1]}, nil)
		first.Horizontal = true
		first.Required = true
		first.SetSelected(g.Players[st.First])
		first.OnChanged = func(s string) {
			p := rules.Black
			if s == g.Players[1] {
				p = rules.White
			}
			u.prefs.setFirst(g, p)
			u.settingChanged()
		}
		rows = append(rows, widget.NewLabel("Moves first"), first)
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
		rows = append(rows, widget.NewLabel("Round limit"), container.NewBorder(nil, nil, nil, label, slider))
	}
	if g.Has(games.SettingDrawMoves) {
		draw := widget.NewSelectEntry([]string{"10", "20", "40", "50", "80", "100"})
		draw.SetText(strconv.Itoa(st.DrawMoves))
		draw.OnChanged = func(s string) {
			n, err := strconv.Atoi(s)
			if err != nil || n < 1 || n > 200 {
				u.ctl.Say("The draw rule takes a number of moves from 1 to 200.")
				return
			}
			if n == u.prefs.settings(g).DrawMoves {
				return
			}
			u.prefs.p.SetInt(PrefDraw, n)
			u.settingChanged()
		}
		rows = append(rows, widget.NewLabel("Draw after"), container.NewBorder(nil, nil, nil, widget.NewLabel("moves each without capture or man move"), draw))
	}
	var body fyne.CanvasObject = widget.NewLabel("This game has no settings.")
	if len(rows) > 0 {
		body = container.New(layout.NewFormLayout(), rows...)
	}
	u.gameBox.Objects = []fyne.CanvasObject{widget.NewCard(g.Title, "Game settings", body)}
	u.gameBox.Refresh()
}

// settingChanged applies a new game setting: at once if the game has not
// started, else at the next new game.
func (u *UI) settingChanged() {
	if u.ctl.Len() == 0 {
		u.startGame(u.ctl.Game())
		u.ctl.Say("New game with the new settings.")
		return
	}
	u.ctl.Say("The new setting applies to the next new game (Ctrl+N).")
}

// matchCard holds the bot-vs-bot controls.
func (u *UI) matchCard() fyne.CanvasObject {
	delays := []string{"0s", "250ms", "500ms", "1s", "2s", "5s"}
	u.delay = widget.NewSelect(delays, func(s string) {
		d, err := time.ParseDuration(s)
		if err != nil {
			return
		}
		u.ctl.SetDelay(d)
		u.prefs.p.SetInt(PrefDelay, int(d/time.Millisecond))
	})
	cur := u.prefs.delay().String()
	if u.prefs.delay() == 0 {
		cur = "0s"
	}
	u.delay.SetSelected(cur)
	form := container.New(layout.NewFormLayout(), widget.NewLabel("Delay between bot moves"), u.delay)
	help := widget.NewLabel("With two bots, Pause stops the match, Step plays one move and Move now makes the thinking bot play at once.")
	help.Wrapping = fyne.TextWrapWord
	return widget.NewCard("Bot vs bot", "", container.NewVBox(form, help))
}

// viewCard holds the theme and board display settings.
func (u *UI) viewCard() fyne.CanvasObject {
	u.themeRadio = widget.NewRadioGroup([]string{ThemeSystem, ThemeLight, ThemeDark}, func(s string) {
		if s != "" && s != u.prefs.p.StringWithFallback(PrefTheme, ThemeSystem) {
			u.setTheme(s)
		}
	})
	u.themeRadio.Horizontal = true
	u.themeRadio.Required = true
	u.themeRadio.SetSelected(u.prefs.p.StringWithFallback(PrefTheme, ThemeSystem))
	check := func(label, key string, def bool, apply func(bool)) *widget.Check {
		c := widget.NewCheck(label, nil)
		c.SetChecked(u.prefs.p.BoolWithFallback(key, def))
		c.OnChanged = func(on bool) {
			u.prefs.p.SetBool(key, on)
			apply(on)
		}
		return c
	}
	anim := check("Animate moves", PrefAnimate, true, func(on bool) {
		u.board.Animate = on
		u.setReplyDelay()
	})
	coords := check("Coordinates along the edges", PrefCoords, true, func(bool) { u.refreshBoard() })
	nums := check("Square numbers on checkers boards", PrefNumbers, false, func(bool) { u.refreshBoard() })
	form := container.New(layout.NewFormLayout(), widget.NewLabel("Theme"), u.themeRadio)
	return widget.NewCard("View", "", container.NewVBox(form, anim, coords, nums))
}

// describeSettings is the game settings in words, for messages.
func describeSettings(g *games.Game, s games.Settings) string {
	out := ""
	if g.Has(games.SettingFirst) {
		out += fmt.Sprintf(", %s moves first", g.Players[s.First])
	}
	if g.Has(games.SettingRounds) {
		out += fmt.Sprintf(", %d rounds", s.Rounds)
	}
	if g.Has(games.SettingDrawMoves) {
		out += fmt.Sprintf(", draw after %d quiet moves each", s.DrawMoves)
	}
	return out
}
