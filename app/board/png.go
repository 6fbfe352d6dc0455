package board

import (
	"errors"
	"fmt"
	"image/png"
	"io"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/software"

	"boardgames/rules/checkers"
	"boardgames/rules/games"
)

// MinPNG and MaxPNG bound RenderPNG's size in pixels.
const (
	MinPNG = 64
	MaxPNG = 4096
)

// RenderPNG writes a size x size PNG diagram of pos, drawn by the same
// widget as the window (with coordinates; PDN numbers on checkers), through
// Fyne's software driver: no display is needed.
func RenderPNG(w io.Writer, pos games.Position, size int) error {
	if pos == nil {
		return errors.New("render: no position")
	}
	return RenderViewPNG(w, View{
		Game: pos.Game(), Rows: pos.Rows(), Coords: true, Numbers: pos.Game() == checkers.Name,
	}, size)
}

// RenderViewPNG writes a size x size PNG of any view of the board.
func RenderViewPNG(w io.Writer, v View, size int) error {
	if size < MinPNG || size > MaxPNG {
		return fmt.Errorf("render: size %d is outside %d..%d pixels", size, MinPNG, MaxPNG)
	}
	b := New()
	b.Animate = false
	b.view = v
	c := software.NewTransparentCanvas()
	c.SetPadded(false)
	c.SetContent(b)
	c.Resize(fyne.NewSize(float32(size), float32(size)))
	return png.Encode(w, c.Capture())
}
