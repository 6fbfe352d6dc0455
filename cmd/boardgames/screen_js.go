//go:build js

package main

import "fyne.io/fyne/v2"

// fitScreen does nothing in the browser: the page is the window.
func fitScreen(fyne.Window) {}
