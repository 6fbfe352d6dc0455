package lab

import (
	"strconv"
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/app/internal/tr"
)

// dataTable is a widget.Table of text cells under a bold header row that
// stays in view as the rows scroll. Each column is as wide as its widest
// cell, measured in the current theme (and again when the theme's text
// size changes), up to a bound that grows with the text; a longer cell
// ends in "…", and a line below the table shows a cell in full when it
// is clicked. Numbers are aligned right. Its methods are for the UI
// goroutine.
type dataTable struct {
	widget.BaseWidget
	w       *widget.Table
	full    *widget.Label // the selected cell in full, when cells are cut
	header  []string
	rows    [][]string
	numeric []bool
	widths  []float32 // the columns' widths
	cut     bool      // some cell is wider than its column
	// measured is the text size the widths were measured at.
	measured float32
	box      *fyne.Container
	// onRow, if set, is called with the row of a cell clicked.
	onRow func(row int)
	// wrap: a long cell wraps onto more lines, its row as tall as its
	// tallest cell, instead of ending in "…" (the paper beside ours,
	// whose cells are sentences).
	wrap bool
	// heights are the rows' heights, when wrap is set.
	heights []float32
}

// maxColumn bounds a column's width at the default text size; longer cells
// end in "…".
const maxColumn = 300

func newDataTable(header ...string) *dataTable { return makeDataTable(false, header) }

// newWrapTable is a dataTable whose long cells wrap: no cell is cut.
func newWrapTable(header ...string) *dataTable { return makeDataTable(true, header) }

func makeDataTable(wrap bool, header []string) *dataTable {
	d := &dataTable{wrap: wrap}
	d.ExtendBaseWidget(d)
	d.w = widget.NewTableWithHeaders(
		func() (int, int) { return len(d.rows), len(d.header) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			if d.wrap {
				l.Wrapping = fyne.TextWrapWord
			} else {
				l.Truncation = fyne.TextTruncateEllipsis
			}
			return l
		},
		func(id widget.TableCellID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			align := fyne.TextAlignLeading
			if id.Col < len(d.numeric) && d.numeric[id.Col] {
				align = fyne.TextAlignTrailing
			}
			if text := d.cell(id.Row, id.Col); l.Text != text || l.Alignment != align {
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
	d.full = widget.NewLabel("")
	d.full.Wrapping = fyne.TextWrapWord
	d.full.Hide()
	d.w.OnSelected = func(id widget.TableCellID) {
		if d.cut && id.Row >= 0 && id.Col >= 0 && id.Col < len(d.header) {
			d.full.SetText(tr.F("%s: %s", d.header[id.Col], d.cell(id.Row, id.Col)))
		}
		if d.onRow != nil && id.Row >= 0 && id.Row < len(d.rows) {
			d.onRow(id.Row)
		}
	}
	d.box = container.NewBorder(nil, d.full, nil, nil, d.w)
	d.set(header, nil)
	return d
}

// CreateRenderer is part of fyne.Widget.
func (d *dataTable) CreateRenderer() fyne.WidgetRenderer {
	return &tableRenderer{d: d, WidgetRenderer: widget.NewSimpleRenderer(d.box)}
}

// tableRenderer measures the columns again when the theme's text size
// changed since they were measured.
type tableRenderer struct {
	fyne.WidgetRenderer
	d *dataTable
}

func (r *tableRenderer) Refresh() {
	if theme.TextSize() != r.d.measured {
		r.d.measure()
	}
	r.WidgetRenderer.Refresh()
}

// cell returns the text of a cell, "" outside the rows.
func (d *dataTable) cell(row, col int) string {
	if row >= 0 && row < len(d.rows) && col >= 0 && col < len(d.rows[row]) {
		return d.rows[row][col]
	}
	return ""
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
	d.w.UnselectAll()
	d.measure()
	d.w.ScrollToTop()
	d.w.ScrollToLeading()
}

// measure sizes the columns to their content in the current theme and
// shows the line for cut cells if there are any.
func (d *dataTable) measure() {
	size := theme.TextSize()
	d.measured = size
	pad := 2*theme.InnerPadding() + 2
	most := maxColumn * size / theme.DefaultTheme().Size(theme.SizeNameText)
	d.widths = make([]float32, len(d.header))
	d.cut = false
	for c, h := range d.header {
		w := fyne.MeasureText(h, size, fyne.TextStyle{Bold: true}).Width
		for _, r := range d.rows {
			if c < len(r) {
				w = max(w, fyne.MeasureText(r[c], size, fyne.TextStyle{}).Width)
			}
		}
		if w+pad > most {
			d.cut = true
		}
		d.widths[c] = min(w+pad, most)
		d.w.SetColumnWidth(c, d.widths[c])
	}
	if d.wrap {
		d.cut = false
		d.heights = make([]float32, len(d.rows))
		for r, row := range d.rows {
			h := widget.NewLabel("0").MinSize().Height
			for c, text := range row {
				if c < len(d.widths) && text != "" {
					l := widget.NewLabel(text)
					l.Wrapping = fyne.TextWrapWord
					l.Resize(fyne.NewSize(d.widths[c], l.MinSize().Height))
					h = max(h, l.MinSize().Height)
				}
			}
			d.heights[r] = h
			d.w.SetRowHeight(r, h)
		}
	}
	if d.cut {
		// Until a cell is clicked.
		d.full.SetText(tr.T("Some cells are too long to show whole: click one to read it here."))
		d.full.Show()
	} else {
		d.full.Hide()
	}
	d.w.Refresh()
}

// clear empties the rows and keeps the header.
func (d *dataTable) clear() { d.set(d.header, nil) }

// Rows returns the table's rows.
func (d *dataTable) Rows() [][]string { return d.rows }

// wantHeight is the height that shows the header and every row (at least
// two, so that an empty table keeps its place), the line for cut cells and
// a horizontal scroll bar.
func (d *dataTable) wantHeight() float32 {
	row := widget.NewLabel("0").MinSize().Height + theme.Padding() // a row and the space between rows
	h := row * float32(1+max(len(d.rows), 2))
	if d.wrap && len(d.heights) > 0 {
		h = row * float32(1+max(2-len(d.heights), 0))
		for _, x := range d.heights {
			h += x + theme.Padding()
		}
	}
	if d.full.Visible() {
		h += d.full.MinSize().Height + theme.Padding()
	}
	return h + theme.ScrollBarSize()
}

// isNumber reports whether a cell reads as a number, which the table
// aligns right: 12, -3.5, +108, 45%, 1.2 s, 3.4k, ×0.25, "+36 (exact)",
// "win in 3 moves" or "—" (and in Indonesian 3,5, 12,3 rb, "menang dalam
// 3 langkah").
func isNumber(s string) bool {
	s = strings.TrimSpace(s)
	if s == "—" {
		return true
	}
	for _, decided := range []string{tr.N("win in %d move", 2, 2), tr.N("loss in %d move", 2, 2)} {
		if i := strings.Index(decided, "2"); i > 0 && strings.HasPrefix(s, decided[:i]) {
			return true
		}
	}
	if i := strings.IndexByte(s, ' '); i > 0 { // a unit or a note after the number
		for _, r := range s[i:] {
			if !unicode.IsLetter(r) && !strings.ContainsRune(" ()", r) {
				return false
			}
		}
		s = s[:i]
	}
	for _, suffix := range []string{"%", "k", "M"} {
		s = strings.TrimSuffix(s, suffix)
	}
	s = strings.TrimPrefix(s, "×")
	s = strings.ReplaceAll(s, "−", "-")
	s = strings.Replace(s, ",", ".", 1) // the decimal comma
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}
