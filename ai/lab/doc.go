// Package lab is the headless core of the classroom lab: it runs the
// papers' experiments and the comparisons a teacher shows in class, on any
// game chosen at run time, and returns plain data that the command line
// prints and the app draws. It never imports the UI.
//
// Everything is reproducible from a seed: the random openings of a match,
// every bot's seed for every move, and so every game (except for bots with
// a time budget, whose depth depends on the machine's speed).
//
// Files:
//   - compare.go     Compare: several bots on one position, side by side
//   - arena.go       Arena: bot-vs-bot matches with openings, statistics and
//     the list of games; the parallel game runner the others share
//   - elo.go         the Elo difference and its 95% confidence interval
//   - tournament.go  Tournament: a round robin (or given pairings) with
//     crosstable and standings, each bot's Elo against its opponents
//   - event.go       Event: a tournament of any format (package pairing
//     gives each round's pairings, package rating the joint rating of all
//     its games), played round by round with Tournament
//   - shard.go       Shard: one of N independent parts of a run's games
//   - merge.go       Run, ShardResult and Merge: the shards of a run checked
//     (the run's hash, each index once), every game replayed from its moves
//     and the results recomputed, added up to the tables of the whole run
//   - grade.go       Grade: a bot against a suite of opponents, per-opponent
//     scores with 95% intervals (ScoreInterval)
//   - experiments.go Experiments, RunExperiment, Table and Series
//   - exp_checkers.go  the checkers-negascout experiment and its positions
//   - exp_othello.go   the othello-greedy-depth and othello-positional experiments
//   - exp_adjacency.go the adjacency-roundrobin experiment
//   - inspect.go     InspectTree and the helpers of the search-tree inspector
//   - seed.go        the seed mixing everything random derives from
//   - gtplog.go      the external programs' transcripts (LogDir, LogName)
//     and their bg-seed
//
// Progress callbacks take (done, total) and are called one at a time, but
// possibly from goroutines of the lab's own; they must be cheap. Matches
// and tournaments also report every move (ArenaConfig.OnMove), lay their
// games out one at a time as they start (memory does not grow with the
// games asked for, up to MaxGames), play one game per core by default
// (DefaultParallel) and count the moves that overran their time budget
// (PlayerStats.OverBudget). External programs (bots.External, started for
// each game) that misbehave lose their game by forfeit (GameRecord.Forfeit,
// PlayerStats.Forfeits), with their last lines of standard error kept.
// Every game can be kept whole as it finishes (ArenaConfig.OnGame, and
// the OnGame of tournaments and grading runs: Played), for records.
package lab
