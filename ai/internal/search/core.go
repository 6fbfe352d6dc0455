package search

import (
	"boardgames/rules"
)

// Core is what the depth-first searches share: counters, the stop check,
// and every per-ply buffer, allocated once per search so that the
// recursion allocates nothing.
type Core[S rules.State[S]] struct {
	Eval Evaluator[S]
	Stop *Stopper

	Nodes, Leaves, Cutoffs, TTHits uint64
	Horizon                        uint64 // leaves scored by the evaluator (not at the game's end)

	Moves [][rules.MaxMoves]rules.Move // moves[ply]: the move list of the node at ply
	Keys  [][rules.MaxMoves]int32      // keys[ply]: ordering keys of moves[ply]

	// The triangular principal-variation table: row ply holds pvLen[ply]
	// moves from pv[ply*stride].
	PV     []rules.Move
	PVLen  []int
	Stride int

	Ordering bool // greedy move ordering (alphabeta, negascout)

	// The root moves finished in the current iteration, in search order,
	// and the best of them.
	Root     []MoveScore
	RootBest int // index in root, -1 before the first root move finishes

	Rec *Recorder // the Tree Recorder, nil when no tree is wanted

	Live *Live // Progress reports during an iteration, nil without Progress
}

// Live paces the Progress reports that minimax, alphabeta, negascout and
// the engine make in the middle of an iteration, from the stop check
// (every pollMask+1 nodes), so that a long iteration is not silent. It
// holds the search's result (the last completed iteration), so that the
// reports can read it and the searches without Progress keep theirs on
// the stack.
type Live struct {
	report func(Info) // Run.Reporter
	tick   Ticker
	Res    Result      // the last completed iteration
	Depth  int         // the iteration under way
	total  int         // the root's moves
	Extra  func(*Info) // adds the helper threads' counters (Lazy SMP), or nil
}

// NewLive prepares the reports of a search of up to maxPly plies from a
// root with total moves; the first report is due after ProgressEvery.
func NewLive(report func(Info), maxPly, total int) *Live {
	l := &Live{report: report, Res: *NewResult(maxPly), total: total}
	l.tick.Due()
	return l
}

// NewCore prepares buffers for plies 0..maxPly.
func NewCore[S rules.State[S]](eval Evaluator[S], stop *Stopper, maxPly int) *Core[S] {
	n := maxPly + 1
	return &Core[S]{
		Eval:     eval,
		Stop:     stop,
		Moves:    make([][rules.MaxMoves]rules.Move, n),
		Keys:     make([][rules.MaxMoves]int32, n),
		PV:       make([]rules.Move, n*n),
		PVLen:    make([]int, n+1),
		Stride:   n,
		Root:     make([]MoveScore, 0, rules.MaxMoves),
		RootBest: -1,
	}
}

// Enter counts a node and reports whether the search must unwind.
func (c *Core[S]) Enter(ply int) bool {
	c.Nodes++
	c.PVLen[ply] = 0
	return c.Nodes&PollMask == 0 && c.Poll()
}

// Poll is the stop check of every pollMask+1 nodes; it also makes the
// live Progress report when one is due.
func (c *Core[S]) Poll() bool {
	if c.Live != nil && c.Live.tick.Due() {
		c.ReportLive()
	}
	return c.Stop.Poll()
}

// ReportLive reports the iteration under way: its depth and root moves
// done, the counters, and the move the search would answer with now (the
// last completed iteration's, else the best root move finished so far).
func (c *Core[S]) ReportLive() {
	l := c.Live
	info := c.Info(&l.Res)
	if !l.Res.OK && c.RootBest >= 0 {
		best := c.Root[c.RootBest]
		info.Move, info.Score, info.PV = best.Move, best.Score, []rules.Move{best.Move}
		info.Moves = append([]MoveScore(nil), c.Root...)
		SortMoveScores(info.Moves)
	}
	info.Searching, info.RootDone, info.RootTotal = l.Depth, len(c.Root), l.total
	if l.Extra != nil {
		l.Extra(&info)
	}
	l.report(info)
}

// Leaf scores a node at the horizon: its game value if the game is over,
// else the evaluator's clamped value.
func (c *Core[S]) Leaf(s S, ply int) int {
	c.Leaves++
	if r := s.Result(); r.Over() {
		return Terminal(s, r, ply)
	}
	c.Horizon++
	return ClampEval(c.Eval(s))
}

