package review

import (
	"fmt"
	"html"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"strings"

	"golang.org/x/image/vector"

	"boardgames/rules"
)

// Point is one point of the evaluation graph: the position after Ply moves
// (0 the start), valued for the first player (rules.Black).
type Point struct {
	Ply int `json:"ply"`
	// Chance is the first player's win chance, 0..100 (WinChance).
	Chance float64 `json:"chance"`
	// Score is the value in the game's units for the first player, NaN
	// when the value has none (a class without units).
	Score float64 `json:"-"`
	Class Class   `json:"class,omitempty"` // for the first player
	Exact bool    `json:"exact"`
	// Label is the label of the move that led here ("" at the start).
	Label Label `json:"label,omitempty"`
}

// Graph returns the points of the game's evaluation graph, one per
// position, the start first.
func Graph(g Game) []Point {
	if len(g.Moves) == 0 {
		return nil
	}
	first := g.Moves[0]
	pts := []Point{point(g.Game, 0, first.Player, first.Before, "")}
	for _, m := range g.Moves {
		pts = append(pts, point(g.Game, m.Ply, m.Player, m.Played, m.Label))
	}
	return pts
}

// point values v, which is for side, for the first player.
func point(game string, ply int, side rules.Player, v Value, l Label) Point {
	if side != rules.Black {
		v = v.negate(false)
	}
	p := Point{Ply: ply, Chance: WinChance(game, v), Class: v.Class, Exact: v.Exact, Label: l, Score: math.NaN()}
	if hasUnits(v) {
		p.Score = v.Score
	}
	return p
}

// The graph's drawing, in pixels (SVG user units).
const (
	graphW, graphH = 720, 220
	padL, padR     = 56, 12
	padT, padB     = 24, 28
)

// markColour is the colour of a label's mark on the graph and in the
// reports.
func markColour(l Label) (color.NRGBA, bool) {
	switch l {
	case Inaccuracy:
		return color.NRGBA{0xd4, 0xa0, 0x17, 0xff}, true
	case Mistake:
		return color.NRGBA{0xe0, 0x6c, 0x00, 0xff}, true
	case Blunder:
		return color.NRGBA{0xc6, 0x28, 0x28, 0xff}, true
	}
	return color.NRGBA{}, false
}

// Colour is a label's colour as "#rrggbb" ("" for best, good and
// unproven), for the reports.
func Colour(l Label) string {
	c, ok := markColour(l)
	if !ok {
		return ""
	}
	return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
}

// xy places point i of n at its pixel.
func xy(i, n int, chance float64) (float64, float64) {
	x := float64(padL)
	if n > 0 {
		x += float64(i) * float64(graphW-padL-padR) / float64(n)
	}
	y := float64(padT) + (100-chance)/100*float64(graphH-padT-padB)
	return x, y
}

// Size is the graph's size in pixels (SVG user units): Image's bounds.
func Size() (w, h int) { return graphW, graphH }

// PlyAt is the ply of the graph's point nearest to x, a pixel column of
// Image (or of the SVG), clamped to the game: for a click on the graph.
func PlyAt(g Game, x float64) int {
	n := len(g.Moves)
	if n == 0 {
		return 0
	}
	ply := int(math.Round((x - padL) / float64(graphW-padL-padR) * float64(n)))
	return max(0, min(ply, n))
}

