package engine

// Late move reductions (Heinz's and others' "LMR", in most chess programs
// since the 2000s; checkers programs reduce likewise): with good move
// ordering a beta cut-off, if there is one, nearly always comes from the
// first few moves, so the engine searches the later ones a ply or two less
// deeply, with a null window, and searches a move again to the full depth
// only when the reduced search says it may be better than the best so far.
// Moves are never reduced near the horizon, at the root, in a position
// where a capture is due (quiescence's Capturers), nor the hash move and
// the killers. Params.Reductions turns them on; the engine's value at a
// fixed depth is then no longer the negamax value at that depth.

// Where reductions start, and how deep they go.
const (
	reduceMinDepth = 3 // reduce only with at least this depth left
	reduceFrom     = 3 // the first moves, by order, are never reduced
	reduceMore     = 8 // moves from this one on are reduced by two plies...
	reduceMoreAt   = 6 // ... with at least this depth left
)

// reduction is how many plies the engine takes off move i (in search
// order, with ordering key key) of the node s at ply with depth left: 0
// when it is not reduced.
func (e *engine[S]) reduction(s S, depth, ply, i int, key int32) int {
	if !e.reduce || ply == 0 || depth < reduceMinDepth || i < reduceFrom || key >= keyKiller2 {
		return 0
	}
	if e.quiet != nil && e.quiet.unsettled(s) {
		return 0
	}
	if i >= reduceMore && depth >= reduceMoreAt {
		return 2
	}
	return 1
}
