package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"boardgames/app/internal/variant"
)

// themeFor returns the theme of a choice (ThemeSystem, ThemeLight, ThemeDark).
func themeFor(choice string) fyne.Theme {
	switch choice {
	case ThemeLight:
		return variant.Theme(theme.VariantLight)
	case ThemeDark:
		return variant.Theme(theme.VariantDark)
	}
	return theme.DefaultTheme()
}

// setTheme applies and remembers a theme choice.
func (u *UI) setTheme(choice string) {
	if choice != ThemeLight && choice != ThemeDark {
		choice = ThemeSystem
	}
	u.prefs.p.SetString(PrefTheme, choice)
	u.app.Settings().SetTheme(themeFor(choice))
	if u.themeRadio != nil && u.themeRadio.Selected != choice {
		u.themeRadio.SetSelected(choice)
	}
	u.refreshMenu()
}
