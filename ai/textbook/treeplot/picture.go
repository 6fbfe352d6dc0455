package treeplot

import (
	"image/color"
	"maps"
	"math"
	"slices"

	"boardgames/ai/textbook"
)

// Picture is a drawn tree: its size in points and its shapes, back to
// front, and where each node is, for hit-testing.
type Picture struct {
	W, H   float64
	Shapes []Shape
	Nodes  []Place // one per tree node; pruned stubs have none
}

// Place is where a node is drawn: its centre and the radius of its shape.
type Place struct {
	Node    int
	X, Y, R float64
}

// ShapeKind is what a Shape draws.
type ShapeKind uint8

// The shapes: a closed polygon, a circle, a line (dashed or not), text.
const (
	Poly ShapeKind = iota
	Circle
	Line
	Text
)

// Anchor places a text: its start, middle or end at X.
type Anchor uint8

// Text anchors.
const (
	Start Anchor = iota
	Middle
	End
)

// Shape is one shape of a Picture, in points from the top-left corner.
type Shape struct {
	Kind   ShapeKind
	Pts    []Pt    // the polygon's corners, or a line's two ends
	X, Y   float64 // a circle's centre, a text's anchor on its baseline
	R      float64 // a circle's radius
	Fill   color.NRGBA
	Stroke color.NRGBA
	Width  float64 // the stroke's width; 0 for none
	Dash   bool
	Text   string
	Size   float64 // the text's size
	Bold   bool
	Anchor Anchor
	// Tag says what a drawn mark means, for readers that are not eyes
	// (tests, a screen reader's text): TagRight, TagWrong or TagPruned on
	// the strokes of an exercise's marks, "" elsewhere.
	Tag string
}

// The tags of an exercise's marks, which are drawn as strokes (a tick, a
// cross) rather than as ✓ and ✗, glyphs that not every font has.
const (
	TagRight  = "right"
	TagWrong  = "wrong"
	TagPruned = "pruned"
)

// Pt is a point.
type Pt struct{ X, Y float64 }

// Marks are an exercise's answers, drawn on the tree: the nodes marked as
// pruned, the values entered, and the check, if done.
type Marks struct {
	Pruned map[int]bool
	Values map[int]string
	Check  *textbook.Check
}

// Options choose what Draw shows.
type Options struct {
	// Events and Step replay the search: the tree as it was after step
	// Step of Events (textbook.Trace.Events). Step < 0 or past the end
	// shows the finished search.
	Events []textbook.Event
	Step   int
	// Values shows the inner nodes' values (leaves always show theirs);
	// Windows their alpha-beta windows. Both false: an exercise sheet.
	Values, Windows bool
	// Negamax shows values and windows from the view of the side to move
	// at each node, instead of MAX's.
	Negamax bool
	// Format writes a value (units, scale); nil is textbook.FormatValue.
	Format func(float64) string
	// Kinds are the words for MAX, MIN and CHANCE at the levels' left;
	// Title is written above the tree.
	Kinds [3]string
	Title string
	// Selected rings a node (-1 for none).
	Selected int
	// Marks draws an exercise's answers.
	Marks *Marks
	// Collapse draws only the current step's path from the root (the
	// principal variation once the search is over) and the children of
	// its nodes; a closed node says how many nodes it hides ("+12").
	// Trim collapses further: the path's nodes above depth Trim show
	// only their child on the path, not its siblings.
	Collapse bool
	Trim     int
	// TextScale makes every text larger (a lecture's large type) in the
	// same layout up to 1.5; beyond, the nodes (and the values in them)
	// grow with the text, and the levels are spaced for the larger
	// nodes and one line of text between them. 0 is 1.
	TextScale float64
}

// The picture's measures, in points.
const (
	leafGap   = 46.0 // between two leaves' centres
	levelGap  = 92.0 // between two levels
	radius    = 17.0 // of a node's shape
	marginX   = 70.0 // left: the levels' names
	marginTop = 46.0
	valueSize = 14.0
	smallSize = 11.5
)

