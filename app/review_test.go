package app

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai/review"
	"boardgames/app/internal/apptest"
	"boardgames/app/internal/tr"
)

// TestReviewTab: a Connect Four game reviewed from the Game menu's action:
// the Review tab, every move exact, and ] stepping to the first mistake
// with the position before it on the board and the best move said.
func TestReviewTab(t *testing.T) {
	f := newFixture(t, "connect4", "human", "human", apptest.FirstMove)
	for _, c := range "446564144333234567" {
		f.tapCell(int(c - '1'))
	}
	if f.len() != 18 {
		t.Fatalf("%d moves played", f.len())
	}
	f.u.startReview()
	if f.u.tabs.Selected().Text != "Review" {
		t.Fatalf("the selected tab is %q", f.u.tabs.Selected().Text)
	}
	f.q.Until(t, "the review", func() bool { return f.u.Review() != nil })
	g := f.u.Review()
	if len(g.Moves) != 18 || g.Moves[17].Label != review.Blunder {
		t.Fatalf("%d moves, the last %s", len(g.Moves), g.Moves[17].Label)
	}
	first := -1
	for i, m := range g.Moves {
		if !m.Exact {
			t.Errorf("move %d is not exact: %s", m.Ply, m.Basis)
		}
		if first < 0 && m.Label.Severity() >= review.Inaccuracy.Severity() {
			first = i
		}
	}
	test.TypeOnCanvas(f.w.Canvas(), "]")
	m := g.Moves[first]
	if f.u.shownPly() != m.Ply-1 || !strings.Contains(f.u.review.text.Text, "Best was "+strings.Join(m.Best, ", ")) {
		t.Errorf("after ]: ply %d shown, text %q; want ply %d", f.u.shownPly(), f.u.review.text.Text, m.Ply-1)
	}
	// The best move is ringed on the board.
	pos := f.u.Controller().At(m.Ply - 1)
	best, _ := pos.ParseMove(m.Best[0])
	if got, want := f.u.Board().View().Hint, pos.Squares(best); !slices.Equal(got, want) {
		t.Errorf("the board rings %v, want %v (%s)", got, want, m.Best[0])
	}
	// A click on the graph's last point goes to the last move.
	var graph *reviewGraph
	for _, o := range test.LaidOutObjects(f.w.Content()) {
		if gr, ok := o.(*reviewGraph); ok {
			graph = gr
		}
	}
	if graph == nil {
		t.Fatal("no graph in the Review tab")
	}
	test.TapAt(graph, fyne.NewPos(graph.Size().Width-2, graph.Size().Height/2))
	if f.u.review.sel != 17 || f.u.shownPly() != 17 {
		t.Errorf("a click at the graph's end: move %d selected, ply %d shown", f.u.review.sel+1, f.u.shownPly())
	}
	f.u.closeReview()
	if f.u.review.tab != nil || f.u.Review() != nil {
		t.Error("the review's tab stayed")
	}
}

// TestReviewMarksAndLayout: the move list marks the reviewed moves, and
// the Review tab fits at 100 and 200 % in both languages.
func TestReviewMarksAndLayout(t *testing.T) {
	f := newFixture(t, "connect4", "human", "human", apptest.FirstMove)
	for _, c := range "446564144333234567" {
		f.tapCell(int(c - '1'))
	}
	f.u.startReview()
	f.q.Until(t, "the review", func() bool { return f.u.Review() != nil })
	if row := f.u.moveRow(18); !strings.HasSuffix(row, "?? blunder") || f.u.reviewImportance(18) != widget.DangerImportance {
		t.Errorf("row 18: %q", row)
	}
	if row := f.u.moveRow(2); strings.Contains(row, "?") {
		t.Errorf("row 2, a best move: %q", row)
	}
	for _, lang := range []string{tr.English, tr.Indonesian} {
		for _, pct := range []int{100, 200} {
			f.a.Preferences().SetString(PrefLanguage, lang)
			tr.Use(lang)
			f.u.setScale(pct)
			scr := screens[0] // the smallest
			f.w.Resize(fyne.NewSize(scr.Width, scr.Height-menuBar()))
			if f.u.review.tab == nil {
				t.Fatalf("%s %d %%: no Review tab", lang, pct)
			}
			f.u.tabs.Select(f.u.review.tab)
			if bad := clipped(f.w.Content()); len(bad) > 0 {
				t.Errorf("%s %d %%: %d clipped:\n%s", lang, pct, len(bad), strings.Join(bad[:min(len(bad), 8)], "\n"))
			}
			if want := map[string]string{tr.English: "Review", tr.Indonesian: "Tinjauan"}[lang]; f.u.review.tab.Text != want {
				t.Errorf("%s: the tab is %q", lang, f.u.review.tab.Text)
			}
		}
	}
	f.a.Preferences().SetString(PrefLanguage, tr.English)
	tr.Use(tr.English)
	// Another game: the marks go.
	f.u.closeReview()
	if row := f.u.moveRow(18); strings.Contains(row, "blunder") {
		t.Errorf("after closing the review: %q", row)
	}
}

// At a game's end the status line offers the review, and ] (the clicker's
// next mistake) starts it; once reviewed, the offer goes.
func TestReviewOfferedAtTheEnd(t *testing.T) {
	f := newFixture(t, "connect4", "human", "human", apptest.FirstMove)
	for _, c := range "445566" {
		f.tapCell(int(c - '1'))
	}
	if strings.Contains(f.u.status.Text, "press ]") {
		t.Fatalf("a game in progress is offered a review: %q", f.u.status.Text)
	}
	f.tapCell(int('7' - '1')) // four in the bottom row: Red wins
	if !f.u.ctl.Result().Over() || !strings.Contains(f.u.status.Text, "press ]") {
		t.Fatalf("over %v, status %q: no offer of a review", f.u.ctl.Result().Over(), f.u.status.Text)
	}
	test.TypeOnCanvas(f.w.Canvas(), "]")
	if f.u.tabs.Selected().Text != "Review" {
		t.Fatalf("] at the end did not start the review (tab %q)", f.u.tabs.Selected().Text)
	}
	f.q.Until(t, "the review", func() bool { return f.u.Review() != nil })
	f.q.Until(t, "the offer gone", func() bool { return !strings.Contains(f.u.status.Text, "press ]") })
}
