package lab

import (
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// dataTable is a widget.Table of text cells under a bold header row, its
// columns as wide as their widest cell (up to maxColumn), numbers aligned
// right. Call its methods on the UI goroutine.
type dataTable struct {
	w       *widget.Table
	header  []string
	rows    [][]string
	numeric []bool
}

// maxColumn bounds a column's width; longer cells end in "…".
const maxColumn = 300

func newDataTable(header ...string) *dataTable {
	d := &dataTable{}
	d.w = widget.NewTableWithHeaders(
		func() (int, int) { return len(d.rows), len(d.header) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(id widget.TableCellID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			text := ""
			if id.Row < len(d.rows) && id.Col < len(d.rows[id.Row]) {
				text = d.rows[id.Row][id.Col]
			}
			align := fyne.TextAlignLeading
			if id.Col < len(d.numeric) && d.numeric[id.Col] {
				align = fyne.TextAlignTrailing
			}
			if l.Text != text || l.Alignment != align {
				l.Alignment = align
				l.SetText(text)
			}
		})
	d.w.ShowHeaderColumn = false
	d.w.CreateHeader = func() fyne.CanvasObject {
		l := widget.NewLabel("")
		l.TextStyle.Bold = true
		l.Truncation = fyne.TextTruncateEllipsis
		return l
	}
	d.w.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		l := o.(*widget.Label)
		text := ""
		if id.Row < 0 && id.Col >= 0 && id.Col < len(d.header) {
			text = d.header[id.Col]
		}
		align := fyne.TextAlignLeading
		if id.Col >= 0 && id.Col < len(d.numeric) && d.numeric[id.Col] {
			align = fyne.TextAlignTrailing
		}
		l.Alignment = align
		l.SetText(text)
	}
	d.set(header, nil)
	return d
}

// set replaces the header and the rows.
func (d *dataTable) set(header []string, rows [][]string) {
	d.header = append([]string(nil), header...)
	d.rows = make([][]string, len(rows))
	for i, r := range rows {
		d.rows[i] = append([]string(nil), r...)
	}
	d.numeric = make([]bool, len(header))
	for c := range header {
		d.numeric[c] = len(rows) > 0
		for _, r := range rows {
			if c < len(r) && r[c] != "" && !isNumber(r[c]) {
				d.numeric[c] = false
				break
			}
		}
	}
	pad := 2*theme.InnerPadding() + 2
	size := theme.TextSize()
	for c, h := range header {
		w := fyne.MeasureText(h, size, fyne.TextStyle{Bold: true}).Width
		for _, r := range rows {
			if c < len(r) {
				w = max(w, fyne.MeasureText(r[c], size, fyne.TextStyle{}).Width)
			}
		}
		d.w.SetColumnWidth(c, min(w+pad, maxColumn))
	}
	d.w.Refresh()
	d.w.ScrollToTop()
}

// clear empties the rows and keeps the header.
func (d *dataTable) clear() { d.set(d.header, nil) }

// Rows returns the table's rows.
func (d *dataTable) Rows() [][]string { return d.rows }

// isNumber reports whether a cell reads as a number: 12, -3.5, +108,
// 45%, 1.2 s, 3.4k, ×0.25 or "—".
func isNumber(s string) bool {
	s = strings.TrimSpace(s)
	if s == "—" {
		return true
	}
	for _, suffix := range []string{" s", " ms", " µs", "%", "k", "M"} {
		s = strings.TrimSuffix(s, suffix)
	}
	s = strings.TrimPrefix(s, "×")
	s = strings.ReplaceAll(s, "−", "-")
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}
