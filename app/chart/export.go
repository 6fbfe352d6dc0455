package chart

import (
	"encoding/csv"
	"errors"
	"image"
	"image/draw"
	"image/png"
	"io"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/software"

	"boardgames/app/internal/tr"
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
		return errors.New(tr.T("there is nothing to export"))
	}
	wi, hi := int(size.Width+0.5), int(size.Height+0.5)
	if wi < 1 || hi < 1 {
		return errors.New(tr.F("cannot export an image of %v×%v pixels", size.Width, size.Height))
	}
	if fyne.CurrentApp() == nil {
		return errors.New(tr.T("a chart is drawn with the app's theme and fonts, and there is no app"))
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
	return png.Encode(w, out) // the writer's error names what failed
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
				return errors.New(tr.F("CSV row %d has %d fields, the header %d", i+1, len(r), len(header)))
			}
		}
		if err := cw.Write(header); err != nil {
			return err
		}
	}
	return cw.WriteAll(rows)
}
