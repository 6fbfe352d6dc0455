package papers

import (
	"context"
	"strings"

	"boardgames/ai"
	"boardgames/ai/eval"
	"boardgames/rules/checkers"
)

// checkers001 runs a bot of paper 001 (NegaScout against alpha-beta in
// English checkers): "paper001-negascout" is Reinefeld's NegaScout
// and "paper001-alphabeta" alpha-beta, both the generic searches of package
// ai, which are these algorithms exactly: fail-soft, the moves in the
// order the rules generate them (the paper orders nothing; its conclusion
// blames NegaScout's extra nodes on that), and NegaScout's first child
// searched with the full window, the others with a null window and a
// re-search only when the value falls inside the window at a remaining
// depth above 2 (Reinefeld's fail-soft refinement is exact below).
//
// The evaluation is paper 001's four factors (pieces, moves, jumps, pieces
// on the edge); the paper gives no weights, so the weights are ours (see
// eval "factors"). A side that cannot move loses.
func checkers001(ctx context.Context, name string, s checkers.Position, depth int, p Params) (ai.Info, error) {
	ev, err := eval.Checkers("factors")
	if err != nil {
		return ai.Info{}, err
	}
	algo := strings.TrimPrefix(name, "paper001-")
	return ai.Search(ctx, algo, s, ev, ai.Params{Depth: depth, Progress: p.Progress})
}