// Colours.
var (
	ink      = color.NRGBA{0x20, 0x24, 0x2a, 0xff}
	paper    = color.NRGBA{0xff, 0xff, 0xff, 0xff}
	maxFill  = color.NRGBA{0xd6, 0xe6, 0xfb, 0xff}
	minFill  = color.NRGBA{0xfb, 0xdc, 0xd6, 0xff}
	chFill   = color.NRGBA{0xf3, 0xee, 0xc8, 0xff}
	leafFill = color.NRGBA{0xf2, 0xf2, 0xf2, 0xff}
	faint    = color.NRGBA{0xb8, 0xbc, 0xc2, 0xff}
	faintInk = color.NRGBA{0x9a, 0x9e, 0xa6, 0xff}
	greyInk  = color.NRGBA{0x5f, 0x64, 0x6b, 0xff} // a pruned leaf's value: grey, legible
	pvInk    = color.NRGBA{0x15, 0x65, 0xc0, 0xff}
	cutInk   = color.NRGBA{0xc6, 0x28, 0x28, 0xff}
	current  = color.NRGBA{0xff, 0xa0, 0x00, 0xff}
	rightInk = color.NRGBA{0x2e, 0x7d, 0x32, 0xff}
	wrongInk = color.NRGBA{0xc6, 0x28, 0x28, 0xff}
	selInk   = color.NRGBA{0x6a, 0x1b, 0x9a, 0xff}
)

