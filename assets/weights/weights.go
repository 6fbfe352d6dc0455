// Package weights holds the fitted weights of the learned evaluations, as
// compact files embedded in the program (format and reader:
// eval.ReadWeights):
//
//   - othello.weights: the Othello pattern evaluation ("pattern" in
//     package ai/eval)
//   - othello.probcut: the Multi-ProbCut statistics of those weights, for
//     the engine's selective search
//   - checkers.weights: the learned checkers evaluation ("learned")
//   - checkers_tuned.weights: the tuned checkers evaluation ("tuned")
//   - checkers_pattern.weights: the checkers pattern evaluation
//     ("pattern"), tuned's features and 18 regions' configurations of men
//   - checkers.probcut: the Multi-ProbCut statistics of the hand-set
//     "strong" checkers evaluation (`boardgames probcut -game checkers`)
//   - checkers_tuned.probcut: those of the tuned checkers evaluation
//     (`boardgames probcut -game checkers -eval tuned`)
//
// All are produced by the project's own pipelines, reproducibly from a
// seed: `boardgames train -game othello`, `boardgames train -game
// checkers` and `boardgames probcut -game checkers` (package ai/learn;
// README.md and BENCHMARKS.md give the settings, the data and the time
// they took).
//
// The browser build leaves othello.weights out (othello_js.go): they are
// 1.4 MB that no compression shrinks, and the page must stay under 8 MB;
// there the pattern evaluation is not offered.
//
// The package imports nothing, so that package ai/eval can use it without
// the app's toolkit.
package weights

import _ "embed"

// OthelloProbCut holds the Multi-ProbCut statistics of the Othello
// pattern evaluation's weights (format and reader: eval.ReadProbCutStats).
//
//go:embed othello.probcut
var OthelloProbCut []byte

// CheckersProbCut holds the Multi-ProbCut statistics of the hand-set
// "strong" checkers evaluation (format and reader: eval.ReadProbCutStats).
//
//go:embed checkers.probcut
var CheckersProbCut []byte

// CheckersTunedProbCut holds the Multi-ProbCut statistics of the tuned
// checkers evaluation's weights (format and reader: eval.ReadProbCutStats).
//
//go:embed checkers_tuned.probcut
var CheckersTunedProbCut []byte

// Checkers holds the learned checkers evaluation's weights.
//
//go:embed checkers.weights
var Checkers []byte

// CheckersTuned holds the tuned checkers evaluation's weights ("tuned",
// fitted to the engine's deeper searches and the endgame databases).
//
//go:embed checkers_tuned.weights
var CheckersTuned []byte

// CheckersPattern holds the checkers pattern evaluation's weights
// ("pattern": the tuned features and the men's configurations of 18
// regions, fitted to the engine's deeper searches with tuned).
//
//go:embed checkers_pattern.weights
var CheckersPattern []byte
