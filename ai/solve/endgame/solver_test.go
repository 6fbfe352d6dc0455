package endgame

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"boardgames/ai/solve/internal/solvekit"
	"boardgames/rules"
	"boardgames/rules/othello"
)

// obfCase is one line of an OBF file: the position and the listed exact
// score of each move, best first.
type obfCase struct {
	line   int
	pos    othello.Position
	moves  []rules.Move
	scores []int
}

// loadOBF reads an OBF file of the FForum positions of Edax
// (shared/data/othello, see its README), skipping the test when it is
// missing.
func loadOBF(tb testing.TB, name string) []obfCase {
	tb.Helper()
	lines, err := solvekit.DataLines("othello", name)
	if err != nil {
		tb.Skipf("test data: %v", err)
	}
	var cases []obfCase
	for i, line := range lines {
		n := i + 1
		text := strings.TrimSpace(line)
		if text == "" {
			continue
		}
		pos, err := othello.Parse(text, othello.Options{})
		if err != nil {
			tb.Fatalf("%s:%d: %v", name, n, err)
		}
		c := obfCase{line: n, pos: pos}
		_, list, _ := strings.Cut(text, ";")
		for _, item := range strings.Split(list, ";") {
			item = strings.TrimSpace(item)
			if item == "" {
				continue
			}
			sq, score, ok := strings.Cut(item, ":")
			if !ok {
				tb.Fatalf("%s:%d: bad move score %q", name, n, item)
			}
			m, err := pos.ParseMove(sq)
			if err != nil {
				tb.Fatalf("%s:%d: %v", name, n, err)
			}
			v, err := strconv.Atoi(score)
			if err != nil {
				tb.Fatalf("%s:%d: bad score %q", name, n, item)
			}
			c.moves = append(c.moves, m)
			c.scores = append(c.scores, v)
		}
		cases = append(cases, c)
	}
	return cases
}

// naive is a plain negamax without pruning: the exact score.
func naive(p, o uint64) int {
	m := moveMask(p, o)
	if m == 0 {
		if moveMask(o, p) == 0 {
			return finalScore(p, o, 64-bits.OnesCount64(p|o))
		}
		return -naive(o, p)
	}
	best := -inf
	for ; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		f := flips(p, o, sq)
		best = max(best, -naive(o&^f, p|f|1<<sq))
	}
	return best
}

// positionOf builds an othello.Position with p to move as black.
func positionOf(tb testing.TB, p, o uint64) othello.Position {
	tb.Helper()
	var b strings.Builder
	for sq := range 64 {
		switch {
		case p>>sq&1 != 0:
			b.WriteByte('X')
		case o>>sq&1 != 0:
			b.WriteByte('O')
		default:
			b.WriteByte('-')
		}
	}
	b.WriteString(" X")
	pos, err := othello.Parse(b.String(), othello.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	return pos
}

// TestBruteForce compares Solve and SolveBest with a plain negamax on
// positions of random games with up to 10 empty squares, passes and early
// ends included.
func TestBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	s := New(4)
	ctx := context.Background()
	n := 400
	if testing.Short() {
		n = 100
	}
	tested := 0
	for i := range n {
		p, o := randomPosition(r, 1+i%10)
		if moveMask(p, o)|moveMask(o, p) == 0 {
			continue
		}
		tested++
		pos := positionOf(t, p, o)
		res, err := s.Solve(ctx, pos)
		if err != nil {
			t.Fatal(err)
		}
		want := naive(p, o)
		if res.Score != want {
			t.Fatalf("%s: score %d, want %d", pos, res.Score, want)
		}
		if moveMask(p, o) == 0 {
			if !slices.Equal(res.Best, []rules.Move{othello.Pass}) || res.Moves[othello.Pass] != want {
				t.Fatalf("%s: pass expected, got %+v", pos, res)
			}
		} else {
			var best []rules.Move
			for m := moveMask(p, o); m != 0; m &= m - 1 {
				sq := bits.TrailingZeros64(m)
				f := flips(p, o, sq)
				v := -naive(o&^f, p|f|1<<sq)
				if got, ok := res.Moves[rules.Move(sq)]; !ok || got != v {
					t.Fatalf("%s: move %s scores %d (%v), want %d", pos, rules.SquareName(sq), got, ok, v)
				}
				if v == want {
					best = append(best, rules.Move(sq))
				}
			}
			if !slices.Equal(res.Best, best) || len(res.Moves) != bits.OnesCount64(moveMask(p, o)) {
				t.Fatalf("%s: best %v, want %v; moves %v", pos, res.Best, best, res.Moves)
			}
		}
		// SolveBest with a fresh table: the same score and a best move.
		rb, err := New(1).SolveBest(ctx, pos)
		if err != nil {
			t.Fatal(err)
		}
		if rb.Score != want || len(rb.Best) != 1 || res.Moves[rb.Best[0]] != want && rb.Best[0] != othello.Pass {
			t.Fatalf("%s: SolveBest %+v, score %d", pos, rb, want)
		}
	}
	if tested < n/2 {
		t.Errorf("only %d positions tested", tested)
	}
}

