package chart

import (
	"encoding/csv"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"io"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/software"
)

// ExportPNG renders obj at size (in pixels: the export uses scale 1) with
// Fyne's software renderer and writes it to w as a PNG. It needs no window
// or GPU, only a current Fyne app for the theme and fonts (the running
// app, or test.NewTempApp in tests), and renders in that app's theme.
// Call it on the UI goroutine. The object is laid out at size for the
// capture and given back its previous size and position afterwards; an
// object shown in a window is repainted there at the next refresh.
func ExportPNG(obj fyne.CanvasObject, size fyne.Size, w io.Writer) error {
	if obj == nil {
		return errors.New("chart: nothing to export")
	}
	wi, hi := int(size.Width+0.5), int(size.Height+0.5)
	if wi < 1 || hi < 1 {
		return fmt.Errorf("chart: cannot export an image of %v×%v pixels", size.Width, size.Height)
	}
	if fyne.CurrentApp() == nil {
		return errors.New("chart: ExportPNG needs a current Fyne app for its theme and fonts")
	}
	oldSize, oldPos := obj.Size(), obj.Position()
	c := software.NewCanvas()
	c.SetPadded(false)
	c.SetScale(1)
	c.SetContent(obj)
	c.Resize(fyne.NewSize(float32(wi), float32(hi)))
	obj.Resize(fyne.NewSize(float32(wi), float32(hi))) // even if its MinSize is larger
	obj.Move(fyne.NewPos(0, 0))
	img := c.Capture()
	if !oldSize.IsZero() {
		obj.Resize(oldSize)
		obj.Move(oldPos)
	}

	// The canvas grows to the object's MinSize: crop to the size asked for.
	out := image.NewNRGBA(image.Rect(0, 0, wi, hi))
	draw.Draw(out, out.Bounds(), img, img.Bounds().Min, draw.Src)
	if err := png.Encode(w, out); err != nil {
		return fmt.Errorf("chart: %w", err)
	}
	return nil
}

// WriteCSV writes a header line (if header is not nil) and the rows to w
// as RFC 4180 CSV: fields holding commas, quotes or line breaks are
// quoted, quotes doubled. With a header, every row must have as many
// fields as it.
func WriteCSV(w io.Writer, header []string, rows [][]string) error {
	cw := csv.NewWriter(w)
	if header != nil {
		for i, r := range rows {
			if len(r) != len(header) {
				return fmt.Errorf("chart: CSV row %d has %d fields, the header %d", i+1, len(r), len(header))
			}
		}
		if err := cw.Write(header); err != nil {
			return fmt.Errorf("chart: %w", err)
		}
	}
	if err := cw.WriteAll(rows); err != nil {
		return fmt.Errorf("chart: %w", err)
	}
	return nil
}
