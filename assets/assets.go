// Package assets holds the files the app ships: the icon (Icon.png, drawn
// by icon_gen.go; run `go generate ./assets` after changing it) and the
// translations of the app's words (lang/en.json, lang/id.json; see package
// boardgames/app/internal/tr).
package assets

import (
	"embed"

	"fyne.io/fyne/v2"
)

//go:generate go run icon_gen.go

//go:embed Icon.png
var iconPNG []byte

// Icon is the app icon.
var Icon = fyne.NewStaticResource("Icon.png", iconPNG)

// Translations holds the translation files, lang/<language>.json, in the
// format of Fyne's lang package (go-i18n JSON: "key": "text", or for a
// plural "key": {"one": ..., "other": ...}).
//
//go:embed lang
var Translations embed.FS