// TestPass solves positions of random games in which the side to move
// must pass: the result is the single move othello.Pass with minus the
// opponent's score.
func TestPass(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	s := New(1)
	found := 0
	for range 20000 {
		p, o := randomPosition(r, 1+r.IntN(12))
		if moveMask(p, o) != 0 || moveMask(o, p) == 0 {
			continue
		}
		found++
		pos := positionOf(t, p, o)
		want := -naive(o, p)
		for _, solve := range []func(context.Context, othello.Position) (Result, error){s.Solve, s.SolveBest} {
			res, err := solve(context.Background(), pos)
			if err != nil {
				t.Fatal(err)
			}
			if res.Score != want || !slices.Equal(res.Best, []rules.Move{othello.Pass}) ||
				len(res.Moves) != 1 || res.Moves[othello.Pass] != want {
				t.Fatalf("%s: %+v, want pass scoring %d", pos, res, want)
			}
		}
		if found == 20 {
			break
		}
	}
	if found == 0 {
		t.Error("no position with a pass found")
	}
	t.Logf("%d positions with a pass", found)
}

// TestFForum solves every FForum position with at most 20 empty squares
// (fforum-1-19 and the easy ones of fforum-20-39 and -40-59; under -short
// those with at most 16): the score is the listed best one and the move
// found is one of the moves listed with it.
func TestFForum(t *testing.T) {
	s := New(32)
	ctx := context.Background()
	limit := 20
	if testing.Short() {
		limit = 16
	}
	for _, name := range []string{"fforum-1-19.obf", "fforum-20-39.obf", "fforum-40-59.obf"} {
		for _, c := range loadOBF(t, name) {
			if c.pos.Empties() > limit {
				continue
			}
			t.Run(fmt.Sprintf("%s:%d", name, c.line), func(t *testing.T) {
				res, err := s.SolveBest(ctx, c.pos)
				if err != nil {
					t.Fatal(err)
				}
				if res.Score != c.scores[0] {
					t.Errorf("score %d, want %d", res.Score, c.scores[0])
				}
				if len(res.Best) != 1 {
					t.Fatalf("best %v", res.Best)
				}
				i := slices.Index(c.moves, res.Best[0])
				if i < 0 || c.scores[i] != c.scores[0] {
					t.Errorf("best move %s is not listed with %d", c.pos.MoveString(res.Best[0]), c.scores[0])
				}
				t.Logf("%d empties: %+d %s, %d nodes, %v", c.pos.Empties(), res.Score,
					c.pos.MoveString(res.Best[0]), res.Nodes, res.Elapsed.Round(time.Millisecond))
			})
		}
	}
}

