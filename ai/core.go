package ai

import (
	"boardgames/rules"
)

// core is what the depth-first searches share: counters, the stop check,
// and every per-ply buffer, allocated once per search so that the
// recursion allocates nothing.
type core[S rules.State[S]] struct {
	eval Evaluator[S]
	stop *stopper

	nodes, leaves, cutoffs, ttHits uint64
	horizon                        uint64 // leaves scored by the evaluator (not at the game's end)

	moves [][rules.MaxMoves]rules.Move // moves[ply]: the move list of the node at ply
	keys  [][rules.MaxMoves]int32      // keys[ply]: ordering keys of moves[ply]

	// The triangular principal-variation table: row ply holds pvLen[ply]
	// moves from pv[ply*stride].
	pv     []rules.Move
	pvLen  []int
	stride int

	ordering bool // greedy move ordering (alphabeta, negascout)

	// The root moves finished in the current iteration, in search order,
	// and the best of them.
	root     []MoveScore
	rootBest int // index in root, -1 before the first root move finishes

	rec *recorder // the Tree recorder, nil when no tree is wanted

	live *live // Progress reports during an iteration, nil without Progress
}

// live paces the Progress reports that minimax, alphabeta, negascout and
// the engine make in the middle of an iteration, from the stop check
// (every pollMask+1 nodes), so that a long iteration is not silent. It
// holds the search's result (the last completed iteration), so that the
// reports can read it and the searches without Progress keep theirs on
// the stack.
type live struct {
	report func(Info) // run.reporter
	tick   ticker
	res    result      // the last completed iteration
	depth  int         // the iteration under way
	total  int         // the root's moves
	extra  func(*Info) // adds the helper threads' counters (Lazy SMP), or nil
}

// newLive prepares the reports of a search of up to maxPly plies from a
// root with total moves; the first report is due after progressEvery.
func newLive(report func(Info), maxPly, total int) *live {
	l := &live{report: report, res: *newResult(maxPly), total: total}
	l.tick.due()
	return l
}

// newCore prepares buffers for plies 0..maxPly.
func newCore[S rules.State[S]](eval Evaluator[S], stop *stopper, maxPly int) *core[S] {
	n := maxPly + 1
	return &core[S]{
		eval:     eval,
		stop:     stop,
		moves:    make([][rules.MaxMoves]rules.Move, n),
		keys:     make([][rules.MaxMoves]int32, n),
		pv:       make([]rules.Move, n*n),
		pvLen:    make([]int, n+1),
		stride:   n,
		root:     make([]MoveScore, 0, rules.MaxMoves),
		rootBest: -1,
	}
}

// enter counts a node and reports whether the search must unwind.
func (c *core[S]) enter(ply int) bool {
	c.nodes++
	c.pvLen[ply] = 0
	return c.nodes&pollMask == 0 && c.poll()
}

// poll is the stop check of every pollMask+1 nodes; it also makes the
// live Progress report when one is due.
func (c *core[S]) poll() bool {
	if c.live != nil && c.live.tick.due() {
		c.reportLive()
	}
	return c.stop.poll()
}

// reportLive reports the iteration under way: its depth and root moves
// done, the counters, and the move the search would answer with now (the
// last completed iteration's, else the best root move finished so far).
func (c *core[S]) reportLive() {
	l := c.live
	info := c.info(&l.res)
	if !l.res.ok && c.rootBest >= 0 {
		best := c.root[c.rootBest]
		info.Move, info.Score, info.PV = best.Move, best.Score, []rules.Move{best.Move}
		info.Moves = append([]MoveScore(nil), c.root...)
		sortMoveScores(info.Moves)
	}
	info.Searching, info.RootDone, info.RootTotal = l.depth, len(c.root), l.total
	if l.extra != nil {
		l.extra(&info)
	}
	l.report(info)
}

// leaf scores a node at the horizon: its game value if the game is over,
// else the evaluator's clamped value.
func (c *core[S]) leaf(s S, ply int) int {
	c.leaves++
	if r := s.Result(); r.Over() {
		return terminal(s, r, ply)
	}
	c.horizon++
	return clampEval(c.eval(s))
}

