package board

import (
	"image/color"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"boardgames/rules/adjacency"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
)

// maxCells is the largest board (8x8); smaller boards hide the rest.
const maxCells = 64

// renderer draws a Board. Its canvas objects are made once, in
// newRenderer, and only moved, resized, recoloured, shown or hidden after.
type renderer struct {
	b       *Board
	frame   *canvas.Rectangle
	strips  [4]*canvas.Rectangle // the frame around the cells: top, bottom, left, right
	cells   [maxCells]*canvas.Rectangle
	nums    [maxCells]*canvas.Text
	pieces  [maxCells]*canvas.Rectangle // discs are rounded squares so they can flip
	kings   [maxCells]*canvas.Rectangle // crown ring of a checkers king
	dots    [maxCells]*canvas.Rectangle
	rings   [maxCells]*canvas.Rectangle // win, hint, movable
	boxes   [maxCells]*canvas.Rectangle // last move, selection
	marks   [maxCells]*canvas.Rectangle // what the last two moves changed
	mover   *canvas.Rectangle           // a sliding or dropping piece
	moverK  *canvas.Rectangle
	cols    [8]*canvas.Text
	rows    [8]*canvas.Text
	objects []fyne.CanvasObject
}

func newRenderer(b *Board) *renderer {
	r := &renderer{b: b}
	r.frame = canvas.NewRectangle(color.Transparent)
	r.objects = append(r.objects, r.frame)
	for i := range r.strips {
		r.strips[i] = canvas.NewRectangle(color.Transparent)
		r.objects = append(r.objects, r.strips[i])
	}
	add := func(o fyne.CanvasObject) { r.objects = append(r.objects, o) }
	for i := range maxCells {
		r.cells[i] = canvas.NewRectangle(color.Transparent)
		add(r.cells[i])
	}
	for i := range maxCells {
		r.nums[i] = canvas.NewText("", color.Transparent)
		add(r.nums[i])
	}
	for i := range maxCells {
		r.boxes[i] = canvas.NewRectangle(color.Transparent)
		add(r.boxes[i])
	}
	for i := range maxCells {
		r.pieces[i] = canvas.NewRectangle(color.Transparent)
		r.kings[i] = canvas.NewRectangle(color.Transparent)
		add(r.pieces[i])
		add(r.kings[i])
	}
	r.mover = canvas.NewRectangle(color.Transparent)
	r.moverK = canvas.NewRectangle(color.Transparent)
	add(r.mover)
	add(r.moverK)
	for i := range maxCells {
		r.dots[i] = canvas.NewRectangle(color.Transparent)
		r.rings[i] = canvas.NewRectangle(color.Transparent)
		r.marks[i] = canvas.NewRectangle(color.Transparent)
		add(r.dots[i])
		add(r.rings[i])
		add(r.marks[i])
	}
	for i := range 8 {
		r.cols[i] = canvas.NewText("", color.Transparent)
		r.rows[i] = canvas.NewText("", color.Transparent)
		r.cols[i].Alignment = fyne.TextAlignCenter
		r.rows[i].Alignment = fyne.TextAlignCenter
		r.cols[i].TextStyle.Bold = true
		r.rows[i].TextStyle.Bold = true
		add(r.cols[i])
		add(r.rows[i])
	}
	r.update(b.Size())
	return r
}

func (r *renderer) Destroy()                     {}
func (r *renderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *renderer) MinSize() fyne.Size           { return r.b.MinSize() }
func (r *renderer) Layout(size fyne.Size)        { r.update(size) }
func (r *renderer) Refresh()                     { r.update(r.b.Size()); r.refreshAll() }
func (r *renderer) refreshAll() {
	for _, o := range r.objects {
		o.Refresh()
	}
}

func place(o fyne.CanvasObject, x, y, w, h float32) {
	o.Move(fyne.NewPos(x, y))
	o.Resize(fyne.NewSize(w, h))
}

// centre places o, d wide and high, in the middle of the square of side
// cell at (x, y); a cell of 0 centres it on (x, y).
func centre(o fyne.CanvasObject, x, y, cell, d float32) {
	place(o, x+(cell-d)/2, y+(cell-d)/2, d, d)
}

// ring shows o as a circle outline of diameter d, colour c and the given
// line width, centred as centre does.
func ring(o *canvas.Rectangle, x, y, cell, d float32, c color.Color, width float32) {
	o.Hidden = false
	o.FillColor = color.Transparent
	o.StrokeColor, o.StrokeWidth = c, width
	o.CornerRadius = d / 2
	centre(o, x, y, cell, d)
}

