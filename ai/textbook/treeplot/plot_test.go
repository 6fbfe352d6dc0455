package treeplot

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"io"
	"os"
	"strings"
	"testing"

	"boardgames/ai"
	"boardgames/ai/textbook"
)

func rnTrace(t *testing.T, algo string) *textbook.Trace {
	t.Helper()
	tr, err := textbook.Search(textbook.MustParse("[[3,12,8],[2,4,6],[14,5,2]]"), algo)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// texts returns the texts of the picture's shapes.
func texts(p *Picture) []string {
	var out []string
	for _, s := range p.Shapes {
		if s.Kind == Text {
			out = append(out, s.Text)
		}
	}
	return out
}

func TestSVGWellFormed(t *testing.T) {
	tr := rnTrace(t, textbook.AlphaBeta)
	p := Draw(tr, Options{Step: -1, Values: true, Windows: true, Title: `Alpha-beta <"R&N">`, Selected: -1})
	var b bytes.Buffer
	if err := p.SVG(&b); err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(bytes.NewReader(b.Bytes()))
	var textsSeen []string
	inText := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, b.String())
		}
		switch x := tok.(type) {
		case xml.StartElement:
			inText = x.Name.Local == "text"
		case xml.CharData:
			if inText {
				textsSeen = append(textsSeen, string(x))
			}
		case xml.EndElement:
			inText = false
		}
	}
	all := strings.Join(textsSeen, "|")
	for _, want := range []string{`Alpha-beta <"R&N">`, "MAX", "MIN", "[3, +∞]", "×"} {
		if want == "×" {
			continue
		}
		if !strings.Contains(all, want) {
			t.Errorf("SVG texts lack %q: %s", want, all)
		}
	}
	if os.Getenv("TREEPLOT_OUT") != "" {
		os.WriteFile(os.Getenv("TREEPLOT_OUT")+".svg", b.Bytes(), 0o644)
		var pb bytes.Buffer
		p.PNG(&pb, 2)
		os.WriteFile(os.Getenv("TREEPLOT_OUT")+".png", pb.Bytes(), 0o644)
	}
}

// TestSheetAndKey: the exercise sheet shows the leaves and no inner
// value nor window; the answer key shows them all.
func TestSheetAndKey(t *testing.T) {
	tr := rnTrace(t, textbook.AlphaBeta)
	sheet := strings.Join(texts(Draw(tr, Options{Step: -1, Selected: -1})), " ")
	key := strings.Join(texts(Draw(tr, Options{Step: -1, Values: true, Windows: true, Selected: -1})), " ")
	for _, leaf := range []string{"3", "12", "8", "14"} {
		if !strings.Contains(" "+sheet+" ", " "+leaf+" ") {
			t.Errorf("sheet lacks leaf %s: %s", leaf, sheet)
		}
	}
	if strings.Contains(sheet, "[") {
		t.Errorf("sheet shows a window: %s", sheet)
	}
	if !strings.Contains(key, "[3, +∞]") || !strings.Contains(key, "[−∞, +∞]") {
		t.Errorf("key lacks windows: %s", key)
	}
	// The key's inner values: A 3, B 3, C 2, D 2 beside the leaves, and
	// the cut-off at C said on its pruned edge.
	if n := len(texts(Draw(tr, Options{Step: -1, Values: true, Selected: -1}))) - len(texts(Draw(tr, Options{Step: -1, Selected: -1}))); n != 5 {
		t.Errorf("the key has %d more texts than the sheet, want 4 values and a cut-off", n)
	}
}

// TestReplayStep: at the step where C is entered, 4 and 6 are not pruned
// yet; after the leaf 2 returns they are, and C's value shows "…" until
// it returns.
func TestReplayStep(t *testing.T) {
	tr := rnTrace(t, textbook.AlphaBeta)
	ev := tr.Events(false)
	C := tr.Tree.Index("C")
	var enterC, return2 int
	for k, e := range ev {
		if tr.Visits[e.Visit].Node == C && e.Kind == textbook.Enter {
			enterC = k
		}
		if tr.Visits[e.Visit].Node == tr.Tree.Nodes[C].Children[0] && e.Kind == textbook.Return {
			return2 = k
		}
	}
	four := tr.Tree.Nodes[C].Children[1]
	if st := states(tr, ev, enterC); st[four].pruned || !st[C].current || st[C].returned {
		t.Errorf("at C's entry: %+v %+v", st[four], st[C])
	}
	if st := states(tr, ev, return2); !st[four].pruned || st[C].returned {
		t.Errorf("after the leaf 2 returns: 4 %+v, C %+v", st[four], st[C])
	}
	p := Draw(tr, Options{Events: ev, Step: return2, Values: true, Selected: -1})
	if !strings.Contains(strings.Join(texts(p), " "), "…") {
		t.Error("C, still searching, should show …")
	}
}

