package chart

import (
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
)

// Marker is the shape drawn at each point of a line series.
type Marker int

// The markers, in the order the series take them.
const (
	MarkerCircle Marker = iota
	MarkerSquare
	MarkerTriangle
	MarkerDiamond
	MarkerRing // a hollow circle
	MarkerBox  // a hollow square
	MarkerHollowTriangle
	MarkerHollowDiamond
	markerCount
)

// hollow reports whether the marker is an outline, through which what lies
// beneath shows.
func (m Marker) hollow() bool { return m >= MarkerRing }

// dashes are the line patterns the series take in turn: on and off
// lengths in pixels at scale 1 (nil is a solid line). Solid first, then
// patterns whose gaps let a line drawn earlier show through.
var dashes = [][]float32{
	nil,
	{10, 5},
	{2.5, 4},
	{10, 4, 2.5, 4},
}

// Style is how a line chart draws one series: its colour, its dash
// pattern, the marker at its points and the width of its line. Series i of
// n takes colour i, dash pattern i and marker i of their lists, so that
// two series differ in at least two ways, and the series drawn first are
// the widest, with the largest markers: a series drawn later over the same
// points leaves the earlier one visible around it.
type Style struct {
	Color color.Color
	// Dash is the on/off pattern in pixels; nil for a solid line.
	Dash []float32
	// Marker is the shape at each point.
	Marker Marker
	// Width is the line's width and Size the marker's, in pixels.
	Width, Size float32
}

// seriesStyle returns the style of series i of n, for lines drawn with
// the unit scale k (1 at the theme's default text size).
func seriesStyle(i, n int, k float32) Style {
	below := float32(min(max(n-1-i, 0), 3)) // series drawn after this one, up to 3
	return Style{
		Color:  SeriesColor(i),
		Dash:   dashes[i%len(dashes)],
		Marker: Marker(i % int(markerCount)),
		Width:  (1.5 + below) * k,
		Size:   (7 + 2.5*below) * k,
	}
}

// unitScale is the charts' line scale: 1 at Fyne's default text size,
// growing with the theme's text size (a projector's larger text), never
// below 1.
func unitScale() float32 {
	return max(1, min(theme.TextSize()/14, 2.5))
}

// newMarker makes the canvas object of a marker in colour col: a circle,
// a rectangle or a polygon, filled or outlined.
func newMarker(m Marker, col color.Color) fyne.CanvasObject {
	fill, stroke := col, color.Color(color.Transparent)
	if m.hollow() {
		fill, stroke = color.Transparent, col
	}
	switch m {
	case MarkerCircle, MarkerRing:
		c := canvas.NewCircle(fill)
		c.StrokeColor = stroke
		return c
	case MarkerSquare, MarkerBox:
		r := canvas.NewRectangle(fill)
		r.StrokeColor = stroke
		return r
	case MarkerTriangle, MarkerHollowTriangle:
		p := canvas.NewPolygon(3, fill)
		p.StrokeColor = stroke
		return p
	}
	p := canvas.NewPolygon(4, fill) // a diamond: the first corner is at the top
	p.StrokeColor = stroke
	return p
}

// placeMarker centres marker o, of style st, on (x, y).
func placeMarker(o fyne.CanvasObject, st Style, x, y float32) {
	size := st.Size
	switch st.Marker {
	case MarkerSquare, MarkerBox:
		size *= 0.85 // a square looks larger than a circle of its width
	case MarkerTriangle, MarkerHollowTriangle, MarkerDiamond, MarkerHollowDiamond:
		size *= 1.2 // a polygon is drawn inside its box
	}
	stroke := max(1.5, st.Width*0.6)
	switch m := o.(type) {
	case *canvas.Circle:
		if st.Marker.hollow() {
			m.StrokeWidth = stroke
		}
	case *canvas.Rectangle:
		if st.Marker.hollow() {
			m.StrokeWidth = stroke
		}
	case *canvas.Polygon:
		if st.Marker.hollow() {
			m.StrokeWidth = stroke
		}
	}
	o.Move(fyne.NewPos(x-size/2, y-size/2))
	if s := fyne.NewSquareSize(size); o.Size() != s {
		o.Resize(s)
		o.Refresh() // a polygon is redrawn at its new size
	}
}

// dashPieces cuts the polyline pts into the pieces its dash pattern draws
// (scaled by k), the pattern running on across the corners; a solid
// pattern gives one piece per segment. It appends to out and returns it.
func dashPieces(out [][2]fyne.Position, pts []fyne.Position, dash []float32, k float32) [][2]fyne.Position {
	if len(dash) == 0 {
		for j := 1; j < len(pts); j++ {
			out = append(out, [2]fyne.Position{pts[j-1], pts[j]})
		}
		return out
	}
	idx, left := 0, dash[0]*k // the current part of the pattern and what remains of it
	for j := 1; j < len(pts); j++ {
		a, b := pts[j-1], pts[j]
		dx, dy := b.X-a.X, b.Y-a.Y
		length := float32(math.Hypot(float64(dx), float64(dy)))
		at := float32(0)
		for at < length {
			step := min(left, length-at)
			if idx%2 == 0 && step > 0 { // an "on" part
				p := fyne.NewPos(a.X+dx*at/length, a.Y+dy*at/length)
				q := fyne.NewPos(a.X+dx*(at+step)/length, a.Y+dy*(at+step)/length)
				out = append(out, [2]fyne.Position{p, q})
			}
			at += step
			left -= step
			if left <= 1e-3 {
				idx = (idx + 1) % len(dash)
				left = dash[idx] * k
			}
		}
	}
	return out
}
