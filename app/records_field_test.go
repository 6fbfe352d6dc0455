package app

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"boardgames/app/internal/apptest"
)

// chooserEntry is the search entry of the game chooser on top of the
// window.
func (f *fixture) chooserEntry() *widget.Entry {
	f.t.Helper()
	for _, o := range test.LaidOutObjects(f.w.Canvas().Overlays().Top()) {
		if e, ok := o.(*widget.Entry); ok {
			return e
		}
	}
	f.t.Fatal("the game chooser has no search entry")
	return nil
}

// listText is the text of row i of a list.
func listText(l *widget.List, i int) string {
	o := l.CreateItem()
	l.UpdateItem(i, o)
	return o.(*widget.Label).Text
}

// A file with bad games opens: the chooser lists its good games and its
// bad ones with their line and reason, and its search entry picks games
// by player (the excerpt of CheckerBoard's tinsley.pdn in rules/records).
func TestChooserListsBadGamesAndSearches(t *testing.T) {
	f := newFixture(t, "checkers", "human", "human", apptest.FirstMove)
	f.q.Drain()
	if err := f.u.LoadFrom(filepath.Join("..", "rules", "records", "testdata", "tinsley_excerpt.pdn")); err != nil {
		t.Fatal(err)
	}
	f.q.Drain()
	l := f.chooserList()
	if n := l.Length(); n != 4 {
		t.Fatalf("%d rows, want 4 (2 games, 2 not read)", n)
	}
	if got := listText(l, 2); !strings.HasPrefix(got, "3. not read (line 32): move 123 (32-28)") {
		t.Errorf("row 3: %q", got)
	}
	if got := listText(l, 1); !strings.HasPrefix(got, "2., M Tinsley – DE Oldbury, London 1958, game 5, 149 moves, Draw") {
		t.Errorf("row 2: %q", got)
	}
	test.Type(f.chooserEntry(), "player=oldbury")
	if n := l.Length(); n != 1 {
		t.Fatalf("%d rows match player=oldbury, want 1", n)
	}
	l.Select(0)
	f.answer("Open")
	f.q.Drain()
	if f.len() != 149 {
		t.Errorf("%d moves on the board, want 149 (game 2 goes on after a repetition)", f.len())
	}
}

// The window reads CheckerBoard's tinsley.pdn ($BOARDGAMES_TINSLEY, or
// /work/peers/checkerboard/tinsley.pdn) as the command line does: 721
// games and 3 not read. It skips when the file is absent.
func TestWindowReadsTinsley(t *testing.T) {
	path := os.Getenv("BOARDGAMES_TINSLEY")
	if path == "" {
		path = "/work/peers/checkerboard/tinsley.pdn"
	}
	if _, err := os.Stat(path); err != nil {
		t.Skipf("CheckerBoard's tinsley.pdn is not here (%v): set BOARDGAMES_TINSLEY to its path", err)
	}
	f := newFixture(t, "checkers", "human", "human", apptest.FirstMove)
	f.q.Drain()
	o, err := f.u.readGames(path)
	if err != nil {
		t.Fatal(err)
	}
	if o.list.good != 721 || o.list.bad != 3 {
		t.Fatalf("%d games, %d not read; want 721 and 3", o.list.good, o.list.bad)
	}
	var bad []int
	for _, r := range o.list.rows {
		if r.bad != nil {
			bad = append(bad, r.bad.N)
		}
	}
	if !slices.Equal(bad, []int{541, 623, 693}) {
		t.Errorf("not read: %v", bad)
	}
}

// A WTHOR file opens in the window with the names beside it: its game
// in the chooser, and the game that could not be read with its byte.
func TestWindowOpensWTHOR(t *testing.T) {
	dir := t.TempDir()
	header := func(games, names int) []byte {
		h := make([]byte, 16)
		h[4], h[8], h[10], h[11] = byte(games), byte(names), 2025&0xff, 2025>>8
		return h
	}
	game := func(moves ...byte) []byte {
		b := make([]byte, 68)
		b[2], b[6] = 1, 40
		copy(b[8:], moves)
		return b
	}
	wtb := append(append(header(2, 0), game(56, 64, 33)...), game(56, 11)...)
	jou := append(header(0, 2), append([]byte("Nicolet Stephane\x00\x00\x00\x00"), []byte("Tastet Marc\x00\x00\x00\x00\x00\x00\x00\x00\x00")...)...)
	for name, b := range map[string][]byte{"WTH_2025.wtb": wtb, "WTHOR.JOU": jou} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	f.q.Drain()
	if err := f.u.LoadFrom(filepath.Join(dir, "WTH_2025.wtb")); err != nil {
		t.Fatal(err)
	}
	f.q.Drain()
	l := f.chooserList()
	if l.Length() != 2 || !strings.HasPrefix(listText(l, 0), "1., Tastet Marc – Nicolet Stephane, tournament 0, 2025, 3 moves") ||
		!strings.HasPrefix(listText(l, 1), "2. not read (byte 84): move 2 (11)") {
		t.Fatalf("rows %d: %q, %q", l.Length(), listText(l, 0), listText(l, 1))
	}
	l.Select(0)
	f.answer("Open")
	f.q.Drain()
	if f.len() != 3 {
		t.Errorf("%d moves on the board, want 3", f.len())
	}
}
