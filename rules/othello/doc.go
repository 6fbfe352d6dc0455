// Package othello implements the rules of Othello (Reversi) on bitboards
// for the rules.State contract.
//
// A Position holds the discs of the side to move and of its opponent as
// two 64-bit boards (bit i is square i = row*8 + column, a1 = 0 top-left,
// h8 = 63) and the colour to move. A move is a square index, or Pass when
// the side to move has no legal move but its opponent has one; the game is
// over when neither side can move. MoveMask and Flips are the bitboard
// primitives underneath, exported for evaluation functions and solvers.
//
// Files:
//   - othello.go  Name, Options, Position, Start, New and the rules.State
//     methods: moves, play, result and score
//   - bitboard.go MoveMask (shift-and-mask move generation, runs grown by
//     doubling) and Flips (per-direction ray tables, branch-free)
//   - hash.go     the Zobrist hash, from byte-indexed key tables
//   - notation.go position strings (the OBF layout), move names and move
//     lists: Parse, String, Rows, Squares, MoveString, ParseMove,
//     ParseMoves, FormatMoves
//   - perft.go    Perft, the fast move-path counter
//   - stable.go   Stable, discs that can never flip, and ResultBounds, the
//     result they guarantee near the end of the game
//
// Tests: rules_test.go (special rules, notation errors), obf_test.go (the
// FForum endgame positions in testdata), perft_test.go (published counts; set
// OTHELLO_PERFT_DEEP=1 for depths 10 and 11), random_test.go (invariants
// over seeded random games), stable_test.go (stable discs against every
// continuation), fuzz_test.go (the parsers), bench_test.go and
// example_test.go.
//
// A complete program, playing the first legal move until the game ends:
//
//	p := othello.Start()
//	var buf [rules.MaxMoves]rules.Move
//	for moves := p.Moves(buf[:0]); len(moves) > 0; moves = p.Moves(buf[:0]) {
//		p = p.Play(moves[0])
//	}
//	fmt.Println(p.Result(), p.Score())
package othello
