package bots

import (
	"context"

	"boardgames/ai"
	"boardgames/ai/papers"
	"boardgames/rules/games"
)

// The papers' bots (package papers), each under its own name such as
// "paper002-genetic": a depth for the bots whose paper measured several,
// an evaluation for those whose paper gives no weights, a seed for those
// that draw at random, and variant words for the choices a teacher may
// turn to another reading; nothing else.
func init() {
	for _, b := range papers.Bots {
		var keys []string
		if b.MaxDepth > 0 {
			keys = append(keys, KeyDepth)
		}
		if len(b.Evals) > 0 {
			keys = append(keys, KeyEval)
		}
		if b.Random {
			keys = append(keys, KeySeed)
		}
		if len(b.Variants) > 0 {
			keys = append(keys, KeyVariant)
		}
		register(Algorithm{
			Name:   b.Name,
			Help:   b.Help,
			Games:  []string{b.Game},
			Params: keys,
			check:  func(s Spec) error { return b.Check(paperParams(s)) },
			think: func(ctx context.Context, pos games.Position, s Spec) (ai.Info, error) {
				return papers.Run(ctx, b.Name, pos.Native(), paperParams(s))
			},
		})
	}
}

// paperParams are the settings of a spec that a paper's bot reads.
func paperParams(s Spec) papers.Params {
	return papers.Params{Depth: s.Params.Depth, Seed: s.Params.Seed, Progress: s.Params.Progress,
		Eval: s.Eval, Variant: s.Variant}
}
