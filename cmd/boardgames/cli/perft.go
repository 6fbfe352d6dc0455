package cli

import (
	"fmt"
	"time"
)

func init() {
	commands["perft"] = command{"count move paths to a depth (rules correctness and speed)", runPerft}
}

const maxPerftDepth = 30

func runPerft(e *env, args []string) error {
	var pf posFlags
	fs := e.newFlags("perft", "-game G -depth N [-moves LIST | -position POS] [-rounds R] [-divide] [-json]")
	pf.register(fs.FlagSet)
	depth := fs.Int("depth", 0, "depth in plies, 1.."+fmt.Sprint(maxPerftDepth))
	divide := fs.Bool("divide", false, "count each legal move separately")
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *depth < 1 || *depth > maxPerftDepth {
		return badInputf("-depth must be 1..%d, got %d", maxPerftDepth, *depth)
	}
	_, rec, err := pf.load()
	if err != nil {
		return err
	}
	pos := rec.Position()
	type split struct {
		Move  string `json:"move"`
		Nodes uint64 `json:"nodes"`
	}
	var parts []split
	start := time.Now()
	var nodes uint64
	if *divide {
		for _, m := range pos.Legal() {
			n := pos.Play(m).Perft(*depth - 1)
			parts = append(parts, split{pos.MoveString(m), n})
			nodes += n
		}
		if len(parts) == 0 {
			nodes = 1
		}
	} else {
		nodes = pos.Perft(*depth)
	}
	secs := time.Since(start).Seconds()
	nps := 0.0
	if secs > 0 {
		nps = float64(nodes) / secs
	}
	if *asJSON {
		return e.printJSON(struct {
			Game    string  `json:"game"`
			Depth   int     `json:"depth"`
			Nodes   uint64  `json:"nodes"`
			Seconds float64 `json:"seconds"`
			NPS     float64 `json:"nodesPerSecond"`
			Divide  []split `json:"divide,omitempty"`
		}{pos.Game(), *depth, nodes, secs, nps, parts})
	}
	for _, p := range parts {
		fmt.Fprintf(e.stdout, "%-12s %d\n", p.Move, p.Nodes)
	}
	fmt.Fprintf(e.stdout, "perft %d: %d nodes in %.3f s (%.1f M nodes/s)\n", *depth, nodes, secs, nps/1e6)
	return nil
}
