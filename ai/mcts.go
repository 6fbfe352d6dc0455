package ai

import (
	"math"

	"boardgames/rules"

	"boardgames/ai/internal/search"
)

// Monte-Carlo tree search with the UCT selection rule (Kocsis and
// Szepesvári 2006; Coulom 2006 for the tree search): each simulation walks
// down the tree choosing the child that maximises
//
//	wins/visits + C·sqrt(ln(parent visits)/visits),
//
// adds one new node, plays the game out to its end (random or greedy
// moves) and credits the result to every node on the way back up. The
// chosen move is the most visited one. MCTS needs no evaluator. Info.Nodes
// counts the positions on the selection paths and in the playouts,
// Info.Leaves the playouts.

// mnode is a node of the search tree. Its children sit next to each other
// in the node arena, first..first+count-1, shuffled when they are created
// and tried in that order: the first tried of them have been visited.
type mnode struct {
	move   rules.Move
	parent int32
	first  int32 // index of the first child; -1 not expanded yet
	count  int32 // number of children; -1 for a finished game
	tried  int32 // children visited at least once (they come first)
	visits float64
	wins   float64      // results from the view of mover: 1 win, ½ draw
	mover  rules.Player // the player who made move
}

// maxTreeNodes bounds the tree's memory (about 48 MB); past it, leaves are
// no longer expanded and simulations start from them.
const maxTreeNodes = 1 << 20

// maxPlayout bounds a playout; one still going after it is scored by the
// sign of the game's Score (for draw rules that live outside the position).
const maxPlayout = 1000

func (r *run[S]) mcts(s S) (Info, bool) {
	iters := r.p.Iterations
	if iters == 0 && r.p.Time == 0 {
		iters = defaultIterations
	}
	greedy := r.p.Playout == "greedy"
	c := r.p.exploration()
	tree := make([]mnode, 1, 1024)
	tree[0] = mnode{parent: -1, first: -1}
	var buf [rules.MaxMoves]rules.Move
	var nodes, leaves uint64
	deepest := 0
	tick := search.Ticker{Next: r.Start.Add(search.ProgressEvery)}

	report := func() Info {
		info := Info{Depth: deepest, Nodes: nodes, Leaves: leaves}
		root := &tree[0]
		if root.first < 0 || root.tried == 0 {
			return info
		}
		kids := tree[root.first : root.first+root.count]
		info.Moves = make([]MoveScore, 0, root.tried)
		for _, k := range kids[:root.tried] {
			info.Moves = append(info.Moves, MoveScore{Move: k.move, Score: int(k.wins / k.visits * 1000), Visits: int(k.visits)})
		}
		search.SortMoveScores(info.Moves)
		info.Move, info.Score = info.Moves[0].Move, info.Moves[0].Score
		// The principal variation follows the most visited child.
		for i := int32(0); tree[i].first >= 0 && tree[i].tried > 0; {
			i = mostVisited(tree, i)
			info.PV = append(info.PV, tree[i].move)
		}
		return info
	}

	for it := 0; iters == 0 || it < iters; it++ {
		if it&15 == 0 {
			if r.Stop.Poll() {
				break
			}
			if r.p.Progress != nil && tick.Due() {
				r.Report(report())
			}
		}
		// Selection and expansion.
		pos, i, depth := s, int32(0), 0
		for {
			n := &tree[i]
			if n.first < 0 && n.count == 0 {
				if i != 0 && n.visits == 0 || len(tree) >= maxTreeNodes {
					break // a new leaf: simulate from here
				}
				moves := pos.Moves(buf[:0])
				if len(moves) == 0 {
					n.count = -1
					break
				}
				r.rng.Shuffle(len(moves), func(a, b int) { moves[a], moves[b] = moves[b], moves[a] })
				n.first, n.count = int32(len(tree)), int32(len(moves))
				mover := pos.ToMove()
				for _, m := range moves {
					tree = append(tree, mnode{move: m, parent: i, first: -1, mover: mover})
				}
				n = &tree[i]
			}
			if n.count < 0 {
				break // the game is over here
			}
			var next int32
			if n.tried < n.count {
				next = n.first + n.tried
				n.tried++
			} else {
				next = uctChild(tree, i, c)
			}
			pos, i = pos.Play(tree[next].move), next
			nodes++
			depth++
			if tree[i].visits == 0 {
				break
			}
		}
		deepest = max(deepest, depth)

		// Simulation.
		steps := 0
		for ; steps < maxPlayout; steps++ {
			moves := pos.Moves(buf[:0])
			if len(moves) == 0 {
				break
			}
			var m rules.Move
			if greedy {
				m, _ = greedyMove(pos, moves, r.rng)
			} else {
				m = moves[r.rng.IntN(len(moves))]
			}
			pos = pos.Play(m)
		}
		nodes += uint64(steps)
		leaves++
		winner, decided := pos.Result().Winner()
		if steps == maxPlayout {
			switch sc := pos.Score(); {
			case sc > 0:
				winner, decided = rules.Black, true
			case sc < 0:
				winner, decided = rules.White, true
			default:
				decided = false
			}
		}

		// Backpropagation.
		for ; i >= 0; i = tree[i].parent {
			n := &tree[i]
			n.visits++
			switch {
			case !decided:
				n.wins += 0.5
			case winner == n.mover:
				n.wins++
			}
		}
	}
	info := report()
	nodes++ // the root
	info.Nodes = nodes
	if info.Moves == nil {
		return info, false
	}
	return info, true
}

// uctChild returns the child of node i with the greatest UCT value; every
// child has been visited.
func uctChild(tree []mnode, i int32, c float64) int32 {
	n := &tree[i]
	logN := math.Log(n.visits)
	best, bestV := n.first, math.Inf(-1)
	for k := n.first; k < n.first+n.count; k++ {
		ch := &tree[k]
		v := ch.wins/ch.visits + c*math.Sqrt(logN/ch.visits)
		if v > bestV {
			best, bestV = k, v
		}
	}
	return best
}

// mostVisited returns the most visited child of node i, the better scoring
// one among equals.
func mostVisited(tree []mnode, i int32) int32 {
	n := &tree[i]
	best := n.first
	for k := n.first + 1; k < n.first+n.tried; k++ {
		a, b := &tree[k], &tree[best]
		if a.visits > b.visits || a.visits == b.visits && a.wins > b.wins {
			best = k
		}
	}
	return best
}
