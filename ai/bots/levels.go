package bots

import (
	"slices"
	"time"

	"boardgames/ai"
	"boardgames/ai/eval"
)

// The levels of the presets.
const (
	Easy   = "Easy"
	Medium = "Medium"
	Hard   = "Hard"
	// Perfect is the perfect player, for the games it plays (LevelsFor).
	Perfect = "Perfect"
)

// Levels lists the preset levels every game has, weakest first.
func Levels() []string { return []string{Easy, Medium, Hard} }

// LevelsFor lists the preset levels of a game, weakest first: Levels, and
// Perfect for the games the perfect player plays.
func LevelsFor(game string) []string {
	if a, ok := Lookup("perfect"); ok && a.Plays(game) {
		return append(Levels(), Perfect)
	}
	return Levels()
}

// Preset returns the bot of a level for a game: Easy is a shallow
// alpha-beta with the papers' simple evaluation, Medium a deeper one with
// the strong evaluation, Hard the engine with a time budget and the
// strongest evaluation, Perfect the perfect player (Hard for a game it does not play). An unknown level
// gives Medium.
func Preset(game, level string) Spec {
	switch level {
	case Perfect:
		if slices.Contains(LevelsFor(game), Perfect) {
			return Spec{Algo: "perfect", Eval: strongest(game)}
		}
		return Preset(game, Hard)
	case Easy:
		return Spec{Algo: "alphabeta", Eval: simpleEval[game], Params: ai.Params{Depth: 2}}
	case Hard:
		return Spec{Algo: "engine", Eval: strongest(game), Params: ai.Params{Depth: 64, Time: 2 * time.Second}}
	}
	return Spec{Algo: "alphabeta", Params: ai.Params{Depth: mediumDepth[game], Ordering: true}}
}

// simpleEval is each game's evaluation from the papers.
var simpleEval = map[string]string{
	"othello": "positional", "checkers": "factors", "connect4": "paper", "adjacency": "marks",
}

// strongestEval is the evaluation of the Hard and Perfect levels where it
// is not the game's default: Othello's learned patterns (with Multi-ProbCut)
// beat the hand-set "strong" evaluation (BENCHMARKS.md, Strength); in
// checkers the learned evaluation lost to it (35% in 20 games at 0.2 s a
// move), so the default stays.
var strongestEval = map[string]string{"othello": "pattern"}

// strongest is the evaluation of the Hard and Perfect levels of game: its
// strongestEval where this build has it (the browser build has no Othello
// patterns), else the default ("").
func strongest(game string) string {
	if e := strongestEval[game]; eval.Help(game, e) != "" {
		return e
	}
	return ""
}

var mediumDepth = map[string]int{
	"othello": 4, "checkers": 6, "connect4": 6, "adjacency": 3,
}
