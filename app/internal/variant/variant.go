// Package variant holds Fyne's default theme to one variant, light or dark,
// whatever the system prefers: for the app's theme setting, and for the
// tests that draw sample images in both.
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
