// Package review looks back over a finished game: it values every position,
// compares the move played with the best move, and labels each move best,
// good, inaccuracy, mistake or blunder, the way lichess' analysis board
// does for chess and GamesmanUni's value history does for solved games.
// The window, the command line (`boardgames review`) and `grade`'s
// costliest moves share it.
//
// A value is exact where a solver, a book or a database knows it:
//   - Connect Four everywhere: the perfect player's books
//     (bots.Connect4Lookup: the complete book of the first plies, then the
//     opening book; a position's own entry, or the entries of all the
//     positions after its moves) and the solver (c4solver.SolveBest), in Pons' score, with the
//     plies to the end;
//   - Othello from Options.Empties empty squares (20 by default): the
//     endgame solver's final disc margin;
//   - checkers inside the endgame databases that are built (ai/solve/egdb),
//     as win, draw or loss with the distance where the databases have it.
//
// Each exact solve has a cap (Options.SolveTime): a position it does not
// prove in time gets the engine's value, marked unproven. Elsewhere the
// engine judges at a fixed depth (DefaultDepth) or time per position, with
// its learned Othello evaluation in discs, its checkers evaluation in men
// and its Adjacency evaluation in marks. A move's value is the value of the
// position after it, for the mover; the best move's is the position's own.
//
// Labels (judge, Scales): a move that is one of the best moves is best. A
// move that changes the value class (a win into a draw or a loss, a draw
// into a loss) is a blunder, exact when both values are. Otherwise the
// value lost in the game's units decides: Othello 2, 6 and 12 discs for an
// inaccuracy, a mistake and a blunder, checkers 0.3, 0.7 and 1.5 men,
// Adjacency 1, 2 and 4 marks; Connect Four and checkers' exact values,
// which have a class and a distance but no units, call a move that keeps
// the class good (a slower win, a quicker loss). A Connect Four move the
// solver could not prove either way is unproven, without a verdict. Every
// Move says whether its label is exact (Move.Exact) and what it rests on
// (Move.Basis).
//
// Accuracy is lichess' formula on the mover's win chance before and after
// the move: a known class is 100, 50 or 0%, a heuristic score s the
// logistic 100/(1+exp(-s/k)) with k 5 discs, 1 man or 3 marks (Scale).
// A side's accuracy is the plain mean over its labelled moves.
//
// Values are kept in a Cache keyed by the position's hash and the
// settings that made them, shared by every game a Reviewer reviews (a
// tournament's games share their openings and endings) and saved to a file
// so that a long review resumes where it stopped.
//
// Files:
//   - doc.go      this overview
//   - value.go    Value, its classes, and the win chance
//   - label.go    Label, the games' Scales and the judging of a move
//   - analyze.go  Reviewer and Options: the value of a position, by book,
//     solver, databases or engine
//   - review.go   Review: a whole game's moves labelled, and each side's
//     summary
//   - cache.go    Cache, in memory and as a file
//   - graph.go    the evaluation graph's points, as SVG and PNG
package review
