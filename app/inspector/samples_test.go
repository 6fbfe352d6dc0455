package inspector

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"boardgames/ai"
	"boardgames/ai/textbook"
	"boardgames/app/chart"
	"boardgames/app/internal/apptest"
	"boardgames/app/internal/variant"
	"boardgames/rules/othello"
)

// othelloTrace records a real negascout search of the Othello start as
// the lab would, as a trace.
func othelloTrace(t *testing.T, depth int) *textbook.Trace {
	t.Helper()
	tree := &ai.Tree{}
	pos := othello.Start()
	if _, err := ai.Search(context.Background(), "negascout", pos, nil, ai.Params{Depth: depth, Ordering: true, Tree: tree}); err != nil {
		t.Fatal(err)
	}
	labels := make([]string, len(tree.Nodes))
	at := make([]othello.Position, len(tree.Nodes))
	for i, n := range tree.Nodes {
		if n.Parent < 0 {
			at[i] = pos
			continue
		}
		labels[i] = at[n.Parent].MoveString(n.Move)
		at[i] = at[n.Parent].Play(n.Move)
	}
	return textbook.FromSearch(tree, labels, "negascout")
}

func TestRealSearch(t *testing.T) {
	test.NewTempApp(t)
	tr := othelloTrace(t, 4)
	in := New()
	in.SetTrace(tr, nil, "points")
	if in.NodeCount() != len(tr.Visits) || in.Steps() != 2*len(tr.Visits) {
		t.Fatalf("%d visits, %d steps", in.NodeCount(), in.Steps())
	}
	for s := range in.Steps() {
		in.SetStep(s)
		if in.Explanation() == "" {
			t.Fatalf("no explanation at step %d", s)
		}
	}
}

// TestSamplePNGs writes the inspector in the light and the dark theme to
// $LABUI_PNG_DIR, for a person to look at.
func TestSamplePNGs(t *testing.T) {
	dir := os.Getenv("LABUI_PNG_DIR")
	if dir == "" {
		t.Skip("LABUI_PNG_DIR not set")
	}
	for _, v := range variant.Both {
		a := test.NewTempApp(t)
		a.Settings().SetTheme(variant.Theme(v.Variant))
		in := New()
		tr, _ := textbook.Search(textbook.MustParse(rn), textbook.AlphaBeta)
		in.SetTrace(tr, nil, "")
		in.Resize(fyne.NewSize(1000, 640))
		in.SetStep(12)
		writePNG(t, filepath.Join(dir, "labui-inspector-textbook-"+v.Name+".png"), in, fyne.NewSize(1000, 640))
		in.SetTrace(othelloTrace(t, 3), nil, "points")
		in.tabs.SelectIndex(1)
		in.SetStep(40)
		writePNG(t, filepath.Join(dir, "labui-inspector-outline-"+v.Name+".png"), in, fyne.NewSize(1000, 640))
	}
}

// writePNG writes the inspector at size to path.
func writePNG(t *testing.T, path string, in *Inspector, size fyne.Size) {
	t.Helper()
	apptest.WriteFile(t, path, func(w io.Writer) error { return chart.ExportPNG(in, size, w) })
}
