package lab

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"boardgames/app/internal/classroom"
	"boardgames/rules/games"
)

// Predict first: Compare hides every move, score and line until Reveal.
func TestCompareHidesUntilRevealed(t *testing.T) {
	f := newFixture(t, "othello", "f5d6")
	fyne.CurrentApp().Preferences().SetBool(classroom.PredictFirst, true)
	s := f.l.compare
	s.algos.setIDs([]string{"minimax", "alphabeta"})
	s.depth.e.SetText("2")
	f.runTask(s.task)
	move, pv := col(t, s.table, "best move"), col(t, s.table, "principal variation")
	for _, r := range s.table.Rows() {
		if r[move] != "?" || r[move+1] != "?" || r[pv] != "?" {
			t.Fatalf("a row shows what the class should guess: %v", r)
		}
	}
	if !s.reveal.Visible() {
		t.Fatal("no Reveal button")
	}
	if !f.l.Reveal() || s.reveal.Visible() {
		t.Fatal("Reveal revealed nothing")
	}
	for _, r := range s.table.Rows() {
		if r[move] == "?" || r[pv] == "?" {
			t.Fatalf("revealed row %v", r)
		}
	}
	if f.l.Reveal() {
		t.Fatal("a second reveal had something to show")
	}
}

// A game of the arena's table opens on the board: the lab hands the main
// window its game, settings and moves.
func TestArenaGameOpens(t *testing.T) {
	f := newFixture(t, "connect4", "")
	var opened games.Record
	var what string
	f.l.opts.OpenGame = func(g *games.Game, s games.Settings, rec games.Record, w string) { opened, what = rec, w }
	s := f.l.arena
	s.p1.text.SetText("alphabeta:depth=2")
	s.p2.text.SetText("greedy")
	s.games.e.SetText("2")
	s.match.parallel.e.SetText("1")
	f.runTask(s.task)
	rows := s.games_.Rows()
	if len(rows) != 2 {
		t.Fatalf("games %v", rows)
	}
	s.games_.w.Select(widget.TableCellID{Row: 1, Col: 0})
	if opened == nil || what != "Arena game 2" || opened.String() != rows[1][len(rows[1])-1] || !opened.Result().Over() {
		t.Fatalf("opened %q (%v), the table's game 2 is %q", what, opened, rows[1][len(rows[1])-1])
	}
}

// A tournament lists every game of its pairings; a click opens one.
func TestTournamentGameOpens(t *testing.T) {
	f := newFixture(t, "connect4", "")
	var opened games.Record
	f.l.opts.OpenGame = func(g *games.Game, s games.Settings, rec games.Record, w string) { opened = rec }
	s := f.l.tournament
	s.list.SetText("random\ngreedy\nalphabeta:depth=1")
	s.games.e.SetText("2")
	s.match.parallel.e.SetText("1")
	f.runTask(s.task)
	rows := s.games_.Rows()
	if len(rows) != 6 {
		t.Fatalf("%d games listed, want 3 pairings of 2: %v", len(rows), rows)
	}
	s.games_.w.Select(widget.TableCellID{Row: 5, Col: 0})
	if opened == nil || opened.String() != rows[5][len(rows[5])-1] {
		t.Fatalf("opened %v, the table's last game is %q", opened, rows[5][len(rows[5])-1])
	}
}