// SVG writes the graph as an SVG image: the first player's win chance over
// the moves, shaded from the 50% line, each inaccuracy, mistake and
// blunder marked in its colour.
func SVG(w io.Writer, g Game, firstName, secondName string) error {
	pts := Graph(g)
	n := len(pts) - 1
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", graphW, graphH, graphW, graphH)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", graphW, graphH)
	_, top := xy(0, n, 100)
	_, mid := xy(0, n, 50)
	_, bot := xy(0, n, 0)
	right, _ := xy(n, n, 0)
	fmt.Fprintf(&b, `<rect x="%d" y="%.1f" width="%.1f" height="%.1f" fill="#f4f4f4" stroke="#999999"/>`+"\n", padL, top, right-padL, bot-top)
	fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#999999" stroke-dasharray="4 3"/>`+"\n", padL, mid, right, mid)
	fmt.Fprintf(&b, `<text x="4" y="%.1f">%s</text>`+"\n", top+10, html.EscapeString(firstName))
	fmt.Fprintf(&b, `<text x="4" y="%.1f">%s</text>`+"\n", bot, html.EscapeString(secondName))
	fmt.Fprintf(&b, `<text x="%d" y="16">%s: %s's chance, by move</text>`+"\n", padL, html.EscapeString(g.Title), html.EscapeString(firstName))
	if n > 0 {
		var poly strings.Builder
		fmt.Fprintf(&poly, "%.1f,%.1f", float64(padL), mid)
		for i, p := range pts {
			x, y := xy(i, n, p.Chance)
			fmt.Fprintf(&poly, " %.1f,%.1f", x, y)
		}
		fmt.Fprintf(&poly, " %.1f,%.1f", right, mid)
		fmt.Fprintf(&b, `<polygon points="%s" fill="#5b7fbf" fill-opacity="0.45" stroke="#2c4f8f" stroke-width="1.5"/>`+"\n", poly.String())
		for i, p := range pts {
			if c := Colour(p.Label); c != "" {
				x, y := xy(i, n, p.Chance)
				fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="4" fill="%s"><title>%d: %s</title></circle>`+"\n", x, y, c, p.Ply, p.Label)
			}
		}
		for t := 0; t <= n; t += tickStep(n) {
			x, _ := xy(t, n, 0)
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%d</text>`+"\n", x, graphH-10, t)
		}
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// tickStep is the move numbers' step on the x axis.
func tickStep(n int) int {
	for _, s := range []int{1, 2, 5, 10, 20, 50, 100} {
		if n/s <= 12 {
			return s
		}
	}
	return 200
}

// PNG writes the graph as a PNG image, the same drawing as SVG without
// its words.
func PNG(w io.Writer, g Game) error {
	return png.Encode(w, Image(g))
}

// Image draws the graph (without words).
func Image(g Game) *image.RGBA {
	pts := Graph(g)
	n := len(pts) - 1
	img := image.NewRGBA(image.Rect(0, 0, graphW, graphH))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	_, top := xy(0, n, 100)
	_, mid := xy(0, n, 50)
	_, bot := xy(0, n, 0)
	right, _ := xy(n, n, 0)
	draw.Draw(img, image.Rect(padL, int(top), int(right)+1, int(bot)+1), image.NewUniform(color.NRGBA{0xf4, 0xf4, 0xf4, 0xff}), image.Point{}, draw.Src)
	for x := padL; x <= int(right); x += 6 {
		draw.Draw(img, image.Rect(x, int(mid), x+3, int(mid)+1), image.NewUniform(color.NRGBA{0x99, 0x99, 0x99, 0xff}), image.Point{}, draw.Src)
	}
	if n <= 0 {
		return img
	}
	z := vector.NewRasterizer(graphW, graphH)
	z.MoveTo(float32(padL), float32(mid))
	for i, p := range pts {
		x, y := xy(i, n, p.Chance)
		z.LineTo(float32(x), float32(y))
	}
	z.LineTo(float32(right), float32(mid))
	z.ClosePath()
	z.Draw(img, img.Bounds(), image.NewUniform(color.NRGBA{0x5b, 0x7f, 0xbf, 0xb0}), image.Point{})
	for i, p := range pts {
		c, ok := markColour(p.Label)
		if !ok {
			continue
		}
		x, y := xy(i, n, p.Chance)
		z := vector.NewRasterizer(graphW, graphH)
		for k := 0; k <= 16; k++ {
			a := 2 * math.Pi * float64(k) / 16
			px, py := float32(x+4*math.Cos(a)), float32(y+4*math.Sin(a))
			if k == 0 {
				z.MoveTo(px, py)
			} else {
				z.LineTo(px, py)
			}
		}
		z.ClosePath()
		z.Draw(img, img.Bounds(), image.NewUniform(c), image.Point{})
	}
	return img
}
