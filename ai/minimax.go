package ai

import (
	"boardgames/rules"

	"boardgames/ai/internal/search"
)

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
	c := dfs[S]{search.NewCore(r.Eval, &r.Stop, depth)}
	c.Ordering = r.p.Ordering && r.Algo != "minimax" // minimax takes the moves as generated
	if r.p.Tree != nil {
		c.Rec = search.NewRecorder(r.p.Tree, depth)
	}
	first := depth
	if iterative {
		first = 1
	}
	var res *search.Result
	total := c.RootCount(s)
	if r.p.Progress != nil {
		c.Live = search.NewLive(r.Reporter(), depth, total)
		res = &c.Live.Res
	} else {
		res = search.NewResult(depth)
	}
	cut := 0 // the iteration the search was stopped in
	for d := first; d <= depth; d++ {
		if d > first && r.Stop.PastSoft() {
			break
		}
		c.ResetRoot()
		if c.Live != nil {
			c.Live.Depth = d
		}
		h0 := c.Horizon
		var v int
		switch r.Algo {
		case "minimax":
			v = c.minimax(s, d, 0)
		case "alphabeta":
			v = c.alphabeta(s, d, 0, -inf, inf)
		default:
			v = c.negascout(s, d, 0, -inf, inf)
		}
		if r.Stop.Stopped {
			cut = d
			break
		}
		c.Complete(res, v, d, c.Horizon == h0)
		if r.p.Progress != nil {
			r.Report(c.Info(res))
		}
		if res.Exact {
			break
		}
	}
	// Stopped during the first iteration: the best of the root moves it
	// finished, if any.
	ok := c.Partial(res)
	info := c.Info(res)
	if cut > 0 {
		info.Searching, info.RootDone, info.RootTotal = cut, len(c.Root), total
	}
	return info, ok
}

// dfs is a search of minimax, alphabeta or negascout: the core it shares
// with the engine (ai/internal/search), and its node methods below.
type dfs[S rules.State[S]] struct{ *search.Core[S] }

// node opens a node at ply, depth plies above the horizon, entered with
// the window alpha, beta: the part that minimax, alphabeta and negascout
// share. It counts the node and records it in the tree. A node at the
// horizon or at the game's end is scored at once: done is true and v its
// value (0 if the search must unwind). Otherwise it returns the node's
// moves, in greedy order when ordering is on.
func (c *dfs[S]) node(s S, depth, ply, alpha, beta int) (moves []rules.Move, v int, done bool) {
	if c.Enter(ply) {
		return nil, 0, true
	}
	if c.Rec != nil {
		c.Rec.Enter(ply, alpha, beta)
	}
	if depth == 0 {
		return nil, c.exit(ply, c.Leaf(s, ply), true), true
	}
	moves = s.Moves(c.Moves[ply][:0])
	if len(moves) == 0 {
		return nil, c.exit(ply, c.Over(s, ply), true), true
	}
	if c.Ordering {
		c.OrderGreedy(s, moves, ply)
	}
	return moves, 0, false
}

// exit closes the node at ply in the tree and returns its value v.
func (c *dfs[S]) exit(ply, v int, leaf bool) int {
	if c.Rec != nil {
		c.Rec.Exit(ply, v, leaf)
	}
	return v
}

// minimax is plain depth-limited minimax in negamax form (von Neumann
// 1928; Shannon 1950): every move of every node is searched.
func (c *dfs[S]) minimax(s S, depth, ply int) int {
	moves, value, done := c.node(s, depth, ply, -inf, inf)
	if done {
		return value
	}
	best := -inf
	for _, m := range moves {
		if c.Rec != nil {
			c.Rec.Next(ply+1, m, false)
		}
		v := -c.minimax(s.Play(m), depth-1, ply+1)
		if c.Stop.Stopped {
			return 0
		}
		if ply == 0 {
			c.RootMove(m, v)
		}
		if v > best {
			best = v
			c.SetPV(ply, m)
		}
	}
	return c.exit(ply, best, false)
}

// alphabeta is fail-soft alpha-beta pruning (Knuth and Moore 1975) in
// negamax form: a node stops searching its moves as soon as one scores at
// least beta, and returns the best value it saw even outside the window.
// With ordering on, the moves of greatest immediate gain go first.
func (c *dfs[S]) alphabeta(s S, depth, ply, alpha, beta int) int {
	moves, value, done := c.node(s, depth, ply, alpha, beta)
	if done {
		return value
	}
	best := -inf
	for i, m := range moves {
		if c.Rec != nil {
			c.Rec.Next(ply+1, m, false)
		}
		v := -c.alphabeta(s.Play(m), depth-1, ply+1, -beta, -alpha)
		if c.Stop.Stopped {
			return 0
		}
		if ply == 0 {
			c.RootMove(m, v)
		}
		if v > best {
			// The best move's line is kept even below alpha: where
			// negascout skips the re-search, that line is the exact one.
			best = v
			c.SetPV(ply, m)
			alpha = max(alpha, v)
		}
		if v >= beta {
			c.Cutoffs++
			if c.Rec != nil {
				c.Rec.Cut(ply, len(moves)-i-1)
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
func (c *dfs[S]) negascout(s S, depth, ply, alpha, beta int) int {
	moves, value, done := c.node(s, depth, ply, alpha, beta)
	if done {
		return value
	}
	best := -inf
	for i, m := range moves {
		child := s.Play(m)
		if c.Rec != nil {
			c.Rec.Next(ply+1, m, false)
		}
		var v int
		if i == 0 {
			v = -c.negascout(child, depth-1, ply+1, -beta, -alpha)
		} else {
			v = -c.negascout(child, depth-1, ply+1, -alpha-1, -alpha)
			if v > alpha && v < beta && depth > 2 && !c.Stop.Stopped {
				if c.Rec != nil {
					c.Rec.Next(ply+1, m, true)
				}
				v = -c.negascout(child, depth-1, ply+1, -beta, -v)
			}
		}
		if c.Stop.Stopped {
			return 0
		}
		if ply == 0 {
			c.RootMove(m, v)
		}
		if v > best {
			// The best move's line is kept even below alpha: where
			// negascout skips the re-search, that line is the exact one.
			best = v
			c.SetPV(ply, m)
			alpha = max(alpha, v)
		}
		if v >= beta {
			c.Cutoffs++
			if c.Rec != nil {
				c.Rec.Cut(ply, len(moves)-i-1)
			}
			break
		}
	}
	return c.exit(ply, best, false)
}