// Terminal is the value of a finished game for the side to move there,
// ply plies below the root: a win sooner is worth more.
func Terminal[S rules.State[S]](s S, r rules.Result, ply int) int {
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

// ClampEval keeps a heuristic value clear of the decided range.
func ClampEval(v int) int {
	const lim = WinScore / 2
	if v > lim {
		return lim
	}
	if v < -lim {
		return -lim
	}
	return v
}

// SetPV makes m followed by the child's principal variation the variation
// of the node at ply.
func (c *Core[S]) SetPV(ply int, m rules.Move) {
	row := ply * c.Stride
	child := row + c.Stride
	n := c.PVLen[ply+1]
	c.PV[row] = m
	copy(c.PV[row+1:row+1+n], c.PV[child:child+n])
	c.PVLen[ply] = n + 1
}

// Over scores a node whose game has ended.
func (c *Core[S]) Over(s S, ply int) int {
	c.Leaves++
	return Terminal(s, s.Result(), ply)
}

// Result is the answer of the last completed iteration of a depth-first
// search, kept in buffers of its own so that deepening allocates nothing
// per iteration; info builds the Info once at the end (and for each
// Progress report).
type Result struct {
	OK    bool
	Move  rules.Move
	Score int
	Depth int
	Exact bool
	PV    []rules.Move
	Root  []MoveScore
}

// Complete records the iteration to depth that just returned v.
func (c *Core[S]) Complete(res *Result, v, depth int, exact bool) {
	res.OK = true
	res.Move, res.Score, res.Depth, res.Exact = c.Root[c.RootBest].Move, v, depth, exact
	res.PV = append(res.PV[:0], c.PV[:c.PVLen[0]]...)
	res.Root = append(res.Root[:0], c.Root...)
}

// RootCount is the number of moves at the root s (counted in the root's
// move buffer, which the search fills again).
func (c *Core[S]) RootCount(s S) int { return len(s.Moves(c.Moves[0][:0])) }

// Partial records the best root move of an iteration that was stopped,
// when no iteration was completed; false if not even one root move was.
func (c *Core[S]) Partial(res *Result) bool {
	if res.OK || c.RootBest < 0 {
		return res.OK
	}
	best := c.Root[c.RootBest]
	res.OK = true
	res.Move, res.Score, res.Depth, res.Exact = best.Move, best.Score, 0, false
	res.PV = append(res.PV[:0], best.Move)
	res.Root = append(res.Root[:0], c.Root...)
	return true
}

// Info returns the result and the counters as an Info.
func (c *Core[S]) Info(res *Result) Info {
	info := Info{
		Move:  res.Move,
		Score: res.Score,
		Depth: res.Depth,
		Exact: res.Exact,
	}
	if res.OK {
		info.PV = append([]rules.Move(nil), res.PV...)
		info.Moves = append([]MoveScore(nil), res.Root...)
		SortMoveScores(info.Moves)
	}
	c.Stats(&info)
	return info
}

// NewResult preallocates a result for searches of up to maxPly plies.
func NewResult(maxPly int) *Result {
	return &Result{PV: make([]rules.Move, 0, maxPly+1), Root: make([]MoveScore, 0, rules.MaxMoves)}
}

// RootMove records a finished root move and its value.
func (c *Core[S]) RootMove(m rules.Move, v int) {
	c.Root = append(c.Root, MoveScore{Move: m, Score: v})
	if c.RootBest < 0 || v > c.Root[c.RootBest].Score {
		c.RootBest = len(c.Root) - 1
	}
}

// ResetRoot starts a new iteration at the root.
func (c *Core[S]) ResetRoot() {
	c.Root = c.Root[:0]
	c.RootBest = -1
}

// OrderGreedy sorts moves by immediate gain, greatest first, keeping the
// generation order among equals (insertion sort: the lists are short).
func (c *Core[S]) OrderGreedy(s S, moves []rules.Move, ply int) {
	keys := &c.Keys[ply]
	for i, m := range moves {
		g := Gain(s, s.Play(m))
		k := int32(g)
		j := i
		for ; j > 0 && keys[j-1] < k; j-- {
			keys[j], moves[j] = keys[j-1], moves[j-1]
		}
		keys[j], moves[j] = k, m
	}
}

// Stats copies the counters into an Info.
func (c *Core[S]) Stats(info *Info) {
	info.Nodes, info.Leaves, info.Cutoffs, info.TTHits = c.Nodes, c.Leaves, c.Cutoffs, c.TTHits
}