func isBlack(ch byte) bool { return ch == 'X' || ch == 'b' || ch == 'B' }
func isWhite(ch byte) bool { return ch == 'O' || ch == 'w' || ch == 'W' }
func isKing(ch byte) bool  { return ch == 'B' || ch == 'W' }

// update puts every object where the view and the animation want it.
func (r *renderer) update(size fyne.Size) {
	b := r.b
	v := b.view
	a := b.anim
	w, h := v.size()
	g := layoutFor(v, size)
	pal := paletteFor(v.Game)
	cell := g.cell
	bw, bh := cell*float32(w), cell*float32(h)

	r.placeFrame(g, pal, bw, bh)

	radius := float32(0.42)
	switch v.Game {
	case checkers.Name:
		radius = 0.38
	case connect4.Name:
		radius = 0.40
	}
	last := -1
	if a != nil && len(a.cells) > 0 {
		last = a.cells[len(a.cells)-1]
	}
	r.mover.Hidden, r.moverK.Hidden = true, true

	for i := range maxCells {
		if i >= w*h || len(v.Rows) != h {
			r.hide(i)
			continue
		}
		row, col := i/w, i%w
		x, y := g.corner(i)
		ch := v.Rows[row][col]

		// The cell. Cells of one colour with no grid between them (Connect
		// Four) are one rectangle, the first cell's: the same pixels in one
		// object instead of 42 (each object drawn costs the browser build
		// a few JavaScript calls and a draw).
		gap := float32(int(pal.gap*cell + 0.5))
		c := r.cells[i]
		c.Hidden = false
		c.FillColor = pal.light
		if v.Game == checkers.Name && (row+col)%2 == 1 {
			c.FillColor = pal.dark
		}
		c.CornerRadius = 0
		if v.Game == adjacency.Name {
			c.CornerRadius = cell * 0.04
		}
		switch {
		case gap > 0 || pal.light != pal.dark:
			place(c, x+gap/2, y+gap/2, cell-gap, cell-gap)
		case i == 0:
			place(c, g.origin.X, g.origin.Y, bw, bh)
		default:
			c.Hidden = true
		}

		// The PDN number of a dark checkers square.
		n := r.nums[i]
		n.Hidden = !(v.Numbers && v.Game == checkers.Name && (row+col)%2 == 1)
		if !n.Hidden {
			n.Text = strconv.Itoa(row*4 + col/2 + 1)
			n.Color = color.NRGBA{R: 0xff, G: 0xf3, B: 0xe0, A: 0xb0}
			n.TextSize = cell * 0.2
			place(n, x+cell*0.05, y+cell*0.02, cell*0.3, cell*0.24)
		}

		// The piece, with the move animation.
		drawn := ch
		scaleX, scale, alpha := float32(1), float32(1), float32(1)
		hideHere := false
		if a != nil && len(a.before) == h && len(a.before[row]) == w {
			prev := a.before[row][col]
			switch {
			case slices.Contains(a.changed, i) && !isBlack(ch) && !isWhite(ch): // captured
				drawn, alpha = prev, 1-a.f
			case slices.Contains(a.changed, i): // flipped
				scaleX = abs(1 - 2*a.f)
				if a.f < 0.5 {
					drawn = prev
				}
			case i == last && (v.Game == checkers.Name || v.Game == connect4.Name):
				hideHere = true
				r.drawMover(v, g, pal, radius, a, ch)
			case i == last:
				scale = 0.35 + 0.65*a.f
			}
		}
		p := r.pieces[i]
		k := r.kings[i]
		k.Hidden = true
		switch {
		case hideHere || !(isBlack(drawn) || isWhite(drawn)):
			p.Hidden = v.Game != connect4.Name
			p.FillColor, p.StrokeWidth = pal.hole, 0
			if v.Game == connect4.Name {
				d := 2 * radius * cell
				p.CornerRadius = d / 2
				centre(p, x, y, cell, d)
			}
		default:
			p.Hidden = false
			fill, rim := pal.piece(drawn)
			p.FillColor, p.StrokeColor = fade(fill, alpha), fade(rim, alpha)
			p.StrokeWidth = max(1, cell*0.03)
			d := 2 * radius * cell * scale
			dw := d * scaleX
			p.CornerRadius = min(d, dw) / 2
			if v.Game == adjacency.Name {
				p.CornerRadius = d * 0.18
			}
			place(p, x+(cell-dw)/2, y+(cell-d)/2, dw, d)
			if isKing(drawn) {
				ring(k, x, y, cell, d*0.55, fade(pal.king, alpha), max(2, cell*0.06))
			}
		}

		// Legal-move dot.
		dot := r.dots[i]
		dot.Hidden = !slices.Contains(v.Legal, i)
		if !dot.Hidden {
			dd := cell * 0.26
			dot.FillColor = pal.dot
			if len(v.Selected) > 0 {
				dot.FillColor = pal.target
				dd = cell * 0.32
			}
			dot.CornerRadius = dd / 2
			centre(dot, x, y, cell, dd)
		}

		// Rings: the winning four, the hint, the pieces that can move.
		rg := r.rings[i]
		rg.Hidden = true
		var rc color.Color
		width := max(2, cell*0.06)
		switch {
		case slices.Contains(v.Win, i):
			rc = pal.win
		case slices.Contains(v.Hint, i):
			rc = pal.hint
		case slices.Contains(v.Movable, i):
			rc, width = pal.target, max(2, cell*0.04)
		}
		if rc != nil {
			rd := cell * (2*radius + 0.08)
			ring(rg, x, y, cell, rd, rc, width)
			if v.Game == adjacency.Name {
				rg.CornerRadius = rd * 0.2
			}
		}

		// Boxes: the selection, the last move, the move before it.
		box := r.boxes[i]
		box.Hidden = true
		var bc color.Color
		bw := max(2, cell*0.05)
		switch {
		case slices.Contains(v.Selected, i):
			bc = pal.selected
		case slices.Contains(v.Last, i):
			bc = pal.last
		case slices.Contains(v.Prev, i) && b.markAlpha > 0:
			bc, bw = fade(pal.prev, b.markAlpha), max(2, cell*0.035)
		}
		if bc != nil {
			box.Hidden = false
			inset := max(gap/2, 1)
			box.FillColor = color.Transparent
			box.StrokeColor = bc
			box.StrokeWidth = bw
			box.CornerRadius = c.CornerRadius
			place(box, x+inset, y+inset, cell-2*inset, cell-2*inset)
		}

		// What the last two moves changed: a dot on a flipped disc or a
		// converted mark, a ring where a piece was captured.
		r.mark(i, x, y, cell, ch, v, pal, b.markAlpha)
	}

	// Coordinates along the edges.
	ts := max(9, min(g.top*0.62, cell*0.3))
	for i := range 8 {
		ct, rt := r.cols[i], r.rows[i]
		ct.Hidden = !v.Coords || i >= w
		rt.Hidden = !v.Coords || i >= h || v.Game == connect4.Name
		if !ct.Hidden {
			c := i
			if v.Flipped {
				c = w - 1 - i
			}
			ct.Text = string(rune('a' + c))
			if v.Game == connect4.Name {
				ct.Text = strconv.Itoa(c + 1)
			}
			ct.Color, ct.TextSize = pal.label, ts
			place(ct, g.origin.X+float32(i)*cell, g.origin.Y-g.top, cell, g.top)
		}
		if !rt.Hidden {
			rw := i
			if v.Flipped {
				rw = h - 1 - i
			}
			rt.Text = strconv.Itoa(rw + 1)
			rt.Color, rt.TextSize = pal.label, ts
			place(rt, g.origin.X-g.left, g.origin.Y+float32(i)*cell, g.left, cell)
		}
	}
}

