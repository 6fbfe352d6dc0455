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
// The package holds the game contract and the algorithms a lecture shows;
// the strong engine has a package of its own, ai/engine, and the machinery
// both use (the contract types, the stop check, the depth-first searches'
// core) is ai/internal/search, whose types this package names again
// (Info is search.Info).
//
// Files:
//   - ai.go        the public types (aliases of ai/internal/search's and
//     ai/engine's), ScoreEval, Search and its dispatch
//   - params.go    Params, the tuning of every algorithm, its defaults and
//     Validate, and the engine's part of them (engineConfig)
//   - memory.go    Params.MemoryMiB, what a search of an algorithm allocates
//   - panic.go     PanicError and Recover, a search's panic as an error
//   - simple.go    random and greedy play
//   - minimax.go   plain minimax, alpha-beta and negascout, and the iterative
//     deepening driver they share
//   - mcts.go      Monte-Carlo tree search (UCT)
//   - annealing.go simulated annealing over the root moves
//   - genetic.go   a genetic algorithm over move plans
//
// Elsewhere:
//   - ai/engine         the strong default: iterative deepening, principal
//     variation search, aspiration windows, killers and history, its
//     transposition table with enhanced transposition cut-offs, stability
//     cut-offs near the end, Multi-ProbCut, quiescence, reductions, Lazy
//     SMP, repetitions, the kept Table and the Oracle (its package comment
//     maps the files)
//   - ai/internal/search the contract types, the stop check of the hot
//     loops, the state of the depth-first searches (core.go) and Tree
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
// size of its table; oracle_test.go the engine's oracle; bench_test.go and
// smp_bench_test.go the benchmarks. The engine's own parts are tested in
// ai/engine.
package ai
