package app

import (
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"boardgames/ai/bots"
	"boardgames/app/board"
	"boardgames/app/internal/apptest"
	"boardgames/app/internal/tr"
	"boardgames/rules"
	"boardgames/rules/games"
)

// labelTexts returns the overlay's labels by cell.
func (f *fixture) labelTexts() map[int]string {
	out := map[int]string{}
	for _, l := range f.u.Overlay().Labels() {
		out[l.Cell] = l.Text
	}
	return out
}

// The V key shows a value on every column, exact from the opening book on
// the empty board; a move restarts the analysis on the new position; V again clears the board and stops the analysis;
// closing leaves no goroutine behind.
func TestAnalysisOverlayConnect4(t *testing.T) {
	f := newFixture(t, "connect4", "human", "human", apptest.FirstMove)
	f.q.Drain()
	time.Sleep(20 * time.Millisecond)
	base := runtime.NumGoroutine()
	test.TypeOnCanvas(f.w.Canvas(), "v")
	if !f.u.AnalysisOn() {
		t.Fatal("V did not start the analysis")
	}
	// From the empty board every column is exact at once, from the
	// opening book: the centre wins with the first player's 21st stone.
	f.q.Until(t, "the book's values", func() bool {
		labels := f.u.Overlay().Labels()
		return len(labels) == 7 && !slices.ContainsFunc(labels, func(l board.Label) bool { return !l.Exact })
	})
	if l := f.labelTexts()[38]; l != "win\nin 21" {
		t.Errorf("column 4: %q, want the book's win with stone 21", l)
	}
	// Off the books (1 7 3 2 2: the plies book holds every position of
	// up to 4 stones) searches give the values (their exact values take
	// minutes), each on the cell where the stone lands.
	for _, c := range []int{0, 6, 2, 1, 1} {
		f.tapCell(c)
	}
	if f.len() != 5 || !f.u.Analyzer().Running() {
		t.Fatal("the analysis did not start again after five moves")
	}
	f.q.Until(t, "a value on every column", func() bool {
		labels := f.u.Overlay().Labels()
		return len(labels) == 7 && !slices.ContainsFunc(labels, func(l board.Label) bool { return l.Text == "…" })
	})
	lands := []int{28, 22, 30, 38, 39, 40, 34}
	for _, l := range f.u.Overlay().Labels() {
		if !slices.Contains(lands, l.Cell) || l.Exact || !strings.Contains(l.Text, "\nd") {
			t.Errorf("cell %d: %+v", l.Cell, l)
		}
	}
	if p := f.u.analysis.progress; !p.Visible() || !strings.Contains(p.Text, "depth") {
		t.Errorf("progress %q", p.Text)
	}
	// A move: the analysis starts again on the new position.
	f.tapCell(3)
	if f.len() != 6 {
		t.Fatal("the tap did not play")
	}
	if last := f.u.Analyzer().Last().Position; last == nil || last.String() != f.u.Controller().Position().String() {
		t.Fatalf("the analysis is on %v after the move", last)
	}
	f.q.Until(t, "the values after the move", func() bool {
		return len(f.u.Overlay().Labels()) == 7 && f.labelTexts()[38] != "…" && f.labelTexts()[31] != ""
	})
	if _, ok := f.labelTexts()[38]; ok {
		t.Error("a value on the cell the stone took")
	}
	// The menu item is ticked while on; V again turns it all off.
	if !f.u.analysis.item.Checked {
		t.Error("the menu item is not ticked")
	}
	test.TypeOnCanvas(f.w.Canvas(), "v")
	if f.u.AnalysisOn() || f.u.Analyzer().Running() || len(f.u.Overlay().Labels()) != 0 || f.u.analysis.progress.Visible() {
		t.Fatal("V did not turn the values off")
	}
	f.q.Drain()
	if len(f.u.Overlay().Labels()) != 0 {
		t.Fatal("a late report drew values")
	}
	apptest.WaitGoroutines(t, base, 2*time.Second)
	// The setting is remembered, and the window closing stops it.
	test.TypeOnCanvas(f.w.Canvas(), "v")
	if !f.u.prefs.p.Bool(PrefAnalysis) || !f.u.Analyzer().Running() {
		t.Fatal("on again: not remembered or not running")
	}
	f.u.Close()
	if f.u.Analyzer().Running() {
		t.Fatal("running after Close")
	}
}

