package main

import "fyne.io/fyne/v2"

// windowSize is the window's size at the start, where the screen has room
// for it.
var windowSize = fyne.NewSize(1180, 780)

// The room a window manager's frame takes around a window, in pixels:
// the title bar and the borders.
const (
	frameWidth  = 16
	frameHeight = 48
)

// fitSize is the size of a window that wants the size want on a screen
// whose work area (the screen less its panels) is width × height pixels,
// at scale pixels a unit: want, made smaller where it would not fit with
// its frame, so that the whole window, its menu and its side column, is
// on the screen (a 1024x768 projector's among them). A work area unknown
// (0) keeps want.
func fitSize(want fyne.Size, width, height int, scale float32) fyne.Size {
	if width <= 0 || height <= 0 || scale <= 0 {
		return want
	}
	return want.Min(fyne.NewSize(float32(max(width-frameWidth, 0))/scale, float32(max(height-frameHeight, 0))/scale))
}
