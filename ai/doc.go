// Package ai holds the game-agnostic search algorithms of Boardgames. They
// work on every game through the rules.State contract: a position is a
// small value, Play returns a new one, Moves appends to a caller's buffer.
// An Evaluator scores a position for the side to move; the algorithms never
// look inside a game.
//
// One entry point, Search, runs any of the algorithms named in Algorithms
// and returns an Info that says what it did: the move, its score, the depth
// reached, nodes, leaves, cut-offs, transposition hits, time, principal
// variation and the score of each root move. Every search takes a context
// and a time budget, and when either runs out it still returns a legal
// move: the best one found so far, else the greedy move (Info.Fallback).
//
// Files:
//   - ai.go        the public types: Evaluator, Info, Search and its dispatch
//   - params.go    Params, the tuning of every algorithm, its defaults and Validate
//   - stop.go      the cheap cancellation and time-budget check of the hot loops
//   - simple.go    random and greedy play, and the immediate gain they rank by
//   - core.go      the state shared by the depth-first searches: per-ply move
//     stacks, the principal-variation table, leaf and terminal scoring,
//     greedy move ordering and the result of the last iteration
//   - minimax.go   plain minimax, alpha-beta and negascout, and the iterative
//     deepening driver they share
//   - tree.go      Tree, the recorder of every node for the classroom's inspector
//   - engine.go    the strong default: iterative deepening, principal variation
//     search, aspiration windows, killers and history
//   - probcut.go   Multi-ProbCut, the engine's selective pruning, when the
//     evaluation has statistics for it (Params.Selectivity)
//   - tt.go        the engine's transposition table, recycled between searches
//     and shared without locks by the threads of a search
//   - smp.go       Lazy SMP: the engine's helper threads (Params.Threads)
//   - quiesce.go   the engine's quiescence: captures due at the horizon are
//     played on (games whose positions are Capturers: checkers)
//   - oracle.go    Oracle: exact values the engine takes from outside (the
//     checkers endgame databases)
//   - mcts.go      Monte-Carlo tree search (UCT)
//   - annealing.go simulated annealing over the root moves
//   - genetic.go   a genetic algorithm over move plans
//
// The hot paths of minimax, alpha-beta, negascout and the engine allocate
// nothing per node: move lists live in per-ply arrays preallocated once per
// search, and positions are copied on the stack (BenchmarkOthello and the
// others show the same allocs/op at every depth).
//
// The engine searches on one thread by default, and is then deterministic:
// the same position and Params give the same move, value and node counts.
// Params.Threads = 2 (or runtime.NumCPU()) makes it a Lazy SMP search that
// reaches a given depth sooner when the cores are free: on the project's
// 2-core machine, idle, 1.6 times sooner on Othello and 1.7 times on
// checkers middle games (medians of BenchmarkEngineThreads); while another
// process keeps the second core busy it is 2-15% slower instead (the
// benchmark's "cpus" metric tells which case a run was). The value at a
// fixed depth stays the same; node counts and the choice among equally
// good moves are no longer reproducible.
//
// Tests: games_test.go has three small games (tic-tac-toe, flip, Nim) to
// test on; ai_test.go the algorithms' contracts on them; realgames_test.go
// the same on Othello, checkers, Connect Four (Pons' benchmark positions,
// solved exactly) and Adjacency; smp_test.go the threaded engine and the
// shared table; quiesce_test.go and oracle_test.go the engine's quiescence
// and oracle; bench_test.go and smp_bench_test.go the benchmarks.
package ai
