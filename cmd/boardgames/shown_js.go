//go:build js

package main

import (
	"syscall/js"
	"time"

	"fyne.io/fyne/v2"
)

// showTexts sets the page's boardgamesShownTexts to the window's visible
// texts (shownTexts), every second, when the page set boardgamesSmoke
// before the program started: for the browser's smoke test
// (scripts/smoke-web.mjs), which reads it.
func showTexts(w fyne.Window) {
	if !js.Global().Get("boardgamesSmoke").Truthy() {
		return
	}
	go func() {
		for range time.Tick(time.Second) {
			fyne.Do(func() { js.Global().Set("boardgamesShownTexts", shownTexts(w.Canvas())) })
		}
	}()
}
