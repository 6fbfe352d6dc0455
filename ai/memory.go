package ai

import "unsafe"

// MemoryMiB is the most memory, in MiB (rounded up), that one search of
// algo with p keeps in its tables: the engine's transposition table (one
// for all its threads), MCTS's tree at its largest. The depth-first
// searches and the sampling algorithms keep only a little per ply.
func (p Params) MemoryMiB(algo string) int {
	switch algo {
	case "engine":
		return p.ttMiB()
	case "mcts":
		return int((maxTreeNodes*unsafe.Sizeof(mnode{}) + 1<<20 - 1) >> 20)
	}
	return 0
}
