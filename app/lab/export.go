package lab

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"

	"boardgames/app/chart"
	"boardgames/app/internal/fileerr"
	"boardgames/app/internal/savedialog"
	"boardgames/app/internal/tr"
	"boardgames/app/internal/web"
	"boardgames/app/safefile"
)

// exportSize is the size of exported charts, in pixels.
var exportSize = fyne.NewSize(960, 600)

// export is one kind of file a screen saves: the name the dialog proposes
// and the function that writes it (the same function the tests call).
type export struct {
	label string // the button's text
	name  string // the file name proposed, with its extension
	// nameFn, if set, proposes the name instead of name.
	nameFn func() string
	write  func(w io.Writer) error
	// ready reports whether there is anything to export.
	ready func() bool
}

// save asks for a file name and writes e there. The dialog never touches
// the file (see package savedialog); writeFile replaces it atomically.
func (l *Lab) save(t *task, e export) {
	if e.ready != nil && !e.ready() {
		t.fail(tr.T("Nothing to export yet: run it first."))
		return
	}
	if l.win == nil {
		return
	}
	name := e.name
	if e.nameFn != nil {
		name = e.nameFn()
	}
	if web.Browser { // the page's download, not Fyne's file dialog
		var buf bytes.Buffer
		err := e.write(&buf)
		if err == nil {
			err = web.Download(name, mime.TypeByExtension(filepath.Ext(name)), buf.Bytes())
		}
		if err != nil {
			t.fail(tr.F("Could not save %s: %s", name, fileerr.Text(err)))
			return
		}
		t.say(tr.F("Saved as %s in the browser's downloads.", name))
		return
	}
	o := savedialog.Options{Name: name, Ext: filepath.Ext(name), Filter: []string{filepath.Ext(name)}}
	if home, err := os.UserHomeDir(); err == nil {
		if lister, err := storage.ListerForURI(storage.NewFileURI(home)); err == nil {
			o.Location = lister
		}
	}
	s := l.win.Canvas().Size()
	o.Size = fyne.NewSize(max(600, s.Width*0.8), max(420, s.Height*0.8))
	savedialog.Show(l.win, o, func(path string) {
		if err := writeFile(path, e); err != nil {
			t.fail(tr.F("Could not save %s: %s", filepath.Base(path), fileerr.Text(err)))
			return
		}
		t.say(tr.F("Saved %s.", path))
	}, func(err error) { t.fail(tr.F("Could not save: %s", fileerr.Text(err))) })
}

// writeFile writes e to path atomically (see package safefile): a failed
// export leaves an existing file whole.
func writeFile(path string, e export) error {
	return safefile.WriteRegularFunc(path, e.write)
}

// tableCSV exports a data table as CSV.
func tableCSV(label, name string, d *dataTable) export {
	return export{
		label: label, name: name,
		write: func(w io.Writer) error { return chart.WriteCSV(w, d.header, d.rows) },
		ready: func() bool { return len(d.rows) > 0 },
	}
}

// chartPNG exports a canvas object (a chart, or several) as a PNG image.
func chartPNG(label, name string, obj func() fyne.CanvasObject, ready func() bool) export {
	return export{
		label: label, name: name,
		write: func(w io.Writer) error {
			o := obj()
			if o == nil {
				return errors.New(tr.T("there is no chart to export"))
			}
			return chart.ExportPNG(o, exportSize, w)
		},
		ready: ready,
	}
}

// chartCSV exports a chart's data as CSV.
func chartCSV(label, name string, c *chart.Chart) export {
	return export{
		label: label, name: name,
		write: func(w io.Writer) error {
			h, rows := c.Table()
			return chart.WriteCSV(w, h, rows)
		},
		ready: func() bool { return hasData(c) },
	}
}

// hasData reports whether a chart has any point.
func hasData(c *chart.Chart) bool {
	for _, s := range c.Series() {
		if len(s.Y) > 0 {
			return true
		}
	}
	return false
}

// fileName makes a file name out of words: "Compare othello" -> "compare-othello".
func fileName(words ...string) string {
	s := strings.ToLower(strings.Join(words, "-"))
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '.':
			b.WriteRune(r)
		case r == ' ' || r == '_' || r == ':' || r == ',' || r == '=':
			b.WriteRune('-')
		}
	}
	return b.String()
}
