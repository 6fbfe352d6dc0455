package bots

import (
	"context"
	"fmt"
	"time"

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
		if b.Limited {
			keys = append(keys, KeyLimit)
		}
		register(Algorithm{
			Name:   b.Name,
			Help:   b.Help,
			Games:  []string{b.Game},
			Params: keys,
			check: func(s Spec) error {
				p, err := paperParams(s)
				if err != nil {
					return err
				}
				return b.Check(p)
			},
			think: func(ctx context.Context, pos games.Position, s Spec) (ai.Info, error) {
				p, err := paperParams(s)
				if err != nil {
					return ai.Info{}, err
				}
				return papers.Run(ctx, b.Name, pos.Native(), p)
			},
		})
	}
}

// paperParams are the settings of a spec that a paper's bot reads.
func paperParams(s Spec) (papers.Params, error) {
	p := papers.Params{Depth: s.Params.Depth, Seed: s.Params.Seed, Progress: s.Params.Progress,
		Eval: s.Eval, Variant: s.Variant}
	switch s.Limit {
	case "":
	case "java":
		p.Nodes = papers.JavaNodes002
	default:
		d, err := time.ParseDuration(s.Limit)
		if err != nil || d <= 0 {
			return p, fmt.Errorf("limit %q is neither a duration such as 5s nor java", s.Limit)
		}
		p.Limit = d
	}
	return p, nil
}
