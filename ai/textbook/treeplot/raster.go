package treeplot

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// A dashed line's dashes and gaps, in points.
const (
	dashOn  = 6.0
	dashOff = 5.0
)

// MaxPixels bounds an image's area: a huge tree is refused rather than
// eating the memory.
const MaxPixels = 64 << 20

// Image draws the picture at scale pixels per point.
func (p *Picture) Image(scale float64) (*image.RGBA, error) {
	w, h := int(math.Ceil(p.W*scale)), int(math.Ceil(p.H*scale))
	if w <= 0 || h <= 0 || float64(w)*float64(h) > MaxPixels {
		return nil, fmt.Errorf("treeplot: a %d×%d image is too large; draw the tree smaller", w, h)
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	r := &raster{img: img, s: scale, z: vector.NewRasterizer(w, h)}
	for _, s := range p.Shapes {
		r.shape(s)
	}
	return img, nil
}

// PNG writes the picture as a PNG at scale pixels per point.
func (p *Picture) PNG(w io.Writer, scale float64) error {
	img, err := p.Image(scale)
	if err != nil {
		return err
	}
	return png.Encode(w, img)
}

type raster struct {
	img *image.RGBA
	s   float64
	z   *vector.Rasterizer
}

// fill fills the closed polygon pts (in points) with c.
func (r *raster) fill(pts []Pt, c color.NRGBA) {
	if len(pts) < 3 || c.A == 0 {
		return
	}
	r.paths([][]Pt{pts}, c)
}

// paths fills the closed paths together (non-zero winding) with c,
// rasterising only their bounding box.
func (r *raster) paths(paths [][]Pt, c color.NRGBA) {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, path := range paths {
		for _, q := range path {
			minX, minY = min(minX, q.X*r.s), min(minY, q.Y*r.s)
			maxX, maxY = max(maxX, q.X*r.s), max(maxY, q.Y*r.s)
		}
	}
	box := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX))+1, int(math.Ceil(maxY))+1).Intersect(r.img.Bounds())
	if box.Empty() {
		return
	}
	ox, oy := float64(box.Min.X), float64(box.Min.Y)
	r.z.Reset(box.Dx(), box.Dy())
	for _, path := range paths {
		r.z.MoveTo(float32(path[0].X*r.s-ox), float32(path[0].Y*r.s-oy))
		for _, q := range path[1:] {
			r.z.LineTo(float32(q.X*r.s-ox), float32(q.Y*r.s-oy))
		}
		r.z.ClosePath()
	}
	r.z.Draw(r.img, box, image.NewUniform(c), image.Point{})
}

// segment fills a line from a to b of the width, with round ends.
func (r *raster) segment(a, b Pt, width float64, c color.NRGBA) {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		r.fill(circle(a.X, a.Y, width/2), c)
		return
	}
	nx, ny := -dy/l*width/2, dx/l*width/2
	r.fill([]Pt{{a.X + nx, a.Y + ny}, {b.X + nx, b.Y + ny}, {b.X - nx, b.Y - ny}, {a.X - nx, a.Y - ny}}, c)
	r.fill(circle(a.X, a.Y, width/2), c)
	r.fill(circle(b.X, b.Y, width/2), c)
}

// line strokes a line, dashed or not.
func (r *raster) line(a, b Pt, width float64, c color.NRGBA, dash bool) {
	if !dash {
		r.segment(a, b, width, c)
		return
	}
	l := math.Hypot(b.X-a.X, b.Y-a.Y)
	for t := 0.0; t < l; t += dashOn + dashOff {
		e := min(t+dashOn, l)
		r.segment(Pt{a.X + (b.X-a.X)*t/l, a.Y + (b.Y-a.Y)*t/l}, Pt{a.X + (b.X-a.X)*e/l, a.Y + (b.Y-a.Y)*e/l}, width, c)
	}
}

// outline strokes a closed polygon, side by side with round joins.
func (r *raster) outline(pts []Pt, width float64, c color.NRGBA) {
	for k := range pts {
		r.segment(pts[k], pts[(k+1)%len(pts)], width, c)
	}
}

func circle(cx, cy, radius float64) []Pt {
	n := 40
	pts := make([]Pt, n)
	for k := range n {
		a := 2 * math.Pi * float64(k) / float64(n)
		pts[k] = Pt{cx + radius*math.Cos(a), cy + radius*math.Sin(a)}
	}
	return pts
}

func (r *raster) shape(s Shape) {
	switch s.Kind {
	case Poly:
		r.fill(s.Pts, s.Fill)
		if s.Width > 0 && s.Stroke.A > 0 {
			r.outline(s.Pts, s.Width, s.Stroke)
		}
	case Circle:
		pts := circle(s.X, s.Y, s.R)
		r.fill(pts, s.Fill)
		if s.Width > 0 && s.Stroke.A > 0 {
			r.fillRing(circle(s.X, s.Y, s.R+s.Width/2), circle(s.X, s.Y, s.R-s.Width/2), s.Stroke)
		}
	case Line:
		r.line(s.Pts[0], s.Pts[1], s.Width, s.Stroke, s.Dash)
	case Text:
		r.text(s)
	}
}

// fillRing fills the area between the closed paths outer and inner (the
// inner one drawn the other way round: non-zero winding leaves it empty).
func (r *raster) fillRing(outer, inner []Pt, c color.NRGBA) {
	r.paths([][]Pt{outer, reverse(inner)}, c)
}

func reverse(pts []Pt) []Pt {
	out := make([]Pt, len(pts))
	for k, q := range pts {
		out[len(pts)-1-k] = q
	}
	return out
}

// The Go fonts, parsed once, and their faces by size.
var (
	fontsOnce     sync.Once
	regular, bold *opentype.Font
	facesMu       sync.Mutex
	faces         = map[faceKey]font.Face{}
)

type faceKey struct {
	size float64
	bold bool
}

func face(size float64, isBold bool) font.Face {
	fontsOnce.Do(func() {
		regular, _ = opentype.Parse(goregular.TTF)
		bold, _ = opentype.Parse(gobold.TTF)
	})
	facesMu.Lock()
	defer facesMu.Unlock()
	k := faceKey{size, isBold}
	if f, ok := faces[k]; ok {
		return f
	}
	f := regular
	if isBold {
		f = bold
	}
	fc, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil
	}
	faces[k] = fc
	return fc
}

// text draws a text at its anchor, in pixels of size Size × scale.
func (r *raster) text(s Shape) {
	fc := face(math.Round(s.Size*r.s*4)/4, s.Bold)
	if fc == nil || s.Text == "" {
		return
	}
	d := &font.Drawer{Dst: r.img, Src: image.NewUniform(s.Fill), Face: fc}
	w := float64(d.MeasureString(s.Text)) / 64
	x := s.X * r.s
	switch s.Anchor {
	case Middle:
		x -= w / 2
	case End:
		x -= w
	}
	d.Dot = fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(s.Y * r.s * 64)}
	d.DrawString(s.Text)
}
