package learn

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"boardgames/ai/eval"
	"boardgames/rules"
	"boardgames/rules/othello"
)

// randomMLP returns the networks at random (by seed) and linear weights
// in steps of step.
func randomMLP(seed uint64, step float32) (*mlpModel, []float32) {
	m := newMLPModel()
	w := make([]float32, m.size)
	m.init(w, seed)
	for i := m.extras; i < m.size; i++ {
		w[i] = float32(i%7) * step
	}
	return m, w
}

// The prior's backward pass is the derivative of its forward pass: each
// parameter's gradient matches a finite difference of the prediction.
func TestMLPGradient(t *testing.T) {
	m, w := randomMLP(7, 0.01)
	black, white := othello.Start().Play(othello.Start().Moves(nil)[0]).Bitboards()
	x := mlpExample{phase: 13}
	eval.OthelloRawFeatures(white, black, &x.raw)
	g := make([]float32, m.size)
	var acts [eval.OthelloPatterns]mlpAct
	m.predict(w, &x, acts[:])
	t0 := phaseValue(int(x.phase))
	for i := range eval.OthelloPatterns {
		k, c, _ := eval.OthelloRawPattern(x.raw[i])
		m.backward(w, g, k, c, t0, 1, &acts[i])
	}
	checked := 0
	for j := 0; j < m.extras; j += 37 {
		if g[j] == 0 {
			continue
		}
		const h = 5e-4 // small: a wider step may cross a unit's kink
		old := w[j]
		w[j] = old + h
		up := float64(m.predict(w, &x, nil))
		w[j] = old - h
		down := float64(m.predict(w, &x, nil))
		w[j] = old
		num := (up - down) / (2 * h)
		if math.Abs(num-float64(g[j])) > 2e-2*math.Max(1, math.Abs(num)) {
			t.Errorf("parameter %d: gradient %g, finite difference %g", j, g[j], num)
		}
		checked++
	}
	if checked < 50 {
		t.Fatalf("only %d parameters checked", checked)
	}
}

// The prior written out as tables gives every position the value of its
// networks and linear weights, a configuration's network value averaged
// with the configurations that share its parameter (up to the rounding
// to DiscUnit).
func TestMLPTables(t *testing.T) {
	m, w := randomMLP(3, 0.1)
	ev, err := eval.OthelloPattern(othelloWeights(m.tables(w)))
	if err != nil {
		t.Fatal(err)
	}
	shared := map[int32][]int32{}
	for r := range eval.OthelloRawWeights() {
		p := eval.OthelloRawParam(int32(r))
		shared[p] = append(shared[p], int32(r))
	}
	h, err := othello.ParseMoves(othello.Start(), "c4c3d3c5d6e7f5g5f6f4b3d2c6f7e3e2e6c2e8d8")
	if err != nil {
		t.Fatal(err)
	}
	var a mlpAct
	for i := range h.Len() {
		p := h.At(i)
		own, opp := p.Bitboards()
		if p.ToMove() == rules.White {
			own, opp = opp, own
		}
		var raw [eval.OthelloFeatures]int32
		eval.OthelloRawFeatures(own, opp, &raw)
		phase := eval.OthelloPhase(p.Empties())
		want := 0.0
		for _, r := range raw[:eval.OthelloPatterns] {
			rs := shared[eval.OthelloRawParam(r)]
			for _, r2 := range rs {
				k, c, ok := eval.OthelloRawPattern(r2)
				if !ok {
					t.Fatalf("raw weight %d is no pattern's", r2)
				}
				want += float64(m.forward(w, k, c, phaseValue(phase), &a)) / float64(len(rs))
			}
		}
		for _, r := range raw[eval.OthelloPatterns:] {
			want += float64(w[m.extraIndex(phase, r)])
		}
		want *= eval.DiscUnit
		if got := float64(ev(p)); math.Abs(got-want) > float64(eval.OthelloFeatures) {
			t.Errorf("position %d: tables %v, networks %.1f", i, got, want)
		}
	}
}

// A fine-tune with the networks' prior writes, in the phases the
// networks learned from, the blend of their tables (written beside the
// checkpoints) and the tables of the same fine-tune without them, and
// elsewhere the tables alone; run again, it reads its checkpoints and
// writes the same weights.
func TestOthelloPrior(t *testing.T) {
	dir := t.TempDir()
	base, init := tinyTrained(t, dir)
	c := base
	c.Labels, c.LabelDepth, c.LabelMin, c.LabelMax = 300, 2, 21, 28
	c.FineTune = init
	c.Fit.Epochs = 5
	c.Out = filepath.Join(dir, "plain.weights")
	if _, err := Train(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	plain, err := readWeightsFile(c.Out)
	if err != nil {
		t.Fatal(err)
	}
	c.Out, c.PriorMix = filepath.Join(dir, "mixed.weights"), 0.4
	var passes int
	c.Progress = func(p Progress) {
		if p.Stage == "prior" {
			passes++
		}
	}
	if _, err := Train(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	if passes == 0 {
		t.Fatal("no pass of the prior's fit was reported")
	}
	mixed, err := readWeightsFile(c.Out)
	if err != nil {
		t.Fatal(err)
	}
	prior, err := readWeightsFile(filepath.Join(dir, "othello-round1-prior.weights"))
	if err != nil {
		t.Fatal(err)
	}
	for p := range eval.OthelloPhases {
		if slices.Equal(mixed.Phase(p), plain.Phase(p)) {
			if p == 5 || p == 6 {
				t.Errorf("phase %d, labelled: the tables without the networks' blend", p)
			}
			continue
		}
		for j, x := range mixed.Phase(p) {
			want := 0.4*float64(prior.Phase(p)[j]) + 0.6*float64(plain.Phase(p)[j])
			if math.Abs(float64(x)-want) > 1 {
				t.Fatalf("phase %d, weight %d: %d, the blend of %d and %d is %.1f", p, j, x, prior.Phase(p)[j], plain.Phase(p)[j], want)
			}
		}
	}
	if !slices.Equal(mixed.Phase(eval.OthelloPhases-1), plain.Phase(eval.OthelloPhases-1)) {
		t.Error("the last phase, which the networks did not learn from, was blended")
	}
	first, err := os.ReadFile(c.Out)
	if err != nil {
		t.Fatal(err)
	}
	passes = 0
	if _, err := Train(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	again, err := os.ReadFile(c.Out)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(first, again) {
		t.Error("run again from its checkpoints, the fine-tune wrote other weights")
	}
	if passes != 0 {
		t.Errorf("run again, the prior was fitted anew (%d passes)", passes)
	}
}
