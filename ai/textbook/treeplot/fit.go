package treeplot

import (
	"math"

	"boardgames/ai/textbook"
)

// Fit draws the tree to be shown in a room of w × h units (a screen, a
// slide) with no text smaller than minText units: whole if it fits so,
// else collapsed to the current path and its nodes' children
// (Options.Collapse), in larger type where the room has space for it
// (Options.TextScale: the nodes grow with the text, the layout less), and
// where it still does not fit, trimmed to the path's lower levels
// (Options.Trim), at last to the path alone. Where nothing fits it draws
// the largest text it can. It
// returns the picture and the scale that fits it to the room (units per
// point).
func Fit(tr *textbook.Trace, o Options, w, h, minText float64) (*Picture, float64) {
	p := Draw(tr, o)
	s := p.Scale(w, h)
	if p.MinText()*s >= minText || tr.Tree == nil {
		return p, s
	}
	best, bs := p, s
	ts0 := o.TextScale
	if ts0 <= 0 {
		ts0 = 1
	}
	height := 0
	for _, n := range tr.Tree.Nodes {
		height = max(height, n.Depth)
	}
	o.Collapse = true
	for trim := 0; trim <= max(height, 1); trim++ {
		o.Trim = trim
		for ts := ts0; ts <= 4*ts0; ts *= 1.1 {
			o.TextScale = ts
			c := Draw(tr, o)
			cs := c.Scale(w, h)
			if c.MinText()*cs >= minText {
				return c, cs
			}
			if c.MinText()*cs > best.MinText()*bs {
				best, bs = c, cs
			}
		}
	}
	return best, bs
}

// Scale is the scale that fits the picture into w × h, keeping its
// proportions.
func (p *Picture) Scale(w, h float64) float64 {
	if p.W <= 0 || p.H <= 0 {
		return 0
	}
	return min(w/p.W, h/p.H)
}

// MinText returns the size of the picture's smallest text, +Inf if it
// has none.
func (p *Picture) MinText() float64 {
	m := math.Inf(1)
	for _, s := range p.Shapes {
		if s.Kind == Text && s.Text != "" {
			m = min(m, s.Size)
		}
	}
	return m
}

// Slide reports whether the picture has the proportions of a page or a
// slide (at most 4 times as wide as it is high): a wider one, a game
// tree's many leaves in a row, reads better collapsed.
func (p *Picture) Slide() bool { return p.W <= 4*p.H }
