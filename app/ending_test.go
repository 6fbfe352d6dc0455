package app

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/app/gamefile"
	"boardgames/app/internal/apptest"
	"boardgames/app/match"
	"boardgames/rules"
	"boardgames/rules/games"
	"boardgames/rules/records"
)

// A game that ended before its moves do (a resignation in a PDN file),
// saved with bots in both seats and opened, opens finished: no bot is
// asked for a move, the side panel gives the recorded result, and the
// game saved again keeps it and the record's tags.
func TestFinishedGameOpensFinished(t *testing.T) {
	asked := 0
	think := func(ctx context.Context, pos games.Position, spec bots.Spec) (ai.Info, error) {
		asked++
		return apptest.FirstMove(ctx, pos, spec)
	}
	f := newFixture(t, "checkers", "human", "human", think)
	f.q.Drain()
	data, err := os.ReadFile(filepath.Join("..", "rules", "records", "testdata", "club.pdn"))
	if err != nil {
		t.Fatal(err)
	}
	gs, err := records.Read(records.PDN, string(data), nil, games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	g := gs[0] // 12 moves, Black wins as recorded
	g.Ending = records.Ending{Kind: records.Resignation}
	file := gamefile.FromRecord(g)
	file.Players = [2]string{"alphabeta:depth=2", "alphabeta:depth=2"}
	path := filepath.Join(t.TempDir(), "resigned.bgame")
	if err := os.WriteFile(path, []byte(gamefile.Format(file)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := f.u.LoadFrom(path); err != nil {
		t.Fatal(err)
	}
	f.q.Drain()
	c := f.u.ctl
	if !c.Seat(rules.Black).Bot || !c.Seat(rules.White).Bot {
		t.Fatal("the file's bots are not seated")
	}
	if asked != 0 || f.len() != 12 || c.Result() != rules.BlackWins {
		t.Fatalf("opened: %d bot moves asked, %d moves, %v", asked, f.len(), c.Result())
	}
	if got := f.u.turn.Text; got != "Black wins: White resigned." {
		t.Errorf("the side panel says %q", got)
	}
	c.Resume()
	f.q.Drain()
	if asked != 0 || f.len() != 12 {
		t.Errorf("Resume played on: %d asked, %d moves", asked, f.len())
	}
	saved := gamefile.Format(f.u.current())
	for _, want := range []string{"Result: Black wins\n", "Termination: resignation\n", "Tag Event: Club night\n", "Tag Black: Sari\n"} {
		if !strings.Contains(saved, want) {
			t.Errorf("no %q in the game saved again:\n%s", want, saved)
		}
	}
	// Export writes the record as it came, its ending with it.
	pdn := filepath.Join(t.TempDir(), "again.pdn")
	if err := f.u.ExportTo(pdn); err != nil {
		t.Fatal(err)
	}
	exported, _ := os.ReadFile(pdn)
	for _, want := range []string{"[Event \"Club night\"]\n[Site \"Bandung\"]", "[Result \"1-0\"]\n[Termination \"resignation\"]\n", "28-24 1-0\n"} {
		if !strings.Contains(string(exported), want) {
			t.Errorf("no %q in the export:\n%s", want, exported)
		}
	}
	// Undo takes the game back before its end: it goes on from there.
	if err := c.Undo(); err != nil {
		t.Fatal(err)
	}
	if c.Result().Over() || strings.Contains(gamefile.Format(f.u.current()), "Termination") {
		t.Errorf("after Undo: %v", c.Result())
	}
}

// A record opened from a PDN file with a result before its moves' end
// is finished too: bots seated afterwards do not play on.
func TestRecordWithResultOpensFinished(t *testing.T) {
	asked := 0
	think := func(ctx context.Context, pos games.Position, spec bots.Spec) (ai.Info, error) {
		asked++
		return apptest.FirstMove(ctx, pos, spec)
	}
	f := newFixture(t, "checkers", "human", "human", think)
	f.q.Drain()
	if err := f.u.LoadFrom(filepath.Join("..", "rules", "records", "testdata", "club.pdn")); err != nil {
		t.Fatal(err)
	}
	f.q.Drain()
	f.chooserList().Select(0)
	f.answer("Open")
	f.q.Drain()
	if f.len() != 12 {
		t.Fatalf("%d moves on the board", f.len())
	}
	spec, _ := bots.ParseSpec("alphabeta:depth=2")
	f.u.ctl.SetSeat(rules.Black, match.BotSeat(spec))
	f.u.ctl.SetSeat(rules.White, match.BotSeat(spec))
	f.q.Drain()
	if asked != 0 || f.len() != 12 || f.u.ctl.Result() != rules.BlackWins {
		t.Errorf("%d bot moves asked, %d moves, %v", asked, f.len(), f.u.ctl.Result())
	}
}
