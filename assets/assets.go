// Package assets holds the files the app ships: the icon (Icon.png, drawn
// by icon_gen.go; run `go generate ./assets` after changing it).
package assets

import (
	_ "embed"

	"fyne.io/fyne/v2"
)

//go:generate go run icon_gen.go

//go:embed Icon.png
var iconPNG []byte

// Icon is the app icon.
var Icon = fyne.NewStaticResource("Icon.png", iconPNG)
