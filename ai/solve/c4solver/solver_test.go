package c4solver

import (
	"context"
	"errors"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"boardgames/ai/solve/internal/solvekit"
	"boardgames/rules"
	"boardgames/rules/connect4"
)

// testCase is one line of a benchmark set.
type testCase struct {
	moves string
	pos   connect4.Position
	score int
}

// loadSet reads one of Pascal Pons' benchmark sets (shared/data/connect4,
// see its README), skipping the test when it is missing.
func loadSet(tb testing.TB, name string) []testCase {
	tb.Helper()
	lines, err := solvekit.DataLines("connect4", name)
	if err != nil {
		tb.Skipf("test data: %v", err)
	}
	var cases []testCase
	for _, line := range lines {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if len(fields) != 2 {
			tb.Fatalf("%s: bad line %q", name, line)
		}
		score, err := strconv.Atoi(fields[1])
		if err != nil {
			tb.Fatalf("%s: bad score in %q", name, line)
		}
		h, err := connect4.ParseMoves(connect4.Start(), fields[0])
		if err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		cases = append(cases, testCase{fields[0], h.Position(), score})
	}
	return cases
}

// mustPlay plays a move string from the start.
func mustPlay(tb testing.TB, moves string) connect4.Position {
	tb.Helper()
	h, err := connect4.ParseMoves(connect4.Start(), moves)
	if err != nil {
		tb.Fatal(err)
	}
	return h.Position()
}

// sharedSolver is reused by the tests, the way a program reuses one.
var sharedSolver = New(32)

// TestScoreSets checks the score of every position of the fast sets (and of
// L1_R1).
func TestScoreSets(t *testing.T) {
	for _, name := range []string{"Test_L3_R1", "Test_L2_R1", "Test_L1_R1"} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			for i, c := range loadSet(t, name) {
				r, err := sharedSolver.Score(ctx, c.pos)
				if err != nil {
					t.Fatalf("line %d %s: %v", i+1, c.moves, err)
				}
				if r.Score != c.score {
					t.Errorf("line %d %s: score %d, want %d", i+1, c.moves, r.Score, c.score)
				}
			}
		})
	}
}

// childScore returns the exact score of the position after m, with
// another solver than the one under test: the score of a finished game, or
// of a solve.
func childScore(t *testing.T, s *Solver, p connect4.Position, m rules.Move) int {
	t.Helper()
	child := p.Play(m)
	switch res := child.Result(); {
	case res == rules.Draw:
		return 0
	case res.Over():
		return -(43 - p.Played()) / 2 // the mover won with m
	}
	r, err := s.Score(context.Background(), child)
	if err != nil {
		t.Fatal(err)
	}
	return r.Score
}

// childAtMost reports whether the position after m scores at most v, by a
// null-window search of another solver than the one under test.
func childAtMost(t *testing.T, s *Solver, p connect4.Position, m rules.Move, v int) bool {
	t.Helper()
	child := p.Play(m)
	switch res := child.Result(); {
	case res == rules.Draw:
		return 0 <= v
	case res.Over():
		return -(43-p.Played())/2 <= v
	}
	if err := s.stop.Begin(context.Background()); err != nil {
		t.Fatal(err)
	}
	s.allocate(child.Played())
	cur, mask := child.Bitboards()
	return s.atMost(cur, mask, child.Played(), v)
}

