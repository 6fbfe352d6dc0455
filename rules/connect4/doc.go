// Package connect4 is Connect Four on the standard board of 7 columns and 6
// rows: stones drop to the lowest free cell of a column, four in a row in
// any direction wins, a full board without four is a draw. The first player
// is rules.Black and is written X; the second is rules.White, written O.
//
// A Position is two 64-bit bitboards in the layout of Pascal Pons' solver:
// the stones of the side to move and the mask of all stones. A column takes
// 7 bits, its 6 cells bottom up and an always-empty sentinel bit on top that
// stops lines from wrapping into the next column, so the cell in column c
// (0 = left) at height r (0 = bottom) is bit c*7 + r (see Bit). The
// exported bitboard helpers (HasFour, WinningMask, PlayableMask, ColumnMask,
// BottomMask, BoardMask) and the accessors Bitboards, Played and Key are
// there for evaluation functions and exact solvers that work on the bits.
//
// Notation: a move is a column digit 1..7 from the left, a game is a digit
// string such as "4453" (spaces allowed), and a position is the six rows top
// to bottom separated by '/', with X, O and '-' for the cells:
//
//	-------/-------/-------/-------/---O---/---X---
//
// The side to move follows from the counts of X and O.
//
// Files:
//   - doc.go      this overview
//   - board.go    the bitboard layout, its masks and the pure bitboard
//     helpers, the Zobrist keys
//   - position.go Options, Position and the rules.State methods: moves,
//     play, result, score, hash; the accessors and the board as text
//   - notation.go position strings, move and move-list parsing and
//     formatting, with their error messages
//   - perft.go    Perft, the fast move-path counter
//
// Tests: rules_test.go (wins in every direction, no wrap-around, full
// columns, draws, scores, every notation error, Pons' Test_L3_R1 set),
// perft_test.go (counts from the start and cross-checks with rules.Perft),
// random_test.go (seeded random games checked against a naive model),
// fuzz_test.go (one fuzz target per parser) and bench_test.go (Moves, Play
// and Perft benchmarks, and a zero-allocation test).
//
// A complete program:
//
//	h, err := connect4.ParseMoves(connect4.Start(), "4453")
//	if err != nil {
//		log.Fatal(err)
//	}
//	p := h.Position()
//	fmt.Println(p, p.ToMove(), p.Result(), connect4.Perft(p, 4))
package connect4
