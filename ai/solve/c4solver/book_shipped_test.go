package c4solver

import (
	"context"
	"os"
	"slices"
	"strconv"
	"testing"

	"boardgames/assets/books"
	"boardgames/rules/connect4"
)

// TestShippedBook checks the book the perfect player ships with
// (assets/books) the way TestBookCovers checks the small one: every
// position the player can face from the start, and from the 2-stone roots
// of books.Connect4ExtraRoots, is in the book or solved
// within the book's limit from an empty table, and the book's entries from
// C4_BOOK_CHECK stones on agree with a solve. It takes about half an hour,
// so it runs only when C4_BOOK_CHECK is set (e.g. C4_BOOK_CHECK=12).
func TestShippedBook(t *testing.T) {
	from, err := strconv.Atoi(os.Getenv("C4_BOOK_CHECK"))
	if err != nil {
		t.Skip("set C4_BOOK_CHECK=STONES to check the shipped book (half an hour)")
	}
	book, err := LoadBook(books.Connect4)
	if err != nil {
		t.Fatal(err)
	}
	met := checkBook(t, book, connect4.Start(), from, true)
	// The 2-stone roots built so far (see BENCHMARKS.md), where the player
	// takes over moving first.
	for _, moves := range books.Connect4ExtraRoots {
		for k := range checkBook(t, book, mustPlay(t, moves), from, false) {
			met[k] = true
		}
	}
	if len(met) != book.Len() {
		t.Errorf("the walks met %d of the %d positions of the book", len(met), book.Len())
	}
}

// TestShippedPliesBook checks the complete book of the first plies
// (assets/books/connect4-plies.book, which may be a checkpoint still): it
// says what BuildFull of 4 plies says, holds only positions within them,
// and each of its positions whose moves all lead to positions of the book
// has the score and best moves they give. With C4_BOOK_CHECK set, every
// entry of 4 stones is checked against a solve too (minutes each).
func TestShippedPliesBook(t *testing.T) {
	book, err := LoadBook(books.Connect4Plies)
	if err != nil {
		t.Fatal(err)
	}
	if i := book.Info(); i != (BookInfo{Openings: 4, MaxStones: 5}) {
		t.Errorf("the book says %+v", i)
	}
	levels := fullLevels(connect4.Start(), 4)
	done := make(map[uint64]uint64)
	for _, e := range book.entries {
		done[e>>entryShift] = e
	}
	met := 0
	for d, level := range levels {
		for _, p := range level {
			e, ok := done[canonicalOf(p)]
			if !ok {
				continue
			}
			met++
			if d < 4 {
				score, best, ok := backUp(p, done)
				if !ok {
					t.Errorf("%s: in the book, but not every position after it", p)
				} else if want := entry(p, score, best); e != want {
					t.Errorf("%s: entry %#x, its moves give %#x", p, e, want)
				}
			}
		}
	}
	if met != book.Len() {
		t.Errorf("%d entries, %d of them positions within 4 plies", book.Len(), met)
	}
	t.Logf("%d entries, %d of the %d positions of 4 stones", book.Len(), countLevel(levels[4], done), len(levels[4]))
	if os.Getenv("C4_BOOK_CHECK") == "" {
		return
	}
	s := New(DefaultBuildMiB)
	for _, p := range levels[4] {
		r, ok := book.Lookup(p)
		if !ok {
			continue
		}
		want, err := s.SolveBest(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if r.Score != want.Score || !slices.Equal(r.Best, want.Best) {
			t.Errorf("%s: book %d %v, solver %d %v", p, r.Score, r.Best, want.Score, want.Best)
		}
	}
}

// countLevel counts the positions of level that are in done.
func countLevel(level []connect4.Position, done map[uint64]uint64) int {
	n := 0
	for _, p := range level {
		if _, ok := done[canonicalOf(p)]; ok {
			n++
		}
	}
	return n
}
