package adjacency_test

import (
	"fmt"

	"boardgames/rules/adjacency"
)

// Example plays two rounds (c7 takes b7 and c6, not the diagonal d6) and
// shows an illegal move list.
func Example() {
	h, err := adjacency.ParseMoves(adjacency.Start(), "c6 f3 d6 c7")
	if err != nil {
		fmt.Println(err)
		return
	}
	p := h.Position()
	for _, row := range p.Rows() {
		fmt.Println(row)
	}
	fmt.Println(p.Score(), p.RoundsPlayed(), p.RoundsLeft(), p.Result())

	_, err = adjacency.ParseMoves(adjacency.Start(), "c6 f3 c6")
	fmt.Println(err)
	// Output:
	// ------OO
	// ------OO
	// -----O--
	// --------
	// --------
	// --OX----
	// XOO-----
	// XX------
	// -4 2 26 ongoing
	// adjacency: move 3 (c6): c6 is occupied
}