// Draw lays out tr and draws it with o.
func Draw(tr *textbook.Trace, o Options) *Picture {
	p := &Picture{}
	t := tr.Tree
	if t == nil || len(t.Nodes) == 0 {
		p.W, p.H = 200, 80
		return p
	}
	format := o.Format
	if format == nil {
		format = textbook.FormatValue
	}
	st := states(tr, o.Events, o.Step)
	final := o.Step < 0 || len(o.Events) == 0 || o.Step >= len(o.Events)-1
	onPV := map[int]bool{}
	for _, v := range tr.PV {
		onPV[tr.Visits[v].Node] = true
	}
	ts := o.TextScale
	if ts <= 0 {
		ts = 1
	}
	// The measures for the text's size: as they are up to 1.5 times the
	// export's type, beyond it the nodes grow with the text (g), the
	// levels by the nodes' growth and a line of text (the edges keep
	// room for a cut-off's text, not more).
	g := max(1, ts/1.5)
	wide := 1.0 // how much wider than high the nodes are
	radius, leafGap := radius*g, leafGap*g
	levelGap := max(levelGap, 2*top(textbook.Max, radius)+smallSize*ts*2.2)
	if g > 1 {
		// A game's values are longer than a textbook's: the nodes widen
		// (not heighten) to hold the widest value.
		vs := valueSize * 1.25 * g
		for _, v := range tr.Visits {
			wide = max(wide, textWidth(format(-math.Abs(v.Value)), vs, true)/(1.5*radius))
		}
		for _, n := range t.Nodes {
			wide = max(wide, textWidth(format(-math.Abs(n.Value)), vs, true)/(1.5*radius))
		}
		leafGap = max(leafGap, 2.4*radius*wide)
	}
	// Room over the root for its ring and its name.
	marginTop := max(marginTop+radius-17, radius+smallSize*ts*0.9+4)
	marginX := marginX
	if g > 1 {
		// The levels' names at the left clear of the first node, no
		// further.
		marginX = 0
		kinds := map[textbook.Kind]bool{}
		for _, n := range t.Nodes {
			if n.Kind != textbook.Leaf {
				kinds[n.Kind] = true
			}
		}
		for k := range kinds {
			word := o.Kinds[k]
			if word == "" {
				word = k.String()
			}
			// Capitals are wider than the average letter.
			marginX = max(marginX, 24+1.25*textWidth(word, 13*ts, true)-leafGap/2+1.1*radius*wide)
		}
	}
	// Which nodes are drawn (shown) and which have their children drawn
	// (open): all of them, or, collapsed, the current path (the
	// principal variation when the search is over) and its nodes'
	// children.
	shown := make([]bool, len(t.Nodes))
	open := make([]bool, len(t.Nodes))
	if o.Collapse {
		var path []int
		if cur := currentNode(st); !final && cur >= 0 {
			for i := cur; i >= 0; i = t.Nodes[i].Parent {
				path = append(path, i)
			}
		} else {
			for _, v := range tr.PV {
				path = append(path, tr.Visits[v].Node)
			}
		}
		shown[0], open[0] = true, true
		onPath := map[int]bool{}
		for _, i := range path {
			shown[i], open[i], onPath[i] = true, true, true
		}
		for i, n := range t.Nodes {
			if n.Parent >= 0 && open[n.Parent] && (onPath[i] || t.Nodes[n.Parent].Depth >= o.Trim) {
				shown[i] = true
			}
		}
	} else {
		for i := range shown {
			shown[i], open[i] = true, true
		}
	}
	if g > 1 {
		// Neighbours' names keep apart: an inner node's is at its top
		// left, a leaf's under it.
		kids := make([]int, len(t.Nodes))
		for i, n := range t.Nodes {
			if shown[i] && n.Parent >= 0 {
				kids[n.Parent]++
			}
		}
		for i, n := range t.Nodes {
			if !shown[i] || n.Parent < 0 || kids[n.Parent] < 2 {
				continue
			}
			room := 2*radius*wide + 6
			if n.Kind == textbook.Leaf {
				room = 10
			}
			leafGap = max(leafGap, textWidth(n.Label, smallSize*ts, false)+room)
		}
	}
	// Leaves (and stubs for a real search's hidden moves, and closed
	// nodes) get slots left to right; a parent sits over the middle of
	// its children.
	x := make([]float64, len(t.Nodes))
	slot := 0.0
	stubs := map[int]float64{}
	var place func(i int)
	place = func(i int) {
		n := t.Nodes[i]
		if !open[i] || len(n.Children) == 0 && n.Hidden == 0 {
			x[i] = marginX + leafGap/2 + slot*leafGap
			slot++
			return
		}
		prev := -1
		for _, c := range n.Children {
			if !shown[c] {
				continue // trimmed
			}
			if prev >= 0 && open[prev] && len(t.Nodes[prev].Children) > 0 && !open[c] {
				// Room for the open sibling's window, right of it, before
				// a closed node.
				slot += 1.5
			}
			place(c)
			prev = c
		}
		if n.Hidden > 0 && n.Depth >= o.Trim {
			stubs[i] = marginX + leafGap/2 + slot*leafGap
			slot++
		}
		lastX := stubs[i]
		first := lastX
		if prev >= 0 {
			first = x[prev]
			for _, c := range n.Children {
				if shown[c] {
					first = min(first, x[c])
					lastX = max(lastX, x[c])
				}
			}
		}
		x[i] = (first + lastX) / 2
	}
	place(0)
	height := 0
	leafNames := false // a leaf's name is written under it
	for i, n := range t.Nodes {
		if shown[i] {
			height = max(height, n.Depth)
			if n.Kind == textbook.Leaf && n.Label != "" && n.Label != textbook.FormatValue(n.Value) || !open[i] && len(n.Children) > 0 && g == 1 {
				leafNames = true
			}
		}
	}
	p.W = marginX + slot*leafGap + 20
	topY := marginTop
	if o.Title != "" {
		topY += 22
	}
	y := func(depth int) float64 { return topY + float64(depth)*levelGap }
	p.H = y(height) + radius + 24
	if leafNames {
		p.H += 22
	}
	if g > 1 {
		// One line under the last level: a leaf's name, a closed node's
		// count.
		p.H = y(height) + radius + 6 + smallSize*ts*1.3
	}
	p.W = max(p.W, 260)

	if !o.Values {
		// An exercise sheet gives nothing away: every node drawn alike,
		// nothing pruned, no current node, no principal variation.
		for i := range st {
			st[i] = state{reached: true, visit: -1, cutBy: -1}
		}
		stubs = map[int]float64{}
	}
	live := liveWindows(tr, o.Events, o.Step)
	add := func(s Shape) {
		if s.Kind == Text {
			s.Size *= ts
		}
		p.Shapes = append(p.Shapes, s)
	}
	// Texts among the edges (names, windows, cut-offs) go on a patch of
	// paper over the edges and under the nodes: no edge crosses them.
	var over []Shape
	label := func(s Shape) {
		s.Size *= ts
		over = append(over, halo(s), s)
	}
	// A cut-off's text goes a line lower while it would run into the
	// text of another cut-off (two cut-offs side by side) or another
	// cut-off's cross (placeCuts, once every cross is known).
	type cutText struct {
		s  Shape
		by int // the visit that caused the cut-off
	}
	type crossAt struct {
		m  Pt
		by int
	}
	var cuts []Shape
	var pending []cutText
	cutLabel := func(s Shape, by int) {
		s.Size *= ts
		pending = append(pending, cutText{s, by})
	}
	var cutAt []crossAt // the crosses' centres
	placeCuts := func() {
		for _, c := range pending {
			s := c.s
			w := textWidth(s.Text, s.Size, s.Bold)
			for range 4 {
				clash := false
				for _, c := range cuts {
					cw := textWidth(c.Text, c.Size, c.Bold)
					if s.X < c.X+cw+4 && c.X < s.X+w+4 && math.Abs(s.Y-c.Y) < s.Size*1.1 {
						clash = true
					}
				}
				for _, x := range cutAt {
					m := x.m
					if x.by == c.by {
						continue // its own crosses: at its left, or under it
					}
					if m.X+7 > s.X && m.X-7 < s.X+w && m.Y+7 > s.Y-s.Size*0.8 && m.Y-7 < s.Y+2 {
						clash = true
					}
				}
				if !clash {
					break
				}
				s.Y += s.Size * 1.2
			}
			cuts = append(cuts, s)
			over = append(over, halo(s), s)
		}
	}

	add(Shape{Kind: Poly, Pts: []Pt{{0, 0}, {p.W, 0}, {p.W, p.H}, {0, p.H}}, Fill: paper})
	if o.Title != "" {
		add(Shape{Kind: Text, X: marginX, Y: 28, Text: o.Title, Size: 15, Bold: true, Fill: ink})
	}
	// The levels' players at the left: the kind of the level's first
	// inner node.
	seen := map[int]bool{}
	wordEnd := map[int]float64{} // where each level's word ends
	for i, n := range t.Nodes {
		if n.Kind == textbook.Leaf || seen[n.Depth] || !shown[i] {
			continue
		}
		seen[n.Depth] = true
		word := o.Kinds[n.Kind]
		if word == "" {
			word = n.Kind.String()
		}
		add(Shape{Kind: Text, X: 12, Y: y(n.Depth) + 5, Text: word, Size: 13, Bold: true, Fill: kindInk(n.Kind)})
		wordEnd[n.Depth] = 12 + 1.25*textWidth(word, 13*ts, true)
	}

	// Edges first, under the nodes.
	cutSaid := map[int]bool{} // the cut-offs written on an edge
	var edges [][2]Pt         // every edge, for the names to keep clear of
	var crosses []Shape
	for i, n := range t.Nodes {
		if n.Parent < 0 || !shown[i] {
			continue
		}
		a := Pt{x[n.Parent], y(n.Depth-1) + bottom(t.Nodes[n.Parent].Kind, radius)}
		b := Pt{x[i], y(n.Depth) - top(n.Kind, radius)}
		s := Shape{Kind: Line, Pts: []Pt{a, b}, Stroke: ink, Width: 1.6}
		switch {
		case st[i].pruned:
			s.Stroke, s.Dash = faint, true
		case !st[i].reached:
			s.Stroke = faint
		case final && onPV[i] && onPV[n.Parent] && o.Values:
			s.Stroke, s.Width = pvInk, 3.6
		}
		add(s)
		edges = append(edges, [2]Pt{a, b})
		if st[i].pruned && st[n.Parent].reached && !st[t.Nodes[i].Parent].pruned {
			// A red cross where the cut-off cut the branch.
			m := Pt{a.X + (b.X-a.X)*0.45, a.Y + (b.Y-a.Y)*0.45}
			cutAt = append(cutAt, crossAt{m, st[i].cutBy})
			cross := []Shape{
				{Kind: Line, Pts: []Pt{{m.X - 6, m.Y - 6}, {m.X + 6, m.Y + 6}}, Stroke: cutInk, Width: 2.4},
				{Kind: Line, Pts: []Pt{{m.X - 6, m.Y + 6}, {m.X + 6, m.Y - 6}}, Stroke: cutInk, Width: 2.4}}
			// The cut-off's reason, once, on its first pruned edge, whose
			// cross goes over the texts (another cut-off's must not hide
			// it); the other crosses go under them.
			if by := st[i].cutBy; by >= 0 && !cutSaid[by] {
				crosses = append(crosses, cross...)
			} else {
				p.Shapes = append(p.Shapes, cross...)
			}
			if by := st[i].cutBy; by >= 0 && !cutSaid[by] {
				cutSaid[by] = true
				if text := CutText(tr, by, o.Negamax, format); text != "" {
					cutLabel(Shape{Kind: Text, X: m.X + 14, Y: m.Y + 4, Text: text, Size: smallSize, Bold: true, Fill: cutInk}, by)
				}
			}
		}
		if t.Nodes[n.Parent].Kind == textbook.Chance {
			m := Pt{(a.X + b.X) / 2, (a.Y + b.Y) / 2}
			anchor, dx := End, -5.0
			if b.X >= a.X {
				anchor, dx = Start, 5
			}
			label(Shape{Kind: Text, X: m.X + dx, Y: m.Y, Text: textbook.FormatValue(n.Prob), Size: smallSize, Fill: faintInk, Anchor: anchor})
		}
	}
	// In node order, so that the picture (and which of two cut-off texts
	// moves down a line) is the same on every run.
	for _, i := range slices.Sorted(maps.Keys(stubs)) {
		sx := stubs[i]
		n := t.Nodes[i]
		if !open[i] {
			continue
		}
		// The pruned moves show once the cut-off has happened: the child
		// that caused it (the last searched) has returned.
		kids := n.Children
		if !final && (len(kids) == 0 || !st[kids[len(kids)-1]].returned) {
			continue
		}
		a, b := Pt{x[i], y(n.Depth) + bottom(n.Kind, radius)}, Pt{sx, y(n.Depth+1) - 10*g}
		add(Shape{Kind: Line, Pts: []Pt{a, b}, Stroke: faint, Width: 1.6, Dash: true})
		add(Shape{Kind: Text, X: sx, Y: y(n.Depth+1) + 5, Text: "×" + textbook.FormatValue(float64(n.Hidden)), Size: valueSize, Fill: cutInk, Anchor: Middle, Bold: true})
		if len(kids) > 0 {
			if v := st[kids[len(kids)-1]].visit; v >= 0 && tr.Visits[v].Cut {
				if text := CutText(tr, v, o.Negamax, format); text != "" {
					m := Pt{(a.X + b.X) / 2, (a.Y + b.Y) / 2}
					cutLabel(Shape{Kind: Text, X: m.X + 14, Y: m.Y + 4, Text: text, Size: smallSize, Bold: true, Fill: cutInk}, v)
				}
			}
		}
	}
	placeCuts()
	nodesAt := len(p.Shapes)

	// Nodes.
	for i, n := range t.Nodes {
		if !shown[i] {
			p.Nodes = append(p.Nodes, Place{Node: i, X: -1e9, Y: -1e9})
			continue
		}
		cx, cy := x[i], y(n.Depth)
		p.Nodes = append(p.Nodes, Place{Node: i, X: cx, Y: cy, R: radius + 3})
		s := st[i]
		fill, stroke := kindFill(n.Kind), ink
		if !s.reached {
			stroke = faint
		}
		if s.pruned {
			fill = paper
		}
		width := 1.6
		if final && onPV[i] && o.Values {
			stroke, width = pvInk, 3
		}
		if i == o.Selected {
			add(ringShape(n.Kind, cx, cy, radius+7, wide, selInk, 2.4))
		}
		if s.current && !final {
			add(ringShape(n.Kind, cx, cy, radius+5, wide, current, 4))
		}
		add(nodeShape(n.Kind, cx, cy, radius, wide, fill, stroke, width))

		// The value inside (leaves) or under the node's shape.
		val, valInk := "", ink
		visit := s.visit
		switch {
		case n.Kind == textbook.Leaf && tr.Orig != nil && !s.reached:
			// A real search's leaf is evaluated when it is reached.
		case n.Kind == textbook.Leaf:
			v := n.Value
			if o.Negamax && visit >= 0 {
				_, _, v = tr.Negamax(visit)
			} else if o.Negamax && visit < 0 {
				v = n.Value * sideSign(tr, i)
			}
			val = format(v)
			if !s.reached {
				// Pruned or not reached yet: grey, but legible.
				valInk = greyInk
			}
		case s.asked:
			val, valInk = "?", current
		case s.returned && o.Values && visit >= 0:
			v := tr.Visits[visit].Value
			if o.Negamax {
				_, _, v = tr.Negamax(visit)
			}
			val = format(v)
		case s.reached && !s.returned && o.Values:
			val, valInk = "…", faintInk
		}
		if o.Marks != nil && n.Kind != textbook.Leaf {
			if v, ok := o.Marks.Values[i]; ok && v != "" {
				val, valInk = v, selInk
			}
		}
		if val != "" {
			vy := cy + 5*g
			if n.Kind == textbook.Max {
				vy = cy + 9*g
			} else if n.Kind == textbook.Min {
				vy = cy + 1*g
			}
			// Inside the node's shape, which grows with TextScale only
			// from 1.5: up to there a value grows less than the other
			// texts.
			add(Shape{Kind: Text, X: cx, Y: vy, Text: val, Size: valueSize * min(1, 1.25*g/ts), Bold: true, Fill: valInk, Anchor: Middle})
		}
		// The name (a textbook's letter, a real search's move): beside
		// the top of an inner node, under a leaf (whose value is its
		// textbook name).
		switch {
		case n.Label == "" || n.Kind == textbook.Leaf && n.Label == textbook.FormatValue(n.Value):
		case n.Kind == textbook.Leaf:
			// Clear of the current node's ring.
			label(Shape{Kind: Text, X: cx, Y: cy + radius + 4 + 17*g, Text: n.Label, Size: smallSize, Fill: faintInk, Anchor: Middle})
		default:
			// Top left, or top right where an edge would run through it
			// at the left (a node right of its parent: its own edge comes
			// in from the top left) and not at the right. An exercise's
			// ✓ and ✗ go top right: a sheet keeps its names left. Top
			// right too where the level's word (MAX, MIN) is in the way.
			name := Shape{Kind: Text, X: cx - radius*wide - 4, Y: cy - radius + 2, Text: n.Label, Size: smallSize * ts, Fill: faintInk, Anchor: End}
			if right := (Shape{Kind: Text, X: cx + radius*wide + 4, Y: cy - radius, Text: n.Label, Size: smallSize * ts, Fill: faintInk}); o.Marks == nil &&
				(onEdge(name, edges) || name.X-textWidth(name.Text, name.Size, false) < wordEnd[n.Depth]) && !onEdge(right, edges) {
				name = right
			}
			name.Size = smallSize
			label(name)
		}
		if !open[i] && len(n.Children) > 0 {
			// A closed node: how many nodes it hides.
			hidden := descendants(t, i)
			label(Shape{Kind: Text, X: cx, Y: cy + top(n.Kind, radius) + 14*g, Text: "+" + textbook.FormatValue(float64(hidden)), Size: smallSize, Fill: faintInk, Anchor: Middle})
		}
		if o.Windows && tr.Windows && n.Kind != textbook.Leaf && s.reached && visit >= 0 && open[i] {
			if w, ok := live[visit]; ok && !final && !s.returned {
				// Searching: α and β as they are now, in ink, in the
				// current node's colour where this step changed them.
				a, b := w.a, w.b
				if o.Negamax && tr.Sign(visit) < 0 {
					a, b = -b, -a
				}
				inkW := ink
				if w.changed {
					inkW = cutInk
				}
				label(Shape{Kind: Text, X: cx + radius*wide + 8, Y: cy + 5, Text: "α=" + format(a) + " β=" + format(b), Size: smallSize, Bold: true, Fill: inkW})
			} else {
				a, b := tr.Visits[visit].Alpha, tr.Visits[visit].Beta
				if o.Negamax {
					a, b, _ = tr.Negamax(visit)
				}
				label(Shape{Kind: Text, X: cx + radius*wide + 8, Y: cy + 5, Text: "[" + format(a) + ", " + format(b) + "]", Size: smallSize, Fill: faintInk})
			}
		}
		// An exercise: the student's pruned mark, and the check's verdict.
		if o.Marks != nil {
			leaf := n.Kind == textbook.Leaf
			if o.Marks.Pruned[i] {
				// A small cross beside the node, so that its value stays
				// legible: under a leaf (leaves stand close together), at
				// the left of an inner node.
				x0, y0 := cx-radius-14, cy-4
				if leaf {
					x0, y0 = cx-15, cy+radius+5
				}
				add(Shape{Kind: Line, Pts: []Pt{{x0, y0}, {x0 + 9, y0 + 9}}, Stroke: selInk, Width: 2.5, Tag: TagPruned})
				add(Shape{Kind: Line, Pts: []Pt{{x0, y0 + 9}, {x0 + 9, y0}}, Stroke: selInk, Width: 2.5, Tag: TagPruned})
			}
			if c := o.Marks.Check; c != nil && i < len(c.Verdicts) {
				v := c.Verdicts[i]
				if i == 0 && !v.Asked {
					continue
				}
				x0, y0 := cx+radius+4, cy-radius-6
				if leaf {
					x0, y0 = cx+2, cy+radius+4
				}
				if v.Right() || i == 0 && v.ValueRight {
					// A tick.
					add(Shape{Kind: Line, Pts: []Pt{{x0, y0 + 6}, {x0 + 4, y0 + 11}}, Stroke: rightInk, Width: 3, Tag: TagRight})
					add(Shape{Kind: Line, Pts: []Pt{{x0 + 4, y0 + 11}, {x0 + 12, y0}}, Stroke: rightInk, Width: 3, Tag: TagRight})
				} else {
					// A cross.
					add(Shape{Kind: Line, Pts: []Pt{{x0, y0}, {x0 + 10, y0 + 10}}, Stroke: wrongInk, Width: 3, Tag: TagWrong})
					add(Shape{Kind: Line, Pts: []Pt{{x0, y0 + 10}, {x0 + 10, y0}}, Stroke: wrongInk, Width: 3, Tag: TagWrong})
				}
				if v.Asked && !v.ValueRight {
					add(Shape{Kind: Text, X: cx + radius + 8, Y: cy + 20, Text: "= " + format(v.Want), Size: smallSize, Bold: true, Fill: wrongInk})
				}
			}
		}
	}
	over = append(over, crosses...)
	p.Shapes = append(p.Shapes[:nodesAt], append(over, p.Shapes[nodesAt:]...)...)
	// The texts right of the last nodes (windows, cut-offs) widen the
	// picture: nothing is cut at its edge.
	right := p.W
	for _, s := range p.Shapes {
		if s.Kind != Text {
			continue
		}
		w := textWidth(s.Text, s.Size, s.Bold)
		switch s.Anchor {
		case Start:
			right = max(right, s.X+w+6)
		case Middle:
			right = max(right, s.X+w/2+6)
		}
	}
	if right > p.W {
		p.W = right
		p.Shapes[0].Pts = []Pt{{0, 0}, {p.W, 0}, {p.W, p.H}, {0, p.H}}
	}
	return p
}

