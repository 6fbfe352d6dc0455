package chart

import (
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"boardgames/app/internal/tr"
)

// Series is one named sequence of points. A line chart joins (X[i], Y[i])
// in order; a nil X stands for 0, 1, 2, ...; extra values of the longer
// slice are ignored. A bar chart uses Y[i] as the value of category i and
// ignores X. Points with a NaN or infinite coordinate (or, on a log scale,
// Y <= 0) are skipped: the line joins the points on either side.
//
// Low and High, when given, are the ends of each point's interval (a 95 %
// confidence interval): a line chart draws them as error bars, a vertical
// line with a cap at each end. A point without both ends finite (or, on a
// log scale, above 0) has no bar.
type Series struct {
	Name      string
	X, Y      []float64
	Low, High []float64
}

// interval returns the ends of point j's interval, ok false when it has
// none.
func (s Series) interval(j int) (lo, hi float64, ok bool) {
	if j >= len(s.Low) || j >= len(s.High) {
		return 0, 0, false
	}
	lo, hi = s.Low[j], s.High[j]
	return lo, hi, finite(lo) && finite(hi) && lo <= hi
}

// points returns the number of points of a line series: len(Y), or
// len(X) when X is given and shorter.
func (s Series) points() int {
	if s.X != nil {
		return min(len(s.Y), len(s.X))
	}
	return len(s.Y)
}

// x returns the X of point j of a line series.
func (s Series) x(j int) float64 {
	if s.X != nil {
		return s.X[j]
	}
	return float64(j)
}

// CopySeries returns a deep copy of s, for a chart's data that its
// producer goes on changing.
func CopySeries(s []Series) []Series {
	out := make([]Series, len(s))
	for i, x := range s {
		out[i] = Series{Name: x.Name, X: append([]float64(nil), x.X...), Y: append([]float64(nil), x.Y...),
			Low: append([]float64(nil), x.Low...), High: append([]float64(nil), x.High...)}
	}
	return out
}

// NoData is what an empty chart shows instead of its axes.
func NoData() string { return tr.T("No data yet.") }

// Kind is the kind of a Chart.
type Kind int

const (
	// Line joins each series' points with lines.
	Line Kind = iota
	// Bar draws grouped bars: one group per category, one bar per series.
	Bar
)

// Chart is a line or grouped bar chart with a title, axis labels, nice
// ticks, an optional log scale on Y and a legend. Build it with NewLine or
// NewBar, then give it data with SetSeries.
type Chart struct {
	widget.BaseWidget

	kind                  Kind
	title, xLabel, yLabel string
	series                []Series
	categories            []string
	logY                  bool
	// yFrom and yTo, when yFixed, are a span the Y axis always covers.
	yFixed     bool
	yFrom, yTo float64
	gen        int // bumped when the objects must be rebuilt
}

// NewLine returns an empty line chart.
func NewLine(title, xLabel, yLabel string) *Chart {
	return newChart(Line, title, xLabel, yLabel)
}

// NewBar returns an empty grouped bar chart: categories on X (see
// SetCategories), one bar per series in each group.
func NewBar(title, xLabel, yLabel string) *Chart {
	return newChart(Bar, title, xLabel, yLabel)
}

func newChart(k Kind, title, xLabel, yLabel string) *Chart {
	c := &Chart{kind: k, title: title, xLabel: xLabel, yLabel: yLabel}
	c.ExtendBaseWidget(c)
	return c
}

// Kind returns whether c is a line or a bar chart.
func (c *Chart) Kind() Kind { return c.kind }

// SetSeries replaces the chart's data. The chart keeps its own copy.
func (c *Chart) SetSeries(s []Series) {
	c.series = CopySeries(s)
	c.gen++
	c.Refresh()
}

// Series returns a copy of the chart's data.
func (c *Chart) Series() []Series { return CopySeries(c.series) }

// SetLogY switches the Y axis to a log scale (ticks 1, 10, 100, 1k, ...),
// for quantities such as nodes per depth that grow geometrically.
func (c *Chart) SetLogY(on bool) {
	if c.logY == on {
		return
	}
	c.logY = on
	c.gen++
	c.Refresh()
}

// SetYRange makes the Y axis cover at least lo..hi, whatever the data
// (values outside still widen it): 0..100 for a percentage, so that 90%
// and 100% do not look worlds apart. lo >= hi clears it.
func (c *Chart) SetYRange(lo, hi float64) {
	c.yFixed, c.yFrom, c.yTo = finite(lo) && finite(hi) && lo < hi, lo, hi
	c.gen++
	c.Refresh()
}

// LogY reports whether the Y axis has a log scale.
func (c *Chart) LogY() bool { return c.logY }

// SetCategories names a bar chart's groups, left to right; a group
// without a name is labelled with its number from 1.
func (c *Chart) SetCategories(names []string) {
	c.categories = append([]string(nil), names...)
	c.gen++
	c.Refresh()
}

// Title returns the chart's title.
func (c *Chart) Title() string { return c.title }

// SetTitle changes the title and the axis labels.
func (c *Chart) SetTitle(title, xLabel, yLabel string) {
	c.title, c.xLabel, c.yLabel = title, xLabel, yLabel
	c.Refresh()
}

// CreateRenderer is part of fyne.Widget.
func (c *Chart) CreateRenderer() fyne.WidgetRenderer {
	r := &chartRenderer{c: c, gen: -1}
	r.Refresh()
	return r
}

// categoryCount returns the number of bar groups.
func (c *Chart) categoryCount() int {
	n := len(c.categories)
	for _, s := range c.series {
		n = max(n, len(s.Y))
	}
	return n
}

// category returns the label of bar group i.
func (c *Chart) category(i int) string {
	if i < len(c.categories) && c.categories[i] != "" {
		return c.categories[i]
	}
	return strconv.Itoa(i + 1)
}

// Table returns the chart's data as a CSV table. A line chart gives one
// row per point: series, x, y. A bar chart gives one row per category:
// the category, then one column per series. Missing values are empty.
func (c *Chart) Table() (header []string, rows [][]string) {
	num := func(v float64) string {
		if !finite(v) {
			return ""
		}
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	name := func(i int) string {
		if c.series[i].Name != "" {
			return c.series[i].Name
		}
		return tr.F("series %d", i+1)
	}
	if c.kind == Bar {
		header = []string{c.xLabel}
		if header[0] == "" {
			header[0] = tr.T("category")
		}
		for i := range c.series {
			header = append(header, name(i))
		}
		for k := range c.categoryCount() {
			row := []string{c.category(k)}
			for _, s := range c.series {
				v := ""
				if k < len(s.Y) {
					v = num(s.Y[k])
				}
				row = append(row, v)
			}
			rows = append(rows, row)
		}
		return header, rows
	}
	x, y := c.xLabel, c.yLabel
	if x == "" {
		x = tr.T("x")
	}
	if y == "" {
		y = tr.T("y")
	}
	header = []string{tr.T("series"), x, y}
	intervals := false
	for _, s := range c.series {
		intervals = intervals || len(s.Low) > 0 || len(s.High) > 0
	}
	if intervals {
		header = append(header, tr.F("%d%% interval, low", 95), tr.F("%d%% interval, high", 95))
	}
	for i, s := range c.series {
		for j := range s.points() {
			row := []string{name(i), num(s.x(j)), num(s.Y[j])}
			if intervals {
				lo, hi, ok := s.interval(j)
				if ok {
					row = append(row, num(lo), num(hi))
				} else {
					row = append(row, "", "")
				}
			}
			rows = append(rows, row)
		}
	}
	return header, rows
}
