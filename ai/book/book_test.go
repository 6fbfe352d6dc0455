package book

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"boardgames/ai"
	"boardgames/rules/games"
)

func start(t *testing.T, game string) games.Position {
	t.Helper()
	g, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.Start(games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// firstMove is a Think that plays each position's first legal move.
func firstMove(ctx context.Context, pos games.Position) (ai.Info, error) {
	return ai.Info{Move: pos.Legal()[0], Score: len(pos.Legal()), Depth: 3}, nil
}

func TestPositions(t *testing.T) {
	s := start(t, "checkers")
	// Distinct positions within n plies: 1, 1+7, 1+7+49, and fewer than
	// the move paths from 3 on (perft 3 = 302), where paths transpose.
	for n, want := range []int{1, 8, 57} {
		if got := len(Positions(s, n)); got != want {
			t.Errorf("%d plies: %d positions, want %d", n, got, want)
		}
	}
	if n := len(Positions(s, 3)); n <= 57 || n >= 57+302 {
		t.Errorf("3 plies: %d positions", n)
	}
}

func TestBuildWriteReadLookup(t *testing.T) {
	s := start(t, "checkers")
	positions := Positions(s, 2)
	b := New("checkers", "plies=2 bot=first")
	calls := 0
	think := func(ctx context.Context, pos games.Position) (ai.Info, error) { calls++; return firstMove(ctx, pos) }
	if err := Build(context.Background(), b, positions[:10], think, nil); err != nil {
		t.Fatal(err)
	}
	// Going on: the first 10 are not searched again.
	n := 0
	if err := Build(context.Background(), b, positions, think, func(Entry, int, int) { n++ }); err != nil {
		t.Fatal(err)
	}
	if calls != len(positions) || n != len(positions)-10 || b.Len() != len(positions) {
		t.Fatalf("%d searches, %d reported, %d entries for %d positions", calls, n, b.Len(), len(positions))
	}
	var buf bytes.Buffer
	if err := b.Write(&buf); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	if !strings.HasPrefix(text, "# boardgames book checkers plies=2 bot=first\n") {
		t.Fatalf("header: %q", text[:60])
	}
	r, err := Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	r.Write(&again)
	if again.String() != text || r.Options != b.Options {
		t.Error("the book read back writes differently")
	}
	m, e, ok := r.Lookup(s)
	if !ok || m != s.Legal()[0] || e.Depth != 3 || e.Score != 7 {
		t.Errorf("Lookup(start) = %v %+v %v", m, e, ok)
	}
	if _, _, ok := r.Lookup(Positions(s, 3)[60]); ok {
		t.Error("a position beyond the book is found")
	}
	// A move that is not legal in its position (a stale book) is not
	// played.
	r.Add(Entry{Position: s.String(), Move: "22-18", Depth: 3})
	if _, _, ok := r.Lookup(s); ok {
		t.Error("an illegal book move is played")
	}
}

func TestBuildStops(t *testing.T) {
	s := start(t, "checkers")
	ctx, cancel := context.WithCancel(context.Background())
	b := New("checkers", "")
	err := Build(ctx, b, Positions(s, 2), firstMove, func(e Entry, n, total int) {
		if n == 5 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) || b.Len() != 5 {
		t.Errorf("stopped: %v with %d entries", err, b.Len())
	}
}

func TestReadErrors(t *testing.T) {
	head := "# boardgames book checkers plies=1\n"
	pos := start(t, "checkers").String()
	for _, c := range []struct{ text, want string }{
		{"", "not a book"},
		{"hello\n", "not a book"},
		{"# boardgames book chess x\n", "chess"},
		{head + pos + "\t11-15\t3\n", "4 tab-separated fields"},
		{head + "B:W99:B1\t11-15\t3\t4\n", "square"},
		{head + pos + "\t22-18\t3\t4\n", "22-18"},
		{head + pos + "\t11-15\tx\t4\n", "integers"},
		{head + pos + "\t11-15\t3\t-4\n", "integers"},
	} {
		_, err := Read(strings.NewReader(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want an error with %q", c.text, err, c.want)
		}
	}
}

// Item 2 of issue 32: Enumerate keeps at most its limit of positions and
// names the ply that would pass it; within the limit it lists what
// Positions does; a context that has ended stops it.
func TestEnumerateIsBounded(t *testing.T) {
	s := start(t, "adjacency")
	two := Positions(s, 2)
	got, err := Enumerate(context.Background(), s, 2, len(two), nil)
	if err != nil || len(got) != len(two) {
		t.Fatalf("2 plies within %d: %d positions, %v", len(two), len(got), err)
	}
	for _, plies := range []int{3, 8} {
		_, err := Enumerate(context.Background(), s, plies, len(two), nil)
		var tm *TooManyError
		if !errors.As(err, &tm) || tm.Plies != 3 || tm.Limit != len(two) {
			t.Errorf("%d plies within %d positions: %v, want more than %d within 3 plies", plies, len(two), err, len(two))
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Enumerate(ctx, s, 8, -1, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled walk: %v", err)
	}
}
