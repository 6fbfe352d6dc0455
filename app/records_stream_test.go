package app

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/app/internal/apptest"
)

// manyGames writes a PDN file of n short games, game k played by
// "Player k" with a comment naming k.
func manyGames(t *testing.T, n int) string {
	t.Helper()
	var b strings.Builder
	for k := 1; k <= n; k++ {
		fmt.Fprintf(&b, "[Event \"Club %d\"]\n[Black \"Player %d\"]\n[White \"Bo\"]\n1. 11-15 23-19 2. 8-11 22-17 {game %d} 1/2-1/2\n\n", k, k, k)
	}
	return writeText(t, "many.pdn", b.String())
}

// noteLabels are the comment labels of the move list's rows on the
// screen.
func (f *fixture) noteLabels() map[string]*widget.Label {
	out := map[string]*widget.Label{}
	for _, o := range test.LaidOutObjects(f.u.moveList) {
		if l, ok := o.(*widget.Label); ok && l.Wrapping == fyne.TextWrapWord && l.Visible() && l.Text != "" {
			out[l.Text] = l
		}
	}
	return out
}

// A PDN game's comments show in the move list beside their moves, a long
// one wrapped over lines of a row tall enough for it; after a move that
// leaves the record, its comments go. Export writes them back.
func TestMoveListShowsComments(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	long := "Old Fourteenth: a long comment that must wrap over several lines of the narrow move list, none of it cut off"
	path := writeText(t, "notes.pdn", "[Event \"Notes\"]\n1. 11-15 {"+long+"} 23-19 2. 8-11 22-17 {White's reply} *\n")
	if err := f.u.LoadFrom(path); err != nil {
		t.Fatal(err)
	}
	f.q.Drain()
	if f.moves() != "11-15 23-19 8-11 22-17" {
		t.Fatalf("opened %q", f.moves())
	}
	if got := f.u.moveNote(1); got != long {
		t.Errorf("the note of move 1: %q", got)
	}
	if got := f.u.moveNote(4); got != "White's reply" || f.u.moveNote(2) != "" {
		t.Errorf("the notes of moves 4 and 2: %q, %q", got, f.u.moveNote(2))
	}
	if !strings.Contains(f.u.Status(), "2 comments are shown beside their moves") {
		t.Errorf("status %q", f.u.Status())
	}
	f.u.refreshMoveList()
	notes := f.noteLabels()
	l := notes[long]
	if l == nil || notes["White's reply"] == nil {
		t.Fatalf("the move list shows the notes %v", notes)
	}
	one := fyne.MeasureText("M", theme.TextSize(), l.TextStyle).Height
	if h, min := l.Size().Height, l.MinSize().Height; h < min || min < 2*one {
		t.Errorf("the long comment is %v high, needs %v (a line is %v): cut, or not wrapped", h, min, one)
	}

	// A narrower list wraps the comment over more lines, in a taller row.
	before := f.u.moveList.Size()
	f.u.moveList.Resize(fyne.NewSize(before.Width/2, before.Height))
	f.u.moveList.Refresh()
	f.q.Drain()
	if l = f.noteLabels()[long]; l == nil || f.u.moveList.Size().Width >= before.Width {
		t.Fatalf("after the resize: the list %v wide (was %v), the note %v", f.u.moveList.Size().Width, before.Width, l)
	}
	if h, min := l.Size().Height, l.MinSize().Height; h < min {
		t.Errorf("after the resize the long comment is %v high, needs %v", h, min)
	}

	// Export keeps the comments.
	out := filepath.Join(t.TempDir(), "out.pdn")
	if err := f.u.ExportTo(out); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(out); !strings.Contains(string(data), "{White's reply}") {
		t.Errorf("the export lost the comments:\n%s", data)
	}

	// Another move 4: the game leaves the record, its note goes.
	if err := f.u.Controller().Undo(); err != nil {
		t.Fatal(err)
	}
	f.q.Drain()
	c := f.u.Controller()
	m, err := c.Position().ParseMove("21-17") // not the record's 22-17
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Play(m); err != nil {
		t.Fatal(err)
	}
	f.q.Drain()
	if f.len() != 4 || f.u.moveNote(4) != "" || f.u.moveNote(1) != long {
		t.Errorf("after another move: %q, notes %q and %q", f.moves(), f.u.moveNote(4), f.u.moveNote(1))
	}
}

// A GGF game's evaluations and times show beside their moves.
func TestMoveListShowsEvaluations(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	path := writeText(t, "evals.ggf", "(;GM[Othello]PB[a]PW[b]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5/-1.23/4.5]W[d6//0.5]B[c3];)")
	if err := f.u.LoadFrom(path); err != nil {
		t.Fatal(err)
	}
	f.q.Drain()
	for ply, want := range []string{"", "[evaluation -1.23, 4.5 s]", "[0.5 s]", ""} {
		if got := f.u.moveNote(ply); got != want {
			t.Errorf("the note of move %d: %q, want %q", ply, got, want)
		}
	}
	f.u.refreshMoveList()
	if notes := f.noteLabels(); notes["[evaluation -1.23, 4.5 s]"] == nil {
		t.Errorf("the move list shows %v", notes)
	}
}

