// Package endgame solves Othello endgames exactly: the final disc
// difference under perfect play by both sides (empty squares counted for
// the winner, the scores of the OBF files) and the moves that achieve it.
//
//	s := endgame.New(0) // 64 MiB hash table; reuse the Solver
//	res, err := s.SolveBest(ctx, pos)
//	fmt.Println(res.Score, res.Best, res.Nodes, res.Elapsed)
//
// SolveBest proves one best move and the score; Solve also gives the exact
// score of every legal move (two to five times the work of SolveBest).
// Both stop when the context is done. Up to about 14 empty squares a solve
// takes milliseconds, at 20 about half a second, and the time grows about
// threefold with every two more empties.
//
// The solver follows Edax (Richard Delorme) in its structure and tricks:
// bitboards, principal variation search at the root and null-window
// searches below, fastest-first move ordering, quadrant parity, stability
// cutoffs, a hash table of score bounds, enhanced transposition cutoffs and
// unrolled solvers for the last four empty squares. Nothing allocates per
// node. SetEvaluation adds an evaluation (the pattern evaluation of
// package eval, in the perfect player) to the move ordering from 14
// empties.
//
// Files:
//   - doc.go       this overview
//   - solver.go    the API: Solver, New, Solve, SolveBest, Result; SetEvaluation,
//     SetNodeLimit, and Partial (what a stopped solve proved)
//   - search.go    the searches: pvs, nws (with the table), shallow
//   - last.go      the solvers of the last 4, 3, 2 and 1 empty squares
//   - order.go     move ordering: fastest first, refined by a mobility search
//     and the evaluation (SetEvaluation)
//   - table.go     the hash table (3 entries per cache line)
//   - stability.go stable discs for the stability cutoff
//   - bits.go      bitboards: moves, flips, last-move flip count, parity
//
// The table's memory (huge pages on Linux), the polling of the context and
// the test helpers shared with package c4solver are in
// ai/solve/internal/solvekit.
package endgame