// span returns where text s begins and its width (estimated from the Go
// fonts' average advance), by its anchor.
func (s Shape) span() (x0, w float64) {
	w = textWidth(s.Text, s.Size, s.Bold)
	x0 = s.X
	switch s.Anchor {
	case Middle:
		x0 -= w / 2
	case End:
		x0 -= w
	}
	return x0, w
}

// onEdge reports whether one of the edges runs through text s.
func onEdge(s Shape, edges [][2]Pt) bool {
	x0, w := s.span()
	y0, y1 := s.Y-s.Size*0.75, s.Y+1
	for _, e := range edges {
		a, b := e[0], e[1]
		// The part of the edge between the text's top and bottom, and
		// its extent across.
		t0, t1 := 0.0, 1.0
		if dy := b.Y - a.Y; dy != 0 {
			t0, t1 = (y0-a.Y)/dy, (y1-a.Y)/dy
			if t0 > t1 {
				t0, t1 = t1, t0
			}
			t0, t1 = max(t0, 0), min(t1, 1)
		} else if a.Y <= y0 || a.Y >= y1 {
			continue
		}
		if t0 >= t1 {
			continue
		}
		xa, xb := a.X+(b.X-a.X)*t0, a.X+(b.X-a.X)*t1
		if max(xa, xb) > x0 && min(xa, xb) < x0+w {
			return true
		}
	}
	return false
}

