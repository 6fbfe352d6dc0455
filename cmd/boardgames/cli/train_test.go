package cli

import (
	"bytes"
	"math/bits"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"boardgames/ai/bots"
	"boardgames/ai/eval"
	"boardgames/ai/learn"
	"boardgames/ai/solve/egdb"
	"boardgames/rules"
	"boardgames/rules/checkers"
)

// A tiny training run from the command line writes weights that the
// evaluation reads, and a second run with the same settings takes the
// games and the fitted phases from the working folder: the same weights,
// at once.
func TestTrainTiny(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "othello.weights")
	args := []string{"train", "-game", "othello", "-dir", filepath.Join(dir, "work"), "-out", out,
		"-games", "24", "-depth", "1", "-exact", "8", "-epochs", "3", "-batch", "256", "-probcut", "0", "-bootstrap-depth", "1", "-parallel", "2"}
	code, stdout, stderr := run(t, args...)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "24 self-play games") || !strings.Contains(stdout, "phase 14:") {
		t.Errorf("output:\n%s", stdout)
	}
	first, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := eval.ReadWeights(bytes.NewReader(first)); err != nil {
		t.Fatal(err)
	}
	os.Remove(out)
	if code, _, stderr := run(t, args...); code != ExitOK {
		t.Fatalf("again: exit %d: %s", code, stderr)
	}
	again, err := os.ReadFile(out)
	if err != nil || !bytes.Equal(again, first) {
		t.Errorf("the second run's weights differ (%v)", err)
	}
}

