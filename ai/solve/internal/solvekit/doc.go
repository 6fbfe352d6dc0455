// Package solvekit holds what the exact solvers c4solver and endgame share
// beyond their games: the memory of their big tables (huge pages on Linux,
// freed with the Solver), the polling of the context during a search, the
// speed of a solve, and, for their tests and benchmarks, the CPU time of
// the process and the reading of the shared data files.
//
// Files:
//   - doc.go          this overview
//   - mem_*.go        Make and Free: table memory outside the Go heap
//   - stop.go         Stop: cancellation of a running search
//   - speed.go        Result, the answer of both solvers, and NodesPerSecond
//   - cputime_*.go    CPUTime, for the benchmarks
//   - data.go         DataLines, the test data files
package solvekit
