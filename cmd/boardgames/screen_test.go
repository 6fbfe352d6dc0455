package main

import (
	"testing"

	"fyne.io/fyne/v2"
)

func TestFitSize(t *testing.T) {
	for _, c := range []struct {
		name          string
		width, height int
		scale         float32
		want          fyne.Size
	}{
		{"a 1024x768 projector", 1024, 768, 1, fyne.NewSize(1008, 720)},
		{"a full-HD screen keeps the size", 1920, 1080, 1, windowSize},
		{"a panel takes height", 1280, 760, 1, fyne.NewSize(1180, 712)},
		{"at scale 2 in units", 2048, 1536, 2, fyne.NewSize(1016, 744)},
		{"a scale 2 screen, short by its frame", 2560, 1600, 2, fyne.NewSize(1180, 776)},
		{"a 4K screen at scale 2", 3840, 2160, 2, windowSize},
		{"the screen unknown", 0, 0, 1, windowSize},
		{"no scale", 1024, 768, 0, windowSize},
	} {
		if got := fitSize(windowSize, c.width, c.height, c.scale); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
