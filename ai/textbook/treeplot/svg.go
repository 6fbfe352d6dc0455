package treeplot

import (
	"bufio"
	"fmt"
	"image/color"
	"io"
	"strconv"
	"strings"
)

// fontFamily is the SVG's font: the Go fonts of the PNG first.
const fontFamily = "Go, 'Go Regular', 'DejaVu Sans', Arial, sans-serif"

// SVG writes the picture as a standalone SVG document (SVG 1.1), which a
// browser, Inkscape or a slide program opens; text stays text.
func (p *Picture) SVG(w io.Writer) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n")
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="%s" height="%s" viewBox="0 0 %s %s" font-family="%s">`+"\n",
		num(p.W), num(p.H), num(p.W), num(p.H), fontFamily)
	for _, s := range p.Shapes {
		switch s.Kind {
		case Poly:
			var pts []string
			for _, q := range s.Pts {
				pts = append(pts, num(q.X)+","+num(q.Y))
			}
			fmt.Fprintf(b, `<polygon points="%s"%s/>`+"\n", strings.Join(pts, " "), paint(s))
		case Circle:
			fmt.Fprintf(b, `<circle cx="%s" cy="%s" r="%s"%s/>`+"\n", num(s.X), num(s.Y), num(s.R), paint(s))
		case Line:
			fmt.Fprintf(b, `<line x1="%s" y1="%s" x2="%s" y2="%s"%s/>`+"\n",
				num(s.Pts[0].X), num(s.Pts[0].Y), num(s.Pts[1].X), num(s.Pts[1].Y), paint(s))
		case Text:
			anchor := ""
			switch s.Anchor {
			case Middle:
				anchor = ` text-anchor="middle"`
			case End:
				anchor = ` text-anchor="end"`
			}
			weight := ""
			if s.Bold {
				weight = ` font-weight="bold"`
			}
			fmt.Fprintf(b, `<text x="%s" y="%s" font-size="%s"%s%s fill="%s">%s</text>`+"\n",
				num(s.X), num(s.Y), num(s.Size), anchor, weight, hex(s.Fill), escape(s.Text))
		}
	}
	fmt.Fprintln(b, "</svg>")
	return b.Flush()
}

// paint writes a shape's fill and stroke attributes.
func paint(s Shape) string {
	var b strings.Builder
	if s.Kind == Line {
		b.WriteString(` fill="none"`)
	} else if s.Fill.A == 0 {
		b.WriteString(` fill="none"`)
	} else {
		b.WriteString(` fill="` + hex(s.Fill) + `"`)
	}
	if s.Width > 0 && s.Stroke.A > 0 {
		b.WriteString(` stroke="` + hex(s.Stroke) + `" stroke-width="` + num(s.Width) + `"`)
		if s.Kind == Line {
			b.WriteString(` stroke-linecap="round"`)
		} else {
			b.WriteString(` stroke-linejoin="round"`)
		}
		if s.Dash {
			b.WriteString(` stroke-dasharray="` + num(dashOn) + `,` + num(dashOff) + `"`)
		}
	}
	return b.String()
}

// hex writes an opaque colour as #rrggbb (the picture has no translucent
// colours but the transparent "none").
func hex(c color.NRGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// num writes a coordinate with at most two decimals.
func num(v float64) string {
	s := strconv.FormatFloat(v, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" || s == "" {
		return "0"
	}
	return s
}

// escape makes text safe inside an XML element.
func escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		case '\'':
			b.WriteString("&apos;")
		default:
			if r < 0x20 && r != '\t' && r != '\n' {
				continue // not allowed in XML 1.0
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}