func TestPNGMatchesPicture(t *testing.T) {
	tr := rnTrace(t, textbook.AlphaBeta)
	p := Draw(tr, Options{Step: -1, Values: true, Windows: true, Selected: -1})
	var b bytes.Buffer
	if err := p.PNG(&b, 2); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	if got := img.Bounds().Dx(); got != int(p.W*2+0.999) {
		t.Errorf("width %d for %v points at scale 2", got, p.W)
	}
	// The root's triangle is filled with MAX's colour at its centre.
	root := p.Nodes[0]
	c := img.At(int(root.X*2), int((root.Y+8)*2))
	r, g, bb, _ := c.RGBA()
	if r>>8 != uint32(maxFill.R) || g>>8 != uint32(maxFill.G) || bb>>8 != uint32(maxFill.B) {
		// the value's text may cover the centre: look beside it
		c = img.At(int((root.X-10)*2), int((root.Y+12)*2))
		r, g, bb, _ = c.RGBA()
		if r>>8 != uint32(maxFill.R) || g>>8 != uint32(maxFill.G) || bb>>8 != uint32(maxFill.B) {
			t.Errorf("root's fill %v, want %v", c, maxFill)
		}
	}
	if p.NodeAt(root.X, root.Y) != 0 || p.NodeAt(1, 1) != -1 {
		t.Error("NodeAt misses the root")
	}
}

// TestPrunedMovesAppearAtTheCut: a real search's pruned moves (counted,
// never made into nodes) are drawn once the cut-off has happened.
func TestPrunedMovesAppearAtTheCut(t *testing.T) {
	inf := ai.WinScore + 1
	tree := &ai.Tree{Nodes: []ai.TreeNode{
		{Parent: -1, Alpha: -inf, Beta: inf, Value: 3},
		{Parent: 0, Move: 1, Ply: 1, Alpha: -inf, Beta: inf, Value: -3, Leaf: true},
		{Parent: 0, Move: 2, Ply: 1, Alpha: -inf, Beta: -3, Value: -1},
		{Parent: 2, Move: 21, Ply: 2, Alpha: 3, Beta: inf, Value: 1, Leaf: true, Cut: true, Pruned: 2},
	}}
	tr := textbook.FromSearch(tree, []string{"", "a", "b", "b1"}, textbook.AlphaBeta)
	ev := tr.Events(false)
	has := func(step int) bool {
		return strings.Contains(strings.Join(texts(Draw(tr, Options{Events: ev, Step: step, Values: true, Selected: -1})), "|"), "×2")
	}
	for k, e := range ev {
		cutDone := e.Kind == textbook.Return && e.Visit == 3
		if cutDone && !has(k) {
			t.Errorf("step %d: the cut-off happened, no ×2", k)
		}
		if k < len(ev)-1 && e.Visit == 3 && e.Kind == textbook.Enter && has(k) {
			t.Errorf("step %d: ×2 before the cut-off", k)
		}
	}
	if !has(-1) {
		t.Error("the finished search lacks ×2")
	}
}

// TestSheetGivesNothingAway: the exercise sheet draws no pruned branch,
// no cross and no thick principal variation: all edges alike.
func TestSheetGivesNothingAway(t *testing.T) {
	tr := rnTrace(t, textbook.AlphaBeta)
	p := Draw(tr, Options{Step: -1, Selected: -1})
	for _, s := range p.Shapes {
		if s.Kind == Line && (s.Dash || s.Stroke != ink || s.Width != 1.6) {
			t.Fatalf("the sheet draws a line %+v: it shows the pruning", s)
		}
	}
	key := Draw(tr, Options{Step: -1, Values: true, Selected: -1})
	dashed := 0
	for _, s := range key.Shapes {
		if s.Kind == Line && s.Dash {
			dashed++
		}
	}
	if dashed != 2 {
		t.Errorf("the key dashes %d edges, want 2 (to 4 and 6)", dashed)
	}
}
