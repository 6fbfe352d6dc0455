// Package eval holds the evaluation functions of the four games: heuristic
// values of positions that are not over, from the side to move's view, for
// the depth-limited searches of package ai. A game has several, chosen by
// name; the first is the default:
//
//	othello    strong (mobility, potential mobility, frontier, corners,
//	           X- and C-squares, stable discs, parity, weighted by phase),
//	           positional (one paper's table: corner 5, edge 3, inside 1),
//	           discs (disc difference),
//	           pattern (learned: 46 pattern instances of 11 kinds, mobility,
//	           potential mobility and parity, 15 phases; it estimates the
//	           final disc margin, DiscUnit to the disc, and comes with
//	           Multi-ProbCut statistics for the engine)
//	checkers   pattern (the default: tuned's features and the men's
//	           configurations of 18 regions of 3 rows by 4 columns, fitted
//	           like tuned to the engine's deeper searches with tuned; it
//	           prunes by tuned's Multi-ProbCut statistics),
//	           tuned (see below),
//	           strong (material with kings 1.5 men, advancement, back-rank
//	           guard, centre, edges, mobility, captures pending, trades,
//	           hunting kings and double corners in the ending, the move;
//	           it comes with Multi-ProbCut statistics for the engine),
//	           factors (one paper's factors: material, mobility, jumps,
//	           pieces on the edges),
//	           learned (a logistic model of the side to move's chances:
//	           men and kings on each square, mobility, runaways, the move,
//	           trades, king hunting, tapered by the pieces on the board),
//	           tuned (the same kind of model over more features: back
//	           rank, king moves, trapped kings, dog-holes, tempo; fitted
//	           to the engine's deeper searches and the endgame databases,
//	           in strong's points, with Multi-ProbCut statistics of its
//	           own)
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
// The learned evaluations read their weights from assets/weights (the
// output of package ai/learn, `boardgames train`), when first used;
// OthelloPattern and CheckersLearned make them with other weights, and the
// feature functions (OthelloFeatureIndices, CheckersFeatures) are what the
// training fits. Selectivity (SelectivityAt, at another confidence) gives
// an evaluation's Multi-ProbCut model to the engine
// (ai.Params.Selectivity).
//
// Files:
//   - eval.go       the names and the constructors Othello, Checkers,
//     Connect4 and Adjacency, Names and Default
//   - othello.go    the Othello evaluations, full lines and stable discs
//   - checkers.go   the checkers evaluations and bitboard move counts
//   - connect4.go   the Connect Four evaluations
//   - adjacency.go  the Adjacency evaluations
//   - othello_pattern.go the pattern evaluation's features: the kinds, the
//     board's symmetries, the shared weights' layout; OthelloPerDisc and
//     OthelloDiscs, the evaluations' points in discs of the final margin
//     for what the user reads (StrongPerDisc is measured; the tests print
//     the fit against exact solves)
//   - othello_learned.go the pattern evaluation's weights and value
//   - othello_bits.go the pattern evaluation on bare bitboards
//   - probcut.go    Multi-ProbCut statistics (their file) and Selectivity
//   - othello_probcut.go the pattern evaluation's Multi-ProbCut model
//   - checkers_probcut.go the strong and tuned checkers evaluations', by
//     bands of pieces (package ai/learn measures them: `boardgames probcut`)
//   - checkers_learned.go the learned checkers evaluation
//   - checkers_tuned.go the tuned checkers evaluation
//   - checkers_pattern.go the checkers pattern evaluation: tuned's and the
//     regions' configurations
//   - weights.go    the weights files
//
// The tests check hand-made positions, the symmetries of each board,
// bounds and zero allocations on thousands of random positions, the
// pattern features against a square-by-square reading, and (with
// EVAL_MATCH set, see match_test.go) that each default evaluation beats
// the simpler ones in fixed-depth alpha-beta matches.
// BenchmarkEngineOthello and BenchmarkEngineCheckers compare the engine's
// nodes per second with each evaluation.
package eval
