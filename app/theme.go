package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"boardgames/app/internal/tr"
	"boardgames/app/internal/variant"
)

// The look: a light, dark or system theme, and a size for projecting in
// class. The size multiplies every size of the theme (text, padding,
// icons), so it reaches every window of the app, the lab's included, and
// the board, whose least size follows the text size.

// themeFor returns the theme of a choice (ThemeSystem, ThemeLight,
// ThemeDark) at a size in percent.
func themeFor(choice string, scale int) fyne.Theme {
	var t fyne.Theme = theme.DefaultTheme()
	switch choice {
	case ThemeLight:
		t = variant.Theme(theme.VariantLight)
	case ThemeDark:
		t = variant.Theme(theme.VariantDark)
	}
	return variant.Scaled(t, float32(scale)/100)
}

// themeLabel is a theme choice in words.
func themeLabel(choice string) string {
	switch choice {
	case ThemeLight:
		return tr.T("Light")
	case ThemeDark:
		return tr.T("Dark")
	}
	return tr.T("System theme")
}

// languageLabel is a language choice in words (each language names
// itself, so that a person who does not read the current one finds theirs).
func languageLabel(choice string) string {
	switch choice {
	case tr.English:
		return "English"
	case tr.Indonesian:
		return "Bahasa Indonesia"
	}
	if tr.SystemLanguage() == tr.Indonesian {
		return tr.F("System language (%s)", "Bahasa Indonesia")
	}
	return tr.F("System language (%s)", "English")
}

// applyTheme applies the saved theme and size.
func (u *UI) applyTheme() {
	u.app.Settings().SetTheme(themeFor(u.prefs.theme(), u.prefs.scale()))
}

// setTheme applies and remembers a theme choice.
func (u *UI) setTheme(choice string) {
	if choice != ThemeLight && choice != ThemeDark {
		choice = ThemeSystem
	}
	u.prefs.p.SetString(PrefTheme, choice)
	u.applyTheme()
	if u.themeRadio != nil && u.themeRadio.Selected != themeLabel(choice) {
		u.themeRadio.SetSelected(themeLabel(choice))
	}
	u.refreshMenu()
}

// setScale applies and remembers a size in percent (one of scaleChoices).
func (u *UI) setScale(pct int) {
	u.prefs.p.SetInt(PrefScale, pct)
	u.applyTheme()
	u.rebuild() // the widths reserved for changing texts follow the size
	u.ctl.Tell(tr.F("Text and board size: %d %%.", u.prefs.scale()))
	u.repaint()
}

// stepScale makes everything one size larger (+1) or smaller (-1).
func (u *UI) stepScale(dir int) {
	cur := u.prefs.scale()
	for i, s := range scaleChoices {
		if s == cur {
			j := max(0, min(i+dir, len(scaleChoices)-1))
			if j != i {
				u.setScale(scaleChoices[j])
			}
			return
		}
	}
}
