// Package books holds the opening books the perfect players read, as
// compact binary files embedded in the program:
//
//   - connect4.book: the Connect Four book of ai/bots' perfect player, the
//     positions whose exact solve would take too long during a game, with
//     their scores and best moves (format and reader: c4solver.Book). It
//     is built by the project's own solver, reproducibly:
//     `nice -n 19 go run ./cmd/c4book -o assets/books/connect4.book`
//     (see cmd/c4book and BENCHMARKS.md for the options and the time).
//   - connect4-plies.book: every Connect Four position of at most 4
//     stones, exact (c4solver.BuildFull), built by `boardgames book -game
//     connect4 -bot perfect -plies 4`.
//   - checkers.book: the checkers engine's opening book, every position
//     within 4 plies of the start with the move of a search to depth 14
//     (format and reader: package ai/book). It is built by the engine
//     itself: `boardgames book -game checkers -plies 4 -bot
//     engine:depth=14 -o assets/books/checkers.book` (BENCHMARKS.md has the
//     time).
//   - othello.book: the Othello engine's opening book (with the learned
//     pattern evaluation), every position within 4 plies of the start with
//     the move of a search to depth 20: `boardgames book -game othello
//     -plies 4 -bot engine:depth=20,eval=pattern -o
//     assets/books/othello.book`.
//
// The two text books end with their checksum (see package ai/book), which
// their command writes: run again on the complete book, it searches
// nothing and only writes the file again (0.2 s each).
//
// The package imports nothing, so that the players in package ai can use
// it without the app's toolkit.
package books

import _ "embed"

// Connect4 is the Connect Four opening book (c4solver.LoadBook reads it).
//
//go:embed connect4.book
var Connect4 []byte

// Connect4Plies is the complete Connect Four book of the first plies:
// the exact score and best moves of every position of at most its
// Openings stones (c4solver.BuildFull), which the perfect player asks
// before Connect4. It is built by `boardgames book -game connect4 -bot
// perfect -plies 4 -o assets/books/connect4-plies.book` (resumable; see
// BENCHMARKS.md for its size, its time and how far it is).
//
//go:embed connect4-plies.book
var Connect4Plies []byte

// Connect4ExtraRoots lists the positions, as moves from the start, from
// which the Connect Four book was built besides the start and the
// positions after one stone: its header says 1 (every position of at most
// one stone is a root), and these 2-stone roots were built as well
// (`go run ./cmd/c4book -only 11 -openings 2 -o 11.book`, then -merge).
// The perfect player taking over at one of them, moving first, finds every
// slow position it can face in the book. c4solver's TestShippedBook checks
// them (C4_BOOK_CHECK).
var Connect4ExtraRoots = []string{"11"}

// Othello is the Othello opening book (ai/book.Read reads it).
//
//go:embed othello.book
var Othello []byte

// Checkers is the checkers opening book (ai/book.Read reads it).
//
//go:embed checkers.book
var Checkers []byte
