//go:build !js

package main

import (
	"os"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"
)

// showTexts writes the window's visible texts (shownTexts) to the file
// named by BOARDGAMES_SHOWN_TEXTS, every second, when that variable is
// set: for the smoke tests, which read it.
func showTexts(w fyne.Window) {
	path := os.Getenv("BOARDGAMES_SHOWN_TEXTS")
	if path == "" {
		return
	}
	go func() {
		for range time.Tick(time.Second) {
			var text string
			fyne.DoAndWait(func() { text = shownTexts(w.Canvas()) })
			tmp := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".tmp")
			if os.WriteFile(tmp, []byte(text), 0o644) == nil {
				os.Rename(tmp, path)
			}
		}
	}()
}
