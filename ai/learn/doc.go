// Package learn fits the learned evaluations of package ai/eval: the
// Othello pattern evaluation ("pattern") and the learned checkers
// evaluation ("learned"), from positions of the project's own self-play
// games. The command `boardgames train -game othello|checkers` runs it;
// the shipped weights in assets/weights are its output, reproducible from
// the seed and the settings (DefaultConfig).
//
// The pipeline (Train), for each round:
//
//  1. Self-play: games from random openings (a few random plies), then
//     the engine at a fixed depth with the hand-set evaluation (later
//     rounds: the weights fitted so far). Othello games are played from
//     16 empty squares on by the exact endgame solver (ai/solve/endgame),
//     so that their result is the exact value of every position from
//     there. Checkers games can end at a position an oracle knows (the
//     endgame databases, once the project has them: CheckersOracle). The
//     games are kept as text, one a line, gzip-compressed
//     (NAME-roundN.games.gz): they are the training data, under version
//     control in ai/learn/data.
//  2. Labels: an Othello position's target is the game's final disc
//     margin, blended with the search value of a position some moves
//     later (bootstrapping, see bootstrapLinks); a checkers position's
//     target is the game's result for the side to move (1, ½ or 0).
//  3. Fit: a sparse linear model by Adam (Kingma and Ba 2015) on
//     mini-batches, squared error for Othello's margins, cross-entropy of
//     the logistic function for checkers' results (logistic regression,
//     the idea of Texel's tuning method), stopped early on the loss of one
//     game in 16 held out. Othello's weights are fitted phase by phase (15
//     phases of 4 empty squares, each also learning from the positions two
//     squares either side of its range), from the end of the game
//     backwards; symmetric configurations share their weights
//     (ai/eval's layout). Each fitted phase is checkpointed.
//     With Config.Labels, Othello positions of the games are first
//     labelled by deeper searches (label.go) and a labelled position's
//     label is its target; Config.FineTune fits the labelled positions
//     alone, starting from given weights. Config.PriorMix also fits a
//     small network a pattern kind to the labels (mlp.go) and blends the
//     tables it gives into the fine-tuned ones.
//  4. Othello only: the Multi-ProbCut statistics of the fitted weights
//     (probcut.go), from searches of self-play positions to growing
//     depths.
//
// The tuned and pattern checkers evaluations (Config.Eval "tuned" and
// "pattern", checkers_tuned.go) are fitted to labels instead: positions of
// round 1's games valued by a deeper search of the engine (with
// Config.LabelEval), or exactly by the endgame databases.
//
// CheckersProbCut (`boardgames probcut -game checkers [-eval tuned]`)
// measures the same statistics for the hand-set strong checkers evaluation
// or the tuned one (whose statistics the default, pattern, prunes by):
// self-play games of strong, one
// position of each searched to growing depths with the evaluation
// measured, the error's spread by bands of pieces.
//
// Every stage keeps its work in the working folder, so that an interrupted
// run started again with the same settings goes on where it stopped: the
// games file grows game by game (the game with a given number is always
// the same game), the fit phase by phase.
//
// Files:
//   - train.go    Config, DefaultConfig, Train and the Othello pipeline
//   - selfplay.go the self-play driver: parallel games, written in order,
//     resumable
//   - records.go  the game files
//   - othello.go  Othello's self-play player, samples, bootstrapped targets
//   - label.go    Othello positions labelled by deeper searches and exact
//     solves (LabelOthello), resumable, and the labels files
//   - checkers.go checkers' self-play player, samples and pipeline
//   - checkers_tuned.go the tuned checkers evaluation's pipeline: positions
//     labelled by deeper searches and the endgame databases, then the fit
//   - fit.go      the sparse linear model and its Adam fit
//   - mlp.go      the pattern kinds' networks (the prior of PriorMix), their
//     fit and their tables
//   - probcut.go  the fit of the Multi-ProbCut statistics
//   - checkers_probcut.go the checkers engine's Multi-ProbCut statistics
package learn
