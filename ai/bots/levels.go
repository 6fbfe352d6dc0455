package bots

import (
	"time"

	"boardgames/ai"
)

// The levels of the presets.
const (
	Easy   = "Easy"
	Medium = "Medium"
	Hard   = "Hard"
)

// Levels lists the preset levels, weakest first.
func Levels() []string { return []string{Easy, Medium, Hard} }

// Preset returns the bot of a level for a game: Easy is a shallow
// alpha-beta with the papers' simple evaluation, Medium a deeper one with
// the strong evaluation, Hard the engine with a time budget. An unknown
// level gives Medium.
func Preset(game, level string) Spec {
	switch level {
	case Easy:
		return Spec{Algo: "alphabeta", Eval: simpleEval[game], Params: ai.Params{Depth: 2}}
	case Hard:
		return Spec{Algo: "engine", Params: ai.Params{Depth: 64, Time: 2 * time.Second}}
	}
	return Spec{Algo: "alphabeta", Params: ai.Params{Depth: mediumDepth[game], Ordering: true}}
}

// simpleEval is each game's evaluation from the papers.
var simpleEval = map[string]string{
	"othello": "positional", "checkers": "factors", "connect4": "paper", "adjacency": "marks",
}

var mediumDepth = map[string]int{
	"othello": 4, "checkers": 6, "connect4": 6, "adjacency": 3,
}
