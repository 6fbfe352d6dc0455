package app

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// variantTheme is the default theme held to one variant (light or dark)
// whatever the system prefers.
type variantTheme struct {
	fyne.Theme
	variant fyne.ThemeVariant
}

// Color returns the colour of the held variant.
func (t variantTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return t.Theme.Color(n, t.variant)
}

// themeFor returns the theme of a choice (ThemeSystem, ThemeLight, ThemeDark).
func themeFor(choice string) fyne.Theme {
	switch choice {
	case ThemeLight:
		return variantTheme{theme.DefaultTheme(), theme.VariantLight}
	case ThemeDark:
		return variantTheme{theme.DefaultTheme(), theme.VariantDark}
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
