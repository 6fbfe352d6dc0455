package solvekit

import (
	"time"

	"boardgames/rules"
)

// Result is the exact value of a position, the answer of both solvers;
// each solver's package says what its Score counts.
type Result struct {
	// Score is the position's exact value for the side to move.
	Score int
	// Best holds the moves that achieve Score (all of them, or one where
	// the solver's method says so).
	Best []rules.Move
	// Moves maps moves to their exact scores (the score of the position
	// after the move, negated): every legal move for Solve, fewer for the
	// faster methods.
	Moves map[rules.Move]int
	// Nodes counts the positions the search visited.
	Nodes uint64
	// Elapsed is the wall time of the solve.
	Elapsed time.Duration
}

// NodesPerSecond returns the search speed of the solve.
func (r Result) NodesPerSecond() float64 { return NodesPerSecond(r.Nodes, r.Elapsed) }

// NodesPerSecond returns the search speed of a solve that visited nodes
// positions in elapsed (0 for no time).
func NodesPerSecond(nodes uint64, elapsed time.Duration) float64 {
	if elapsed <= 0 {
		return 0
	}
	return float64(nodes) / elapsed.Seconds()
}
