// Package book is an opening book made by the engine's own search: every
// position within some plies of the start, with the move a deeper search
// than a game allows chose there, its score and its depth. Build makes
// one (see `boardgames book`, which writes assets/books/checkers.book),
// Read and Write keep it as text, one position a line, and Lookup answers
// a game's position.
//
// The file is text so that a change shows in a diff:
//
//	# boardgames book checkers plies=4 bot=engine:depth=14
//	B:W21,...:B1,...	11-15	-6	16
//
// a header with the game and the options it was built with, then the
// position (the game's notation), the move, the score (the side to move's
// view, the search's units) and the depth, tab-separated, the lines sorted
// by position, so that the same options give the same file; and last a
// checksum of all the lines before it:
//
//	# checksum crc32=1c291ca3 bytes=81234
//
// (CRC-32 of the lines, each ending with a newline, and their length), so
// that an edit or damage of the file is refused when it is read: a CRC-32
// finds every change of up to 4 bytes in a row, the length every
// insertion and deletion. A book written before checksums (no such line)
// is still read, every line checked as before; `boardgames book` with its
// options adds the checksum.
package book

import (
	"bufio"
	"context"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"slices"
	"strconv"
	"strings"

	"boardgames/ai"
	"boardgames/rules"
	"boardgames/rules/games"
)

// Entry is the book's answer in one position.
type Entry struct {
	Position string // the position, in the game's notation
	Move     string // the move, in the game's notation
	Score    int    // the search's score for the side to move
	Depth    int    // the depth it was searched to
}

// Book is an opening book of one game.
type Book struct {
	Game    string // the game's name
	Options string // how it was built ("plies=4 bot=engine:depth=14")
	// Checked is set by Read when the file ended with a checksum that
	// matched (a book written before checksums has none).
	Checked bool
	entries map[string]Entry
}

// New returns an empty book of a game.
func New(game, options string) *Book {
	return &Book{Game: game, Options: options, entries: map[string]Entry{}}
}

// Len is the number of positions in the book.
func (b *Book) Len() int { return len(b.entries) }

// Add puts an entry in the book, replacing one of the same position.
func (b *Book) Add(e Entry) { b.entries[e.Position] = e }

// Entry returns the entry of a position given in the game's notation.
func (b *Book) Entry(position string) (Entry, bool) {
	e, ok := b.entries[position]
	return e, ok
}

// Position is what Lookup needs of a position of the book's game: its
// notation and its move parser (the games' own positions and
// games.Position have them).
type Position interface {
	String() string
	ParseMove(s string) (rules.Move, error)
}

// Lookup returns the book's move in pos, a position of the book's game,
// and its entry, if the book has pos and the move is legal there.
func (b *Book) Lookup(pos Position) (rules.Move, Entry, bool) {
	if b == nil {
		return 0, Entry{}, false
	}
	e, ok := b.entries[pos.String()]
	if !ok {
		return 0, Entry{}, false
	}
	m, err := pos.ParseMove(e.Move)
	if err != nil {
		return 0, Entry{}, false
	}
	return m, e, true
}

const (
	magic       = "# boardgames book "
	checksumTag = "# checksum "
)

// A book's scores are the search's: at most ai.WinScore either way (a
// decided game); its depths at most ai.MaxDepth.
const (
	maxScore = ai.WinScore
	maxDepth = ai.MaxDepth
)

// sum is the checksum of a book's lines as they are read or written.
type sum struct {
	crc   hash.Hash32
	bytes int
}

func newSum() *sum { return &sum{crc: crc32.NewIEEE()} }

// line adds a line, without its newline.
func (s *sum) line(text string) {
	io.WriteString(s.crc, text)
	s.crc.Write([]byte{'\n'})
	s.bytes += len(text) + 1
}

// String is the checksum line.
func (s *sum) String() string {
	return fmt.Sprintf("%scrc32=%08x bytes=%d", checksumTag, s.crc.Sum32(), s.bytes)
}

