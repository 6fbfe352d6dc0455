// Package eval holds the evaluation functions of the four games: heuristic
// values of positions that are not over, from the side to move's view, for
// the depth-limited searches of package ai. A game has several, chosen by
// name; the first is the default:
//
//	othello    strong (mobility, potential mobility, frontier, corners,
//	           X- and C-squares, stable discs, parity, weighted by phase),
//	           positional (one paper's table: corner 5, edge 3, inside 1),
//	           discs (disc difference)
//	checkers   strong (material with kings 1.5 men, advancement, back-rank
//	           guard, centre, edges, mobility, captures pending, trades,
//	           hunting kings and double corners in the ending, the move),
//	           paper (one paper's factors: material, mobility, jumps,
//	           pieces on the edges)
//	connect4   threats (open threats by row parity, centre control),
//	           paper (win/loss only: always 0; the searches score the ends)
//	adjacency  vulnerability (marks, exposed marks, frontier),
//	           marks (the paper's objective: mark difference)
//
// Every evaluation is a plain function on the game's bitboards: it
// allocates nothing and takes from a few nanoseconds to a few hundred, and
// its values stay within ±ai.WinScore/2 (far inside: a few thousand, or
// ±100000 for a Connect Four game decided within two plies).
//
// Files:
//   - eval.go       the names and the constructors Othello, Checkers,
//     Connect4 and Adjacency, Names and Default
//   - othello.go    the Othello evaluations, full lines and stable discs
//   - checkers.go   the checkers evaluations and bitboard move counts
//   - connect4.go   the Connect Four evaluations
//   - adjacency.go  the Adjacency evaluations
//
// The tests check hand-made positions, the symmetries of each board,
// bounds and zero allocations on thousands of random positions, and (with
// EVAL_MATCH set, see match_test.go) that each default evaluation beats
// the simpler ones in fixed-depth alpha-beta matches.
package eval
