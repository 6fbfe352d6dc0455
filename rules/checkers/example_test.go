package checkers_test

import (
	"fmt"
	"log"
	"strings"

	"boardgames/rules/checkers"
)

func Example() {
	h, err := checkers.ParseMoves(checkers.Start(), "1. 11-15 22-18 2. 15x22 25x18")
	if err != nil {
		log.Fatal(err)
	}
	p := h.Position()
	fmt.Println(p)
	fmt.Println(strings.Join(p.Rows(), "\n"))
	var moves []string
	for _, m := range p.Moves(nil) {
		moves = append(moves, p.MoveString(m))
	}
	fmt.Println(p.ToMove(), "to move:", strings.Join(moves, " "), "score", p.Score())
	// Output:
	// B:W18,21,23,24,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12
	// .b.b.b.b
	// b.b.b.b.
	// .b.b.-.b
	// -.-.-.-.
	// .-.w.-.-
	// w.-.w.w.
	// .-.w.w.w
	// w.w.w.w.
	// black to move: 8-11 9-13 10-14 12-16 7-11 9-14 10-15 score 0
}