// Open from the menu reads a file of thousands of games off the UI
// goroutine: the list shows them all, its search finds one, and the game
// picked is read again from its place in the file.
func TestLoadGamesListsAThousandsOfGames(t *testing.T) {
	f := newFixture(t, "checkers", "human", "human", apptest.FirstMove)
	path := manyGames(t, 5000)
	ended := f.u.loadGames(path)
	select {
	case <-ended:
	case <-time.After(time.Minute):
		t.Fatal("the reading did not end")
	}
	f.q.Drain()
	l := f.chooserList()
	if l.Length() != 5000 || !strings.HasPrefix(listText(l, 4320), "4321., Player 4321 – Bo, Club 4321, 4 moves, Draw, 1 comment") {
		t.Fatalf("%d rows, row 4321 %q", l.Length(), listText(l, 4320))
	}
	test.Type(f.chooserEntry(), "player=4321")
	if l.Length() != 1 {
		t.Fatalf("%d rows match player=4321", l.Length())
	}
	l.Select(0)
	f.answer("Open")
	f.q.Drain()
	if f.moves() != "11-15 23-19 8-11 22-17" || !strings.Contains(f.u.Status(), "game 4321 of 5000 in many.pdn") ||
		f.u.moveNote(4) != "game 4321" {
		t.Errorf("opened %q: %s; note %q", f.moves(), f.u.Status(), f.u.moveNote(4))
	}
}

// Cancel on the list while the file is read closes it and ends the
// reading; nothing it read later reaches the window.
func TestLoadGamesCancel(t *testing.T) {
	f := newFixture(t, "checkers", "human", "human", apptest.FirstMove)
	path := manyGames(t, 20_000)
	ended := f.u.loadGames(path)
	f.q.Until(t, "the list of games", func() bool { return f.w.Canvas().Overlays().Top() != nil })
	rows := f.chooserList().Length()
	if rows == 0 || rows > 20_000 {
		t.Fatalf("%d rows", rows)
	}
	f.answer("Cancel")
	select {
	case <-ended:
	case <-time.After(time.Minute):
		t.Fatal("the reading did not end")
	}
	f.q.Drain()
	if f.w.Canvas().Overlays().Top() != nil || f.moves() != "" {
		t.Errorf("after Cancel: a dialog %v, moves %q", f.w.Canvas().Overlays().Top(), f.moves())
	}
}

// The window lists CheckerBoard's tinsley.pdn repeated 150 times (108,600
// games, 51 MB) in bounded memory: the list keeps summaries, not games.
// It logs the heap the list holds. It skips in -short mode and without
// the file.
func TestWindowListsTinsleyTimes150(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 51 MB")
	}
	path := os.Getenv("BOARDGAMES_TINSLEY")
	if path == "" {
		path = "/work/peers/checkerboard/tinsley.pdn"
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("CheckerBoard's tinsley.pdn is not here (%v): set BOARDGAMES_TINSLEY to its path", err)
	}
	big := filepath.Join(t.TempDir(), "tinsley150.pdn")
	fh, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	for range 150 {
		fh.Write(data)
		fh.Write([]byte("\n"))
	}
	if err := fh.Close(); err != nil {
		t.Fatal(err)
	}
	data = nil
	f := newFixture(t, "checkers", "human", "human", apptest.FirstMove)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	select {
	case <-f.u.loadGames(big):
	case <-time.After(10 * time.Minute):
		t.Fatal("the reading did not end")
	}
	took := time.Since(start)
	f.q.Drain()
	l := f.chooserList()
	runtime.GC()
	runtime.ReadMemStats(&after)
	if l.Length() != 108_600 || !strings.HasPrefix(listText(l, 108_599), "108600., ") {
		t.Fatalf("%d rows, the last %q", l.Length(), listText(l, l.Length()-1))
	}
	t.Logf("%d games listed in %v; the list holds %.1f MiB of heap", l.Length(), took.Round(time.Millisecond),
		float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/(1<<20))
	test.Type(f.chooserEntry(), "player=oldbury")
	if l.Length() == 0 || l.Length()%150 != 0 {
		t.Fatalf("%d rows match player=oldbury", l.Length())
	}
	l.Select(l.Length() - 1)
	f.answer("Open")
	f.q.Drain()
	if !strings.Contains(f.u.Status(), "of 108600 in tinsley150.pdn") || f.len() == 0 {
		t.Errorf("opened: %s", f.u.Status())
	}
}
