package learn

import (
	"bytes"
	"context"
	"math/bits"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"boardgames/ai/eval"
	"boardgames/rules"
	"boardgames/rules/checkers"
)

// tinyTuned is a tuned run small enough for every test run, with an
// oracle that knows the positions of at most 10 pieces by their material
// alone (more pieces wins, equal draws), from Black's view.
func tinyTuned(dir string) Config {
	c := DefaultConfig(checkers.Name)
	c.Eval = "tuned"
	c.Dir, c.Out = dir, filepath.Join(dir, "tuned.weights")
	c.Games, c.Depth, c.MaxPlies, c.Workers = 30, 2, 150, 2
	c.Positions, c.LabelDepth = 400, 3
	c.Fit.Epochs, c.Fit.Batch = 8, 64
	c.Oracle = func(p checkers.Position) (int, bool) {
		b, w, _ := p.Bitboards()
		nb, nw := bits.OnesCount32(b), bits.OnesCount32(w)
		if nb+nw > 10 {
			return 0, false
		}
		switch {
		case nb > nw:
			return 1, true
		case nb < nw:
			return -1, true
		}
		return 0, true
	}
	return c
}

func TestTinyTunedTraining(t *testing.T) {
	dir := t.TempDir()
	c := tinyTuned(dir)
	res, err := Train(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d positions, %d exact, scale %g", res.Positions, res.Exact, res.Scale)
	if res.Positions != c.Positions || res.Exact == 0 || res.Exact == res.Positions {
		t.Errorf("%d positions, %d of them exact: want %d, some exact and some searched", res.Positions, res.Exact, c.Positions)
	}
	if res.Scale <= 20 || res.Scale >= 1000 {
		t.Errorf("scale %g: want one found inside the range searched", res.Scale)
	}
	curve := res.Curves[0]
	if first, last := curve[0], curve[len(curve)-1]; !(last.Train < first.Train) {
		t.Errorf("training loss %.4f after %d epochs, %.4f after the first", last.Train, last.N, first.Train)
	}
	data, err := os.ReadFile(c.Out)
	if err != nil {
		t.Fatal(err)
	}
	w, err := eval.ReadWeights(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	ev, err := eval.CheckersTuned(w)
	if err != nil {
		t.Fatal(err)
	}
	// Labelled from searches, the evaluation gives the side a man up the
	// better value.
	up, _ := checkers.Parse("B:W21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,12", checkers.Options{})
	if v := ev(up); v <= 0 {
		t.Errorf("a man up: %d, want more than 0", v)
	}

	// The labels file: every position once, exact ones marked, in the
	// order of the positions drawn.
	cc := c
	if err := cc.defaults(); err != nil {
		t.Fatal(err)
	}
	play := cc
	play.Oracle = nil // the games are played to their end
	recs, err := ReadGames(c.gamesPath(1), header(c.Game, play.settings(1)))
	if err != nil {
		t.Fatal(err)
	}
	labels, pos, err := tunedPositions(recs, &cc)
	if err != nil {
		t.Fatal(err)
	}
	head := cc.labelsHeader(play.settings(1), len(recs))
	got := append([]tunedLabel(nil), labels...)
	n, err := readLabels(cc.labelsPath(), head, got)
	if err != nil || n != len(labels) {
		t.Fatalf("labels file: %d of %d read, %v", n, len(labels), err)
	}
	seen := map[uint64]bool{}
	for i, l := range got {
		p := pos[i]
		if seen[p.Hash()] {
			t.Errorf("position %v drawn twice", p)
		}
		seen[p.Hash()] = true
		if p.MustCapture() {
			t.Errorf("position %v has a capture due", p)
		}
		b, w, _ := p.Bitboards()
		if l.exact != (bits.OnesCount32(b|w) <= 10) {
			t.Errorf("position %v: exact %v", p, l.exact)
		}
		if l.exact {
			r, _ := c.Oracle(p)
			if p.ToMove() == rules.White {
				r = -r
			}
			if int32(r) != l.value {
				t.Errorf("position %v: exact label %d, the oracle says %d for the side to move", p, l.value, r)
			}
		}
	}

	// A run stopped in the middle of its labels goes on from them and
	// gives the same weights; a smaller run reads the first labels.
	text, err := os.ReadFile(cc.labelsPath())
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(text), "\n")
	torn := strings.Join(lines[:len(lines)/2], "") + "12 3"
	if err := os.WriteFile(cc.labelsPath(), []byte(torn), 0o644); err != nil {
		t.Fatal(err)
	}
	c2 := c
	c2.Out = filepath.Join(dir, "again.weights")
	if _, err := Train(context.Background(), c2); err != nil {
		t.Fatal(err)
	}
	again, err := os.ReadFile(c2.Out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, data) {
		t.Error("the resumed run's weights differ")
	}
	if text2, _ := os.ReadFile(cc.labelsPath()); !bytes.Equal(text2, text) {
		t.Error("the resumed run's labels differ")
	}

	// A label that names another position is refused.
	bad := strings.Replace(string(text), "\n"+strings.Fields(lines[1])[0]+" ", "\n9999 ", 1)
	if err := os.WriteFile(cc.labelsPath(), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Train(context.Background(), c2); err == nil || !strings.Contains(err.Error(), "is not the label of") {
		t.Errorf("a label of another position: %v", err)
	}
}

func TestTunedSettingsRefused(t *testing.T) {
	for _, f := range []func(*Config){
		func(c *Config) { c.Eval = "patterns" },
		func(c *Config) { c.LabelEval = "never" },
		func(c *Config) { c.LabelDepth = 31 },
		func(c *Config) { c.ResultWeight = 1.5 },
	} {
		c := tinyTuned(t.TempDir())
		f(&c)
		if err := Check(c); err == nil {
			t.Errorf("%+v accepted", c)
		}
	}
}

// Labels made with another evaluation go to a file of their own, and the
// pattern evaluation is fitted to the same labels as tuned, without
// making them again.
func TestTinyPatternTraining(t *testing.T) {
	dir := t.TempDir()
	c := tinyTuned(dir)
	c.LabelEval = "tuned"
	if _, err := Train(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	cc := c
	if err := cc.defaults(); err != nil {
		t.Fatal(err)
	}
	if filepath.Base(cc.labelsPath()) != "checkers-tuned-d3-tuned.labels" {
		t.Errorf("labels file %s", cc.labelsPath())
	}
	text, err := os.ReadFile(cc.labelsPath())
	if err != nil {
		t.Fatal(err)
	}
	if first, _, _ := strings.Cut(string(text), "\n"); !strings.HasSuffix(first, " labeleval=tuned") {
		t.Errorf("labels header %q does not name the evaluation", first)
	}
	p := c
	p.Eval, p.Out = "pattern", filepath.Join(dir, "pattern.weights")
	res, err := Train(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if res.Labelling != 0 || res.Params != eval.CheckersPatternParams || res.Positions != c.Positions {
		t.Errorf("pattern fit: labelling %v, %d weights, %d positions: want the labels read, %d weights, %d positions",
			res.Labelling, res.Params, res.Positions, eval.CheckersPatternParams, c.Positions)
	}
	if again, _ := os.ReadFile(cc.labelsPath()); !bytes.Equal(again, text) {
		t.Error("the pattern fit changed the labels")
	}
	data, err := os.ReadFile(p.Out)
	if err != nil {
		t.Fatal(err)
	}
	w, err := eval.ReadWeights(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	ev, err := eval.CheckersPattern(w)
	if err != nil {
		t.Fatal(err)
	}
	up, _ := checkers.Parse("B:W21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,12", checkers.Options{})
	if v := ev(up); v <= 0 {
		t.Errorf("a man up: %d, want more than 0", v)
	}
}
