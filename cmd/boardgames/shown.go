package main

import (
	"strings"
	_ "unsafe" // go:linkname

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

// The smoke tests of the release builds (scripts/smoke-dist) check that
// the window speaks the language chosen in its settings on every platform.
// There is no OCR on the test machine, so the program tells them what it
// draws: shownTexts lists the texts of the canvas.Text objects that the
// window paints (the content and any dialog or pop-up over it, hidden
// objects left out), as Fyne's renderers lay them out. The test asks for
// it in a way no user does: an environment variable on the desktop
// (shown_other.go), a flag set by the test's script in the browser
// (shown_js.go).

// widgetRenderer is the renderer Fyne drew a widget with (Fyne 2.7.1's
// internal cache.Renderer, which its own tree walks use; TestShownTexts
// fails if Fyne changes it).
//
//go:linkname widgetRenderer fyne.io/fyne/v2/internal/cache.Renderer
func widgetRenderer(w fyne.Widget) fyne.WidgetRenderer

// shownTexts returns the visible texts of canvas c, one a line, in the
// order they are drawn.
func shownTexts(c fyne.Canvas) string {
	var b strings.Builder
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		switch o := o.(type) {
		case *canvas.Text:
			if strings.TrimSpace(o.Text) != "" {
				b.WriteString(o.Text)
				b.WriteByte('\n')
			}
		case *fyne.Container:
			for _, c := range o.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range widgetRenderer(o).Objects() {
				walk(c)
			}
		}
	}
	walk(c.Content())
	for _, o := range c.Overlays().List() {
		walk(o)
	}
	return b.String()
}
