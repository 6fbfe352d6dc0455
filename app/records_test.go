package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"boardgames/app/internal/apptest"
	"boardgames/rules"
	"boardgames/rules/games"
	"boardgames/rules/records"
)

const threeGames = `[Event "Club night"]
[Black "Sari"]
[White "Budi"]
[Result "1-0"]
1. 11-15 23-19 2. 8-11 22-17 {Old Fourteenth} 1-0

[Event "Club night"]
[Black "Budi"]
[White "Sari"]
[Result "1/2-1/2"]
[SetUp "1"]
[FEN "W:WK22,K23,K24:BK31,K32"]
1... 22-18 2. 31-26 23x30 1/2-1/2

1. 12-16 24-20 *
`

// chooserList is the list of the game chooser on top of the window.
func (f *fixture) chooserList() *widget.List {
	f.t.Helper()
	top := f.w.Canvas().Overlays().Top()
	if top == nil {
		f.t.Fatal("no dialog is shown")
	}
	for _, o := range test.LaidOutObjects(top) {
		if l, ok := o.(*widget.List); ok {
			return l
		}
	}
	f.t.Fatal("the dialog shown has no list")
	return nil
}

func writeText(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A PDN file of three games lists them; the one picked opens, with people
// in both seats and the recorded result said.
func TestOpenPDNChoosesGame(t *testing.T) {
	f := newFixture(t, "othello", "human", "bot", apptest.FirstMove)
	path := writeText(t, "club.pdn", threeGames)
	if err := f.u.LoadFrom(path); err != nil {
		t.Fatal(err)
	}
	if f.u.Controller().Game().Name != "othello" {
		t.Fatal("the game changed before one was chosen")
	}
	f.chooserList().Select(1)
	f.answer("Open")
	c := f.u.Controller()
	if c.Game().Name != "checkers" || f.moves() != "22-18 31-26 23x30" || c.Record().Start().String() != "W:WK22,K23,K24:BK31,K32" {
		t.Fatalf("opened %s %q from %s", c.Game().Name, f.moves(), c.Record().Start())
	}
	for p := range 2 {
		if c.Seat(rules.Player(p)).Bot {
			t.Errorf("seat %d is a bot after opening a record", p)
		}
	}
	for _, want := range []string{"game 2 of 3 in club.pdn", "Recorded result: Draw"} {
		if !strings.Contains(f.u.Status(), want) {
			t.Errorf("status %q lacks %q", f.u.Status(), want)
		}
	}
}

// Cancelling the chooser leaves the game as it was.
func TestOpenPDNCancel(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	f.tapSquare("f5")
	if err := f.u.LoadFrom(writeText(t, "club.pdn", threeGames)); err != nil {
		t.Fatal(err)
	}
	f.answer("Cancel")
	if f.u.Controller().Game().Name != "othello" || f.moves() != "f5" {
		t.Fatalf("cancelled, yet %s %q", f.u.Controller().Game().Name, f.moves())
	}
}

// A GGF game opens at once; a corrupt one leaves the game and says why.
func TestOpenGGF(t *testing.T) {
	f := newFixture(t, "connect4", "human", "human", apptest.FirstMove)
	f.tapCell(3)
	bad := writeText(t, "bad.ggf", "(;GM[Othello]B[f5]B[d6];)")
	if err := f.u.LoadFrom(bad); err == nil {
		t.Fatal("an illegal GGF game opened")
	}
	if f.u.Controller().Game().Name != "connect4" || f.len() != 1 || !strings.Contains(f.u.Status(), "it is white's turn") {
		t.Fatalf("after a bad file: %s, %d moves, status %q", f.u.Controller().Game().Name, f.len(), f.u.Status())
	}
	good := writeText(t, "game.ggf", "(;GM[Othello]PB[a]PW[b]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[F5//0.5]W[d6];)")
	if err := f.u.LoadFrom(good); err != nil {
		t.Fatal(err)
	}
	if f.u.Controller().Game().Name != "othello" || f.moves() != "f5d6" {
		t.Fatalf("opened %s %q", f.u.Controller().Game().Name, f.moves())
	}
}

// A move list in a .txt file is a game of the game on the board.
func TestOpenTranscript(t *testing.T) {
	f := newFixture(t, "connect4", "human", "human", apptest.FirstMove)
	if err := f.u.LoadFrom(writeText(t, "moves.txt", "4453\n")); err != nil {
		t.Fatal(err)
	}
	if f.moves() != "4453" {
		t.Fatalf("opened %q", f.moves())
	}
}

// Export writes the game in its game's format, which reads back as the
// same game with the seats named.
func TestExportReadsBack(t *testing.T) {
	for _, c := range []struct {
		game, ext string
		moves     []string
		tag       string
	}{
		{"checkers", ".pdn", []string{"f3", "e4"}, "Black"}, // 11-15
		{"othello", ".ggf", []string{"f5", "d6", "c3"}, "PB"},
		{"adjacency", ".txt", []string{"c6", "f3"}, ""},
	} {
		f := newFixture(t, c.game, "human", "human", apptest.FirstMove)
		for _, m := range c.moves {
			f.tapSquare(m)
		}
		path := filepath.Join(t.TempDir(), "game"+c.ext)
		if err := f.u.ExportTo(path); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		g := f.u.Controller().Game()
		gs, err := records.Read(records.Detect(string(data)), string(data), g, games.Settings{})
		if err != nil {
			t.Fatalf("%s: %v\n%s", c.game, err, data)
		}
		if gs[0].Record.String() != f.moves() || f.len() == 0 {
			t.Errorf("%s: exported %q, the board has %q", c.game, gs[0].Record, f.moves())
		}
		if c.tag != "" && gs[0].Tag(c.tag) != "Human" {
			t.Errorf("%s: tags %v", c.game, gs[0].Tags)
		}
	}
}

// A PDN record pasted opens like a file.
func TestPasteRecord(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	if err := f.u.PasteText("[Event \"x\"]\n1. 11-15 23-19 *"); err != nil {
		t.Fatal(err)
	}
	if f.u.Controller().Game().Name != "checkers" || f.moves() != "11-15 23-19" {
		t.Fatalf("pasted: %s %q", f.u.Controller().Game().Name, f.moves())
	}
	if err := f.u.PasteText("(;GM[Othello]B[a1];)"); err == nil || f.moves() != "11-15 23-19" {
		t.Fatalf("an illegal GGF game pasted: %v, %q", err, f.moves())
	}
}