// currentNode returns the node of the replay's current step, -1.
func currentNode(st []state) int {
	for i, s := range st {
		if s.current {
			return i
		}
	}
	return -1
}

// descendants counts the nodes under node i.
func descendants(t *textbook.Tree, i int) int {
	n := 0
	for _, c := range t.Nodes[i].Children {
		n += 1 + descendants(t, c)
	}
	return n + t.Nodes[i].Hidden
}

// halo is a patch of paper behind a text, a little larger than the text
// (whose width is estimated from the Go fonts' average advance).
func halo(s Shape) Shape {
	w := textWidth(s.Text, s.Size, s.Bold) + 4
	x0 := s.X - 2
	switch s.Anchor {
	case Middle:
		x0 = s.X - w/2
	case End:
		x0 = s.X - w + 2
	}
	y0, y1 := s.Y-s.Size*1.0, s.Y+s.Size*0.35
	return Shape{Kind: Poly, Pts: []Pt{{x0, y0}, {x0 + w, y0}, {x0 + w, y1}, {x0, y1}}, Fill: paper}
}

// textWidth estimates a text's width in points.
func textWidth(text string, size float64, bold bool) float64 {
	em := 0.56
	if bold {
		em = 0.6
	}
	return float64(len([]rune(text))) * size * em
}

