// Package adjacency is the Adjacency strategy game on an 8x8 board (SPEC §1).
//
// X (rules.Black) starts on a7, b7, a8, b8 and O (rules.White) on g1, h1, g2,
// h2. A move puts the mover's mark on any empty square, and every
// orthogonally adjacent opponent mark (up, down, left, right; never
// diagonal, never across the board's edge) becomes the mover's. A round is
// one move by each side; the game ends when the round limit is reached
// (28 rounds, the default, fill the board). Most marks wins.
//
// A Position is a small value on two bitboards: Play returns a new one and
// Moves appends into the caller's buffer, and neither allocates, so a search
// copies positions instead of undoing moves.
//
// Files:
//   - adjacency.go the Options, the Position, its accessors and Captures
//   - play.go      the rules.State contract: Moves, Play, Result, Score, Hash
//   - notation.go  the position notation (String, Parse) and the board
//     views for the UI (Rows, Squares)
//   - moves.go     the move notation: MoveString, ParseMove, ParseMoves,
//     FormatMoves
//   - perft.go     Perft, the fast move-path counter
//
// The tests: rules_test.go (the special rules and the notation errors),
// perft_test.go, random_test.go (random games checking the invariants),
// fuzz_test.go, bench_test.go and example_test.go (a complete program).
package adjacency