// Write writes the book as text, the lines sorted by position, and its
// checksum.
func (b *Book) Write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	s := newSum()
	line := func(text string) {
		s.line(text)
		bw.WriteString(text)
		bw.WriteByte('\n')
	}
	line(magic + b.Game + " " + b.Options)
	keys := make([]string, 0, len(b.entries))
	for k := range b.entries {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		e := b.entries[k]
		line(fmt.Sprintf("%s\t%s\t%d\t%d", e.Position, e.Move, e.Score, e.Depth))
	}
	bw.WriteString(s.String() + "\n")
	return bw.Flush()
}

// Read reads a book written by Write, checking every line: each position
// and move must be legal in the game, each score and depth in range, and
// the checksum, if the book has one (books written before checksums have
// none), must be the last line and match the lines before it.
func Read(r io.Reader) (*Book, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	if !sc.Scan() || !strings.HasPrefix(sc.Text(), magic) {
		return nil, fmt.Errorf("book: not a book file (want a first line %q...)", magic)
	}
	s := newSum()
	s.line(sc.Text())
	game, options, _ := strings.Cut(strings.TrimPrefix(sc.Text(), magic), " ")
	g, err := games.Lookup(game)
	if err != nil {
		return nil, fmt.Errorf("book: %w", err)
	}
	b := New(g.Name, options)
	for n := 2; sc.Scan(); n++ {
		if b.Checked {
			return nil, fmt.Errorf("book corrupt: line %d follows the checksum, which ends the book", n)
		}
		if strings.HasPrefix(sc.Text(), checksumTag) {
			if sc.Text() != s.String() {
				return nil, fmt.Errorf("book corrupt: checksum mismatch at line %d: the book was changed after it was written (build it again with boardgames book)", n)
			}
			b.Checked = true
			continue
		}
		s.line(sc.Text())
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 4 {
			return nil, fmt.Errorf("book: line %d: want 4 tab-separated fields, got %d", n, len(f))
		}
		pos, err := g.Parse(f[0], games.Settings{})
		if err != nil {
			return nil, fmt.Errorf("book: line %d: %w", n, err)
		}
		if _, err := pos.ParseMove(f[1]); err != nil {
			return nil, fmt.Errorf("book: line %d: %w", n, err)
		}
		score, err1 := strconv.Atoi(f[2])
		depth, err2 := strconv.Atoi(f[3])
		switch {
		case err1 != nil || err2 != nil:
			return nil, fmt.Errorf("book: line %d: the score and depth must be integers", n)
		case score < -maxScore || score > maxScore:
			return nil, fmt.Errorf("book: line %d: the score %d is out of range (-%d..%d)", n, score, maxScore, maxScore)
		case depth < 0 || depth > maxDepth:
			return nil, fmt.Errorf("book: line %d: the depth %d is out of range (0..%d)", n, depth, maxDepth)
		}
		b.Add(Entry{Position: pos.String(), Move: f[1], Score: score, Depth: depth})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("book: %w", err)
	}
	return b, nil
}

// Positions lists every position within plies plies of start (start
// included) whose game is not over, each once, in the order a
// breadth-first walk finds them. Enumerate is the same walk with a bound.
func Positions(start games.Position, plies int) []games.Position {
	out, _ := Enumerate(context.Background(), start, plies, -1, nil)
	return out
}

// Think searches one position for Build.
type Think func(ctx context.Context, pos games.Position) (ai.Info, error)

// Build searches the positions that b does not hold yet, adding each
// entry to b as it is found and calling done (if not nil) with it and the
// count so far, so that a caller can save the book as it grows and an
// interrupted build can go on from it. It stops when ctx ends, with
// ctx.Err().
func Build(ctx context.Context, b *Book, positions []games.Position, think Think, done func(e Entry, n, total int)) error {
	for i, pos := range positions {
		if _, ok := b.entries[pos.String()]; ok {
			continue
		}
		info, err := think(ctx, pos)
		if err := ctx.Err(); err != nil {
			return err
		}
		if err != nil {
			return fmt.Errorf("book: %s: %w", pos, err)
		}
		e := Entry{Position: pos.String(), Move: pos.MoveString(info.Move), Score: info.Score, Depth: info.Depth}
		b.Add(e)
		if done != nil {
			done(e, i+1, len(positions))
		}
	}
	return nil
}
