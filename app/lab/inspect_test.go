package lab

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"boardgames/ai/textbook"
	"boardgames/app/internal/apptest"
	"boardgames/app/internal/classroom"
	"boardgames/rules/games"
)

// newFollowFixture is newFixture with the main board's hook: the views it
// was asked to show are in *shown (nil entries: back to the game).
func newFollowFixture(t *testing.T, game, moves string, shown *[]*NodeView) *fixture {
	t.Helper()
	apptest.PrivateDirs(t)
	test.NewTempApp(t)
	_, rec := apptest.Record(t, game, games.Settings{}, moves)
	f := &fixture{t: t, q: &apptest.Queue{Timeout: 30 * time.Second}, src: &source{pos: rec.Position(), plies: rec.Len()}}
	f.l = New(f.src, Options{Post: f.q.Post, ProgressEvery: time.Millisecond, ShowNode: func(v *NodeView) { *shown = append(*shown, v) }})
	f.w = test.NewWindow(f.l.Content())
	f.l.SetWindow(f.w)
	f.w.Resize(WindowSize)
	t.Cleanup(func() {
		f.l.Close()
		f.q.Drain()
	})
	return f
}

func TestInspector(t *testing.T) {
	f := newFixture(t, "connect4", "44")
	s := f.l.inspect
	s.algo.SetSelected("Alpha-beta")
	s.depth.SetSelected("2")
	f.runTask(s.task)
	n := s.in.NodeCount()
	if n < 8 {
		t.Fatalf("%d nodes", n)
	}
	if len(s.board.View().Rows) != 6 {
		t.Errorf("no position shown: %v", s.board.View())
	}
	s.in.SetStep(1) // entering the first child
	if !strings.HasPrefix(s.caption.Text, "After ") || len(s.board.View().Last) != 1 {
		t.Errorf("caption %q, last %v", s.caption.Text, s.board.View().Last)
	}
	if !strings.Contains(s.caption.Text, "…") {
		t.Errorf("a node just entered shows its value: %q", s.caption.Text)
	}
	s.in.SetStep(0)
	if !strings.HasPrefix(s.caption.Text, "The root") {
		t.Errorf("caption %q", s.caption.Text)
	}
	if !strings.Contains(s.task.status.Text, "best move") {
		t.Errorf("status %q", s.task.status.Text)
	}
}

// TestMainBoardFollows: selecting a node sends its position to the main
// board with the path from the root as numbered moves; going back to the
// root sends the root; a textbook tree gives the board back to the game.
func TestMainBoardFollows(t *testing.T) {
	var shown []*NodeView
	f := newFollowFixture(t, "othello", "f5", &shown)
	s := f.l.inspect
	s.depth.SetSelected("2")
	f.runTask(s.task)
	tr := s.trace
	// A node at ply 2: the path d6 then another move.
	deep := -1
	for v, x := range tr.Visits {
		if tr.Tree.Nodes[x.Node].Depth == 2 {
			deep = v
			break
		}
	}
	shown = nil
	s.in.Select(deep)
	if len(shown) != 1 || shown[0] == nil {
		t.Fatalf("selecting a node showed %v", shown)
	}
	v := shown[0]
	if len(v.Path) != 2 || v.Path[0].Number != 1 || v.Path[1].Number != 2 || !v.Path[0].First || v.Path[1].First {
		t.Errorf("path %+v", v.Path)
	}
	pos := f.src.pos
	first := tr.Tree.Nodes[tr.Visits[tr.Visits[deep].Parent].Node].Label
	if !strings.Contains(v.Caption, first) || v.Root != pos.String() {
		t.Errorf("caption %q root %q", v.Caption, v.Root)
	}
	// The board shows the position after the two moves, the last marked.
	after := pos
	for _, m := range after.Legal() {
		if after.MoveString(m) == first {
			after = after.Play(m)
			break
		}
	}
	if strings.Join(v.View.Rows, "") == strings.Join(pos.Rows(), "") || strings.Join(v.View.Rows, "") == strings.Join(after.Rows(), "") || len(v.View.Last) == 0 {
		t.Errorf("the view is not two moves deep: %v", v.View.Rows)
	}
	if sq := v.View.Last[len(v.View.Last)-1]; v.Path[1].Cell != sq {
		t.Errorf("mark 2 on cell %d, the last move on %d", v.Path[1].Cell, sq)
	}
	// A key press steps, and the main board follows.
	shown = nil
	s.in.TypedKey(&fyne.KeyEvent{Name: fyne.KeyHome})
	if len(shown) != 1 || shown[0] == nil || len(shown[0].Path) != 0 || !strings.Contains(shown[0].Caption, "root") {
		t.Errorf("Home showed %+v", shown)
	}
	// Tapping the main board (the app calls NodeDismissed) stops it.
	shown = nil
	f.l.NodeDismissed()
	s.in.Forward()
	if len(shown) != 1 || shown[0] != nil {
		t.Errorf("after the board was dismissed: %v", shown)
	}
	// A textbook tree has no position: the main board shows the game.
	s.follow.SetChecked(true)
	shown = nil
	s.mode.SetSelected("Textbook tree")
	if len(shown) == 0 || shown[len(shown)-1] != nil {
		t.Errorf("textbook mode left a node on the main board: %v", shown)
	}
}

