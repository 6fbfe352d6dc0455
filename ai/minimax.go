package ai

import "boardgames/rules"

// depthFirst runs minimax, alphabeta or negascout: once to the fixed
// depth, or with Params.Time deepening iteratively (1, 2, 3, ...) and
// answering with the last completed depth. An iteration that scored no
// position at the horizon has proved the game's value, and deepening stops.
func (r *run[S]) depthFirst(s S) (Info, bool) {
	depth, iterative := r.p.Depth, r.p.Time > 0
	switch {
	case depth == 0 && iterative:
		depth = maxDepth
	case depth == 0:
		depth = defaultDepth
	}
	c := newCore(r.eval, &r.stop, depth)
	c.ordering = r.p.Ordering && r.algo != "minimax" // minimax takes the moves as generated
	if r.p.Tree != nil {
		c.rec = newRecorder(r.p.Tree, depth)
	}
	first := depth
	if iterative {
		first = 1
	}
	var res *result
	total := c.rootCount(s)
	if r.p.Progress != nil {
		c.live = newLive(r.reporter(), depth, total)
		res = &c.live.res
	} else {
		res = newResult(depth)
	}
	cut := 0 // the iteration the search was stopped in
	for d := first; d <= depth; d++ {
		if d > first && r.stop.pastSoft() {
			break
		}
		c.resetRoot()
		if c.live != nil {
			c.live.depth = d
		}
		h0 := c.horizon
		var v int
		switch r.algo {
		case "minimax":
			v = c.minimax(s, d, 0)
		case "alphabeta":
			v = c.alphabeta(s, d, 0, -inf, inf)
		default:
			v = c.negascout(s, d, 0, -inf, inf)
		}
		if r.stop.stopped {
			cut = d
			break
		}
		c.complete(res, v, d, c.horizon == h0)
		if r.p.Progress != nil {
			r.progress(c.info(res))
		}
		if res.exact {
			break
		}
	}
	// Stopped during the first iteration: the best of the root moves it
	// finished, if any.
	ok := c.partial(res)
	info := c.info(res)
	if cut > 0 {
		info.Searching, info.RootDone, info.RootTotal = cut, len(c.root), total
	}
	return info, ok
}

// over scores a node whose game has ended.
func (c *core[S]) over(s S, ply int) int {
	c.leaves++
	return terminal(s, s.Result(), ply)
}

// node opens a node at ply, depth plies above the horizon, entered with
// the window alpha, beta: the part that minimax, alphabeta and negascout
// share. It counts the node and records it in the tree. A node at the
// horizon or at the game's end is scored at once: done is true and v its
// value (0 if the search must unwind). Otherwise it returns the node's
// moves, in greedy order when ordering is on.
func (c *core[S]) node(s S, depth, ply, alpha, beta int) (moves []rules.Move, v int, done bool) {
	if c.enter(ply) {
		return nil, 0, true
	}
	if c.rec != nil {
		c.rec.enter(ply, alpha, beta)
	}
	if depth == 0 {
		return nil, c.exit(ply, c.leaf(s, ply), true), true
	}
	moves = s.Moves(c.moves[ply][:0])
	if len(moves) == 0 {
		return nil, c.exit(ply, c.over(s, ply), true), true
	}
	if c.ordering {
		c.orderGreedy(s, moves, ply)
	}
	return moves, 0, false
}

// exit closes the node at ply in the tree and returns its value v.
func (c *core[S]) exit(ply, v int, leaf bool) int {
	if c.rec != nil {
		c.rec.exit(ply, v, leaf)
	}
	return v
}

// minimax is plain depth-limited minimax in negamax form (von Neumann
// 1928; Shannon 1950): every move of every node is searched.
func (c *core[S]) minimax(s S, depth, ply int) int {
	moves, value, done := c.node(s, depth, ply, -inf, inf)
	if done {
		return value
	}
	best := -inf
	for _, m := range moves {
		if c.rec != nil {
			c.rec.next(ply+1, m, false)
		}
		v := -c.minimax(s.Play(m), depth-1, ply+1)
		if c.stop.stopped {
			return 0
		}
		if ply == 0 {
			c.rootMove(m, v)
		}
		if v > best {
			best = v
			c.setPV(ply, m)
		}
	}
	return c.exit(ply, best, false)
}

// alphabeta is fail-soft alpha-beta pruning (Knuth and Moore 1975) in
// negamax form: a node stops searching its moves as soon as one scores at
// least beta, and returns the best value it saw even outside the window.
// With ordering on, the moves of greatest immediate gain go first.
func (c *core[S]) alphabeta(s S, depth, ply, alpha, beta int) int {
	moves, value, done := c.node(s, depth, ply, alpha, beta)
	if done {
		return value
	}
	best := -inf
	for i, m := range moves {
		if c.rec != nil {
			c.rec.next(ply+1, m, false)
		}
		v := -c.alphabeta(s.Play(m), depth-1, ply+1, -beta, -alpha)
		if c.stop.stopped {
			return 0
		}
		if ply == 0 {
			c.rootMove(m, v)
		}
		if v > best {
			// The best move's line is kept even below alpha: where
			// negascout skips the re-search, that line is the exact one.
			best = v
			c.setPV(ply, m)
			alpha = max(alpha, v)
		}
		if v >= beta {
			c.cutoffs++
			if c.rec != nil {
				c.rec.cut(ply, len(moves)-i-1)
			}
			break
		}
	}
	return c.exit(ply, best, false)
}

// negascout is Reinefeld's NegaScout (Reinefeld 1983; the principal
// variation search of Marsland and Campbell 1982): the first move is
// searched with the full window, every other one with a null window
// (alpha, alpha+1) that only asks "is it better?"; a move that answers yes
// with a value inside the window is searched again with the window
// (value, beta). As in Reinefeld (1983), the re-search is skipped where
// the remaining depth is 2 or less: there the fail-soft null-window value
// of a move that lands inside the window is already exact (every reply
// was searched to the leaves, none cut off).
func (c *core[S]) negascout(s S, depth, ply, alpha, beta int) int {
	moves, value, done := c.node(s, depth, ply, alpha, beta)
	if done {
		return value
	}
	best := -inf
	for i, m := range moves {
		child := s.Play(m)
		if c.rec != nil {
			c.rec.next(ply+1, m, false)
		}
		var v int
		if i == 0 {
			v = -c.negascout(child, depth-1, ply+1, -beta, -alpha)
		} else {
			v = -c.negascout(child, depth-1, ply+1, -alpha-1, -alpha)
			if v > alpha && v < beta && depth > 2 && !c.stop.stopped {
				if c.rec != nil {
					c.rec.next(ply+1, m, true)
				}
				v = -c.negascout(child, depth-1, ply+1, -beta, -v)
			}
		}
		if c.stop.stopped {
			return 0
		}
		if ply == 0 {
			c.rootMove(m, v)
		}
		if v > best {
			// The best move's line is kept even below alpha: where
			// negascout skips the re-search, that line is the exact one.
			best = v
			c.setPV(ply, m)
			alpha = max(alpha, v)
		}
		if v >= beta {
			c.cutoffs++
			if c.rec != nil {
				c.rec.cut(ply, len(moves)-i-1)
			}
			break
		}
	}
	return c.exit(ply, best, false)
}
