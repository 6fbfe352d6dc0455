package board

import (
	"image/color"

	"boardgames/rules/adjacency"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/othello"
)

// palette is how one game's board looks. The board keeps its own colours in
// both themes (a board is a physical object), so diagrams drawn by RenderPNG
// look exactly like the window.
type palette struct {
	frame, label   color.Color
	light, dark    color.Color // cell colours; light squares only in checkers
	hole           color.Color // an empty Connect Four cell
	black, white   color.Color // the two colours' pieces
	blackRim       color.Color
	whiteRim       color.Color
	king           color.Color // the crown ring of a checkers king
	dot            color.Color // a legal move
	target         color.Color // where a selected checkers piece can go
	last, selected color.Color // outlines
	prev           color.Color // the outline and change marks of the move before the last
	markRim        color.Color // the rim of a change mark
	win, hint      color.Color // rings
	gap            float32     // grid line width as a fraction of a cell
}

func rgb(c uint32) color.NRGBA {
	return color.NRGBA{R: uint8(c >> 16), G: uint8(c >> 8), B: uint8(c), A: 0xff}
}

func rgba(c uint32, a uint8) color.NRGBA {
	n := rgb(c)
	n.A = a
	return n
}

var palettes = map[string]palette{
	othello.Name: {
		frame: rgb(0x1f3d24), label: rgb(0xd7e8d0),
		light: rgb(0x2e8b3e), dark: rgb(0x2e8b3e), hole: rgb(0x2e8b3e),
		black: rgb(0x1a1a1a), white: rgb(0xf4f4ef), blackRim: rgb(0x000000), whiteRim: rgb(0xbdbdb5),
		dot: rgba(0x000000, 0x55), target: rgba(0xffeb3b, 0xcc),
		last: rgb(0xff5252), selected: rgb(0xffeb3b), win: rgb(0xffd54f), hint: rgb(0x40c4ff),
		prev: rgb(0x64b5f6), markRim: rgb(0x000000),
		gap: 0.035,
	},
	checkers.Name: {
		frame: rgb(0x4e342e), label: rgb(0xf1e3cf),
		light: rgb(0xf0dcb8), dark: rgb(0xa86f47), hole: rgb(0xa86f47),
		black: rgb(0x2b2b2b), white: rgb(0xf7f2e6), blackRim: rgb(0x0d0d0d), whiteRim: rgb(0xb9ae98),
		king: rgb(0xffc107),
		dot:  rgba(0x000000, 0x50), target: rgba(0x76ff03, 0xd0),
		last: rgb(0xff5252), selected: rgb(0xffeb3b), win: rgb(0xffd54f), hint: rgb(0x40c4ff),
		prev: rgb(0x1e88e5), markRim: rgb(0x000000),
	},
	connect4.Name: {
		frame: rgb(0x0d3c8c), label: rgb(0xdbe6fb),
		light: rgb(0x1565c0), dark: rgb(0x1565c0), hole: rgb(0xe3ecf7),
		black: rgb(0xd32f2f), white: rgb(0xfbc02d), blackRim: rgb(0x8e1b1b), whiteRim: rgb(0xb08300),
		dot: rgba(0x1565c0, 0x80), target: rgba(0x76ff03, 0xd0),
		last: rgb(0xffffff), selected: rgb(0xffeb3b), win: rgb(0x00e676), hint: rgb(0x40c4ff),
		prev: rgb(0x90caf9), markRim: rgb(0x000000),
	},
	adjacency.Name: {
		frame: rgb(0x455a64), label: rgb(0xeceff1),
		light: rgb(0xe6eaed), dark: rgb(0xe6eaed), hole: rgb(0xe6eaed),
		black: rgb(0x1e6fd9), white: rgb(0xf57c00), blackRim: rgb(0x0d47a1), whiteRim: rgb(0xb35400),
		dot: rgba(0x455a64, 0x26), target: rgba(0x76ff03, 0xd0),
		last: rgb(0xd50000), selected: rgb(0xffeb3b), win: rgb(0xffd54f), hint: rgb(0x00b8d4),
		prev: rgb(0x2e7d32), markRim: rgb(0xffffff),
		gap: 0.04,
	},
}

func paletteFor(game string) palette {
	if p, ok := palettes[game]; ok {
		return p
	}
	return palettes[othello.Name]
}

// piece returns the fill and rim colours of the piece written ch.
func (p palette) piece(ch byte) (fill, rim color.Color) {
	if isWhite(ch) {
		return p.white, p.whiteRim
	}
	return p.black, p.blackRim
}
