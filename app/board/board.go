// Package board is the one clickable grid widget that draws every game's
// board: square cells that stay square when the window is resized,
// coordinates along the edges, legal moves, the last two moves and what
// they changed (flipped discs, captured pieces, converted marks; the marks
// fade after a few seconds), the winning four, a hint, and a short
// animation of flips, captures and drops. It can be turned half a turn
// (View.Flipped). It does its own hit-testing and reports taps as cell
// indices (row*width+col) whichever way it is turned. It also draws
// diagrams without a display (RenderPNG). Its sizes follow the theme's
// text size, so a larger theme (the app's scale setting) makes it larger.
//
// Files:
//   - board.go    Board and View: the widget's state, its tap handling and
//     the fading of the change marks
//   - render.go   the renderer: canvas objects made once, updated in Refresh
//   - palette.go  the colours of each game's board
//   - png.go      RenderPNG, diagrams through Fyne's software driver
//   - overlay.go  Overlay: texts written on cells over the board (the
//     values of the moves), redrawn with the board when it turns
package board

import (
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
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
	// Changed marks the cells the last move changed besides its own:
	// flipped discs, captured pieces, converted marks.
	Changed []int
	// Prev and PrevChanged are the move before the last one (the other
	// side's) and the cells it changed, marked in a second colour.
	Prev, PrevChanged []int
	// Win rings the winning four.
	Win []int
	// Hint rings the hinted move's cells.
	Hint []int
	// Coords draws a-h / 1-8 (columns 1-7 for Connect Four) along the edges.
	Coords bool
	// Numbers draws the PDN numbers on checkers' dark squares.
	Numbers bool
	// Flipped turns the board half a turn: the last row at the top and the
	// last column at the left.
	Flipped bool
}

// sameMarks reports whether two views mark the same moves and changes.
func (v View) sameMarks(o View) bool {
	return slices.Equal(v.Last, o.Last) && slices.Equal(v.Changed, o.Changed) &&
		slices.Equal(v.Prev, o.Prev) && slices.Equal(v.PrevChanged, o.PrevChanged) && slices.Equal(v.Rows, o.Rows)
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
	// MarkHold is how long the marks of the last moves' changes stay
	// before they fade (with Animate on; without, they stay).
	MarkHold time.Duration
	// MinSide, if set, is the board's least side in lines of text (a small
	// board beside a text); 0 means 14, a board to play on.
	MinSide float32

	view      View
	anim      *move
	animation *fyne.Animation
	markAlpha float32 // the marks' opacity, 1 until they fade
	fade      *fyne.Animation
	// overlays are drawn over the board from its view (NewOverlay): they
	// are refreshed with it, so that a turned board turns them too.
	overlays []*Overlay
}

var (
	_ fyne.Tappable      = (*Board)(nil)
	_ desktop.Cursorable = (*Board)(nil)
)

// New returns an empty board.
func New() *Board {
	b := &Board{Animate: true, Duration: 280 * time.Millisecond, MarkHold: 3 * time.Second, markAlpha: 1}
	b.ExtendBaseWidget(b)
	return b
}

// View returns what the board shows.
func (b *Board) View() View { return b.view }

// SetView shows v without animation.
func (b *Board) SetView(v View) {
	b.stopAnimation()
	b.setMarks(v)
	b.setView(v)
	b.Refresh()
}

// Update shows v and lets a running move animation finish (the position
// is the same, only the marks changed).
func (b *Board) Update(v View) {
	b.setMarks(v)
	b.setView(v)
	b.Refresh()
}

// setView takes v, and redraws the overlays when it moves the cells on
// the screen (turned, coordinates on or off, another game).
func (b *Board) setView(v View) {
	old := b.view
	b.view = v
	if old.Flipped != v.Flipped || old.Coords != v.Coords || old.Game != v.Game || len(old.Rows) != len(v.Rows) {
		for _, o := range b.overlays {
			o.Refresh()
		}
	}
}

// setMarks shows the change marks of v at full strength when they are new,
// and lets them fade after MarkHold when animations are on.
func (b *Board) setMarks(v View) {
	if v.sameMarks(b.view) {
		return
	}
	if b.fade != nil {
		b.fade.Stop()
		b.fade = nil
	}
	b.markAlpha = 1
	if !b.Animate || b.MarkHold <= 0 || len(v.Changed)+len(v.Prev)+len(v.PrevChanged) == 0 {
		return
	}
	const fadeTime = 600 * time.Millisecond
	total := b.MarkHold + fadeTime
	hold := float32(b.MarkHold) / float32(total)
	var fade *fyne.Animation
	fade = fyne.NewAnimation(total, func(f float32) {
		if b.fade != fade {
			return
		}
		a := float32(1)
		if f > hold {
			a = max(0, 1-(f-hold)/(1-hold))
		}
		if a != b.markAlpha {
			b.markAlpha = a
			b.Refresh()
		}
	})
	fade.Curve = fyne.AnimationLinear
	b.fade = fade
	fade.Start()
}

// MarkAlpha is the opacity of the change marks: 1, or less while they fade.
func (b *Board) MarkAlpha() float32 { return b.markAlpha }

// ShowMove shows v, animating the move that led to it: before is the board
// before the move, cells the move's cells and changed the other cells it
// changed. Without Animate it is SetView.
func (b *Board) ShowMove(v View, before []string, cells, changed []int) {
	b.stopAnimation()
	b.setMarks(v)
	b.setView(v)
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
	if g.flipped {
		row, col = h-1-row, w-1-col
	}
	return row*w + col, true
}

// CellCenter returns the centre of a cell in the widget's coordinates.
func (b *Board) CellCenter(cell int) fyne.Position {
	g := layoutFor(b.view, b.Size())
	return g.center(cell)
}

// MinSize keeps the board usable: 14 lines of the theme's text high (or
// MinSide).
func (b *Board) MinSize() fyne.Size {
	lines := float32(14)
	if b.MinSide > 0 {
		lines = b.MinSide
	}
	side := lines * theme.TextSize()
	return fyne.NewSize(side, side)
}

// CreateRenderer makes the renderer (once per widget).
func (b *Board) CreateRenderer() fyne.WidgetRenderer { return newRenderer(b) }

// geometry is where the board sits in the widget.
type geometry struct {
	origin  fyne.Position // top-left of the cells
	cell    float32       // side of a cell
	top     float32       // frame width above the cells (column labels)
	left    float32       // frame width left of the cells (row labels)
	trail   float32       // frame width below and right of the cells
	w, h    int           // the board in cells
	flipped bool          // turned half a turn
}

// corner returns the top-left corner of a cell on the screen.
func (g geometry) corner(cell int) (x, y float32) {
	r, c := cell/g.w, cell%g.w
	if g.flipped {
		r, c = g.h-1-r, g.w-1-c
	}
	return g.origin.X + float32(c)*g.cell, g.origin.Y + float32(r)*g.cell
}

func (g geometry) center(cell int) fyne.Position {
	x, y := g.corner(cell)
	return fyne.NewPos(x+g.cell/2, y+g.cell/2)
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
		top: float32(int(top * cell)), left: float32(int(left * cell)), trail: float32(int(trail * cell)),
		w: w, h: h, flipped: v.Flipped}
}