// TestFForumMoves checks Solve's score of every move against the lists of
// the OBF files (which give every legal move) on the positions with at
// most 15 empties (14 under -short).
func TestFForumMoves(t *testing.T) {
	s := New(32)
	ctx := context.Background()
	limit := 15
	if testing.Short() {
		limit = 14
	}
	for _, c := range loadOBF(t, "fforum-1-19.obf") {
		if c.pos.Empties() > limit {
			continue
		}
		res, err := s.Solve(ctx, c.pos)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Moves) != len(c.moves) {
			t.Errorf("line %d: %d moves, listed %d", c.line, len(res.Moves), len(c.moves))
		}
		var best []rules.Move
		for i, m := range c.moves {
			if got, ok := res.Moves[m]; !ok || got != c.scores[i] {
				t.Errorf("line %d: %s scores %d (%v), listed %d", c.line, c.pos.MoveString(m), got, ok, c.scores[i])
			}
			if c.scores[i] == c.scores[0] {
				best = append(best, m)
			}
		}
		slices.Sort(best)
		if res.Score != c.scores[0] || !slices.Equal(res.Best, best) {
			t.Errorf("line %d: score %d best %v, want %d %v", c.line, res.Score, res.Best, c.scores[0], best)
		}
	}
}

// TestErrors checks the game-over error and cancellation.
func TestErrors(t *testing.T) {
	s := New(1)
	full := positionOf(t, 0xffffffff00000000, 0x00000000ffffffff)
	if _, err := s.Solve(context.Background(), full); !errors.Is(err, ErrGameOver) {
		t.Errorf("full board: err %v", err)
	}
	if _, err := s.SolveBest(context.Background(), full); !errors.Is(err, ErrGameOver) {
		t.Errorf("full board: err %v", err)
	}
	// One colour only: over, with empty squares.
	if _, err := s.Solve(context.Background(), positionOf(t, 1, 0)); !errors.Is(err, ErrGameOver) {
		t.Errorf("wiped out: err %v", err)
	}

	cases := loadOBF(t, "fforum-40-59.obf")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Solve(ctx, cases[5].pos); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before: err %v", err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, err := s.SolveBest(ctx, cases[5].pos); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("timeout: err %v", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("stopping took %v", d)
	}
	// The interrupted solve left only true bounds in the table.
	for _, c := range loadOBF(t, "fforum-1-19.obf")[:5] {
		res, err := s.SolveBest(context.Background(), c.pos)
		if err != nil || res.Score != c.scores[0] {
			t.Errorf("after cancel line %d: %d %v, want %d", c.line, res.Score, err, c.scores[0])
		}
	}
}