// CutText states the cut-off that visit c caused at its parent, from the
// parent's view: at a MIN node "α-cutoff: 2 ≤ α = 3" (the child's value
// is no better for MIN than what MAX has elsewhere), at a MAX node
// "β-cutoff: 9 ≥ β = 5"; "" if c caused none. The bound is the parent's
// on entry, which the loop over its children does not change. In the
// negamax view every cut-off is a β-cutoff of the side to move.
func CutText(tr *textbook.Trace, c int, negamax bool, format func(float64) string) string {
	if c < 0 || c >= len(tr.Visits) || !tr.Visits[c].Cut || tr.Visits[c].Parent < 0 {
		return ""
	}
	if format == nil {
		format = textbook.FormatValue
	}
	x := tr.Visits[c]
	par := tr.Visits[x.Parent]
	switch kind := tr.Tree.Nodes[par.Node].Kind; {
	case negamax && kind == textbook.Min:
		return "β-cutoff: " + format(-x.Value) + " ≥ β = " + format(-par.Alpha)
	case kind == textbook.Max || negamax:
		return "β-cutoff: " + format(x.Value) + " ≥ β = " + format(par.Beta)
	case kind == textbook.Min:
		return "α-cutoff: " + format(x.Value) + " ≤ α = " + format(par.Alpha)
	}
	return ""
}

