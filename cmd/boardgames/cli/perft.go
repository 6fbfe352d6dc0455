package cli

import (
	"fmt"
	"time"

	"boardgames/ai"
	"boardgames/rules/games"
)

func init() {
	commands["perft"] = command{"count move paths to a depth (rules correctness and speed)", staged(preparePerft)}
}

const maxPerftDepth = 30

// perftSplit is one first move's count.
type perftSplit struct {
	Move  string `json:"move"`
	Nodes uint64 `json:"nodes"`
}

func preparePerft(e *env, args []string) (func() error, error) {
	var pf posFlags
	fs := e.newFlags("perft", "-game G -depth N [-moves LIST | -position POS] [-rounds R] [-divide] [-json]\n\n"+
		"Counts the move paths to a depth. Ctrl+C stops it and prints the first moves counted so far,\n"+
		"marked as partial (exit status 130).\n")
	pf.register(fs.FlagSet)
	depth := fs.Int("depth", 0, "depth in plies, 1.."+fmt.Sprint(maxPerftDepth))
	divide := fs.Bool("divide", false, "count each legal move separately")
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	if *depth < 1 || *depth > maxPerftDepth {
		return nil, badInputf("-depth must be 1..%d, got %d", maxPerftDepth, *depth)
	}
	_, rec, err := pf.load()
	if err != nil {
		return nil, err
	}
	return func() error { return e.perft(rec.Position(), *depth, *divide, *asJSON) }, nil
}

// perft counts first move by first move on a goroutine of its own, so that
// Ctrl+C stops it at once (a count cannot be cancelled half-way) with the
// first moves finished so far.
func (e *env) perft(pos games.Position, depth int, divide, asJSON bool) error {
	start := time.Now()
	legal := pos.Legal()
	counts := make(chan perftSplit)
	bug := make(chan error, 1) // a panic of the counting goroutine: a bug, reported as one
	go func() {
		var err error
		defer func() {
			if err != nil {
				bug <- err
			}
		}()
		defer ai.Recover(&err)
		for _, m := range legal {
			n := pos.Play(m).Perft(depth - 1)
			select {
			case counts <- perftSplit{pos.MoveString(m), n}:
			case <-e.ctx.Done():
				return
			}
		}
		close(counts)
	}()
	var (
		parts   []perftSplit
		nodes   uint64
		partial bool
	)
	if len(legal) == 0 {
		nodes = 1 // a finished game is one leaf
	}
collect:
	for {
		select {
		case p, ok := <-counts:
			if !ok {
				break collect
			}
			parts = append(parts, p)
			nodes += p.Nodes
		case err := <-bug:
			return err
		case <-e.ctx.Done():
			partial = true
			break collect
		}
	}
	secs := time.Since(start).Seconds()
	nps := 0.0
	if secs > 0 {
		nps = float64(nodes) / secs
	}
	if !divide && !partial {
		parts = nil
	}
	if asJSON {
		err := e.printJSON(struct {
			Game    string       `json:"game"`
			Depth   int          `json:"depth"`
			Nodes   uint64       `json:"nodes"`
			Seconds float64      `json:"seconds"`
			NPS     float64      `json:"nodesPerSecond"`
			Divide  []perftSplit `json:"divide,omitempty"`
			Partial bool         `json:"partial,omitempty"`
		}{pos.Game(), depth, nodes, secs, nps, parts, partial})
		if err != nil || !partial {
			return err
		}
		return interrupted(fmt.Sprintf("the counts cover %d of the %d first moves only", len(parts), len(legal)))
	}
	for _, p := range parts {
		fmt.Fprintf(e.stdout, "%-12s %d\n", p.Move, p.Nodes)
	}
	if partial {
		fmt.Fprintf(e.stdout, "perft %d (partial: %d of %d first moves): %d nodes in %.3f s\n", depth, len(parts), len(legal), nodes, secs)
		return interrupted(fmt.Sprintf("the counts cover %d of the %d first moves only", len(parts), len(legal)))
	}
	fmt.Fprintf(e.stdout, "perft %d: %d nodes in %.3f s (%.1f M nodes/s)\n", depth, nodes, secs, nps/1e6)
	return nil
}