// An Othello endgame shows the exact disc difference of every move, the
// best one ringed, like NBoard.
func TestAnalysisOverlayOthelloEndgame(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	g := apptest.Game(t, "othello")
	// FFO #1: G8:+18; H1:+12; H7:+6; A2:+6; A3:+4; B1:-4; A4:-22; G2:-24.
	start := apptest.Parse(t, "othello", "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
	rec, err := g.ParseMoves(start, "", games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	f.u.Controller().Load(g, games.Settings{}, rec)
	f.u.toggleAnalysis()
	f.q.Timeout = 20 * time.Second
	f.q.Until(t, "exact values", func() bool {
		return strings.Contains(f.u.analysis.progress.Text, "all 8 exact")
	})
	want := map[string]string{"g8": "+18\ndiscs", "h1": "+12\ndiscs", "h7": "+6\ndiscs", "a2": "+6\ndiscs",
		"a3": "+4\ndiscs", "b1": "-4\ndiscs", "a4": "-22\ndiscs", "g2": "-24\ndiscs"}
	pos := f.u.Controller().Position()
	for _, l := range f.u.Overlay().Labels() {
		name := pos.MoveString(pos.Legal()[slices.IndexFunc(pos.Legal(), func(m rules.Move) bool { return pos.Squares(m)[0] == l.Cell })])
		if l.Text != want[name] || !l.Exact || l.Best != (name == "g8") || (l.Tone > 0) != strings.HasPrefix(l.Text, "+") {
			t.Errorf("%s: %+v, want %q", name, l, want[name])
		}
	}
	if len(f.u.Overlay().Labels()) != len(want) {
		t.Errorf("%d labels for %d moves", len(f.u.Overlay().Labels()), len(want))
	}
}

// The Perfect level is offered where the perfect player plays, and its
// switch to the exact solver is a setting of the seat.
func TestPerfectSeat(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	s := f.u.seats[1]
	if !slices.Contains(s.level.Options, levelTitle(bots.Perfect)) {
		t.Fatalf("levels %v", s.level.Options)
	}
	s.kind.SetSelected(tr.T("Bot"))
	s.level.SetSelected(levelTitle(bots.Perfect))
	if got := f.u.Controller().Seat(rules.White).Spec.String(); got != "perfect:eval=pattern" {
		t.Fatalf("the Perfect level plays %q", got)
	}
	e := s.param(bots.KeyEmpties)
	if !e.widget.Visible() || s.param(bots.KeyDepth).widget.Visible() {
		t.Fatal("the perfect player's settings are not the ones shown")
	}
	e.set("15")
	if got := f.u.Controller().Seat(rules.White).Spec.String(); got != "perfect:empties=15,eval=pattern" || s.level.Selected != levelTitle(Custom) {
		t.Fatalf("spec %q, level %q", got, s.level.Selected)
	}
	f.u.switchGame(apptest.Game(t, "adjacency"))
	if slices.Contains(f.u.seats[1].level.Options, levelTitle(bots.Perfect)) {
		t.Error("adjacency offers the Perfect level")
	}
}

// The engine's Multi-ProbCut is a setting of its seat: "off" is shown in
// the window's language and reaches the bot as probcut=off; a confidence
// is passed on as it is.
func TestProbCutSeat(t *testing.T) {
	f := newFixture(t, "checkers", "human", "human", apptest.FirstMove)
	s := f.u.seats[1]
	s.kind.SetSelected(tr.T("Bot"))
	s.level.SetSelected(levelTitle(bots.Hard))
	p := s.param(bots.KeyProbCut)
	if spec := f.u.Controller().Seat(rules.White).Spec; spec.Algo != "engine" || !p.widget.Visible() || spec.ProbCut != "" {
		t.Fatalf("Hard plays %q; the ProbCut setting shown: %v", spec.String(), p.widget.Visible())
	}
	p.set(tr.T("off"))
	if got := f.u.Controller().Seat(rules.White).Spec; got.ProbCut != "off" {
		t.Fatalf("off in the panel: the bot plays %q", got.String())
	}
	p.set("1.5")
	if got := f.u.Controller().Seat(rules.White).Spec; got.ProbCut != "1.5" {
		t.Fatalf("1.5 in the panel: the bot plays %q", got.String())
	}
	s.algo.SetSelectedIndex(slices.Index(s.algos, "alphabeta"))
	if p.widget.Visible() {
		t.Error("alpha-beta shows the ProbCut setting")
	}
}

// A window built again (another size or language) keeps the values on
// and ends the old analysis: one analysis runs, not two.
func TestAnalysisRebuild(t *testing.T) {
	f := newFixture(t, "connect4", "human", "human", apptest.FirstMove)
	for _, c := range []int{0, 6, 2, 1, 1} { // off the books: the analysis runs for minutes
		f.tapCell(c)
	}
	test.TypeOnCanvas(f.w.Canvas(), "v")
	old := f.u.Analyzer()
	if !old.Running() {
		t.Fatal("no analysis")
	}
	f.u.sizeSelect.SetSelected("125 %")
	if old.Running() {
		t.Error("the old window's analysis goes on")
	}
	if z := f.u.Analyzer(); z == old || !z.Running() || !f.u.AnalysisOn() {
		t.Error("the rebuilt window does not analyse")
	}
	f.q.Until(t, "values in the new window", func() bool { return len(f.u.Overlay().Labels()) == 7 })
}

// Checkers: 9-14 and 10-14 end on one square, so each piece that can move
// shows the best of its moves on its own square, and a click on it shows
// each of its moves on its destination.
func TestCheckersValuesPerPiece(t *testing.T) {
	f := newFixture(t, "checkers", "human", "human", apptest.FirstMove)
	pos := f.u.Controller().Position()
	from := map[int][]int{} // a piece's cell: its moves' destinations
	for _, m := range pos.Legal() {
		sq := pos.Squares(m)
		from[sq[0]] = append(from[sq[0]], sq[len(sq)-1])
	}
	test.TypeOnCanvas(f.w.Canvas(), "v")
	f.q.Until(t, "a value on every piece that can move", func() bool {
		texts := f.labelTexts()
		for cell := range from {
			if texts[cell] == "" || texts[cell] == "…" {
				return false
			}
		}
		return len(texts) == len(from)
	})
	piece := -1
	for cell, to := range from {
		if len(to) == 2 {
			piece = cell
		}
	}
	f.tapCell(piece)
	got := f.labelTexts()
	if len(got) != 2 || got[from[piece][0]] == "" || got[from[piece][1]] == "" {
		t.Fatalf("piece on %d selected: labels %v, want its moves to %v", piece, got, from[piece])
	}
	if !strings.Contains(f.u.analysis.progress.Text, "men") {
		t.Errorf("no legend in %q", f.u.analysis.progress.Text)
	}
}

// The hint and the values say the same: with the values on, the hint is
// their best move and value.
func TestHintIsTheValues(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	test.TypeOnCanvas(f.w.Canvas(), "v")
	f.q.Until(t, "values at depth 3", func() bool { return f.u.Analyzer().Last().Depth >= 3 })
	an := f.u.Analyzer().Last()
	test.TypeOnCanvas(f.w.Canvas(), "h")
	h := f.u.Controller().CurrentHint()
	if h == nil {
		t.Fatal("no hint")
	}
	for _, mv := range an.Moves {
		if mv.Score > h.Info.Score {
			t.Fatalf("the hint %s scores %d, the values give %s %d", h.Text, h.Info.Score, f.u.Controller().Position().MoveString(mv.Move), mv.Score)
		}
		if mv.Move == h.Move && !strings.Contains(f.u.Status(), mv.Text) {
			t.Fatalf("the hint says %q, the value is %q", f.u.Status(), mv.Text)
		}
	}
}

// A finished game shows no values.
func TestNoValuesOnAFinishedGame(t *testing.T) {
	f := newFixture(t, "connect4", "human", "human", apptest.FirstMove)
	test.TypeOnCanvas(f.w.Canvas(), "v")
	for _, col := range []int{0, 1, 0, 1, 0, 1} {
		f.tapCell(col)
	}
	f.q.Until(t, "values", func() bool { return len(f.u.Overlay().Labels()) > 0 })
	f.tapCell(0) // four in column 1
	if !f.u.Controller().Result().Over() {
		t.Fatal("the game is not over")
	}
	f.q.Drain()
	time.Sleep(50 * time.Millisecond)
	f.q.Drain()
	if l := f.u.Overlay().Labels(); len(l) != 0 || f.u.analysis.progress.Visible() {
		t.Fatalf("values on the finished game: %v", l)
	}
	f.u.browseTo(6) // the position before the win has values again
	f.q.Until(t, "values of the position browsed to", func() bool { return len(f.u.Overlay().Labels()) > 0 })
	f.u.browseTo(7)
	if len(f.u.Overlay().Labels()) != 0 {
		t.Fatal("values back on the finished game")
	}
}
