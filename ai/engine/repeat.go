package engine

// Repetitions. In a game whose positions can recur (checkers' kings move
// back and forth), a position that occurs the third time draws, and a
// search that does not know the game so far plays on into such a draw
// while it is ahead, or misses it while it is behind. Given the game's
// earlier positions (Params.Past), the engine scores a position that
// repeats one of them, or one earlier in its own line, as a draw, as chess
// programs do: at the first repetition, since the side that could repeat
// once can repeat again. A draw is worth 0, so the engine avoids
// repeating while its evaluation says it is ahead and seeks it while it
// says it is behind.
//
// Only positions since the last irreversible move can recur: a game offers
// the check by the optional ability Reverser of its positions, the number
// of plies since its last irreversible move (checkers: a capture or a
// man's move). Games whose every move is irreversible (Othello, Connect
// Four, Adjacency) do not need it; the engine ignores Params.Past there.
//
// The value of a repetition depends on the path to the node, not only on
// the node: such values count as scored at the horizon (never proven),
// and like every engine they are stored in the transposition table all
// the same, where another path may find them.

// Reverser is an optional ability of a game's positions: QuietPlies is the
// number of plies since the last move that cannot be undone; only the
// positions of those plies can occur again.
type Reverser interface{ QuietPlies() int }

// minCycle is the shortest way back to a position: each side moves a piece
// away and back.
const minCycle = 4

// repetitions holds what the engine needs to find repeated positions: the
// game's earlier positions' hashes, those of the line searched, and a
// Reverser around a copy of the node asked about (made once: converting
// each node to an interface would allocate).
type repetitions[S any] struct {
	past []uint64 // Params.Past: the game before the root, oldest first
	path []uint64 // path[ply]: the hash of the line's node at ply
	pos  S
	rev  Reverser // holds &pos
}

// newRepetitions returns the repetition check of a search up to maxPly
// plies deep after the game's positions past, or nil if the game's
// positions are not Reversers.
func newRepetitions[S any](past []uint64, maxPly int) *repetitions[S] {
	r := &repetitions[S]{past: past, path: make([]uint64, maxPly+1)}
	rev, ok := any(&r.pos).(Reverser)
	if !ok {
		return nil
	}
	r.rev = rev
	return r
}

// repeated records the node s at ply, whose hash is key, and reports
// whether it repeats a position of the game or of the line before it with
// the same side to move.
func (r *repetitions[S]) repeated(s S, key uint64, ply int) bool {
	r.path[ply] = key
	r.pos = s
	quiet := r.rev.QuietPlies()
	if quiet < minCycle || ply == 0 {
		return false
	}
	// The line back to the root, then the game's positions.
	k := minCycle
	for ; k <= quiet && k <= ply; k += 2 {
		if r.path[ply-k] == key {
			return true
		}
	}
	for i := len(r.past) - (k - ply); k <= quiet && i >= 0; k, i = k+2, i-2 {
		if r.past[i] == key {
			return true
		}
	}
	return false
}
