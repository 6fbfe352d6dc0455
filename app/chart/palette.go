package chart

import (
	"image/color"
	"math"
)

// palette holds the series colours: mid-luminance hues (after Tableau 10
// and Okabe-Ito) that keep their contrast against both the light and the
// dark theme's background, and stay apart for the common colour-vision
// deficiencies in the first four.
var palette = []color.NRGBA{
	{0x35, 0x7e, 0xc7, 0xff}, // blue
	{0xe8, 0x7d, 0x1e, 0xff}, // orange
	{0x2f, 0xa3, 0x6b, 0xff}, // green
	{0xd6, 0x45, 0x4b, 0xff}, // red
	{0x95, 0x67, 0xc4, 0xff}, // purple
	{0x1b, 0xa3, 0xb0, 0xff}, // teal
	{0xc9, 0x5d, 0x9c, 0xff}, // pink
	{0xa8, 0x86, 0x1c, 0xff}, // ochre
}

// SeriesColor returns the colour of series i, the same in every chart.
func SeriesColor(i int) color.Color {
	if i < 0 {
		i = -i
	}
	return palette[i%len(palette)]
}

// ramp is the heat map's colour scale, from low to high: viridis, which is
// perceptually uniform, readable by colour-blind people, and distinct from
// both themes' backgrounds at every step.
var ramp = []color.NRGBA{
	{0x44, 0x01, 0x54, 0xff},
	{0x3b, 0x52, 0x8b, 0xff},
	{0x21, 0x90, 0x8c, 0xff},
	{0x5d, 0xc9, 0x63, 0xff},
	{0xfd, 0xe7, 0x25, 0xff},
}

// rampColor returns the colour at t in [0, 1] of the ramp.
func rampColor(t float64) color.NRGBA {
	if math.IsNaN(t) || t < 0 {
		t = 0
	}
	if t > 1 {
		t = 1
	}
	x := t * float64(len(ramp)-1)
	i := int(x)
	if i >= len(ramp)-1 {
		return ramp[len(ramp)-1]
	}
	f := x - float64(i)
	a, b := ramp[i], ramp[i+1]
	mix := func(p, q uint8) uint8 { return uint8(math.Round(float64(p) + f*(float64(q)-float64(p)))) }
	return color.NRGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 0xff}
}

// luminance returns the relative luminance of c in [0, 1], as WCAG 2
// defines it: on linear light, after undoing sRGB's gamma.
func luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	lin := func(v uint32) float64 {
		x := float64(v) / 0xffff
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

// contrast returns the WCAG contrast ratio of two colours, from 1 (the
// same) to 21 (black on white).
func contrast(a, b color.Color) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// withAlpha returns c with its alpha replaced by a (c taken as opaque).
func withAlpha(c color.Color, a uint8) color.NRGBA {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	n.A = a
	return n
}
