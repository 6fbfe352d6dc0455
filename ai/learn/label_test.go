package learn

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"boardgames/ai"
	"boardgames/ai/eval"
	"boardgames/ai/solve/endgame"
	"boardgames/rules"
	"boardgames/rules/othello"
)

// shippedGames returns the first n shipped Othello self-play games.
func shippedGames(t *testing.T, n int) []Record {
	t.Helper()
	c := DefaultConfig("othello")
	c.Dir = "data"
	recs, err := ReadGames(c.gamesPath(1), header("othello", c.settings(1)))
	if err != nil {
		t.Fatal(err)
	}
	return recs[:n]
}

func tinyLabels(dir string, games []Record, n int) LabelConfig {
	c := DefaultLabelConfig()
	c.Games, c.Source = games, "test"
	c.Path = filepath.Join(dir, "test.labels.gz")
	c.N, c.Depth, c.Exact, c.MinEmpties, c.MaxEmpties, c.Workers = n, 2, 10, 6, 30, 2
	return c
}

// Every label is the value of its position: the exact solve's at Exact
// empty squares or fewer, else the depth-ply search's with the shipped
// pattern evaluation and its Multi-ProbCut, for Black, in DiscUnit.
func TestOthelloLabelsAreTheirPositionsValues(t *testing.T) {
	games := shippedGames(t, 50)
	c := tinyLabels(t.TempDir(), games, 40)
	labels, err := LabelOthello(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if len(labels) != c.N {
		t.Fatalf("%d labels, want %d", len(labels), c.N)
	}
	ev, _ := eval.Othello(eval.OthelloLearned)
	sel := eval.Selectivity[othello.Position](eval.OthelloLearned)
	solver := endgame.New(4)
	exact, searched := 0, 0
	for i, l := range labels {
		h, err := othello.ParseMoves(othello.Start(), l.Moves)
		if err != nil {
			t.Fatalf("label %d: %v", i, err)
		}
		p := h.Position()
		if e := p.Empties(); e < c.MinEmpties || e > c.MaxEmpties {
			t.Fatalf("label %d: %d empties, outside %d..%d", i, e, c.MinEmpties, c.MaxEmpties)
		}
		var want int
		if p.Empties() <= c.Exact {
			exact++
			r, err := solver.Solve(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			want = r.Score * eval.DiscUnit
		} else {
			info, err := ai.Search(context.Background(), "engine", p, ev, ai.Params{Depth: c.Depth, TTMiB: 4, Selectivity: sel})
			if err != nil {
				t.Fatal(err)
			}
			if ai.IsDecided(info.Score) {
				continue
			}
			searched++
			want = info.Score
		}
		if p.ToMove() == rules.White {
			want = -want
		}
		if l.Result != want {
			t.Errorf("label %d (%d empties): %d, the position's value is %d", i, p.Empties(), l.Result, want)
		}
	}
	if exact == 0 || searched == 0 {
		t.Fatalf("%d exact and %d searched labels: want both kinds", exact, searched)
	}
	// Read back, the file gives the same labels.
	head, back, err := ReadLabels(c.Path)
	if err != nil {
		t.Fatal(err)
	}
	if head != c.header() || !slices.Equal(back, labels) {
		t.Fatalf("read back: %q, %d labels; want %q, %d", head, len(back), c.header(), len(labels))
	}
}

// A run that asks for more labels goes on from the file of a smaller one,
// and the labels are those of a run made at once.
func TestOthelloLabelsResume(t *testing.T) {
	games := shippedGames(t, 30)
	whole := tinyLabels(t.TempDir(), games, 24)
	want, err := LabelOthello(context.Background(), whole)
	if err != nil {
		t.Fatal(err)
	}
	part := tinyLabels(t.TempDir(), games, 10)
	if _, err := LabelOthello(context.Background(), part); err != nil {
		t.Fatal(err)
	}
	part.N = 24
	var first int
	part.Progress = func(done, _ int) {
		if first == 0 {
			first = done
		}
	}
	got, err := LabelOthello(context.Background(), part)
	if err != nil {
		t.Fatal(err)
	}
	if first != 10 {
		t.Errorf("the second run started from %d labels, want 10", first)
	}
	if !slices.Equal(got, want) {
		t.Fatal("the resumed labels differ from those made at once")
	}
	if _, err := os.Stat(part.Path + ".partial"); !os.IsNotExist(err) {
		t.Errorf("the partial file is left: %v", err)
	}
}

// A fine-tune starts every phase from the given weights, keeps those of
// the phases without labelled positions in their range, and fits the
// labels of the others better than the weights it started from.
func TestOthelloFineTune(t *testing.T) {
	dir := t.TempDir()
	base, init := tinyTrained(t, dir)
	c := base
	c.Out = filepath.Join(dir, "tuned.weights")
	c.Labels, c.LabelDepth, c.LabelMin, c.LabelMax = 300, 2, 21, 28
	c.FineTune = init
	c.Fit.Epochs = 20
	res, err := Train(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if res.Labels != c.Labels || res.Labelled == 0 {
		t.Fatalf("%d labels, %d positions labelled", res.Labels, res.Labelled)
	}
	tuned, err := readWeightsFile(c.Out)
	if err != nil {
		t.Fatal(err)
	}
	_, labels, err := ReadLabels(filepath.Join(dir, "othello-labels-depth2.labels.gz"))
	if err != nil {
		t.Fatal(err)
	}
	byPos, err := labelTargets(labels)
	if err != nil {
		t.Fatal(err)
	}
	// The squared error on the labels of phases 5 and 6 (21..28 empties).
	loss := func(w *eval.Weights) float64 {
		ev, err := eval.OthelloPattern(w)
		if err != nil {
			t.Fatal(err)
		}
		s := 0.0
		for _, l := range labels {
			h, _ := othello.ParseMoves(othello.Start(), l.Moves)
			p := h.Position()
			black, white := p.Bitboards()
			own, opp := black, white
			if p.ToMove() == rules.White {
				own, opp = white, black
			}
			d := float64(ev(p))/eval.DiscUnit - float64(byPos[[2]uint64{own, opp}])
			s += d * d
		}
		return s / float64(len(labels))
	}
	before, after := loss(init), loss(tuned)
	t.Logf("labels' squared error: %.2f before, %.2f after", before, after)
	if !(after < before) {
		t.Errorf("the fine-tune did not fit the labels better: %.2f, %.2f before", after, before)
	}
	for p := range eval.OthelloPhases {
		same := slices.Equal(init.Phase(p), tuned.Phase(p))
		if labelledPhase := p == 5 || p == 6; same == labelledPhase {
			t.Errorf("phase %d: weights unchanged %v, labels in its range %v", p, same, labelledPhase)
		}
	}
}

// In a whole fit, the labels replace the targets of their positions: the
// phases below them come out as without labels, theirs differ.
func TestOthelloLabelsInTheFit(t *testing.T) {
	dir := t.TempDir()
	base := tinyOthello(dir)
	base.ProbCut = 0
	if _, err := Train(context.Background(), base); err != nil {
		t.Fatal(err)
	}
	plain, err := readWeightsFile(base.Out)
	if err != nil {
		t.Fatal(err)
	}
	c := base
	c.Out = filepath.Join(dir, "labelled.weights")
	c.Labels, c.LabelDepth, c.LabelMin, c.LabelMax = 200, 2, 21, 28
	res, err := Train(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if res.Labels != c.Labels || res.Labelled < c.Labels/2 {
		t.Fatalf("%d labels, %d positions labelled", res.Labels, res.Labelled)
	}
	labelled, err := readWeightsFile(c.Out)
	if err != nil {
		t.Fatal(err)
	}
	for p := range 6 {
		// Phases 0..3 learn from 1..18 empties (the overlap included),
		// 4..5 from positions with labels.
		if same := slices.Equal(plain.Phase(p), labelled.Phase(p)); same != (p < 4) {
			t.Errorf("phase %d: weights as without labels %v, want %v", p, same, p < 4)
		}
	}
}

// A fine-tune with the labels of other games (ExtraLabels) fits them too:
// a phase whose range only they cover moves away from the weights it
// started from, and their positions count among the labelled ones. Labels
// exact from LabelExact empty squares are the exact solves there.
func TestOthelloFineTuneWithExtraLabels(t *testing.T) {
	dir := t.TempDir()
	base, init := tinyTrained(t, dir)
	// The earlier labels: 29..32 empties (phase 7), of the base games.
	earlier := base
	earlier.Dir = filepath.Join(dir, "earlier")
	earlier.Out = filepath.Join(dir, "earlier.weights")
	earlier.Labels, earlier.LabelDepth, earlier.LabelMin, earlier.LabelMax = 120, 2, 29, 32
	earlier.FineTune, earlier.LabelOnly = init, true
	if err := os.MkdirAll(earlier.Dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Train(context.Background(), earlier); err != nil {
		t.Fatal(err)
	}
	_, extra, err := ReadLabels(filepath.Join(earlier.Dir, "othello-labels-depth2.labels.gz"))
	if err != nil || len(extra) != earlier.Labels {
		t.Fatalf("%d earlier labels: %v", len(extra), err)
	}
	// The run's own labels: new games (another seed), 9..12 empties
	// (phase 2), exact from 10 on (the games from 8).
	fine := func(extra []Record) (Result, *eval.Weights) {
		c := base
		c.Dir = t.TempDir()
		c.Out = filepath.Join(c.Dir, "tuned.weights")
		c.Seed = 2
		c.Labels, c.LabelDepth, c.LabelMin, c.LabelMax, c.LabelExact = 120, 2, 9, 12, 10
		c.FineTune, c.ExtraLabels = init, extra
		c.Fit.Epochs = 10
		res, err := Train(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		w, err := readWeightsFile(c.Out)
		if err != nil {
			t.Fatal(err)
		}
		head, own, err := ReadLabels(filepath.Join(c.Dir, "othello-labels-depth2.labels.gz"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(head, " exact=10 ") {
			t.Errorf("labels header %q: want exact=10", head)
		}
		solver := endgame.New(4)
		exactN := 0
		for i, l := range own {
			h, _ := othello.ParseMoves(othello.Start(), l.Moves)
			p := h.Position()
			if p.Empties() > 10 {
				continue
			}
			exactN++
			r, err := solver.Solve(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			want := r.Score * eval.DiscUnit
			if p.ToMove() == rules.White {
				want = -want
			}
			if l.Result != want {
				t.Errorf("label %d (%d empties): %d, the exact value is %d", i, p.Empties(), l.Result, want)
			}
		}
		if exactN == 0 {
			t.Error("no label at 10 empties or fewer")
		}
		return res, w
	}
	alone, wAlone := fine(nil)
	both, wBoth := fine(extra)
	if both.Labelled <= alone.Labelled {
		t.Errorf("%d positions labelled with the earlier labels, %d without", both.Labelled, alone.Labelled)
	}
	if !slices.Equal(init.Phase(7), wAlone.Phase(7)) {
		t.Error("phase 7 changed without labels in its range")
	}
	if slices.Equal(init.Phase(7), wBoth.Phase(7)) {
		t.Error("phase 7 did not learn from the earlier labels")
	}
	if slices.Equal(init.Phase(2), wBoth.Phase(2)) {
		t.Error("phase 2 did not learn from the run's own labels")
	}
	// Labels of other games need a fine-tune.
	c := base
	c.Labels, c.ExtraLabels = 10, extra
	if err := Check(c); err == nil {
		t.Error("extra labels without a fine-tune accepted")
	}
	c.FineTune, c.LabelExact = init, 30
	if err := Check(c); err == nil {
		t.Error("exact labels from 30 empties accepted")
	}
}

// tinyTrained trains tinyOthello's weights in dir, without Multi-ProbCut
// statistics, and returns its config and the weights.
func tinyTrained(t *testing.T, dir string) (Config, *eval.Weights) {
	t.Helper()
	base := tinyOthello(dir)
	base.ProbCut = 0
	if _, err := Train(context.Background(), base); err != nil {
		t.Fatal(err)
	}
	init, err := readWeightsFile(base.Out)
	if err != nil {
		t.Fatal(err)
	}
	return base, init
}

func readWeightsFile(path string) (*eval.Weights, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return eval.ReadWeights(f)
}
