package inspector

import (
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai/textbook/treeplot"
)

// TreeView shows a treeplot.Picture, the very image the export writes,
// at the canvas' pixel density, and reports taps on its nodes.
type TreeView struct {
	widget.BaseWidget

	// OnTapped is called with the tree node tapped (-1 for none).
	OnTapped func(node int)

	pic    *treeplot.Picture
	raster *canvas.Raster
	// The last image drawn and what it was drawn for.
	img    image.Image
	imgPic *treeplot.Picture
	imgW   int
	imgH   int
}

// NewTreeView returns an empty tree view.
func NewTreeView() *TreeView {
	v := &TreeView{}
	v.raster = canvas.NewRaster(v.draw)
	v.raster.ScaleMode = canvas.ImageScaleSmooth
	v.ExtendBaseWidget(v)
	return v
}

// SetPicture shows p.
func (v *TreeView) SetPicture(p *treeplot.Picture) {
	v.pic = p
	v.Refresh()
}

// Picture returns the picture shown.
func (v *TreeView) Picture() *treeplot.Picture { return v.pic }

func (v *TreeView) draw(w, h int) image.Image {
	if v.pic == nil || w <= 0 || h <= 0 {
		return image.NewRGBA(image.Rect(0, 0, 1, 1))
	}
	if v.img != nil && v.imgPic == v.pic && v.imgW == w && v.imgH == h {
		return v.img
	}
	scale := min(float64(w)/v.pic.W, float64(h)/v.pic.H)
	img, err := v.pic.Image(scale)
	if err != nil {
		return image.NewRGBA(image.Rect(0, 0, 1, 1))
	}
	v.img, v.imgPic, v.imgW, v.imgH = img, v.pic, w, h
	return img
}

// shrink is how small the picture may get to fit its room: a tree seen
// whole at 60 % reads better on a projector than one half scrolled away;
// a larger one scrolls.
const shrink = 0.6

// MinSize is the picture's size times shrink: a point of the picture is
// a unit of the canvas, so it grows with the text size setting.
func (v *TreeView) MinSize() fyne.Size {
	if v.pic == nil {
		return fyne.NewSize(10, 10)
	}
	return fyne.NewSize(float32(v.pic.W*shrink), float32(v.pic.H*shrink))
}

// scale is the picture's size on screen: canvas units per point. The
// picture grows to fill the room it has (a small tree on a projector),
// keeping its proportions.
func (v *TreeView) scale() float64 {
	if v.pic == nil {
		return 0
	}
	s := v.Size()
	return min(float64(s.Width)/v.pic.W, float64(s.Height)/v.pic.H)
}

// NodePosition returns where node is drawn, in the widget's coordinates.
func (v *TreeView) NodePosition(node int) fyne.Position {
	if v.pic == nil || node < 0 || node >= len(v.pic.Nodes) {
		return fyne.Position{}
	}
	sc := v.scale()
	p := v.pic.Nodes[node]
	return fyne.NewPos(float32(p.X*sc), float32(p.Y*sc))
}

// Tapped reports the node under the tap.
func (v *TreeView) Tapped(ev *fyne.PointEvent) {
	if v.pic == nil || v.OnTapped == nil {
		return
	}
	sc := v.scale()
	if sc <= 0 {
		return
	}
	v.OnTapped(v.pic.NodeAt(float64(ev.Position.X)/sc, float64(ev.Position.Y)/sc))
}

// CreateRenderer is part of fyne.Widget.
func (v *TreeView) CreateRenderer() fyne.WidgetRenderer {
	return &treeViewRenderer{v: v}
}

type treeViewRenderer struct{ v *TreeView }

func (r *treeViewRenderer) Destroy()                     {}
func (r *treeViewRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.v.raster} }
func (r *treeViewRenderer) MinSize() fyne.Size           { return r.v.MinSize() }
func (r *treeViewRenderer) Layout(s fyne.Size) {
	// Keep the picture's proportions, at the top left.
	m := r.v.MinSize()
	scale := min(s.Width/m.Width, s.Height/m.Height)
	r.v.raster.Resize(fyne.NewSize(m.Width*scale, m.Height*scale))
	r.v.raster.Move(fyne.NewPos(0, 0))
}
func (r *treeViewRenderer) Refresh() {
	r.Layout(r.v.Size())
	r.v.raster.Refresh()
}
