// Package c4solver solves Connect Four positions exactly, in Pascal Pons'
// score convention (SPEC §1): 0 a draw, a win scores 22 minus the
// winner's stones when it connects four (the winning stone counted), a
// loss the negative of the opponent's win, from the side to move's view.
//
//	s := c4solver.New(0) // 64 MiB transposition table; reuse the Solver
//	res, err := s.Solve(ctx, pos)
//	fmt.Println(res.Score, res.Best, res.Moves, res.Nodes, res.Elapsed)
//
// Score gives the value only (what Pons' solver computes), SolveBest the
// value and every best move, SolveChoice the value and the one best move
// Choose picks (the perfect player's), Solve also the exact score of every
// legal move, which can cost much more in the opening: a poor early move
// leads to a long game. Every solve stops when the context is done.
//
// The search is the one of Pons' tutorial "Solving Connect Four"
// (gamesolver.org): bitboards, negamax with alpha-beta called with null
// windows only, narrowing the score interval (MTD-like), a transposition
// table of score bounds, pruning of the moves that lose at once, immediate
// win detection and moves ordered by the threats they create, centre first.
// Beyond it: both bounds per table slot with the full key, mirror images
// sharing a key, a small cache-resident table for the positions near the
// end, huge pages for the big one, an enhanced transposition cutoff (the
// table asked about every move before any is searched), and the
// narrowing's probes in the middle of a narrow interval rather than near
// zero.
// Nothing allocates per node.
//
// A Book holds the answers of the positions too slow to solve during a
// game: BuildBook makes the one of the perfect player of ai/bots (see
// cmd/c4book, which writes assets/books/connect4.book), LoadBook reads it,
// and Choose is the player's choice among best moves, which the book
// follows. BuildFull makes a complete book of the first plies, every
// position with its exact score and best moves, which the player asks
// first.
//
// Files:
//   - doc.go        this overview
//   - solver.go     the API: Solver, New, Solve, SolveBest, SolveChoice, Score,
//     Result
//   - search.go     negamax and the null-window narrowing
//   - board.go      bitboard helpers: winning cells, safe moves, mirror key
//   - table.go      the transposition table
//   - book.go       Book: the opening book's entries, file format, Choose
//   - bookgen.go    BuildBook: which positions go into the book
//   - fullbook.go   BuildFull: the complete book of every position within
//     some plies (boardgames book -game connect4 -bot perfect)
//
// The table's memory (huge pages on Linux), the polling of the context and
// the test helpers shared with package endgame are in
// ai/solve/internal/solvekit.
package c4solver