// TestSolveBestSets runs SolveBest on every position of the fast sets (and
// of L1_R1): the score is the listed one and every best move
// scores it. On a sample the best moves are checked by playing them (the
// child's score is minus the parent's, by another solver) and the other
// moves by showing that their children score more than that.
func TestSolveBestSets(t *testing.T) {
	s, check := New(16), New(8) // s solves the sets afresh
	for _, name := range []string{"Test_L3_R1", "Test_L2_R1", "Test_L1_R1"} {
		t.Run(name, func(t *testing.T) {
			step := 25
			if testing.Short() {
				step = 100
			}
			ctx := context.Background()
			var buf []rules.Move
			for i, c := range loadSet(t, name) {
				r, err := s.SolveBest(ctx, c.pos)
				if err != nil {
					t.Fatalf("line %d %s: %v", i+1, c.moves, err)
				}
				if r.Score != c.score {
					t.Errorf("line %d %s: score %d, want %d", i+1, c.moves, r.Score, c.score)
				}
				if len(r.Best) == 0 {
					t.Errorf("line %d %s: no best move", i+1, c.moves)
				}
				for _, m := range r.Best {
					if v, ok := r.Moves[m]; !ok || v != r.Score {
						t.Errorf("line %d %s: best move %d has score %d, %v", i+1, c.moves, m+1, v, ok)
					}
				}
				if i%step != 0 {
					continue
				}
				buf = c.pos.Moves(buf)
				for _, m := range buf {
					if slices.Contains(r.Best, m) {
						if cs := childScore(t, check, c.pos, m); cs != -r.Score {
							t.Errorf("line %d %s: best move %d leads to a position of score %d, root %d",
								i+1, c.moves, m+1, cs, r.Score)
						}
					} else if childAtMost(t, check, c.pos, m, -r.Score) {
						t.Errorf("line %d %s: move %d is not in Best %v but scores %d too",
							i+1, c.moves, m+1, r.Best, r.Score)
					}
				}
			}
		})
	}
}

// TestSolveChoiceSets checks SolveChoice on a sample of the fast sets
// (every 10th line; every 40th with -short) against SolveBest by another
// solver: the same score and, as its one best move, the move Choose picks
// among all of them.
func TestSolveChoiceSets(t *testing.T) {
	s, check := New(16), New(16)
	for _, name := range []string{"Test_L3_R1", "Test_L2_R1", "Test_L1_R1"} {
		t.Run(name, func(t *testing.T) {
			step := 10
			if testing.Short() {
				step = 40
			}
			ctx := context.Background()
			for i, c := range loadSet(t, name) {
				if i%step != 0 {
					continue
				}
				r, err := s.SolveChoice(ctx, c.pos)
				if err != nil {
					t.Fatalf("line %d %s: %v", i+1, c.moves, err)
				}
				all, err := check.SolveBest(ctx, c.pos)
				if err != nil {
					t.Fatalf("line %d %s: %v", i+1, c.moves, err)
				}
				want := Choose(c.pos, all.Best)
				if r.Score != c.score || len(r.Best) != 1 || r.Best[0] != want || len(r.Moves) != 1 || r.Moves[want] != c.score {
					t.Errorf("line %d %s: score %d best %v moves %v, want %d and %d of %v",
						i+1, c.moves, r.Score, r.Best, r.Moves, c.score, want+1, all.Best)
				}
			}
		})
	}
}

// TestSolveMoves checks the per-move scores of Solve against the scores of
// the children (by another solver) on every position of L3_R1 and samples
// of L2_R1, L2_R2 and L1_R1 (where bad opening moves make it slow).
func TestSolveMoves(t *testing.T) {
	check := New(8)
	ctx := context.Background()
	for _, set := range []struct {
		name        string
		step, short int
	}{{"Test_L3_R1", 1, 4}, {"Test_L2_R1", 10, 50}, {"Test_L2_R2", 100, 500}, {"Test_L1_R1", 100, 0}} {
		step := set.step
		if testing.Short() {
			step = set.short
		}
		if step == 0 {
			continue
		}
		var buf []rules.Move
		cases := loadSet(t, set.name)
		for i := 0; i < len(cases); i += step {
			c := cases[i]
			r, err := sharedSolver.Solve(ctx, c.pos)
			if err != nil {
				t.Fatal(err)
			}
			if r.Score != c.score {
				t.Errorf("%s line %d: score %d, want %d", set.name, i+1, r.Score, c.score)
			}
			buf = c.pos.Moves(buf)
			if len(r.Moves) != len(buf) {
				t.Errorf("%s line %d: %d move scores for %d moves", set.name, i+1, len(r.Moves), len(buf))
			}
			var best []rules.Move
			for _, m := range buf {
				v, ok := r.Moves[m]
				if want := -childScore(t, check, c.pos, m); !ok || v != want {
					t.Errorf("%s line %d move %d: score %d (%v), child says %d", set.name, i+1, m+1, v, ok, want)
				}
				if v == r.Score {
					best = append(best, m)
				}
			}
			if !slices.Equal(best, r.Best) {
				t.Errorf("%s line %d: Best %v, moves with the score %v", set.name, i+1, r.Best, best)
			}
		}
	}
}

