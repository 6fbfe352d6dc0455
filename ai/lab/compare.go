package lab

import (
	"context"
	"fmt"

	"boardgames/ai/bots"
	"boardgames/rules"
	"boardgames/rules/games"
)

// Row is what one bot did on the compared position.
type Row struct {
	Algo string // the algorithm
	Bot  string // the whole bot in ParseSpec's form
	Move string // the move chosen, in the game's notation
	// Score is the move's value from the side to move's view, in the
	// algorithm's own units (see ai.Info.Score).
	Score int
	Depth int
	// Nodes, Leaves, Cutoffs and TTHits are the search's counters.
	Nodes, Leaves, Cutoffs, TTHits uint64
	Seconds                        float64
	NodesPerSecond                 float64
	// RelNodes is Nodes divided by the nodes of the minimax row when
	// there is one, else by the first row's (0 when that row has none).
	RelNodes float64
	PV       []string // the principal variation, in the game's notation
	Exact    bool     // the score is the proven game value
	Fallback bool     // no search finished in time: the greedy fallback move
	// Interrupted: the search was stopped by the cancelled context before
	// its end; the row is its best move so far.
	Interrupted bool
}

// Compare runs each bot on pos, one after the other on the calling
// goroutine, and returns one row per bot in the order given. progress, if
// not nil, is called with (0, total) and after each bot. A cancelled ctx
// stops the running search (which still answers) and returns the rows so
// far with ctx.Err().
func Compare(ctx context.Context, pos games.Position, specs []bots.Spec, progress func(done, total int)) ([]Row, error) {
	if pos.Result().Over() {
		return nil, fmt.Errorf("lab: the game is over (%s): nothing to compare", pos.Result())
	}
	if len(specs) == 0 {
		return nil, fmt.Errorf("lab: no algorithms to compare")
	}
	for _, s := range specs {
		if err := CheckSpec(pos.Game(), s); err != nil {
			return nil, err
		}
	}
	if progress != nil {
		progress(0, len(specs))
	}
	rows := make([]Row, 0, len(specs))
	for i, spec := range specs {
		spec.Params.Progress = nil
		info, err := bots.Think(ctx, pos, spec)
		if err != nil {
			return relNodes(rows), fmt.Errorf("lab: %s: %w", spec, err)
		}
		rows = append(rows, Row{
			Algo: spec.Algo, Bot: spec.String(), Move: pos.MoveString(info.Move),
			Score: info.Score, Depth: info.Depth,
			Nodes: info.Nodes, Leaves: info.Leaves, Cutoffs: info.Cutoffs, TTHits: info.TTHits,
			Seconds: info.Elapsed.Seconds(), NodesPerSecond: info.NodesPerSecond(),
			PV: lineStrings(pos, info.PV), Exact: info.Exact, Fallback: info.Fallback,
			Interrupted: ctx.Err() != nil,
		})
		if err := ctx.Err(); err != nil {
			return relNodes(rows), err
		}
		if progress != nil {
			progress(i+1, len(specs))
		}
	}
	return relNodes(rows), nil
}

// relNodes fills in RelNodes.
func relNodes(rows []Row) []Row {
	if len(rows) == 0 {
		return rows
	}
	base := rows[0].Nodes
	for _, r := range rows {
		if r.Algo == "minimax" {
			base = r.Nodes
			break
		}
	}
	for i := range rows {
		rows[i].RelNodes = 0
		if base > 0 {
			rows[i].RelNodes = float64(rows[i].Nodes) / float64(base)
		}
	}
	return rows
}

// lineStrings formats a line of moves, each in the position it is played
// from, stopping at the first move that is not legal there.
func lineStrings(pos games.Position, line []rules.Move) []string {
	out := []string{}
	for _, m := range line {
		if !isLegal(pos, m) {
			break
		}
		out = append(out, pos.MoveString(m))
		pos = pos.Play(m)
	}
	return out
}

func isLegal(pos games.Position, m rules.Move) bool {
	for _, l := range pos.Legal() {
		if l == m {
			return true
		}
	}
	return false
}
