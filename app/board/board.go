// Package board is the one clickable grid widget that draws every game's
// board: square cells that stay square when the window is resized,
// coordinates along the edges, legal moves, the last move, the winning four,
// a hint, and a short animation of flips, captures and drops. It does its
// own hit-testing and reports taps as cell indices (row*width+col). It also
// draws diagrams without a display (RenderPNG).
//
// Files:
//   - board.go    Board and View: the widget's state and its tap handling
//   - render.go   the renderer: canvas objects made once, updated in Refresh
//   - palette.go  the colours of each game's board
//   - png.go      RenderPNG, diagrams through Fyne's software driver
//   - overlay.go  Overlay: texts written on cells over the board (the
//     values of the moves)
package board

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"boardgames/rules/connect4"
)

// View is what the board shows. Cells are row*width+col of Rows.
type View struct {
	// Game is the game's name ("othello", "checkers", "connect4", "adjacency").
	Game string
	// Rows is the board as the game writes it (games.Position.Rows).
	Rows []string
	// Legal marks the cells where a move can start or go (dots).
	Legal []int
	// Movable rings the pieces that can move (checkers, before a click).
	Movable []int
	// Selected outlines the cells of a half-entered move.
	Selected []int
	// Last outlines the cells of the last move.
	Last []int
	// Win rings the winning four.
	Win []int
	// Hint rings the hinted move's cells.
	Hint []int
	// Coords draws a-h / 1-8 (columns 1-7 for Connect Four) along the edges.
	Coords bool
	// Numbers draws the PDN numbers on checkers' dark squares.
	Numbers bool
}

// size returns the width and height of the board in cells.
func (v View) size() (w, h int) {
	if len(v.Rows) == 0 {
		return 8, 8
	}
	return len(v.Rows[0]), len(v.Rows)
}

// move is the animation of the last move.
type move struct {
	before  []string // the board before the move
	cells   []int    // the move's cells (games.Position.Squares)
	changed []int    // other cells it changed: flips and captures
	f       float32  // progress 0..1
}

// Board is the game board widget.
type Board struct {
	widget.BaseWidget

	// OnTapped is called with the cell that was tapped.
	OnTapped func(cell int)
	// Animate turns the move animation on.
	Animate bool
	// Duration of the move animation.
	Duration time.Duration

	view      View
	anim      *move
	animation *fyne.Animation
}

var (
	_ fyne.Tappable      = (*Board)(nil)
	_ desktop.Cursorable = (*Board)(nil)
)

// New returns an empty board.
func New() *Board {
	b := &Board{Animate: true, Duration: 280 * time.Millisecond}
	b.ExtendBaseWidget(b)
	return b
}

// View returns what the board shows.
func (b *Board) View() View { return b.view }

// SetView shows v without animation.
func (b *Board) SetView(v View) {
	b.stopAnimation()
	b.view = v
	b.Refresh()
}

// Update shows v and lets a running move animation finish (the position
// is the same, only the marks changed).
func (b *Board) Update(v View) {
	b.view = v
	b.Refresh()
}

// ShowMove shows v, animating the move that led to it: before is the board
// before the move, cells the move's cells and changed the other cells it
// changed. Without Animate it is SetView.
func (b *Board) ShowMove(v View, before []string, cells, changed []int) {
	b.stopAnimation()
	b.view = v
	if !b.Animate || b.Duration <= 0 || len(before) != len(v.Rows) || len(cells) == 0 {
		b.Refresh()
		return
	}
	m := &move{before: before, cells: cells, changed: changed}
	b.anim = m
	b.animation = fyne.NewAnimation(b.Duration, func(f float32) {
		if b.anim != m {
			return
		}
		m.f = f
		if f >= 1 {
			b.anim = nil
		}
		b.Refresh()
	})
	b.animation.Curve = fyne.AnimationEaseInOut
	b.Refresh()
	b.animation.Start()
}

// Animating reports whether a move animation is running.
func (b *Board) Animating() bool { return b.anim != nil }

func (b *Board) stopAnimation() {
	if b.animation != nil {
		b.animation.Stop()
		b.animation = nil
	}
	b.anim = nil
}

// Tapped reports the tapped cell to OnTapped.
func (b *Board) Tapped(ev *fyne.PointEvent) {
	if b.OnTapped == nil {
		return
	}
	if cell, ok := b.CellAt(ev.Position); ok {
		b.OnTapped(cell)
	}
}

// Cursor shows a pointer over the board.
func (b *Board) Cursor() desktop.Cursor { return desktop.PointerCursor }

// CellAt returns the cell under a position in the widget, if any.
func (b *Board) CellAt(p fyne.Position) (int, bool) {
	g := layoutFor(b.view, b.Size())
	w, h := b.view.size()
	col := int((p.X - g.origin.X) / g.cell)
	row := int((p.Y - g.origin.Y) / g.cell)
	if p.X < g.origin.X || p.Y < g.origin.Y || col < 0 || row < 0 || col >= w || row >= h {
		return 0, false
	}
	return row*w + col, true
}

// CellCenter returns the centre of a cell in the widget's coordinates.
func (b *Board) CellCenter(cell int) fyne.Position {
	g := layoutFor(b.view, b.Size())
	w, _ := b.view.size()
	return g.center(cell, w)
}

// MinSize keeps the board usable.
func (b *Board) MinSize() fyne.Size { return fyne.NewSize(280, 280) }

// CreateRenderer makes the renderer (once per widget).
func (b *Board) CreateRenderer() fyne.WidgetRenderer { return newRenderer(b) }

// geometry is where the board sits in the widget.
type geometry struct {
	origin fyne.Position // top-left of cell 0
	cell   float32       // side of a cell
	top    float32       // frame width above the cells (column labels)
	left   float32       // frame width left of the cells (row labels)
	trail  float32       // frame width below and right of the cells
}

func (g geometry) center(cell, w int) fyne.Position {
	r, c := cell/w, cell%w
	return fyne.NewPos(g.origin.X+(float32(c)+0.5)*g.cell, g.origin.Y+(float32(r)+0.5)*g.cell)
}

// layoutFor fits the board, with its frame, centred in size, cells square.
func layoutFor(v View, size fyne.Size) geometry {
	w, h := v.size()
	trail := float32(0.16) // frame widths in cells
	top, left := trail, trail
	if v.Coords {
		top = 0.5
		if v.Game != connect4.Name { // Connect Four has no row labels
			left = 0.5
		}
	}
	cell := min(size.Width/(float32(w)+left+trail), size.Height/(float32(h)+top+trail))
	cell = max(float32(int(cell)), 1) // whole pixels keep the grid crisp
	bw := cell * (float32(w) + left + trail)
	bh := cell * (float32(h) + top + trail)
	ox := float32(int((size.Width-bw)/2 + left*cell))
	oy := float32(int((size.Height-bh)/2 + top*cell))
	return geometry{origin: fyne.NewPos(ox, oy), cell: cell,
		top: float32(int(top * cell)), left: float32(int(left * cell)), trail: float32(int(trail * cell))}
}
