package match

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/ai/solve/egdb"
	"boardgames/rules/games"
)

// The checkers moves into the endgame databases get their exact values.
func TestAnalysisCheckersDatabases(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "db")
	if _, err := egdb.Build(context.Background(), dir, egdb.BuildOptions{Pieces: 3}); err != nil {
		t.Fatal(err)
	}
	db, err := egdb.Open(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	bots.UseCheckersDB(db)
	defer bots.UseCheckersDB(nil)
	g, _ := games.Lookup("checkers")
	pos, err := g.Parse("W:WK10:BK1,K3", games.Settings{}) // lost in 34 plies (17 moves of the loser)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"10-14": "loss in 17 moves", "10-15": "loss in 17 moves", "10-6": "loss in 1 move", "10-7": "loss in 1 move"}
	a := analyse(t, pos, 20*time.Second)
	if a.Exact() != len(a.Moves) {
		t.Fatalf("%d of %d moves exact", a.Exact(), len(a.Moves))
	}
	for _, mv := range a.Moves {
		name := pos.MoveString(mv.Move)
		if mv.Text != want[name] || mv.Best != (mv.Text == "loss in 17 moves") {
			t.Errorf("%s: %+v, want %q", name, mv, want[name])
		}
	}
}

func TestBotMoveNotes(t *testing.T) {
	g, _ := games.Lookup("checkers")
	pos, _ := g.Start(games.Settings{})
	b := BotMove{Move: "11-15", Spec: bots.Spec{Algo: "engine"}}
	b.Info.Book = true
	if got := b.Note("Black", pos); got != "Black played 11-15, from its opening book." {
		t.Errorf("book move: %q", got)
	}
	b.Info = ai.Info{Note: bots.NoDatabaseNote}
	if got := b.Note("Black", pos); !strings.Contains(got, "no endgame database is built") {
		t.Errorf("without databases: %q", got)
	}
}
