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
//   - tt.go        the engine's transposition table, recycled between searches
//   - mcts.go      Monte-Carlo tree search (UCT)
//   - annealing.go simulated annealing over the root moves
//   - genetic.go   a genetic algorithm over move plans
//
// The hot paths of minimax, alpha-beta, negascout and the engine allocate
// nothing per node: move lists live in per-ply arrays preallocated once per
// search, and positions are copied on the stack (BenchmarkOthello and the
// others show the same allocs/op at every depth).
//
// Tests: games_test.go has three small games (tic-tac-toe, flip, Nim) to
// test on; ai_test.go the algorithms' contracts on them; realgames_test.go
// the same on Othello, checkers, Connect Four (Pons' benchmark positions,
// solved exactly) and Adjacency; bench_test.go the benchmarks.
package ai