// The tuned checkers evaluation from the command line: labels searched,
// their numbers printed, weights the evaluation reads.
func TestTrainTunedTiny(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "tuned.weights")
	code, stdout, stderr := run(t, "train", "-game", "checkers", "-eval", "tuned", "-dir", filepath.Join(dir, "work"), "-out", out,
		"-games", "8", "-depth", "2", "-positions", "60", "-label-depth", "2", "-epochs", "3", "-parallel", "2")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "labels: 60 searched at depth 2, 0 exact") {
		t.Errorf("output:\n%s", stdout)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	w, err := eval.ReadWeights(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := eval.CheckersTuned(w); err != nil {
		t.Fatal(err)
	}
}

// -labels -label-only makes the labels file and stops; the same labels
// then fine-tune the weights they were made with.
func TestTrainLabels(t *testing.T) {
	dir := t.TempDir()
	work := filepath.Join(dir, "work")
	base := filepath.Join(dir, "othello.weights")
	common := []string{"train", "-game", "othello", "-dir", work, "-games", "24", "-depth", "1", "-exact", "8",
		"-epochs", "3", "-batch", "256", "-probcut", "0", "-bootstrap-depth", "1", "-parallel", "2"}
	if code, _, stderr := run(t, append(append([]string{}, common...), "-out", base)...); code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	tuned := filepath.Join(dir, "tuned.weights")
	labelling := append(append([]string{}, common...), "-out", tuned, "-labels", "20", "-label-depth", "2", "-label-empties", "20-30", "-finetune", base)
	code, stdout, stderr := run(t, append(labelling, "-label-only")...)
	if code != ExitOK || !strings.Contains(stdout, "labels: 20 (depth 2)") {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
	if _, err := os.Stat(tuned); err == nil {
		t.Error("-label-only wrote weights")
	}
	_, labels, err := learn.ReadLabels(filepath.Join(work, "othello-labels-depth2.labels.gz"))
	if err != nil || len(labels) != 20 {
		t.Fatalf("%d labels: %v", len(labels), err)
	}
	if code, stdout, stderr := run(t, labelling...); code != ExitOK || !strings.Contains(stdout, "labels: 20 (depth 2)") {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
	a, _ := os.ReadFile(base)
	b, err := os.ReadFile(tuned)
	if err != nil || bytes.Equal(a, b) {
		t.Errorf("the fine-tuned weights are the weights it started from (%v)", err)
	}
	// Labels made before join the fine-tune's (here the same file: every
	// position is labelled by both, the run's own label is taken); a
	// labels file that cannot be read is refused before anything runs.
	extra := filepath.Join(work, "othello-labels-depth2.labels.gz")
	withExtra := append(append([]string{}, labelling...), "-extra-labels", extra)
	if code, stdout, stderr := run(t, withExtra...); code != ExitOK || !strings.Contains(stdout, "labels: 20 (depth 2)") {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
	// With the networks' prior, the fine-tune says how their fit went.
	withPrior := append(append([]string{}, labelling...), "-prior-mix", "0.5")
	if code, stdout, stderr := run(t, withPrior...); code != ExitOK || !strings.Contains(stdout, "networks: ") || !strings.Contains(stdout, "blended 0.5") {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
	missing := append(append([]string{}, labelling...), "-extra-labels", extra+","+filepath.Join(dir, "none.labels.gz"))
	if code, _, stderr := run(t, missing...); code != ExitUsage || !strings.Contains(stderr, "none.labels.gz") {
		t.Errorf("a missing extra labels file: exit %d, %q", code, stderr)
	}
}

func TestTrainBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"train"},
		{"train", "-game", "chess"},
		{"train", "-game", "othello", "-games", "-5"},
		{"train", "-game", "othello", "-exact", "40"},
		{"train", "-game", "checkers", "-rate", "-1"},
		{"train", "-game", "checkers", "-eval", "patterns"},
		{"train", "-game", "checkers", "-eval", "pattern", "-label-eval", "never"},
		{"train", "-game", "othello", "-label-eval", "tuned"},
		{"train", "-game", "othello", "-eval", "tuned"},
		{"train", "-game", "checkers", "-eval", "tuned", "-label-depth", "40"},
		{"train", "-game", "checkers", "-eval", "tuned", "-result-weight", "2"},
		{"train", "-game", "checkers", "-labels", "10"},
		{"train", "-game", "othello", "-labels", "10", "-label-empties", "20"},
		{"train", "-game", "othello", "-labels", "10", "-label-empties", "30-20"},
		{"train", "-game", "othello", "-labels", "10", "-label-depth", "30"},
		{"train", "-game", "othello", "-label-only"},
		{"train", "-game", "othello", "-finetune", "x.weights"},
		{"train", "-game", "othello", "-labels", "10", "-label-exact", "30"},
		{"train", "-game", "checkers", "-label-exact", "18"},
		{"train", "-game", "othello", "-labels", "10", "-extra-labels", "x.labels.gz"},
		{"train", "-game", "othello", "-labels", "10", "-finetune", "/nonexistent/x.weights"},
		{"train", "-game", "othello", "-labels", "10", "-prior-mix", "0.5"},
		{"train", "-game", "othello", "-labels", "10", "-finetune", "../../../assets/weights/othello.weights", "-prior-mix", "1.5"},
	} {
		if code, _, stderr := run(t, args...); code != ExitUsage || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q; want %d and a message", args, code, stderr, ExitUsage)
		}
	}
}

// With -egdb, checkers self-play games end at their first position the
// endgame databases know, with the databases' result.
func TestTrainEndsGamesInTheDatabases(t *testing.T) {
	dbDir := filepath.Join(t.TempDir(), "db")
	if code, out, errOut := run(t, "egdb", "build", "-pieces", "3", "-dir", dbDir, "-nice", "0"); code != ExitOK {
		t.Fatalf("egdb build: exit %d\n%s%s", code, out, errOut)
	}
	db, err := egdb.Open(dbDir, 0)
	if err != nil {
		t.Fatal(err)
	}
	bots.UseCheckersDB(db)
	defer bots.UseCheckersDB(nil)

	work := filepath.Join(t.TempDir(), "work")
	code, stdout, stderr := run(t, "train", "-game", "checkers", "-egdb", "-dir", work, "-out", filepath.Join(work, "c.weights"),
		"-games", "60", "-depth", "4", "-epochs", "2", "-parallel", "2")
	if code != ExitOK || !strings.Contains(stdout, "60 self-play games") {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
	const head = "# boardgames self-play checkers seed=1 round=1 depth=4 opening=2-10 maxplies=300 oracle"
	recs, err := learn.ReadGames(filepath.Join(work, "checkers-round1.games.gz"), head)
	if err != nil {
		t.Fatal(err)
	}
	ended := 0
	for i, r := range recs {
		h, err := checkers.ParseMoves(checkers.Start(), r.Moves)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		end := h.Position()
		if b, w, _ := end.Bitboards(); bits.OnesCount32(b|w) > 3 {
			continue // ended by the rules, a repetition or the ply limit
		}
		// No earlier position was in the databases, and the record's
		// result is theirs, from Black's view.
		for j := range h.Len() {
			if b, w, _ := h.At(j).Bitboards(); bits.OnesCount32(b|w) <= 3 {
				t.Fatalf("game %d went on past ply %d, in the databases", i, j)
			}
		}
		res, ok := db.Probe(end)
		if !ok {
			t.Fatalf("game %d: %v not in the databases", i, end)
		}
		want := map[egdb.Value]int{egdb.Win: 1, egdb.Draw: 0, egdb.Loss: -1}[res.Value]
		if end.ToMove() == rules.White {
			want = -want
		}
		if r.Result != want {
			t.Errorf("game %d: result %d, the databases say %d", i, r.Result, want)
		}
		ended++
	}
	if ended == 0 {
		t.Error("no game reached the databases")
	}

	if code, _, stderr := run(t, "train", "-game", "othello", "-egdb", "-dir", work); code != ExitUsage || !strings.Contains(stderr, "-egdb is for checkers") {
		t.Errorf("othello -egdb: exit %d, %q", code, stderr)
	}
	bots.UseCheckersDB(nil)
	if code, _, stderr := run(t, "train", "-game", "checkers", "-egdb", "-dir", work); code != ExitUsage || !strings.Contains(stderr, "egdb build") {
		t.Errorf("no databases: exit %d, %q", code, stderr)
	}
}

// Weights are written beside their file and renamed over it: a pipe or a
// device given as -out is refused before any game is played, never
// replaced.
func TestTrainRefusesAnOutputThatIsNoFile(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes here:", err)
	}
	code, _, stderr := run(t, "train", "-game", "checkers", "-dir", t.TempDir(), "-out", fifo, "-games", "2", "-depth", "1")
	if code != ExitUsage || !strings.Contains(stderr, fifo+" is not a regular file") {
		t.Errorf("exit %d, %q", code, stderr)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe is gone or replaced: %v %v", fi, err)
	}
}
