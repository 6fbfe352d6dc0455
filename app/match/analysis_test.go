package match

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"boardgames/ai/bots"
	"boardgames/ai/eval"
	"boardgames/ai/solve/c4solver"
	"boardgames/app/internal/apptest"
	"boardgames/assets/books"
	"boardgames/rules"
	"boardgames/rules/connect4"
	"boardgames/rules/games"
)

// analyse runs an Analyzer on pos until its analysis is done and returns
// the last report.
func analyse(t *testing.T, pos games.Position, within time.Duration) Analysis {
	t.Helper()
	q := &apptest.Queue{Timeout: within}
	z := NewAnalyzer(q.Post)
	defer z.Stop()
	var reports []Analysis
	z.OnUpdate = func(a Analysis) { reports = append(reports, a) }
	z.Start(pos)
	q.Until(t, "the analysis", func() bool { return len(reports) > 0 && reports[len(reports)-1].Done })
	a := reports[len(reports)-1]
	if a.Position.String() != pos.String() || len(a.Moves) != len(pos.Legal()) {
		t.Fatalf("analysis of %s with %d moves, want %s with %d", a.Position, len(a.Moves), pos, len(pos.Legal()))
	}
	return a
}

// Near the end of Connect Four every column gets its exact value: the
// solver's score of the move, said in stones to the win; the best are
// marked.
func TestAnalysisConnect4Exact(t *testing.T) {
	// Test_L3_R1 line 2: 34 stones, the side to move wins with score 1.
	_, rec := apptest.Record(t, "connect4", games.Settings{}, "7422341735647741166133573473242566")
	pos := rec.Position()
	a := analyse(t, pos, 20*time.Second)
	r, err := c4solver.New(4).Solve(context.Background(), pos.Native().(connect4.Position))
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range a.Moves {
		want, ok := r.Moves[mv.Move]
		if !mv.Exact || !ok || mv.Score != want || mv.Best != slices.Contains(r.Best, mv.Move) {
			t.Errorf("column %d: %+v, solver %d (best %v)", mv.Move+1, mv, want, r.Best)
		}
		if cells := pos.Squares(mv.Move); mv.Cell != cells[0] {
			t.Errorf("column %d: shown on cell %d, the stone lands on %d", mv.Move+1, mv.Cell, cells[0])
		}
		// 17 stones each are down: a win with score s comes with stone
		// 22-s, 5-s stones from now.
		switch {
		case mv.Score > 0 && mv.Text != "win in "+moves(5-mv.Score):
			t.Errorf("column %d: %q for score %d", mv.Move+1, mv.Text, mv.Score)
		case mv.Score < 0 && mv.Text != "loss in "+moves(5+mv.Score):
			t.Errorf("column %d: %q for score %d", mv.Move+1, mv.Text, mv.Score)
		case mv.Score == 0 && mv.Text != "draw":
			t.Errorf("column %d: %q for a draw", mv.Move+1, mv.Text)
		}
	}
	if a.Exact() != len(a.Moves) || !strings.Contains(a.Progress(), "all 4 exact") {
		t.Errorf("%d of %d exact: %s", a.Exact(), len(a.Moves), a.Progress())
	}
}

// moves writes "1 move", "3 moves".
func moves(n int) string {
	if n == 1 {
		return "1 move"
	}
	return strconv.Itoa(n) + " moves"
}

// firstReport starts an analysis of pos and returns its first report.
func firstReport(t *testing.T, pos games.Position) Analysis {
	t.Helper()
	q := &apptest.Queue{Timeout: 10 * time.Second}
	z := NewAnalyzer(q.Post)
	defer z.Stop()
	var first *Analysis
	z.OnUpdate = func(a Analysis) {
		if first == nil {
			first = &a
		}
	}
	z.Start(pos)
	q.Until(t, "a first report", func() bool { return first != nil })
	return *first
}

// From the empty board every column is exact at once, from the opening
// book (the positions after each first move are in it): 4 wins with the
// last stone, 3 and 5 draws, the others losses (Pons' solver: -2 -1 0 1 0
// -1 -2).
func TestAnalysisConnect4BookAtOnce(t *testing.T) {
	_, rec := apptest.Record(t, "connect4", games.Settings{}, "")
	first := firstReport(t, rec.Position())
	want := []int{-2, -1, 0, 1, 0, -1, -2}
	for _, mv := range first.Moves {
		if !mv.Exact || mv.Score != want[mv.Move] || mv.Best != (mv.Move == 3) {
			t.Errorf("column %d: %+v, want exact %d", mv.Move+1, mv, want[mv.Move])
		}
	}
}

