package othello_test

import (
	"fmt"

	"boardgames/rules"
	"boardgames/rules/othello"
)

// Example plays the first legal move until the game ends, as in the
// package comment.
func Example() {
	p := othello.Start()
	var buf [rules.MaxMoves]rules.Move
	for moves := p.Moves(buf[:0]); len(moves) > 0; moves = p.Moves(buf[:0]) {
		p = p.Play(moves[0])
	}
	fmt.Println(p.Result(), p.Score())
	// Output: white wins -26
}

func ExampleParseMoves() {
	h, err := othello.ParseMoves(othello.Start(), "f5 d6 C3 d3")
	if err != nil {
		fmt.Println(err)
		return
	}
	p := h.Position()
	fmt.Println(othello.FormatMoves(h.Start(), h.Moves()), p.ToMove(), p.Score())
	for _, row := range p.Rows() {
		fmt.Println(row)
	}
	_, err = othello.ParseMoves(othello.Start(), "f5 e3")
	fmt.Println(err)
	// Output:
	// f5d6c3d3 black 0
	// --------
	// --------
	// --XO----
	// ---OX---
	// ---OXX--
	// ---O----
	// --------
	// --------
	// othello: move 2 (e3): e3 flips no disc
}
