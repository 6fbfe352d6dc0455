package solvekit

import "time"

// NodesPerSecond returns the search speed of a solve that visited nodes
// positions in elapsed (0 for no time).
func NodesPerSecond(nodes uint64, elapsed time.Duration) float64 {
	if elapsed <= 0 {
		return 0
	}
	return float64(nodes) / elapsed.Seconds()
}