// window is a node's alpha-beta window while it is searched, from MAX's
// view, and whether the step changed it.
type window struct {
	a, b    float64
	changed bool
}

// liveWindows returns the window of each visit entered and not returned
// by step: its window on entry, with α raised (MAX) or β lowered (MIN)
// by each child returned, as the search keeps them. A child that caused
// a cut-off changes nothing: its parent returns at once.
func liveWindows(tr *textbook.Trace, events []textbook.Event, step int) map[int]window {
	out := map[int]window{}
	if !tr.Windows {
		return out
	}
	if events == nil {
		events = tr.Events(false)
	}
	if step < 0 || step >= len(events) {
		return out
	}
	for k := 0; k <= step; k++ {
		e := events[k]
		x := tr.Visits[e.Visit]
		switch e.Kind {
		case textbook.Enter:
			out[e.Visit] = window{a: x.Alpha, b: x.Beta}
		case textbook.Return:
			delete(out, e.Visit)
			w, ok := out[x.Parent]
			if !ok || x.Cut {
				continue
			}
			old := w
			switch tr.Tree.Nodes[tr.Visits[x.Parent].Node].Kind {
			case textbook.Max:
				w.a = max(w.a, x.Value)
			case textbook.Min:
				w.b = min(w.b, x.Value)
			}
			w.changed = k == step && (w.a != old.a || w.b != old.b)
			out[x.Parent] = w
		}
	}
	return out
}