// TestTextbookTreeAndExport: the textbook mode draws Russell and Norvig's
// tree with alpha-beta, steps it, and exports SVG (well-formed, the same
// texts as the picture on screen) and PNG.
func TestTextbookTreeAndExport(t *testing.T) {
	f := newFixture(t, "othello", "")
	s := f.l.inspect
	s.mode.SetSelected("Textbook tree")
	if s.trace == nil || s.trace.Value() != 3 || s.trace.Cutoffs() != 1 {
		t.Fatalf("the example tree: %+v", s.trace)
	}
	if !strings.Contains(s.task.status.Text, "value 3; cut-offs: 1; nodes pruned: 2") {
		t.Errorf("status %q", s.task.status.Text)
	}
	if s.in.Steps() != 22 {
		t.Errorf("%d steps, want 22", s.in.Steps())
	}
	s.bookAlgo.SetSelected("Minimax")
	if s.trace.Cutoffs() != 0 || s.in.Steps() != 26 {
		t.Errorf("minimax: %d cut-offs, %d steps", s.trace.Cutoffs(), s.in.Steps())
	}
	s.bookAlgo.SetSelected("Alpha-beta")
	svg := exportTo(t, t.TempDir(), export{name: "t.svg", write: func(w io.Writer) error { return s.writeTree(w, ".svg") }})
	var texts []string
	d := xml.NewDecoder(bytes.NewReader(svg))
	in := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed: %v", err)
		}
		switch x := tok.(type) {
		case xml.StartElement:
			in = x.Name.Local == "text"
		case xml.CharData:
			if in {
				texts = append(texts, string(x))
			}
		case xml.EndElement:
			in = false
		}
	}
	var onScreen []string
	s.in.Last()
	for _, sh := range s.in.Picture().Shapes {
		if sh.Text != "" {
			onScreen = append(onScreen, sh.Text)
		}
	}
	// The export has the title; otherwise the screen's texts.
	if got, want := strings.Join(texts[1:], "|"), strings.Join(onScreen, "|"); got != want {
		t.Errorf("the SVG's texts\n%s\ndiffer from the screen's\n%s", got, want)
	}
	png := exportTo(t, t.TempDir(), export{name: "t.png", write: func(w io.Writer) error { return s.writeTree(w, ".png") }})
	if !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Error("not a PNG")
	}
	// The exercise sheet: no inner value, no window.
	s.key.SetChecked(false)
	sheet := string(exportTo(t, t.TempDir(), export{name: "s.svg", write: func(w io.Writer) error { return s.writeTree(w, ".svg") }}))
	if strings.Contains(sheet, "[3, +∞]") || !strings.Contains(sheet, ">14<") {
		t.Error("the sheet shows windows or lacks leaves")
	}
	// A typo gets one clear line and keeps the tree.
	s.spec.SetText("[[3, 12, 8], [2, 4")
	test.Tap(s.task.runBtn)
	if !strings.Contains(s.task.status.Text, "cannot be read") || s.trace == nil {
		t.Errorf("bad spec: %q", s.task.status.Text)
	}
	// The generator fills in the spec and asks for cut-offs.
	s.generate.OnTapped()
	tree, err := textbook.Parse(s.spec.Text)
	if err != nil || len(tree.Nodes) != 40 || s.trace.Cutoffs() < 2 {
		t.Errorf("generated %q: %v", s.spec.Text, err)
	}
	// Exercise mode.
	s.exercise.SetChecked(true)
	if !s.in.Exercise() {
		t.Error("exercise mode is off")
	}
}

// TestPredictFirstSetting: the class setting "predictFirst" inserts the
// asking steps, read when the setting changes.
func TestPredictFirstSetting(t *testing.T) {
	f := newFixture(t, "othello", "")
	s := f.l.inspect
	s.mode.SetSelected("Textbook tree")
	plain := s.in.Steps()
	fyne.CurrentApp().Preferences().SetBool(classroom.PredictFirst, true)
	f.q.Drain()
	if !s.in.Predict() || s.in.Steps() != plain+4 {
		t.Errorf("predict %v, %d steps (was %d)", s.in.Predict(), s.in.Steps(), plain)
	}
	fyne.CurrentApp().Preferences().SetBool(classroom.PredictFirst, false)
	f.q.Drain()
	if s.in.Predict() {
		t.Error("predicting stayed on")
	}
}
