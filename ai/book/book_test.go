package book

import (
	"bytes"
	"context"
	"errors"
	"fmt"
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
		{head + pos + "\t11-15\t3\t-4\n", "the depth -4 is out of range"},
		{head + pos + "\t11-15\t3\t101\n", "the depth 101 is out of range (0..100)"},
		{head + pos + "\t11-15\t-99999999\t4\n", "line 2: the score -99999999 is out of range (-1000000..1000000)"},
		{head + pos + "\t11-15\t1000001\t4\n", "the score 1000001 is out of range"},
		{head + pos + "\t11-15\t3\t4\n# checksum crc32=00000000 bytes=1\n", "book corrupt: checksum mismatch at line 3"},
		{head + "# checksum crc32=00000000 bytes=36\n", "book corrupt: checksum mismatch at line 2"},
	} {
		_, err := Read(strings.NewReader(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want an error with %q", c.text, err, c.want)
		}
	}
}

// small is a small book as Write writes it, with its checksum.
func small(t *testing.T) string {
	t.Helper()
	b := New("checkers", "plies=1 bot=first")
	if err := Build(context.Background(), b, Positions(start(t, "checkers"), 1)[1:4], firstMove, nil); err != nil {
		t.Fatal(err)
	}
	// Scores at the ends of the range are kept.
	b.Add(Entry{Position: start(t, "checkers").String(), Move: "11-15", Score: -1_000_000, Depth: 100})
	var buf bytes.Buffer
	if err := b.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// Issue 32, item 6: a book ends with its checksum; the book read back
// writes the same text, and one written before checksums still reads.
func TestChecksum(t *testing.T) {
	text := small(t)
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "# checksum crc32=") || !strings.Contains(last, fmt.Sprintf(" bytes=%d", len(text)-len(last)-1)) {
		t.Fatalf("the last line is %q", last)
	}
	b, err := Read(strings.NewReader(text))
	if err != nil || !b.Checked || b.Len() != len(lines)-2 {
		t.Fatalf("read back: %v, checked %v", err, b != nil && b.Checked)
	}
	if e, _ := b.Entry(start(t, "checkers").String()); e.Score != -1_000_000 {
		t.Errorf("the start's entry: %+v", e)
	}
	var again bytes.Buffer
	b.Write(&again)
	if again.String() != text {
		t.Error("the book read back writes differently")
	}
	old := strings.Join(lines[:len(lines)-1], "\n") + "\n"
	if b, err := Read(strings.NewReader(old)); err != nil || b.Checked || b.Len() != len(lines)-2 {
		t.Errorf("a book without a checksum: %v", err)
	}
	if _, err := Read(strings.NewReader(text + lines[1] + "\n")); err == nil || !strings.Contains(err.Error(), "follows the checksum") {
		t.Errorf("a line after the checksum: %v", err)
	}
}

// Every one-character edit of a small book (a character deleted, replaced
// or inserted, anywhere) is refused when the book is read, or is harmless:
// the same lines (a carriage return before a newline, the last newline
// removed), and the book read is the book written.
func TestEveryEditIsRefused(t *testing.T) {
	text := small(t)
	chars := "0123456789-+x BWK:,.#=\t\n\r"
	if testing.Short() { // a character of each kind, for the race detector's slow run
		chars = "07-x:#\t\n\r"
	}
	refused, harmless := 0, 0
	try := func(edited, what string) {
		b, err := Read(strings.NewReader(edited))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "book") {
				t.Fatalf("%s: the message %q does not say it is the book", what, err)
			}
			refused++
			return
		}
		var again bytes.Buffer
		b.Write(&again)
		if again.String() != text || lines(edited) != lines(text) {
			t.Fatalf("%s: the edited book loads: %q", what, edited)
		}
		harmless++
	}
	for i := 0; i <= len(text); i++ {
		if i < len(text) {
			try(text[:i]+text[i+1:], fmt.Sprintf("byte %d deleted", i))
		}
		for _, c := range []byte(chars) {
			if i < len(text) && c != text[i] {
				try(text[:i]+string(c)+text[i+1:], fmt.Sprintf("byte %d replaced by %q", i, c))
			}
			try(text[:i]+string(c)+text[i:], fmt.Sprintf("%q inserted at %d", c, i))
		}
	}
	t.Logf("%d bytes: %d edits refused, %d harmless", len(text), refused, harmless)
	if n := strings.Count(text, "\n"); harmless != n+2 {
		t.Errorf("%d edits load, want %d: a carriage return before each of the %d newlines, the last newline removed or made a carriage return", harmless, n+2, n)
	}
}

// lines is text as lines are read: a carriage return before a newline,
// or at the end, and the last newline do not count.
func lines(text string) string {
	return strings.TrimSuffix(strings.TrimSuffix(strings.ReplaceAll(text, "\r\n", "\n"), "\n"), "\r")
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