// placeFrame draws the frame, a rounded rectangle of pal.frame around the
// cells. Where the grid lines show it (a gap between cells) it is one
// rectangle under the cells; where the cells cover it (no gap) only its
// visible part is drawn, in four strips that reach a little under the
// cells (their inner edges and joins hidden there), and it looks the same.
// Every pixel of every object is shaded, and in a software renderer (a
// browser without a GPU: the page's WebGL) the whole rounded frame of a
// Connect Four board costs ~30 ms a frame, its strips ~4 ms.
func (r *renderer) placeFrame(g geometry, pal palette, bw, bh float32) {
	x, y := g.origin.X-g.left, g.origin.Y-g.top
	w, h := bw+g.left+g.trail, bh+g.top+g.trail
	radius := g.trail * 0.8
	top, bottom, left, right := r.strips[0], r.strips[1], r.strips[2], r.strips[3]
	if pal.gap > 0 {
		r.frame.Hidden = false
		r.frame.FillColor = pal.frame
		r.frame.CornerRadius = radius
		place(r.frame, x, y, w, h)
		for _, s := range r.strips {
			s.Hidden = true
		}
		return
	}
	r.frame.Hidden = true
	under := float32(int(radius)) + 2 // how far the top and bottom strips reach under the cells
	for _, s := range r.strips {
		s.Hidden = false
		s.FillColor = pal.frame
	}
	top.TopLeftCornerRadius, top.TopRightCornerRadius = radius, radius
	place(top, x, y, w, min(g.top+under, h/2))
	bottom.BottomLeftCornerRadius, bottom.BottomRightCornerRadius = radius, radius
	bh2 := min(g.trail+under, h/2)
	place(bottom, x, y+h-bh2, w, bh2)
	// The sides run between the top and bottom strips, 2 pixels under the cells.
	place(left, x, g.origin.Y, g.left+2, bh)
	place(right, g.origin.X+bw-2, g.origin.Y, g.trail+2, bh)
}

