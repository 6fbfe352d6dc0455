package c4solver

import (
	"os"
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
