//go:build !js

package main

import (
	"fyne.io/fyne/v2"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// fitScreen makes the window smaller where it is larger than the work area
// of the screen it is on (the primary one) and centres it again. It runs on
// the main thread once the window is shown, when its scale is known; the
// screen unknown, it leaves the window as it is.
func fitScreen(w fyne.Window) {
	defer func() { _ = recover() }() // glfw panics on its errors: the window stays as it is
	m := glfw.GetPrimaryMonitor()
	if m == nil {
		return
	}
	_, _, width, height := m.GetWorkarea()
	size := w.Canvas().Size()
	fit := fitSize(size, width, height, w.Canvas().Scale())
	if fit == size {
		return
	}
	w.Resize(fit)
	w.CenterOnScreen()
}