// sideSign is the sign of the side to move at node i (leaves: the other
// side of their parent's).
func sideSign(tr *textbook.Trace, i int) float64 {
	for p := tr.Tree.Nodes[i].Parent; p >= 0; p = tr.Tree.Nodes[p].Parent {
		switch tr.Tree.Nodes[p].Kind {
		case textbook.Max:
			return -1
		case textbook.Min:
			return 1
		}
	}
	return 1
}

func kindFill(k textbook.Kind) color.NRGBA {
	switch k {
	case textbook.Max:
		return maxFill
	case textbook.Min:
		return minFill
	case textbook.Chance:
		return chFill
	}
	return leafFill
}

func kindInk(k textbook.Kind) color.NRGBA {
	switch k {
	case textbook.Max:
		return color.NRGBA{0x1c, 0x4f, 0x9c, 0xff}
	case textbook.Min:
		return color.NRGBA{0xa8, 0x32, 0x1e, 0xff}
	}
	return color.NRGBA{0x7a, 0x6a, 0x10, 0xff}
}

// nodeShape is a node's shape: MAX a triangle pointing up, MIN one
// pointing down, a chance node a circle, a leaf a square.
//
// wide makes it wider (1: as high as wide), for a long value.
func nodeShape(k textbook.Kind, cx, cy, r, wide float64, fill, stroke color.NRGBA, width float64) Shape {
	s := Shape{Kind: Poly, Fill: fill, Stroke: stroke, Width: width}
	switch k {
	case textbook.Max:
		s.Pts = triangle(cx, cy, r*1.25, wide, -1)
	case textbook.Min:
		s.Pts = triangle(cx, cy, r*1.25, wide, 1)
	case textbook.Chance:
		s.Kind, s.X, s.Y, s.R = Circle, cx, cy, r
	default:
		h := r * 0.85
		w := h * wide
		s.Pts = []Pt{{cx - w, cy - h}, {cx + w, cy - h}, {cx + w, cy + h}, {cx - w, cy + h}}
	}
	return s
}

// ringShape is an outline around a node, of its shape.
func ringShape(k textbook.Kind, cx, cy, r, wide float64, c color.NRGBA, width float64) Shape {
	s := nodeShape(k, cx, cy, r, wide, color.NRGBA{}, c, width)
	if k == textbook.Leaf {
		s.Kind, s.Pts, s.X, s.Y, s.R = Circle, nil, cx, cy, r*max(1, wide*0.95)
	}
	return s
}

// triangle returns an equilateral triangle around (cx, cy) with
// circumradius r, its apex up (dir -1) or down (dir 1), widened by wide.
func triangle(cx, cy, r, wide, dir float64) []Pt {
	pts := make([]Pt, 3)
	for k := range 3 {
		a := math.Pi/2 + float64(k)*2*math.Pi/3
		pts[k] = Pt{cx + wide*r*math.Cos(a), cy + dir*r*math.Sin(a)}
	}
	// Centre the triangle's box on cy rather than its circumcentre.
	shift := -dir * r / 4
	for k := range pts {
		pts[k].Y += shift
	}
	return pts
}

// top and bottom are how far a node's shape reaches above and below its
// centre: where the edges meet it.
func top(k textbook.Kind, r float64) float64 {
	switch k {
	case textbook.Max, textbook.Min:
		return r * 1.25 * 0.75
	case textbook.Chance:
		return r
	}
	return r * 0.85
}

func bottom(k textbook.Kind, r float64) float64 { return top(k, r) }

// NodeAt returns the node drawn at (x, y) in points, -1 for none.
func (p *Picture) NodeAt(x, y float64) int {
	best, bd := -1, math.Inf(1)
	for _, n := range p.Nodes {
		d := math.Hypot(x-n.X, y-n.Y)
		if d <= n.R && d < bd {
			best, bd = n.Node, d
		}
	}
	return best
}
