// Package checkers is English checkers (American draughts) on the 32 dark
// squares of an 8x8 board, numbered 1..32 in PDN order, as a small value
// type on 32-bit bitboards that implements rules.State.
//
// Black starts on 1..12 and moves first, down the board; White starts on
// 21..32. Captures are mandatory and any capture path may be chosen; a man
// that reaches the far row is crowned and its move ends; kings step and
// jump in all four directions. A side that cannot move loses; Options set
// the draw rule (moves by each side without a capture or a man move), and
// rules.History adds threefold repetition.
//
// A rules.Move of this package holds the whole path of a move: its start,
// the direction of every step or jump, its end and the pieces it captures
// (the layout is in move.go), so two capture paths are two moves even when
// they start, end and capture alike. The accessors Bitboards, QuietPlies,
// IsCapture and Captured serve evaluation functions and solvers.
//
//	h, err := checkers.ParseMoves(checkers.Start(), "1. 11-15 22-18 2. 15x22 25x18")
//	if err != nil {
//		log.Fatal(err)
//	}
//	p := h.Position()
//	fmt.Println(p) // B:W18,21,23,...:B1,2,...
//	for _, m := range p.Moves(nil) {
//		fmt.Println(p.MoveString(m), p.Squares(m))
//	}
//
// (Example in example_test.go runs a complete program.)
//
// Files:
//   - doc.go       this overview
//   - board.go     square numbering, direction shifts, set-wise jumper and
//     step helpers, per-square tables, Zobrist tables
//   - position.go  Options, Position, Start, New, Result, Score, Hash, Rows, accessors
//   - move.go      the Move encoding, MoveString, ParseMove, Squares
//   - movegen.go   Moves (captures by depth-first search), Play, MustCapture
//   - setup.go     FromBitboards: a position from bare bitboards
//   - fen.go       PDN FEN: Parse and String
//   - notation.go  move lists: ParseMoves and FormatMoves
//   - perft.go     Perft: a walk over bare bitboards, one copy per colour,
//     that makes children without Move values (Moves and Play when the draw
//     rule is near)
//   - bulk.go      the last ply of Perft: move counts from popcounts of
//     shifted bitboards, capture paths counted without building them
//
// Tests: rules_test.go and notation_test.go (special rules, notation and
// errors), perft_test.go, random_test.go (random games against a naive
// generator), fuzz_test.go, bench_test.go, example_test.go.
package checkers
