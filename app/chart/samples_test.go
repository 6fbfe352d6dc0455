package chart

import (
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"boardgames/app/internal/apptest"
	"boardgames/app/internal/variant"
)

// TestSamplePNGs writes sample charts in the light and the dark theme to
// $LABUI_PNG_DIR, for a person to look at; without it, it only checks
// that they render.
func TestSamplePNGs(t *testing.T) {
	dir := os.Getenv("LABUI_PNG_DIR")
	for _, v := range variant.Both {
		a := test.NewTempApp(t)
		a.Settings().SetTheme(variant.Theme(v.Variant))

		nodes := NewLine("Nodes per depth (Connect Four)", "depth", "nodes")
		nodes.SetLogY(true)
		var mm, ab, ns Series
		mm.Name, ab.Name, ns.Name = "minimax", "alphabeta", "negascout"
		for d := 1; d <= 8; d++ {
			mm.X, mm.Y = append(mm.X, float64(d)), append(mm.Y, math.Pow(7, float64(d)))
			ab.X, ab.Y = append(ab.X, float64(d)), append(ab.Y, math.Pow(7, float64(d)*0.62)*2)
			ns.X, ns.Y = append(ns.X, float64(d)), append(ns.Y, math.Pow(7, float64(d)*0.58)*2)
		}
		nodes.SetSeries([]Series{mm, ab, ns})

		// Five algorithms, three of them on the same points.
		same := NewLine("Nodes per depth (Othello)", "depth", "nodes")
		same.SetLogY(true)
		var five []Series
		for i, name := range []string{"minimax", "alphabeta", "alphabeta+ordering", "negascout", "negascout+ordering"} {
			s := Series{Name: name}
			for d := 1; d <= 4; d++ {
				f := 1.0
				if i == 0 {
					f = 2
				} else if i == 4 {
					f = 1.1
				}
				s.X, s.Y = append(s.X, float64(d)), append(s.Y, f*math.Pow(4, float64(d)))
			}
			five = append(five, s)
		}
		same.SetSeries(five)

		elo := NewLine("Elo over a tournament", "games", "rating")
		var e1, e2 Series
		e1.Name, e2.Name = "mcts 1s", "alphabeta d4"
		for g := 0; g <= 200; g += 10 {
			e1.X, e1.Y = append(e1.X, float64(g)), append(e1.Y, 1500+float64(g)*0.6+15*math.Sin(float64(g)/20))
			e2.X, e2.Y = append(e2.X, float64(g)), append(e2.Y, 1500-float64(g)*0.4+10*math.Cos(float64(g)/15))
		}
		elo.SetSeries([]Series{e1, e2})

		bars := NewBar("Results against greedy", "bot", "games")
		bars.SetCategories([]string{"random", "minimax d3", "alphabeta d5", "mcts 1s"})
		bars.SetSeries([]Series{
			{Name: "won", Y: []float64{2, 31, 38, 44}},
			{Name: "drawn", Y: []float64{5, 9, 6, 3}},
			{Name: "lost", Y: []float64{43, 10, 6, 3}},
		})

		many := NewBar("Time per move", "algorithm", "ms")
		var cats []string
		var t1, t2 Series
		t1.Name, t2.Name = "Connect Four", "Othello"
		for i := range 12 {
			cats = append(cats, "negascout d"+strconv.Itoa(i+1))
			t1.Y = append(t1.Y, math.Pow(2.2, float64(i)))
			t2.Y = append(t2.Y, math.Pow(2.6, float64(i)))
		}
		many.SetCategories(cats)
		many.SetSeries([]Series{t1, t2})
		many.SetLogY(true)

		heat := NewHeatMap(7, 6)
		vals := make([]float64, 42)
		labels := make([]string, 42)
		for i := range vals {
			c, r := i%7, i/7
			vals[i] = math.Round(3000 * math.Exp(-math.Abs(float64(c)-3)-0.3*float64(5-r)))
			labels[i] = strconv.Itoa(int(vals[i]))
		}
		vals[0] = math.NaN()
		labels[0] = ""
		heat.SetValues(vals)
		heat.SetLabels(labels)
		heat.SetCoordinates([]string{"1", "2", "3", "4", "5", "6", "7"}, nil)

		for _, s := range []struct {
			name string
			obj  fyne.CanvasObject
			size fyne.Size
		}{
			{"line-log", nodes, fyne.NewSize(560, 360)},
			{"line", elo, fyne.NewSize(560, 360)},
			{"line-overlap", same, fyne.NewSize(560, 360)},
			{"bar", bars, fyne.NewSize(560, 360)},
			{"heatmap", heat, fyne.NewSize(420, 400)},
			{"small", elo, fyne.NewSize(240, 170)},
			{"bar-many", many, fyne.NewSize(420, 260)},
		} {
			export := func(w io.Writer) error { return ExportPNG(s.obj, s.size, w) }
			if dir == "" {
				if err := export(io.Discard); err != nil {
					t.Fatal(err)
				}
				continue
			}
			apptest.WriteFile(t, filepath.Join(dir, "labui-chart-"+s.name+"-"+v.Name+".png"), export)
		}
	}
}
