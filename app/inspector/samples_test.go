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
	"boardgames/app/chart"
	"boardgames/app/internal/apptest"
	"boardgames/app/internal/variant"
	"boardgames/rules/othello"
)

// othelloTree records a real negascout search of the Othello start, with
// its move labels and principal variation, as the lab would.
func othelloTree(t *testing.T, depth int) (*ai.Tree, []string, []int) {
	t.Helper()
	tree := &ai.Tree{}
	pos := othello.Start()
	info, err := ai.Search(context.Background(), "negascout", pos, nil, ai.Params{Depth: depth, Ordering: true, Tree: tree})
	if err != nil {
		t.Fatal(err)
	}
	labels := make([]string, len(tree.Nodes))
	at := make([]othello.Position, len(tree.Nodes))
	kids := make([][]int, len(tree.Nodes))
	for i, n := range tree.Nodes {
		if n.Parent < 0 {
			at[i] = pos
			continue
		}
		kids[n.Parent] = append(kids[n.Parent], i)
		labels[i] = at[n.Parent].MoveString(n.Move)
		at[i] = at[n.Parent].Play(n.Move)
	}
	pv := []int{0}
	for _, m := range info.PV {
		next := -1
		for _, k := range kids[pv[len(pv)-1]] {
			if tree.Nodes[k].Move == m {
				next = k
			}
		}
		if next < 0 {
			break
		}
		pv = append(pv, next)
	}
	return tree, labels, pv
}

func TestRealSearch(t *testing.T) {
	test.NewTempApp(t)
	tree, labels, pv := othelloTree(t, 4)
	in := New()
	in.SetTree(tree, labels, pv)
	if in.NodeCount() == 0 || len(pv) < 2 {
		t.Fatalf("%d nodes, PV %v", in.NodeCount(), pv)
	}
	for s := range in.NodeCount() {
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
		tree, labels, pv := othelloTree(t, 3)
		in := New()
		in.SetTree(tree, labels, pv)
		in.Resize(fyne.NewSize(1000, 640))
		if err := chart.ExportPNG(in, fyne.NewSize(1000, 640), io.Discard); err != nil { // creates the renderers, so that steps can scroll
			t.Fatal(err)
		}
		// A step inside the search: a cut-off deep in the tree.
		step := -1
		for i, n := range tree.Nodes {
			if n.Cut && n.Pruned > 0 && n.Ply == 3 && i > len(tree.Nodes)/3 {
				step = i
				break
			}
		}
		for _, s := range []struct {
			name string
			step int
		}{{"start", 0}, {"end", len(tree.Nodes) - 1}, {"cut", step}} {
			if s.step < 0 {
				continue
			}
			in.SetStep(s.step)
			writePNG(t, filepath.Join(dir, "labui-inspector-"+s.name+"-"+v.Name+".png"), in, fyne.NewSize(1000, 640))
		}
		in.SetStep(len(tree.Nodes) - 1)
		in.Select(pv[1])
		writePNG(t, filepath.Join(dir, "labui-inspector-detail-"+v.Name+".png"), in, fyne.NewSize(760, 480))
	}
}

// writePNG writes the inspector at size to path.
func writePNG(t *testing.T, path string, in *Inspector, size fyne.Size) {
	t.Helper()
	apptest.WriteFile(t, path, func(w io.Writer) error { return chart.ExportPNG(in, size, w) })
}
