package learn

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"boardgames/ai/eval"
)

// tinyOthello is a training run small enough for every test run: a few
// hundred shallow games, a few epochs.
func tinyOthello(dir string) Config {
	c := DefaultConfig("othello")
	c.Dir, c.Out = dir, filepath.Join(dir, "othello.weights")
	c.Games, c.Depth, c.Exact, c.Workers = 120, 1, 8, 2
	c.Fit.Epochs, c.Fit.Batch = 6, 256
	c.ProbCut, c.ProbCutDepth = 40, 4
	c.BootstrapDepth = 2
	return c
}

func TestTinyOthelloTrainingLowersLoss(t *testing.T) {
	dir := t.TempDir()
	cfg := tinyOthello(dir)
	res, err := Train(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Games != cfg.Games || res.Positions < 50*cfg.Games {
		t.Fatalf("%d games, %d positions", res.Games, res.Positions)
	}
	// Every phase with positions fits them better at the end than with
	// all weights zero (its first epoch already moved them) and than at
	// its first epoch.
	for p, curve := range res.Curves {
		if len(curve) < 2 {
			t.Fatalf("phase %d: %d epochs", p, len(curve))
		}
		first, last := curve[0], curve[len(curve)-1]
		if !(last.Train < first.Train) {
			t.Errorf("phase %d: training loss %.3f after %d epochs, %.3f after the first", p, last.Train, last.N, first.Train)
		}
		t.Logf("phase %2d: loss %.2f -> %.2f (validation %.2f -> %.2f)", p, first.Train, last.Train, first.Validation, last.Validation)
	}
	// The weights file reads back as an evaluation.
	data, err := os.ReadFile(cfg.Out)
	if err != nil {
		t.Fatal(err)
	}
	w, err := eval.ReadWeights(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := eval.OthelloPattern(w); err != nil {
		t.Fatal(err)
	}
	pc, err := os.ReadFile(probCutPath(cfg.Out))
	if err != nil {
		t.Fatal(err)
	}
	stats, err := eval.ReadProbCutStats(bytes.NewReader(pc))
	if err != nil {
		t.Fatalf("%v\n%s", err, pc)
	}
	if _, err := eval.OthelloProbCut(stats, 1.5); err != nil {
		t.Fatal(err)
	}
	t.Logf("probcut:\n%s", pc)
}

func TestTinyCheckersTrainingLowersLoss(t *testing.T) {
	dir := t.TempDir()
	c := DefaultConfig("checkers")
	c.Dir, c.Out = dir, filepath.Join(dir, "checkers.weights")
	c.Games, c.Depth, c.MaxPlies, c.Workers = 60, 2, 150, 2
	c.Fit.Epochs, c.Fit.Batch = 8, 256
	res, err := Train(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	curve := res.Curves[0]
	first, last := curve[0], curve[len(curve)-1]
	t.Logf("%d positions: loss %.4f -> %.4f (validation %.4f -> %.4f)", res.Positions, first.Train, last.Train, first.Validation, last.Validation)
	if !(last.Train < first.Train) {
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
	if _, err := eval.CheckersLearned(w); err != nil {
		t.Fatal(err)
	}
}
