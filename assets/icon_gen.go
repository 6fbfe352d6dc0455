//go:build ignore

// icon_gen draws Icon.png, the app icon: a board of four quarters, one per
// game, each with its piece (Othello disc, checkers king, Connect Four
// stone, Adjacency mark). Run with `go generate ./assets`.
package main

import (
	"image"
	"image/color"
	"image/png"
	"log"
	"math"
	"os"
)

const (
	size = 512
	ss   = 4 // supersampling per axis
)

type shape func(x, y float64) (color.NRGBA, bool)

func rgb(c uint32) color.NRGBA {
	return color.NRGBA{uint8(c >> 16), uint8(c >> 8), uint8(c), 0xff}
}

// roundRect is inside a rectangle with rounded corners.
func roundRect(x0, y0, x1, y1, r float64, c color.NRGBA) shape {
	return func(x, y float64) (color.NRGBA, bool) {
		if x < x0 || x > x1 || y < y0 || y > y1 {
			return c, false
		}
		cx := math.Max(x0+r, math.Min(x, x1-r))
		cy := math.Max(y0+r, math.Min(y, y1-r))
		return c, (x-cx)*(x-cx)+(y-cy)*(y-cy) <= r*r
	}
}

func disc(cx, cy, r float64, c color.NRGBA) shape {
	return func(x, y float64) (color.NRGBA, bool) {
		return c, (x-cx)*(x-cx)+(y-cy)*(y-cy) <= r*r
	}
}

func ring(cx, cy, r, w float64, c color.NRGBA) shape {
	return func(x, y float64) (color.NRGBA, bool) {
		d := math.Sqrt((x-cx)*(x-cx) + (y-cy)*(y-cy))
		return c, d <= r && d >= r-w
	}
}

func main() {
	m, q := 24.0, 232.0 // margin, quarter size
	g := 8.0            // gap between quarters
	x0, x1 := m, m+q+g
	var shapes []shape
	shapes = append(shapes, roundRect(8, 8, 504, 504, 72, rgb(0x263238)))
	// Othello: green, a black disc with a white one peeking.
	shapes = append(shapes, roundRect(x0, x0, x0+q, x0+q, 40, rgb(0x2e8b3e)))
	shapes = append(shapes, disc(x0+q/2, x0+q/2, 82, rgb(0x111111)))
	// Checkers: dark square, cream king.
	shapes = append(shapes, roundRect(x1, x0, x1+q, x0+q, 40, rgb(0xa86f47)))
	shapes = append(shapes, disc(x1+q/2, x0+q/2, 82, rgb(0xb9ae98)))
	shapes = append(shapes, disc(x1+q/2, x0+q/2, 74, rgb(0xf7f2e6)))
	shapes = append(shapes, ring(x1+q/2, x0+q/2, 44, 14, rgb(0xffc107)))
	// Connect Four: blue with a red stone.
	shapes = append(shapes, roundRect(x0, x1, x0+q, x1+q, 40, rgb(0x1565c0)))
	shapes = append(shapes, disc(x0+q/2, x1+q/2, 82, rgb(0xd32f2f)))
	// Adjacency: light grey with a blue mark.
	shapes = append(shapes, roundRect(x1, x1, x1+q, x1+q, 40, rgb(0xe6eaed)))
	shapes = append(shapes, roundRect(x1+q/2-74, x1+q/2-74, x1+q/2+74, x1+q/2+74, 26, rgb(0x1e6fd9)))

	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	for py := 0; py < size; py++ {
		for px := 0; px < size; px++ {
			var r, gg, b, a float64
			for sy := 0; sy < ss; sy++ {
				for sx := 0; sx < ss; sx++ {
					x := float64(px) + (float64(sx)+0.5)/ss
					y := float64(py) + (float64(sy)+0.5)/ss
					var c color.NRGBA
					hit := false
					for _, s := range shapes {
						if sc, ok := s(x, y); ok {
							c, hit = sc, true
						}
					}
					if hit {
						r += float64(c.R)
						gg += float64(c.G)
						b += float64(c.B)
						a++
					}
				}
			}
			if a == 0 {
				continue
			}
			img.SetNRGBA(px, py, color.NRGBA{uint8(r / a), uint8(gg / a), uint8(b / a), uint8(255 * a / (ss * ss))})
		}
	}
	f, err := os.Create("Icon.png")
	if err != nil {
		log.Fatal(err)
	}
	if err := png.Encode(f, img); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
}
