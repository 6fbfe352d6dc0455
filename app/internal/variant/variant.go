// Package variant holds Fyne's default theme to one variant, light or dark,
// whatever the system prefers: for the app's theme setting, and for the
// tests that draw sample images in both. Scaled makes a theme larger, for
// the app's size setting.
package variant

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// Both are the light and the dark variant with their names, for drawing
// samples in each.
var Both = []struct {
	Name    string
	Variant fyne.ThemeVariant
}{{"light", theme.VariantLight}, {"dark", theme.VariantDark}}

// Theme returns the default theme held to variant v.
func Theme(v fyne.ThemeVariant) fyne.Theme { return held{theme.DefaultTheme(), v} }

// held is a theme held to one variant.
type held struct {
	fyne.Theme
	variant fyne.ThemeVariant
}

// Color returns the colour of the held variant.
func (t held) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return t.Theme.Color(n, t.variant)
}

// Scaled returns t with every size (text, padding, icons, lines) multiplied
// by f: the whole interface drawn larger, for a projector. An f of 1
// returns t itself.
func Scaled(t fyne.Theme, f float32) fyne.Theme {
	if f == 1 {
		return t
	}
	return scaled{t, f}
}

// scaled is a theme with its sizes multiplied.
type scaled struct {
	fyne.Theme
	f float32
}

// Size returns the theme's size, multiplied.
func (t scaled) Size(n fyne.ThemeSizeName) float32 { return t.Theme.Size(n) * t.f }