// TestSmall checks hand-made positions: immediate wins, forced losses, a
// full-board draw, the game-over error and the mirror key.
func TestSmall(t *testing.T) {
	ctx := context.Background()
	s := New(1)

	// X has three in column 4 and wins at once: 22 - 4 = 18.
	r, err := s.Solve(ctx, mustPlay(t, "414141"))
	if err != nil {
		t.Fatal(err)
	}
	if r.Score != 18 || !slices.Equal(r.Best, []rules.Move{3}) {
		t.Errorf("immediate win: %+v", r)
	}

	// Won positions are refused.
	if _, err := s.Solve(ctx, mustPlay(t, "4141414")); !errors.Is(err, ErrGameOver) {
		t.Errorf("won position: err %v", err)
	}
	if _, err := s.Score(ctx, mustPlay(t, "4141414")); !errors.Is(err, ErrGameOver) {
		t.Errorf("won position: err %v", err)
	}

	// A game that fills the board without four in a row: the last stone
	// and the last two are draws, and the full board is over.
	const drawn = "656173566152215676422337377473141445425321"
	for _, k := range []int{40, 41} {
		r, err := s.Solve(ctx, mustPlay(t, drawn[:k]))
		if err != nil {
			t.Fatal(err)
		}
		if r.Score != 0 || len(r.Best) != len(r.Moves) {
			t.Errorf("%d stones of a drawn game: %+v", k, r)
		}
	}
	if _, err := s.Solve(ctx, mustPlay(t, drawn)); !errors.Is(err, ErrGameOver) {
		t.Errorf("full board: err %v", err)
	}

	// The mirror key is an involution that swaps columns.
	for _, moves := range []string{"1", "12", "4453", "1234567", "7777771"} {
		p := mustPlay(t, moves)
		cur, mask := p.Bitboards()
		k := cur + mask
		if mirrorKey(mirrorKey(k)) != k {
			t.Errorf("%s: mirror is not an involution", moves)
		}
		var mirrored strings.Builder
		for _, c := range moves {
			mirrored.WriteByte(byte('8' - c + '0'))
		}
		q := mustPlay(t, mirrored.String())
		qc, qm := q.Bitboards()
		if mirrorKey(k) != qc+qm {
			t.Errorf("%s: mirror key %x, mirrored position key %x", moves, mirrorKey(k), qc+qm)
		}
	}
}

// TestCancel checks that a cancelled context stops a long solve quickly
// and that the table is still sound afterwards.
func TestCancel(t *testing.T) {
	s := New(4)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Solve(ctx, connect4.Start()); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before: err %v", err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := s.Solve(ctx, connect4.Start())
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("timeout: err %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("stopping took %v", d)
	}
	// The interrupted solve stored nothing false.
	for _, c := range loadSet(t, "Test_L2_R1")[:100] {
		r, err := s.Score(context.Background(), c.pos)
		if err != nil || r.Score != c.score {
			t.Errorf("after cancel %s: %d %v, want %d", c.moves, r.Score, err, c.score)
		}
	}
}