// drawMover draws the moving piece of a checkers move (sliding along its
// path) or a Connect Four drop (falling down its column).
func (r *renderer) drawMover(v View, g geometry, pal palette, radius float32, a *move, ch byte) {
	var pos fyne.Position
	if v.Game == connect4.Name {
		end := g.center(a.cells[0])
		startY := g.origin.Y - g.cell/2
		pos = fyne.NewPos(end.X, startY+(end.Y-startY)*a.f*a.f)
	} else {
		pts := make([]fyne.Position, len(a.cells))
		for i, c := range a.cells {
			pts[i] = g.center(c)
		}
		pos = along(pts, a.f)
	}
	d := 2 * radius * g.cell
	m := r.mover
	m.Hidden = false
	m.FillColor, m.StrokeColor = pal.piece(ch)
	m.StrokeWidth = max(1, g.cell*0.03)
	m.CornerRadius = d / 2
	centre(m, pos.X, pos.Y, 0, d)
	if isKing(ch) {
		ring(r.moverK, pos.X, pos.Y, 0, d*0.55, pal.king, max(2, g.cell*0.06))
	}
}

// along returns the point at fraction f of a polyline, by segment count.
func along(pts []fyne.Position, f float32) fyne.Position {
	if len(pts) == 1 || f <= 0 {
		return pts[0]
	}
	if f >= 1 {
		return pts[len(pts)-1]
	}
	segs := float32(len(pts) - 1)
	i := int(f * segs)
	t := f*segs - float32(i)
	p, q := pts[i], pts[i+1]
	return fyne.NewPos(p.X+(q.X-p.X)*t, p.Y+(q.Y-p.Y)*t)
}

// mark shows what the last two moves did to cell i (at x, y, holding ch):
// a dot on a piece that changed colour, a ring where a piece was taken, in
// the colour of the move's outline, faded by alpha.
func (r *renderer) mark(i int, x, y, cell float32, ch byte, v View, pal palette, alpha float32) {
	m := r.marks[i]
	m.Hidden = true
	var mc color.Color
	switch {
	case slices.Contains(v.Changed, i):
		mc = pal.last
	case slices.Contains(v.PrevChanged, i):
		mc = pal.prev
	}
	if mc == nil || alpha <= 0 {
		return
	}
	mc = fade(mc, alpha)
	if isBlack(ch) || isWhite(ch) {
		d := cell * 0.22
		m.Hidden = false
		m.FillColor, m.StrokeColor, m.StrokeWidth = mc, fade(pal.markRim, alpha), max(1, cell*0.02)
		m.CornerRadius = d / 2
		centre(m, x, y, cell, d)
		return
	}
	ring(m, x, y, cell, cell*0.5, mc, max(2, cell*0.05))
}

func (r *renderer) hide(i int) {
	r.marks[i].Hidden = true
	r.cells[i].Hidden = true
	r.nums[i].Hidden = true
	r.pieces[i].Hidden = true
	r.kings[i].Hidden = true
	r.dots[i].Hidden = true
	r.rings[i].Hidden = true
	r.boxes[i].Hidden = true
}

func abs(f float32) float32 {
	if f < 0 {
		return -f
	}
	return f
}

// fade multiplies a colour's alpha by a.
func fade(c color.Color, a float32) color.Color {
	if a >= 1 {
		return c
	}
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	n.A = uint8(float32(n.A) * max(a, 0))
	return n
}