// terminal is the value of a finished game for the side to move there,
// ply plies below the root: a win sooner is worth more.
func terminal[S rules.State[S]](s S, r rules.Result, ply int) int {
	w, ok := r.Winner()
	switch {
	case !ok:
		return 0
	case w == s.ToMove():
		return WinScore - ply
	default:
		return -(WinScore - ply)
	}
}

// clampEval keeps a heuristic value clear of the decided range.
func clampEval(v int) int {
	const lim = WinScore / 2
	if v > lim {
		return lim
	}
	if v < -lim {
		return -lim
	}
	return v
}

// setPV makes m followed by the child's principal variation the variation
// of the node at ply.
func (c *core[S]) setPV(ply int, m rules.Move) {
	row := ply * c.stride
	child := row + c.stride
	n := c.pvLen[ply+1]
	c.pv[row] = m
	copy(c.pv[row+1:row+1+n], c.pv[child:child+n])
	c.pvLen[ply] = n + 1
}

// result is the answer of the last completed iteration of a depth-first
// search, kept in buffers of its own so that deepening allocates nothing
// per iteration; info builds the Info once at the end (and for each
// Progress report).
type result struct {
	ok    bool
	move  rules.Move
	score int
	depth int
	exact bool
	pv    []rules.Move
	root  []MoveScore
}

// complete records the iteration to depth that just returned v.
func (c *core[S]) complete(res *result, v, depth int, exact bool) {
	res.ok = true
	res.move, res.score, res.depth, res.exact = c.root[c.rootBest].Move, v, depth, exact
	res.pv = append(res.pv[:0], c.pv[:c.pvLen[0]]...)
	res.root = append(res.root[:0], c.root...)
}

// rootCount is the number of moves at the root s (counted in the root's
// move buffer, which the search fills again).
func (c *core[S]) rootCount(s S) int { return len(s.Moves(c.moves[0][:0])) }

// partial records the best root move of an iteration that was stopped,
// when no iteration was completed; false if not even one root move was.
func (c *core[S]) partial(res *result) bool {
	if res.ok || c.rootBest < 0 {
		return res.ok
	}
	best := c.root[c.rootBest]
	res.ok = true
	res.move, res.score, res.depth, res.exact = best.Move, best.Score, 0, false
	res.pv = append(res.pv[:0], best.Move)
	res.root = append(res.root[:0], c.root...)
	return true
}

// info returns the result and the counters as an Info.
func (c *core[S]) info(res *result) Info {
	info := Info{
		Move:  res.move,
		Score: res.score,
		Depth: res.depth,
		Exact: res.exact,
	}
	if res.ok {
		info.PV = append([]rules.Move(nil), res.pv...)
		info.Moves = append([]MoveScore(nil), res.root...)
		sortMoveScores(info.Moves)
	}
	c.stats(&info)
	return info
}

// newResult preallocates a result for searches of up to maxPly plies.
func newResult(maxPly int) *result {
	return &result{pv: make([]rules.Move, 0, maxPly+1), root: make([]MoveScore, 0, rules.MaxMoves)}
}

// rootMove records a finished root move and its value.
func (c *core[S]) rootMove(m rules.Move, v int) {
	c.root = append(c.root, MoveScore{Move: m, Score: v})
	if c.rootBest < 0 || v > c.root[c.rootBest].Score {
		c.rootBest = len(c.root) - 1
	}
}

// resetRoot starts a new iteration at the root.
func (c *core[S]) resetRoot() {
	c.root = c.root[:0]
	c.rootBest = -1
}

// orderGreedy sorts moves by immediate gain, greatest first, keeping the
// generation order among equals (insertion sort: the lists are short).
func (c *core[S]) orderGreedy(s S, moves []rules.Move, ply int) {
	keys := &c.keys[ply]
	for i, m := range moves {
		g := gain(s, s.Play(m))
		k := int32(g)
		j := i
		for ; j > 0 && keys[j-1] < k; j-- {
			keys[j], moves[j] = keys[j-1], moves[j-1]
		}
		keys[j], moves[j] = k, m
	}
}

// stats copies the counters into an Info.
func (c *core[S]) stats(info *Info) {
	info.Nodes, info.Leaves, info.Cutoffs, info.TTHits = c.nodes, c.leaves, c.cutoffs, c.ttHits
}