// TestAllocs checks that a search allocates nothing per node: a solve
// allocates its result only.
func TestAllocs(t *testing.T) {
	s := New(4)
	pos := loadOBF(t, "fforum-1-19.obf")[0].pos
	ctx := context.Background()
	allocs := testing.AllocsPerRun(3, func() {
		s.Reset()
		if _, err := s.SolveBest(ctx, pos); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 3 { // the map of the result, its bucket and the Best slice
		t.Errorf("SolveBest allocates %.0f times", allocs)
	}
}

// BenchmarkFFO solves FFO endgame test positions #40-#44 (20 to 23
// empties) with SolveBest, each a sub-benchmark, with a cleared table.
// Set FFO_LAST (up to 59) to run more of the test and FFO_ALL=1 to time
// Solve (every move's exact score) instead. The solver orders by the
// pattern evaluation as the perfect player's do (ENDGAME_EVAL=none: by
// mobility only).
func BenchmarkFFO(b *testing.B) {
	cases := loadOBF(b, "fforum-40-59.obf")
	last := 44
	if v, err := strconv.Atoi(os.Getenv("FFO_LAST")); err == nil && v >= 40 && v <= 59 {
		last = v
	}
	all := os.Getenv("FFO_ALL") == "1"
	s := New(0)
	s.SetEvaluation(benchEval())
	for _, c := range cases[:last-39] {
		id := 39 + c.line
		b.Run(fmt.Sprintf("%d", id), func(b *testing.B) {
			var nodes uint64
			var el, cpu time.Duration
			for range b.N {
				b.StopTimer()
				s.Reset()
				b.StartTimer()
				cpu0 := solvekit.CPUTime()
				var res Result
				var err error
				if all {
					res, err = s.Solve(context.Background(), c.pos)
				} else {
					res, err = s.SolveBest(context.Background(), c.pos)
				}
				if err != nil {
					b.Fatal(err)
				}
				if res.Score != c.scores[0] {
					b.Fatalf("#%d: score %d, want %d", id, res.Score, c.scores[0])
				}
				nodes += res.Nodes
				el += res.Elapsed
				cpu += solvekit.CPUTime() - cpu0
			}
			if cpu > 0 {
				b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/pos")
			}
			b.ReportMetric(el.Seconds()/float64(b.N), "s/pos")
			b.ReportMetric(float64(nodes)/el.Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/pos")
		})
	}
}

// BenchmarkSuite solves with SolveBest the FForum positions of 20 to 23
// empties (fforum-20-39 lines 7-18 and FFO #40-#44), a broader yardstick
// for tuning than #40-#44 alone; it reports the totals.
func BenchmarkSuite(b *testing.B) {
	var cases []obfCase
	for _, c := range loadOBF(b, "fforum-20-39.obf") {
		if c.pos.Empties() >= 20 && c.pos.Empties() <= 22 {
			cases = append(cases, c)
		}
	}
	cases = append(cases, loadOBF(b, "fforum-40-59.obf")[:5]...)
	s := New(0)
	s.SetEvaluation(benchEval())
	var nodes uint64
	var el, cpu time.Duration
	for range b.N {
		for _, c := range cases {
			b.StopTimer()
			s.Reset()
			b.StartTimer()
			cpu0 := solvekit.CPUTime()
			res, err := s.SolveBest(context.Background(), c.pos)
			if err != nil || res.Score != c.scores[0] {
				b.Fatalf("line %d: %d %v, want %d", c.line, res.Score, err, c.scores[0])
			}
			cpu += solvekit.CPUTime() - cpu0
			nodes += res.Nodes
			el += res.Elapsed
		}
	}
	b.ReportMetric(el.Seconds()/float64(b.N), "s/suite")
	if cpu > 0 {
		b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/suite")
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/suite")
	b.ReportMetric(float64(nodes)/el.Seconds(), "nodes/s")
}

// BenchmarkRange solves with SolveBest, from an empty table of the
// perfect player's size (16 MiB), every FForum position of 19 to 24 empty
// squares (fforum-20-39, -40-59 and -60-79: 23 positions), one
// sub-benchmark each, named by file line and empties (FFO #40 is
// 40-59:1). ENDGAME_MAX lowers the largest number of empties; the
// evaluation as for BenchmarkFFO.
func BenchmarkRange(b *testing.B) {
	most := 24
	if v, err := strconv.Atoi(os.Getenv("ENDGAME_MAX")); err == nil && v >= 19 && v <= 24 {
		most = v
	}
	s := New(16)
	s.SetEvaluation(benchEval())
	for _, name := range []string{"fforum-20-39.obf", "fforum-40-59.obf", "fforum-60-79.obf"} {
		for _, c := range loadOBF(b, name) {
			e := c.pos.Empties()
			if e < 19 || e > most {
				continue
			}
			b.Run(fmt.Sprintf("%s:%d/e%d", name[7:12], c.line, e), func(b *testing.B) {
				var nodes uint64
				var cpu time.Duration
				for range b.N {
					b.StopTimer()
					s.Reset()
					b.StartTimer()
					cpu0 := solvekit.CPUTime()
					res, err := s.SolveBest(context.Background(), c.pos)
					cpu += solvekit.CPUTime() - cpu0
					if err != nil || res.Score != c.scores[0] {
						b.Fatalf("score %d %v, want %d", res.Score, err, c.scores[0])
					}
					nodes += res.Nodes
				}
				if cpu > 0 {
					b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/pos")
				}
				b.ReportMetric(float64(nodes)/float64(b.N), "nodes/pos")
			})
		}
	}
}
