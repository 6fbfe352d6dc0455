package bots

import (
	"context"
	"fmt"
	"testing"
	"time"

	"boardgames/ai"
	"boardgames/ai/book"
	"boardgames/rules"
	"boardgames/rules/games"
)

// The shipped opening books cover every position within their plies of
// the start, each with a legal move, made the way the book says, and end
// with their checksum.
func TestShippedBooks(t *testing.T) {
	for _, c := range []struct {
		game    string
		open    func() (*book.Book, error)
		options string
	}{
		{"checkers", CheckersBook, "plies=4 bot=engine:depth=14"},
		{"othello", OthelloBook, "plies=4 bot=engine:depth=20,eval=" + OthelloBookEval},
	} {
		b, err := c.open()
		if err != nil {
			t.Fatalf("%s: %v", c.game, err)
		}
		if !b.Checked {
			t.Errorf("%s: the book has no checksum (write it again with its command, assets/books/books.go)", c.game)
		}
		if b.Game != c.game || b.Options != c.options {
			t.Errorf("%s: the book says %s %q", c.game, b.Game, b.Options)
		}
		g, _ := games.Lookup(c.game)
		start, _ := g.Start(games.Settings{})
		positions := book.Positions(start, 4)
		if b.Len() != len(positions) {
			t.Errorf("%s: %d positions in the book, %d within 4 plies", c.game, b.Len(), len(positions))
		}
		for _, p := range positions {
			m, _, ok := b.Lookup(p)
			if !ok {
				t.Errorf("%s: %s is not in the book", c.game, p)
				continue
			}
			if !legal(p, m) {
				t.Errorf("%s: the book's move in %s is not legal", c.game, p)
			}
		}
	}
}

func legal(p games.Position, m rules.Move) bool {
	for _, l := range p.Legal() {
		if l == m {
			return true
		}
	}
	return false
}

// The engine on the clock plays the book's move; searched to a fixed
// depth, or in Othello with another evaluation than the book's, it
// searches.
func TestEngineAnswersFromTheBook(t *testing.T) {
	for _, c := range []struct {
		game, eval string
		clock, use bool
	}{
		{"checkers", "", true, true},
		{"checkers", "", false, false},
		{"othello", OthelloBookEval, true, true},
		{"othello", OthelloBookEval, false, false},
		{"othello", "strong", true, false},
	} {
		g, _ := games.Lookup(c.game)
		start, _ := g.Start(games.Settings{})
		spec := Spec{Algo: "engine", Eval: c.eval, Params: ai.Params{Depth: 2}}
		if c.clock {
			spec.Params = ai.Params{Depth: 64, Time: 50 * time.Millisecond}
		}
		info, err := Think(context.Background(), start, spec)
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("%s %s", c.game, spec)
		if info.Book != c.use {
			t.Errorf("%s: from the book %v, want %v", name, info.Book, c.use)
		}
	}
}
