// Package egdb builds, checks and probes endgame databases of English
// checkers: the exact value of every position of up to 6 pieces, computed
// by the program itself (retrograde analysis), never downloaded.
//
//	db, err := egdb.Open(dir, 0) // dir: egdb.DefaultDir(), built by `boardgames egdb build`
//	r, ok := db.Probe(pos)       // r.Value: Win, Loss or Draw for the side to move; r.Plies to the end
//	moves, ok := db.Moves(pos)   // every move's value, best first
//
// A position's value is the game's under the rules of package
// rules/checkers (compulsory captures, any capture path, crowning ends the
// move, kings one square at a time), ignoring the draw rule, which can only
// turn wins into draws: Result.Holds says when a win or a loss stands under
// it. The distances are depths to win: the plies to the end of the game
// when the winner hastens it and the loser delays it, so a program that
// follows them wins a won ending instead of shuffling.
//
// The databases are split by piece configuration, as Chinook's and Ed
// Gilbert's (egdb_intl) are: one subdatabase per counts of men and kings of
// each side, the side to move always taken as Black (a position with White
// to move is turned half a turn and its colours swapped). Inside one, the
// positions are numbered without gaps by combinatorial indexing, the men
// of the side to move by how many stand on its back rank (where no enemy
// man can stand), then the enemy men on the squares left, then the kings
// (index.go). Each subdatabase has two files: its win/loss/draw values in 2
// bits a position, and its distances in a byte a position (two where a win
// takes more than 254 plies) (store.go). 2 to 5 pieces: 145,859,644
// positions (twice as many with either side to move), 182 MB; the 6-piece
// ones add 2,426,085,676.
//
// Files:
//   - doc.go     this overview
//   - index.go   Key (a subdatabase), Keys (the build order), the indexer
//   - board.go   moves through package rules/checkers, unmoves, the turn
//   - build.go   Build: the retrograde passes, resumable subdatabase by
//     subdatabase
//   - store.go   the files: header, checksum, atomic writes, Built
//   - verify.go  Verify: every position against its moves, independently of
//     the builder
//   - probe.go   DB: Open, Probe, Peek (never waits for a file), Moves,
//     DefaultDir
//
// Tests: index_test.go (sizes against the published counts of Schaeffer et
// al. and against brute counts, the index a bijection), egdb_test.go (a
// 3-piece build verified, stopped and resumed; unmoves against the rules'
// moves; a changed value and a damaged file found; known results; the
// values against the engine's exact search).
package egdb
