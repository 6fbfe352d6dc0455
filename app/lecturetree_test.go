package app

import (
	"context"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"boardgames/ai/lab"
	"boardgames/ai/textbook"
	"boardgames/ai/textbook/treeplot"
	"boardgames/app/internal/apptest"
	"boardgames/rules/games"
)

// TestLectureTree: in the Lecture view T shows the search tree, then the
// board and the tree, then the board again; while the tree is shown the
// clicker's keys step it (and not the game), its sentence follows, and
// at 200 % on 1280×800 no label is smaller than the body text.
func TestLectureTree(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	f.u.setScale(200)
	f.key(fyne.KeyF5)
	f.w.Resize(fyne.NewSize(1280, 800))
	if f.u.LectureShow() != "board" {
		t.Fatalf("the Lecture view opens on %s", f.u.LectureShow())
	}
	f.typeRune('t')
	if f.u.LectureShow() != "tree" || f.u.ltree.view == nil || !shown(f.w.Canvas(), f.u.ltree.view) {
		t.Fatalf("T shows %s", f.u.LectureShow())
	}
	in := f.u.lectureInspector()
	if in.Step() != 0 {
		t.Fatalf("the example starts at step %d", in.Step())
	}
	for range 11 { // to the leaf 2 under C returning: the cut-off
		f.key(fyne.KeyRight)
	}
	f.typeRune(' ')
	if in.Step() != 12 || f.u.Controller().Len() != 0 {
		t.Fatalf("step %d, %d moves browsed", in.Step(), f.u.Controller().Len())
	}
	if s := f.u.ltree.sentence.Text; s != in.Explanation() || s == "" {
		t.Errorf("the sentence %q, the inspector's %q", s, in.Explanation())
	}
	f.key(fyne.KeyLeft)
	if in.Step() != 11 {
		t.Errorf("← went to step %d", in.Step())
	}
	check := func(what string) {
		t.Helper()
		pic, scale := f.u.ltree.view.Picture()
		if pic == nil {
			t.Fatalf("%s: no picture", what)
		}
		if got := pic.MinText() * scale; got < 28 {
			t.Errorf("%s: the smallest label is %.1f units, the body text 28", what, got)
		}
		cut := false
		for _, s := range pic.Shapes {
			if s.Kind == treeplot.Text && s.Text == "α-cutoff: 2 ≤ α = 3" {
				cut = true
			}
		}
		if !cut {
			t.Errorf("%s: the cut-off is not stated", what)
		}
	}
	check("tree")
	f.typeRune('T')
	if f.u.LectureShow() != "both" || !shown(f.w.Canvas(), f.u.board) || !shown(f.w.Canvas(), f.u.ltree.view) {
		t.Fatalf("T again shows %s", f.u.LectureShow())
	}
	check("board and tree")
	// A small projector, 1024×768 at 200 %: the sentence in a smaller
	// heading, the tree whole beside nothing, collapsed beside the board;
	// no label smaller than the body text either way.
	f.w.Resize(fyne.NewSize(1024, 768))
	f.typeRune('t')
	f.typeRune('t') // the tree again, built for the new size
	if f.u.LectureShow() != "tree" {
		t.Fatalf("T twice shows %s", f.u.LectureShow())
	}
	check("tree at 1024×768")
	if pic, _ := f.u.ltree.view.Picture(); len(pic.Nodes) != 13 || pic.Nodes[12].X < 0 {
		t.Errorf("the tree at 1024×768 is collapsed")
	}
	f.typeRune('t')
	check("board and tree at 1024×768")
	f.w.Resize(fyne.NewSize(1280, 800))
	f.key(fyne.KeyEnd)
	if in.Step() != in.Steps()-1 {
		t.Errorf("End: step %d", in.Step())
	}
	f.typeRune('t')
	if f.u.LectureShow() != "board" || !shown(f.w.Canvas(), f.u.board) {
		t.Fatalf("T a third time shows %s", f.u.LectureShow())
	}
	// The board's keys are the game's again.
	f.tapSquare("f5")
	f.key(fyne.KeyLeft)
	if f.u.shownPly() != 0 {
		t.Errorf("← in the board's Lecture view browsed to %d", f.u.shownPly())
	}
	// Outside the Lecture view T does nothing.
	f.key(fyne.KeyF5)
	f.typeRune('t')
	if f.u.Lecture() || f.u.LectureShow() != "board" {
		t.Error("T outside the Lecture view")
	}
}

// TestLectureTreeLarge: a generated 3×3×3 tree and a depth-3 checkers
// tree in the Lecture view at 200 %, on 1280×800 and 1024×768, the tree
// alone and beside the board: at every step tried no text of the tree,
// the values in its nodes included, is smaller than the body text.
func TestLectureTreeLarge(t *testing.T) {
	gen, err := textbook.Generate(textbook.GenOptions{Branching: 3, Depth: 3, Lo: 0, Hi: 9, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	genTr, err := textbook.Search(gen, textbook.AlphaBeta)
	if err != nil {
		t.Fatal(err)
	}
	g, err := games.Lookup("checkers")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := g.ParseMoves(nil, "11-15 23-19", games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	pos := rec.Position()
	tree, info, err := lab.InspectTree(context.Background(), pos, "alphabeta", 3, lab.InspectEval("checkers"), 0)
	if err != nil {
		t.Fatal(err)
	}
	gameTr := lab.InspectTrace(pos, "alphabeta", tree, info)

	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	f.u.setScale(200)
	f.key(fyne.KeyF5)
	body := float64(theme.TextSize())
	if body != 28 {
		t.Fatalf("the body text at 200 %% is %.0f units", body)
	}
	for _, c := range []struct {
		name string
		tr   *textbook.Trace
	}{{"3×3×3", genTr}, {"checkers depth 3", gameTr}} {
		in := f.u.lectureInspector()
		in.SetTrace(c.tr, nil, "")
		for _, size := range []fyne.Size{{Width: 1280, Height: 800}, {Width: 1024, Height: 768}} {
			f.w.Resize(size)
			for _, show := range []string{"tree", "both"} {
				f.typeRune('t')
				if f.u.LectureShow() != show {
					t.Fatalf("T shows %s, want %s", f.u.LectureShow(), show)
				}
				for _, step := range []int{0, in.Steps() / 3, in.Steps() / 2, in.Steps() - 1} {
					in.SetStep(step)
					f.u.refreshLectureTree()
					pic, scale := f.u.ltree.view.Picture()
					if pic == nil {
						t.Fatalf("%s, %v, %s: no picture", c.name, size, show)
					}
					if got := pic.MinText() * scale; got < body {
						t.Errorf("%s, %.0f×%.0f, %s, step %d: the smallest text is %.1f units, the body text %.0f",
							c.name, size.Width, size.Height, show, step, got, body)
					}
				}
			}
			f.typeRune('t') // the board again
		}
	}
}