// An Othello endgame gets the exact disc difference of every move, the
// scores of the FForum file.
func TestAnalysisOthelloExact(t *testing.T) {
	// FFO #1: G8:+18; H1:+12; H7:+6; A2:+6; A3:+4; B1:-4; A4:-22; G2:-24.
	pos := apptest.Parse(t, "othello", "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
	want := map[string]int{"g8": 18, "h1": 12, "h7": 6, "a2": 6, "a3": 4, "b1": -4, "a4": -22, "g2": -24}
	a := analyse(t, pos, 20*time.Second)
	for _, mv := range a.Moves {
		name := pos.MoveString(mv.Move)
		if !mv.Exact || mv.Score != want[name] || mv.Best != (name == "g8") || mv.Text != strconv.Itoa(mv.Score)+" discs" && mv.Score < 0 {
			t.Errorf("%s: %+v, want %+d", name, mv, want[name])
		}
		if mv.Cell != pos.Squares(mv.Move)[0] {
			t.Errorf("%s shown on cell %d", name, mv.Cell)
		}
	}
	if g8 := a.Moves[slices.IndexFunc(a.Moves, func(m MoveValue) bool { return pos.MoveString(m.Move) == "g8" })]; g8.Text != "+18 discs" || g8.Label != "+18\ndiscs" {
		t.Errorf("g8: %q / %q", g8.Text, g8.Label)
	}
}

// In the middle of a game the values are a search's, with its depths,
// deeper as the analysis goes on, in the game's unit: each the mean of
// the last two depths (one odd, one even), whose own values flip sign from
// one depth to the next at checkers' start; a checkers move is shown on
// the square it goes to.
func TestAnalysisSearchValues(t *testing.T) {
	for _, game := range []string{"adjacency", "checkers"} {
		pos := apptest.Start(t, game)
		q := &apptest.Queue{Timeout: 20 * time.Second}
		z := NewAnalyzer(q.Post)
		var depths []int
		raw := map[[2]int]int{} // move, depth: the search's own value
		z.OnUpdate = func(a Analysis) {
			depths = append(depths, a.Depth)
			for _, mv := range a.Moves {
				if mv.Known && !mv.Exact {
					raw[[2]int{int(mv.Move), mv.Depth}] = mv.Raw
				}
			}
		}
		z.Start(pos)
		q.Until(t, "depth 4", func() bool { return z.Last().Depth >= 4 })
		a := z.Last()
		z.Stop()
		unit := map[string]string{"adjacency": " marks", "checkers": " men"}[game]
		for _, mv := range a.Moves {
			sq := pos.Squares(mv.Move)
			d := mv.Depth
			prev, ok := raw[[2]int{int(mv.Move), d - 1}]
			want := fmt.Sprintf("%s at depths %d–%d", unit, d-1, d)
			if mv.Exact || !mv.Known || d < 4 || mv.Cell != sq[len(sq)-1] || !ok || !mv.Smoothed ||
				mv.Score != (prev+mv.Raw)/2 || !strings.HasSuffix(mv.Text, want) {
				t.Fatalf("%s %s: %+v (depth %d: %d), want the mean and %q", game, pos.MoveString(mv.Move), mv, d-1, prev, want)
			}
		}
		if !slices.IsSorted(depths) || !strings.Contains(a.Progress(), "depth") {
			t.Errorf("%s: depths %v, progress %q", game, depths, a.Progress())
		}
	}
}

// Othello's searched values are in discs: the learned evaluation's
// estimate of the final disc difference (eval.DiscUnit points a disc),
// within the board's ±64, and the legend says so.
func TestAnalysisOthelloDiscs(t *testing.T) {
	_, rec := apptest.Record(t, "othello", games.Settings{}, "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7 d7 c6")
	pos := rec.Position()
	q := &apptest.Queue{Timeout: 20 * time.Second}
	z := NewAnalyzer(q.Post)
	z.Start(pos)
	q.Until(t, "depth 4", func() bool { return z.Last().Depth >= 4 })
	a := z.Last()
	z.Stop()
	spread := map[string]bool{}
	for _, mv := range a.Moves {
		if !mv.Known || mv.Exact {
			t.Fatalf("%s: %+v, want a searched value", pos.MoveString(mv.Move), mv)
		}
		value, rest, ok := strings.Cut(mv.Text, " ")
		v, err := strconv.ParseFloat(value, 64)
		if !ok || err != nil || !strings.HasPrefix(rest, "discs at depth") || math.Abs(v) > 64 ||
			math.Abs(v-float64(mv.Score)/eval.DiscUnit) > 0.051 || !strings.HasPrefix(mv.Label, value+"\n") {
			t.Errorf("%s: %q (score %d), want its score in discs, |v| ≤ 64", pos.MoveString(mv.Move), mv.Text, mv.Score)
		}
		spread[value] = true
	}
	if len(spread) < 2 {
		t.Errorf("every move the same value: %v", spread)
	}
	if l := ValuesLegend("othello", true); !strings.Contains(l, "final disc difference, in discs") || strings.Contains(l, "points") {
		t.Errorf("legend %q", l)
	}
}

// A new position cancels the analysis of the old one: its goroutine ends,
// none of its reports arrive after, and Stop leaves no goroutine behind.
func TestAnalysisRestart(t *testing.T) {
	base := runtime.NumGoroutine()
	q := &apptest.Queue{Timeout: 20 * time.Second}
	z := NewAnalyzer(q.Post)
	var got []string
	z.OnUpdate = func(a Analysis) { got = append(got, a.Position.String()) }
	// Five stones, in no book (the plies book holds every position of up
	// to 4): exact values take minutes, the first searches a moment.
	_, rec := apptest.Record(t, "connect4", games.Settings{}, "17322")
	first := rec.Position()
	z.Start(first)
	q.Until(t, "a first report", func() bool { return len(got) > 0 })
	second := first.Play(0)
	z.Start(second)
	if !z.Running() {
		t.Fatal("the new analysis is not running")
	}
	got = nil
	q.Until(t, "a report on the new position", func() bool { return len(got) > 0 })
	for _, p := range got {
		if p != second.String() {
			t.Fatalf("a report on %s after the position changed to %s", p, second)
		}
	}
	z.Start(second) // the same position: the analysis goes on
	if !z.Running() || z.Last().Position == nil {
		t.Fatal("restarted on the same position")
	}
	z.Stop()
	if z.Running() {
		t.Fatal("running after Stop")
	}
	q.Drain()
	n := len(got)
	time.Sleep(20 * time.Millisecond)
	q.Drain()
	if len(got) != n {
		t.Errorf("%d reports after Stop", len(got)-n)
	}
	apptest.WaitGoroutines(t, base, 2*time.Second)
	// A finished game has nothing to analyse.
	_, over := apptest.Record(t, "connect4", games.Settings{}, "1212121")
	z.Start(over.Position())
	if z.Running() {
		t.Error("analysing a finished game")
	}
}

// A value of less than a tenth of a man has no sign.
func TestSearchValueZero(t *testing.T) {
	for score, want := range map[int]string{-2: "0.0", 4: "0.0", 35: "+0.4", -150: "-1.5"} { // 0.35 rounds up, as a reader rounds
		if got, unit := searchValue("checkers", score); got != want || unit != "men" {
			t.Errorf("%d: %q %q, want %q men", score, got, unit, want)
		}
	}
}

// An early position that only the complete book of the first plies holds
// (neither it nor a position after one of its moves is in the opening
// book) gets its best moves exact in the first report, from that book.
func TestAnalysisConnect4PliesBook(t *testing.T) {
	plies, err := c4solver.LoadBook(books.Connect4Plies)
	if err != nil {
		t.Fatal(err)
	}
	opening, err := bots.Connect4Book()
	if err != nil {
		t.Fatal(err)
	}
	var line string // the moves to such a position, found in a fixed order
	var find func(p connect4.Position, moves string) bool
	find = func(p connect4.Position, moves string) bool {
		if _, ok := plies.Lookup(p); ok && p.Played() > 0 {
			if _, ok := opening.Lookup(p); !ok {
				inOpening := false
				for c := range connect4.Width { // no column is full yet
					_, in := opening.Lookup(p.Play(rules.Move(c)))
					inOpening = inOpening || in
				}
				if !inOpening {
					line = moves
					return true
				}
			}
		}
		if p.Played() == 4 {
			return false
		}
		for c := range connect4.Width {
			if find(p.Play(rules.Move(c)), moves+strconv.Itoa(c+1)) {
				return true
			}
		}
		return false
	}
	if !find(connect4.Start(), "") {
		t.Fatal("no position of at most 4 stones is in the plies book only")
	}
	_, rec := apptest.Record(t, "connect4", games.Settings{}, line)
	p := rec.Position().Native().(connect4.Position)
	want, _ := plies.Lookup(p)
	first := firstReport(t, rec.Position())
	for _, mv := range first.Moves {
		if slices.Contains(want.Best, mv.Move) && (!mv.Exact || mv.Score != want.Score) {
			t.Errorf("%s, column %d: %+v, want exact %d from the plies book", line, mv.Move+1, mv, want.Score)
		}
	}
}
