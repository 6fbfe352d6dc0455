package bots

import (
	"context"

	"boardgames/ai"
	"boardgames/ai/eval"
	"boardgames/rules/checkers"
	"boardgames/rules/games"
)

func init() {
	register(Algorithm{Name: "engine-x", Hidden: true, Params: []string{KeyDepth, KeyTime, KeyEval, KeyTT},
		check: func(s Spec) error { return s.Params.Validate("engine") },
		think: func(ctx context.Context, pos games.Position, spec Spec) (ai.Info, error) {
			spec.Algo = "engine"
			p := pos.Native().(checkers.Position)
			if info, ok := bookMove(p); ok && spec.Params.Time > 0 {
				return info, nil
			}
			db, _ := CheckersDB()
			ev, _ := eval.Checkers(spec.Eval)
			params := spec.Params
			if db != nil {
				params.Oracle = checkersOracle(db, ev, false)
			}
			return ai.Search(ctx, "engine", p, ev, params)
		}})
}
