package bots

import (
	"context"
	"fmt"
	"time"

	"boardgames/ai"
	"boardgames/ai/eval"
	"boardgames/rules"
	"boardgames/rules/adjacency"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

// Evals lists a game's evaluation names, the default first.
func Evals(game string) []string { return eval.Names(game) }

// Think runs the bot on pos on the calling goroutine and returns what the
// search found. It returns promptly once ctx is cancelled, with the best
// move found so far. Errors are for bad specs and finished games.
func Think(ctx context.Context, pos games.Position, spec Spec) (ai.Info, error) {
	if err := spec.Params.Validate(spec.Algo); err != nil {
		return ai.Info{}, err
	}
	switch s := pos.Native().(type) {
	case othello.Position:
		return search(ctx, s, spec, eval.Othello)
	case checkers.Position:
		return search(ctx, s, spec, eval.Checkers)
	case connect4.Position:
		return search(ctx, s, spec, eval.Connect4)
	case adjacency.Position:
		return search(ctx, s, spec, eval.Adjacency)
	}
	return ai.Info{}, fmt.Errorf("bots: no algorithms for %s", pos.Game())
}

func search[S rules.State[S]](ctx context.Context, s S, spec Spec, evals func(string) (ai.Evaluator[S], error)) (ai.Info, error) {
	ev, err := evals(spec.Eval)
	if err != nil {
		return ai.Info{}, err
	}
	return ai.Search(ctx, spec.Algo, s, ev, spec.Params)
}

// HintTime is the time Hint thinks.
const HintTime = time.Second

// Hint is the engine's best move and score for the side to move, from at
// most HintTime of thought.
func Hint(ctx context.Context, pos games.Position) (ai.Info, error) {
	return Think(ctx, pos, Spec{Algo: "engine", Params: ai.Params{Depth: 64, Time: HintTime}})
}