// TestAllocs checks that a solve allocates only its result.
func TestAllocs(t *testing.T) {
	s := New(4)
	p := mustPlay(t, "274552224131661")
	ctx := context.Background()
	allocs := testing.AllocsPerRun(3, func() {
		s.Reset()
		if _, err := s.Score(ctx, p); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 0 {
		t.Errorf("Score allocates %.0f times", allocs)
	}
}

// solveMethod is one of the Solver's ways to solve a position.
type solveMethod func(*Solver, context.Context, connect4.Position) (Result, error)

// BenchmarkSolve times the exact value of each position of a set
// (Solver.Score): the quantity Pons' solver computes and the peer timings
// of the test data's README measure. ms/pos is the mean wall time per
// position, cpu-ms/pos the mean CPU time (fairer on a busy machine).
func BenchmarkSolve(b *testing.B) {
	benchSets(b, (*Solver).Score, "L3_R1", "L2_R1", "L1_R1", "L2_R2", "L1_R2")
}

// BenchmarkSolveBest times SolveBest: the value and all the best moves.
func BenchmarkSolveBest(b *testing.B) {
	benchSets(b, (*Solver).SolveBest, "L3_R1", "L2_R1", "L1_R1", "L2_R2", "L1_R2")
}

// BenchmarkSolveMoves times Solve, the exact score of every move, on the
// sets where that is affordable (in the opening bad moves lead to long
// games; L1 positions take a second or more each).
func BenchmarkSolveMoves(b *testing.B) {
	benchSets(b, (*Solver).Solve, "L3_R1", "L2_R1", "L2_R2")
}

// benchSets runs benchSet with solve on each of the sets (Test_<name>), a
// sub-benchmark each.
func benchSets(b *testing.B, solve solveMethod, names ...string) {
	for _, name := range names {
		b.Run(name, func(b *testing.B) { benchSet(b, "Test_"+name, solve) })
	}
}

// benchSet runs solve on every position of a set per iteration with one
// Solver (its table touched once before timing) and reports the mean time
// per position and the nodes per second. Environment: C4_BENCH_N limits a
// set to its first N positions, C4_BENCH_TT sets the table size in MiB.
func benchSet(b *testing.B, name string, solve solveMethod) {
	cases := loadSet(b, name)
	if n, err := strconv.Atoi(os.Getenv("C4_BENCH_N")); err == nil && n > 0 && n < len(cases) {
		cases = cases[:n]
	}
	tt, _ := strconv.Atoi(os.Getenv("C4_BENCH_TT"))
	s := New(tt)
	s.allocate(0) // the tables of any position, their pages touched before timing
	s.Reset()
	var nodes uint64
	b.ResetTimer()
	ctx := context.Background()
	start, cpu0 := time.Now(), solvekit.CPUTime()
	for range b.N {
		for _, c := range cases {
			r, err := solve(s, ctx, c.pos)
			if err != nil {
				b.Fatal(err)
			}
			nodes += r.Nodes
		}
	}
	el, cpu := time.Since(start), solvekit.CPUTime()-cpu0
	if cpu > 0 {
		b.ReportMetric(cpu.Seconds()*1e3/float64(b.N*len(cases)), "cpu-ms/pos")
	}
	b.ReportMetric(el.Seconds()*1e3/float64(b.N*len(cases)), "ms/pos")
	b.ReportMetric(float64(el.Nanoseconds())/1e3/float64(b.N*len(cases)), "us/pos")
	b.ReportMetric(float64(nodes)/el.Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N*len(cases)), "nodes/pos")
}

// TestScoreSlowSets checks the score of a sample of each slower set
// against Pons' listed one: every 50th line of L2_R2, every 100th of
// L1_R2 and every 250th of L1_R3 (each L1_R3 position takes seconds to
// a minute on a loaded machine: not with -short).
func TestScoreSlowSets(t *testing.T) {
	for _, set := range []struct {
		name string
		step int
	}{{"Test_L2_R2", 50}, {"Test_L1_R2", 100}, {"Test_L1_R3", 250}} {
		t.Run(set.name, func(t *testing.T) {
			ctx := context.Background()
			for i, c := range loadSet(t, set.name) {
				if i%set.step != 0 || testing.Short() && set.name == "Test_L1_R3" {
					continue
				}
				r, err := sharedSolver.Score(ctx, c.pos)
				if err != nil {
					t.Fatalf("line %d %s: %v", i+1, c.moves, err)
				}
				if r.Score != c.score {
					t.Errorf("line %d %s: score %d, want %d", i+1, c.moves, r.Score, c.score)
				}
			}
		})
	}
}
