package review

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"boardgames/ai/bots"
	"boardgames/ai/solve/c4solver"
	"boardgames/ai/solve/egdb"
	"boardgames/assets/books"
	"boardgames/rules"
	"boardgames/rules/connect4"
	"boardgames/rules/games"
)

// TestMain keeps the tests off the checkers databases a developer may have
// built: the checkers test builds its own.
func TestMain(m *testing.M) {
	os.Setenv(bots.EnvDB, "off")
	os.Exit(m.Run())
}

// testOptions never let a solve be cut short: the tests must not depend on
// the machine's speed.
var testOptions = Options{SolveTime: time.Hour}

func mustRecord(t *testing.T, game, from, moves string) games.Record {
	t.Helper()
	g, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	var start games.Position
	if from != "" {
		if start, err = g.Parse(from, games.Settings{}); err != nil {
			t.Fatal(err)
		}
	}
	rec, err := g.ParseMoves(start, moves, games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func mustReview(t *testing.T, r *Reviewer, rec games.Record) Game {
	t.Helper()
	out, err := r.Review(context.Background(), rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func newReviewer(t *testing.T, o Options) *Reviewer {
	t.Helper()
	r, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// c4Opening is a Connect Four opening of 16 stones (the start of a game
// of the perfect player against paper003) and c4Blunder its continuation:
// Red plays 6, and then Yellow, who wins only with 6, plays 7 and loses.
const c4Opening, c4Blunder = "4465641443332345", "67"

func TestConnectFourBlunder(t *testing.T) {
	open := mustRecord(t, "connect4", "", c4Opening)
	rec := games.NewRecord(open.Position())
	for _, m := range c4Blunder {
		if err := rec.PlayString(string(m)); err != nil {
			t.Fatal(err)
		}
	}
	out := mustReview(t, newReviewer(t, testOptions), rec)
	if len(out.Moves) != 2 {
		t.Fatalf("%d moves reviewed, want 2", len(out.Moves))
	}
	// The solver, asked for every move's score, says the same.
	before := rec.At(1).Native().(connect4.Position)
	res, err := c4solver.New(16).Solve(context.Background(), before)
	if err != nil {
		t.Fatal(err)
	}
	if res.Moves[5] <= 0 || res.Moves[6] >= 0 { // columns 6 and 7
		t.Fatalf("solver: column 6 scores %d, column 7 %d", res.Moves[5], res.Moves[6])
	}
	m := out.Moves[1]
	if m.Label != Blunder || !m.Exact || m.Before.Class != Win || m.Played.Class != Loss {
		t.Errorf("Yellow's 7: %s exact %v, %s -> %s", m.Label, m.Exact, m.Before.Class, m.Played.Class)
	}
	if int(m.Before.Score) != res.Score || int(m.Played.Score) != res.Moves[6] {
		t.Errorf("Yellow's 7: before %+v played %+v, solver %d and %d", m.Before, m.Played, res.Score, res.Moves[6])
	}
	if want := connect4Plies(before.Played(), res.Score); m.Before.Plies != want {
		t.Errorf("Yellow's 7: the win was in %d plies, want %d", m.Before.Plies, want)
	}
	if len(m.Best) != 1 || m.Best[0] != "6" {
		t.Errorf("Yellow's 7: best %v, want [6]", m.Best)
	}
	if first := out.Moves[0]; !first.Exact || first.Played.Class != Loss || first.Label == Blunder {
		t.Errorf("Red's 6: %s exact %v, %+v", first.Label, first.Exact, first.Played)
	}
	if out.Sides[rules.White].Count[Blunder] != 1 || out.Sides[rules.Black].Count[Blunder] != 0 {
		t.Errorf("blunders: %v and %v", out.Sides[0].Count, out.Sides[1].Count)
	}
}

// obfScores reads an OBF line: the position and each listed move's exact
// score, best first.
func obfScores(t *testing.T, line string) (string, map[string]int, int) {
	t.Helper()
	parts := strings.Split(strings.TrimSpace(line), ";")
	scores := map[string]int{}
	best := math.MinInt
	for _, f := range parts[1:] {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		var sq string
		var v int
		if _, err := fmt.Sscanf(strings.Replace(f, ":", " ", 1), "%s %d", &sq, &v); err != nil {
			t.Fatalf("OBF move %q: %v", f, err)
		}
		scores[strings.ToLower(sq)] = v
		best = max(best, v)
	}
	return strings.TrimSpace(parts[0]), scores, best
}

// TestOthelloEndgame plays moves of FFO endgames #1, #2 and #4 (14 empty
// squares), whose every move's exact score the data set lists, and checks
// the review's values and labels against them.
func TestOthelloEndgame(t *testing.T) {
	data, err := os.ReadFile("../../../../shared/data/othello/fforum-1-19.obf")
	if err != nil {
		t.Skip("the FFO data set is not here:", err)
	}
	lines := strings.Split(string(data), "\n")
	cases := []struct {
		line  int
		move  string
		label Label
	}{
		{0, "g8", Best},
		{0, "h1", Mistake}, // +18 to +12: 6 discs lost
		{0, "a2", Blunder}, // +18 to +6: 12 discs lost
		{0, "a3", Blunder}, // +18 to +4
		{1, "a4", Best},    // +10
		{1, "b2", Blunder}, // a win into a draw
		{1, "g7", Blunder}, // a win into a loss by 8
		{3, "a5", Best},    // one of two best moves (0)
		{3, "b6", Blunder}, // a draw into a loss by 4
	}
	r := newReviewer(t, testOptions)
	for _, c := range cases {
		pos, scores, best := obfScores(t, lines[c.line])
		rec := mustRecord(t, "othello", pos, c.move)
		out := mustReview(t, r, rec)
		m := out.Moves[0]
		if !m.Exact || m.Before.Score != float64(best) || m.Played.Score != float64(scores[c.move]) {
			t.Errorf("FFO #%d %s: exact %v, before %v played %v; want %d and %d", c.line+1, c.move, m.Exact, m.Before.Score, m.Played.Score, best, scores[c.move])
		}
		if m.Label != c.label {
			t.Errorf("FFO #%d %s: %s, want %s", c.line+1, c.move, m.Label, c.label)
		}
		if want := float64(best - scores[c.move]); m.Label != Best && m.Loss != want {
			t.Errorf("FFO #%d %s: loss %v, want %v", c.line+1, c.move, m.Loss, want)
		}
	}
}

// small builds the checkers databases of up to 3 pieces, once.
var small = sync.OnceValues(func() (*egdb.DB, error) {
	dir, err := os.MkdirTemp("", "review-egdb")
	if err != nil {
		return nil, err
	}
	dir = filepath.Join(dir, "db")
	if _, err := egdb.Build(context.Background(), dir, egdb.BuildOptions{Pieces: 3}); err != nil {
		return nil, err
	}
	return egdb.Open(dir, 0)
})

// TestCheckersEnding: two kings against one win in 29 plies; 1-5 wins
// more slowly, 3-7 lets the lone king draw and 1-6 loses.
func TestCheckersEnding(t *testing.T) {
	db, err := small()
	if err != nil {
		t.Fatal(err)
	}
	o := testOptions
	o.DB = db
	r := newReviewer(t, o)
	const start = "B:WK10:BK1,K3"
	for _, c := range []struct {
		move          string
		label         Label
		class         Class
		before, plies int
	}{
		{"3-8", Best, Win, 29, 29},
		{"1-5", Good, Win, 29, 33},
		{"3-7", Blunder, Draw, 29, -1},
		{"1-6", Blunder, Loss, 29, 12},
	} {
		out := mustReview(t, r, mustRecord(t, "checkers", start, c.move))
		m := out.Moves[0]
		if m.Label != c.label || !m.Exact || m.Played.Class != c.class || m.Before.Plies != c.before || m.Played.Plies != c.plies {
			t.Errorf("%s: %s exact %v, %s in %d (before: in %d); want %s, %s in %d (before %d)", c.move, m.Label, m.Exact,
				m.Played.Class, m.Played.Plies, m.Before.Plies, c.label, c.class, c.plies, c.before)
		}
		if m.Basis != "exact (database)" {
			t.Errorf("%s: basis %q", c.move, m.Basis)
		}
	}
}

// reviewC4 reviews the Connect Four game of TestConnectFourBlunder.
func reviewC4(t *testing.T, r *Reviewer) (Game, games.Record) {
	t.Helper()
	open := mustRecord(t, "connect4", "", c4Opening)
	rec := games.NewRecord(open.Position())
	for _, m := range c4Blunder {
		if err := rec.PlayString(string(m)); err != nil {
			t.Fatal(err)
		}
	}
	return mustReview(t, r, rec), rec
}

func TestCache(t *testing.T) {
	r := newReviewer(t, Options{SolveTime: time.Hour, Empties: 1})
	_, rec := reviewC4(t, newReviewer(t, testOptions))
	first := mustReview(t, r, rec)
	second := mustReview(t, r, rec)
	if first.Cached != 0 || second.Cached != second.Positions {
		t.Errorf("cached: %d of %d, then %d of %d", first.Cached, first.Positions, second.Cached, second.Positions)
	}
	for i := range first.Moves {
		a, b := first.Moves[i], second.Moves[i]
		if a.Label != b.Label || a.Before.Score != b.Before.Score || a.Played.Score != b.Played.Score {
			t.Errorf("ply %d: %+v then %+v", a.Ply, a, b)
		}
	}
	// Saved and loaded, the cache answers another reviewer.
	var buf bytes.Buffer
	if err := r.Cache().Save(&buf); err != nil {
		t.Fatal(err)
	}
	c := NewCache()
	if err := c.Load(bytes.NewReader(buf.Bytes())); err != nil {
		t.Fatal(err)
	}
	if c.Len() != r.Cache().Len() {
		t.Fatalf("loaded %d values of %d", c.Len(), r.Cache().Len())
	}
	third := mustReview(t, newReviewer(t, Options{SolveTime: time.Hour, Empties: 1, Cache: c}), rec)
	if third.Cached != third.Positions {
		t.Errorf("after loading: %d of %d positions from the cache", third.Cached, third.Positions)
	}
	// Other settings are other keys.
	other := mustReview(t, newReviewer(t, Options{SolveTime: time.Hour, Depth: 3, Cache: c}), rec)
	if other.Cached != 0 {
		t.Errorf("another depth found %d positions in the cache", other.Cached)
	}
	if err := NewCache().Load(strings.NewReader("not a cache\n")); err == nil {
		t.Error("a file that is not a cache was loaded")
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := newReviewer(t, Options{})
	rec := mustRecord(t, "othello", "", "f5d6c3d3c4")
	if _, err := r.Review(ctx, rec, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled review: %v", err)
	}
	if r.Cache().Len() != 0 {
		t.Errorf("a cancelled review cached %d values", r.Cache().Len())
	}
}

func TestGraph(t *testing.T) {
	out, rec := reviewC4(t, newReviewer(t, testOptions))
	pts := Graph(out)
	if len(pts) != rec.Len()+1 {
		t.Fatalf("%d points for %d moves", len(pts), rec.Len())
	}
	for i, p := range pts {
		if p.Ply != i {
			t.Errorf("point %d is ply %d", i, p.Ply)
		}
		// Every value is exact: Red's chance is 100, 50 or 0 by the class
		// of the position for Red (Black).
		pos := rec.At(i)
		want := 0.0
		v := out.Final
		if i < len(out.Moves) {
			v = out.Moves[i].Before
		}
		if pos.ToMove() != rules.Black {
			v = v.negate(false)
		}
		switch v.Class {
		case Win:
			want = 100
		case Draw:
			want = 50
		}
		if !p.Exact || p.Chance != want {
			t.Errorf("ply %d: chance %v exact %v, want %v", i, p.Chance, p.Exact, want)
		}
		if i > 0 && p.Label != out.Moves[i-1].Label {
			t.Errorf("ply %d: label %s, the move's %s", i, p.Label, out.Moves[i-1].Label)
		}
	}
	// Yellow wins from the start (the opening is lost for Red), wins
	// after Red's 6, and loses after its own 7.
	if n := len(pts); pts[0].Chance != 0 || pts[n-2].Chance != 0 || pts[n-1].Chance != 100 {
		t.Errorf("chances %v, %v, %v", pts[0].Chance, pts[n-2].Chance, pts[n-1].Chance)
	}
	var svg, img bytes.Buffer
	if err := SVG(&svg, out, "Red", "Yellow"); err != nil {
		t.Fatal(err)
	}
	if s := svg.String(); !strings.HasPrefix(s, "<svg") || strings.Count(s, "<circle") != 1 || !strings.Contains(s, Colour(Blunder)) {
		t.Errorf("the SVG does not mark the one blunder:\n%s", s)
	}
	if err := PNG(&img, out); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(img.Bytes(), []byte("\x89PNG")) {
		t.Error("not a PNG")
	}
	// A click on a point's column finds its ply.
	for i := range pts {
		if x, _ := xy(i, len(pts)-1, 50); PlyAt(out, x) != i || PlyAt(out, x+3) != i {
			t.Errorf("PlyAt(%v) = %d, want %d", x, PlyAt(out, x), i)
		}
	}
	if PlyAt(out, -100) != 0 || PlyAt(out, 10000) != len(pts)-1 {
		t.Error("PlyAt does not clamp")
	}
	// The blunder's mark is drawn in its colour at its point.
	m := Image(out)
	x, y := xy(len(pts)-1, len(pts)-1, pts[len(pts)-1].Chance)
	c, _ := markColour(Blunder)
	if got := m.RGBAAt(int(x), int(y)); got.R != c.R || got.G != c.G || got.B != c.B {
		t.Errorf("the blunder's point is %v, want %v", got, c)
	}
}

func TestJudge(t *testing.T) {
	h := func(s float64) Value { return Value{Score: s, Plies: -1, Source: "engine"} }
	x := func(s float64) Value {
		return Value{Class: classOf(s), Score: s, Plies: -1, Exact: true, Source: "solver"}
	}
	won := Value{Class: Win, Plies: 9, Source: "engine"}
	lost := Value{Class: Loss, Plies: 8, Source: "engine"}
	for _, c := range []struct {
		game           string
		before, played Value
		label          Label
		loss           float64
	}{
		{"othello", h(4), h(3), Good, 1},
		{"othello", h(4), h(2), Inaccuracy, 2},
		{"othello", h(4), h(-2), Mistake, 6},
		{"othello", h(4), h(-8), Blunder, 12},
		{"othello", h(4), h(5), Good, 0}, // better than the search said, not its move
		{"othello", x(4), x(2), Inaccuracy, 2},
		{"othello", x(4), x(0), Blunder, 4}, // a win into a draw
		{"othello", x(-4), x(-10), Mistake, 6},
		{"othello", h(20), won, Best, 0},
		{"othello", won, h(30), Blunder, 0}, // a forced win let go
		{"othello", h(-3), lost, Blunder, 0},
		{"checkers", h(0.5), h(0.3), Good, 0.2},
		{"checkers", h(0.5), h(-0.5), Mistake, 1},
		{"checkers", h(0.5), h(-1.2), Blunder, 1.7},
		{"adjacency", h(2), h(0.5), Inaccuracy, 1.5},
		{"checkers", h(2), Value{Class: Draw, Plies: -1, Exact: true, Source: "database"}, Blunder, 2}, // a won ending drawn
		{"checkers", h(0.1), Value{Class: Draw, Plies: -1, Exact: true, Source: "database"}, Good, 0.1},
		{"connect4", x(3), x(1), Good, 2},
		{"connect4", h(30), h(10), Unproven, 0},
		{"connect4", x(3), h(10), Unproven, 0},
	} {
		l, loss := judge(c.game, c.before, c.played, false)
		if l != c.label || math.Abs(loss-c.loss) > 1e-9 {
			t.Errorf("%s %+v -> %+v: %s %v, want %s %v", c.game, c.before, c.played, l, loss, c.label, c.loss)
		}
	}
	if l, _ := judge("othello", h(4), h(-20), true); l != Best {
		t.Errorf("the search's own move: %s", l)
	}
}

func TestAccuracy(t *testing.T) {
	for _, c := range []struct{ before, after, want float64 }{
		{50, 50, 100}, {50, 60, 100}, {100, 0, 0}, {60, 50, 103.1668*math.Exp(-0.4354) - 3.1669},
	} {
		if got := Accuracy(c.before, c.after); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("Accuracy(%v, %v) = %v, want %v", c.before, c.after, got, c.want)
		}
	}
	if got := WinChance("othello", Value{Score: 5}); math.Abs(got-100/(1+math.Exp(-1))) > 1e-9 {
		t.Errorf("a 5-disc lead: %v%%", got)
	}
}

// TestConnectFourPliesBook reviews an early position that only the
// complete book of the first plies holds: neither it nor any position
// after one of its moves is in the opening book. With no time to solve,
// its value must still be exact, the plies book's.
func TestConnectFourPliesBook(t *testing.T) {
	plies, err := c4solver.LoadBook(books.Connect4Plies)
	if err != nil {
		t.Fatal(err)
	}
	opening, err := bots.Connect4Book()
	if err != nil {
		t.Fatal(err)
	}
	// onlyPlies finds such a position within depth stones of p, in a
	// fixed order.
	var onlyPlies func(p connect4.Position, depth int) (connect4.Position, bool)
	onlyPlies = func(p connect4.Position, depth int) (connect4.Position, bool) {
		if _, ok := plies.Lookup(p); ok && p.Played() > 0 {
			if _, ok := opening.Lookup(p); !ok {
				found := false
				for c := range connect4.Width { // no column is full yet
					_, in := opening.Lookup(p.Play(rules.Move(c)))
					found = found || in
				}
				if !found {
					return p, true
				}
			}
		}
		if depth == 0 {
			return p, false
		}
		for c := range connect4.Width {
			if r, ok := onlyPlies(p.Play(rules.Move(c)), depth-1); ok {
				return r, true
			}
		}
		return p, false
	}
	p, ok := onlyPlies(connect4.Start(), 4)
	if !ok {
		t.Fatal("no position of at most 4 stones is in the plies book only")
	}
	want, _ := plies.Lookup(p)
	pos, _ := games.Wrap(p)
	// A solve cannot finish in a nanosecond: only a book answers exactly.
	r := newReviewer(t, Options{SolveTime: time.Nanosecond, Depth: 1})
	v, err := r.analyse(context.Background(), pos)
	if err != nil {
		t.Fatal(err)
	}
	if !v.Exact || v.Source != "book" || int(v.Score) != want.Score || !slices.Equal(v.Best, want.Best) {
		t.Errorf("%v: %+v, want the plies book's score %d and best moves %v", p, v, want.Score, want.Best)
	}
}
