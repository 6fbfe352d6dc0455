// Package engine is the strong default search of Boardgames, the one
// ai.Search runs as "engine": iterative deepening of a principal variation
// search with a transposition table, enhanced transposition cut-offs,
// move ordering by hash move, killers and history, and aspiration windows;
// near the end, in games whose positions bound their result (Othello's
// stable discs), stability cut-offs; with the evaluation's statistics
// Multi-ProbCut, in checkers quiescence, optional late move reductions, a
// repetition check, an oracle of exact values (the endgame databases) and
// Lazy SMP threads. Callers reach it through ai.Search and ai.Params,
// which names its public types again (ai.Table is Table); ai.Search gives
// it a search.Run (the evaluator, the stop check, the Progress report) and
// a Config (its part of ai.Params, the defaults applied).
//
// Files:
//   - engine.go    Config, Search, and the principal variation search
//     with its iterations and aspiration windows
//   - tt.go        the transposition table, recycled between searches and
//     shared without locks by the threads of a search
//   - tt_huge_linux.go, tt_huge_other.go the table's memory (huge pages on
//     Linux)
//   - etc.go       enhanced transposition cut-offs: a node's children looked
//     up in the table before it searches them
//   - stability.go stability cut-offs by the result bounds of a game's
//     positions (Bounded: Othello's stable discs), where every line
//     reaches the game's end
//   - table.go     Table, a transposition table kept between searches
//     (ai.Params.Table)
//   - probcut.go   Multi-ProbCut, the selective pruning, when the evaluation
//     has statistics for it (ai.Params.Selectivity)
//   - quiesce.go   quiescence: captures due at the horizon are played on
//     (games whose positions are Capturers: checkers)
//   - reduce.go    late move reductions (ai.Params.Reductions)
//   - repeat.go    repeated positions scored as draws (ai.Params.Past)
//   - oracle.go    Oracle: exact values taken from outside, and the
//     engine's optional parts (extras)
//   - partial.go   the answer of an iteration cut short by the clock
//   - smp.go       Lazy SMP: the helper threads (ai.Params.Threads)
//
// It shares the contract types, the stop check and the depth-first core
// (per-ply move stacks, the principal variation, the result of the last
// iteration) with ai's minimax, alphabeta and negascout through
// ai/internal/search.
//
// Tests: helpers_test.go runs the engine as ai.Search does; quiesce_test.go,
// repeat_test.go, partial_test.go, table_test.go, tt_test.go, etc_test.go
// and stability_test.go test its parts (the last two against plain
// negamax and against the engine without them); midgame_bench_test.go
// measures the cut-offs on Othello middle games and endings (its knobs in
// export_test.go). Its contracts on whole games (same values as alphabeta, threads,
// cancellation) are tested in package ai through ai.Search.
package engine
