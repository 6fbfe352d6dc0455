package papers

import (
	"context"
	"math/bits"

	"boardgames/ai"
	"boardgames/rules"
	"boardgames/rules/othello"
)

// The bots of paper 004 (Prabawa, "Kombinasi Greedy, Minimax, dan
// Alpha-Beta Pruning untuk Permainan Reversi"): standard rules with
// passes, Black first.

// othelloGreedy004 is paper 004's greedy by number (section 2): the move
// that flips the most discs, equal moves chosen at random (each of k
// equal moves with chance 1/k). It looks at nothing else: a move that
// ends the game with a win is one move among others. The variant
// "winsfirst" is the generic greedy of package ai instead, which puts a
// move that wins the game first and one that loses it last (ours).
func othelloGreedy004(ctx context.Context, s othello.Position, p Params) (ai.Info, error) {
	if p.has("winsfirst") {
		return ai.Search(ctx, "greedy", s, nil, ai.Params{Seed: p.Seed})
	}
	own, opp := othelloSides(s)
	if info, done, err := forcedOthello(s, own, opp); done {
		return info, err
	}
	rng := newRand(p.Seed)
	info := ai.Info{Depth: 1, Nodes: 1}
	best, most, ties := -1, -1, 0
	for moves := othello.MoveMask(own, opp); moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		n := bits.OnesCount64(othello.Flips(own, opp, sq))
		info.Nodes++
		info.Leaves++
		info.Moves = append(info.Moves, ai.MoveScore{Move: rules.Move(sq), Score: n})
		switch {
		case n > most:
			best, most, ties = sq, n, 1
		case n == most:
			ties++ // reservoir sampling: the k-th equal move replaces with chance 1/k
			if rng.IntN(ties) == 0 {
				best = sq
			}
		}
	}
	info.Moves = sortedScores(info.Moves)
	info.Move, info.Score, info.PV = rules.Move(best), most, []rules.Move{rules.Move(best)}
	return info, nil
}

// othelloAlphaBeta004 is paper 004's alpha-beta with greedy ordering
// (section 2.3), as its AlphaBeta function prints it:
//   - the window starts at ±999,999,999; a move raises alpha (or lowers
//     beta) only when strictly better, and a node returns alpha (beta) as
//     soon as alpha >= beta (fail-hard);
//   - the moves of a node sorted by the discs they flip, most first (the
//     greedy count), equal ones in board order;
//   - a leaf at the depth limit or at the end of the game; a side that
//     must pass gives the move to the other side at the same depth: a
//     pass does not use up depth;
//   - evaluation: the disc difference for the bot, a won game +infinity
//     and a lost one -infinity (how soon does not matter), a draw 0.
//
// Depth d searches d moves ahead ("jumlah langkah ke depan", "kedalaman 1
// (melihat 1 langkah ke depan)"), as the text says; the variant "code"
// searches d+1, as the pseudo-code does (the root at depth 0, a leaf when
// depth > MaxDepth). The value of an unfinished leaf, the disc difference,
// is our assumption: the paper gives none ("high is good for Max,
// balanced 0"). The paper's
// infinity is represented inside its window, so the first root move
// always raises alpha and there is always a move to play (the printed
// code keeps no move when nothing beats -999,999,999).
func othelloAlphaBeta004(ctx context.Context, s othello.Position, depth int, p Params) (ai.Info, error) {
	own, opp := othelloSides(s)
	if info, done, err := forcedOthello(s, own, opp); done {
		return info, err
	}
	// Passes add plies beyond the depth: at most one before each move and
	// one at the end.
	r := &run004{m: newMeter(ctx, p, 0), pv: newPV(2*depth + 2)}
	v := r.alphaBeta(own, opp, depth, 0, -window004, window004)
	info := r.m.info(depth)
	if r.m.stopped {
		if r.m.best < 0 {
			return greedyFallback(s, info), nil
		}
		return info, nil
	}
	info.Move, info.Score, info.PV = r.m.root[r.m.best].Move, v, r.pv.line()
	if v == win004 {
		// The line found ends the game: report how soon, as the other
		// searches do.
		info.Score, info.Exact = ai.WinScore-len(info.PV), true
	} else if v == -win004 {
		info.Score, info.Exact = -(ai.WinScore - len(info.PV)), true
	}
	return info, nil
}

// The paper's initial window, and the value of a won game: its "infinity",
// beyond every disc difference and inside the window.
const (
	window004 = 999_999_999
	win004    = ai.WinScore
)

type run004 struct {
	m  *meter
	pv *pvTable
}

// leaf004 is paper 004's value of a leaf for the side to move: the disc
// difference, or ±win004 for a finished game won or lost (however soon).
func leaf004(own, opp uint64, over bool) int {
	d := bits.OnesCount64(own) - bits.OnesCount64(opp)
	switch {
	case !over || d == 0:
		return d
	case d > 0:
		return win004
	}
	return -win004
}

// alphaBeta is the paper's AlphaBeta in negamax form: own moves, and
// values are for the side to move.
func (r *run004) alphaBeta(own, opp uint64, depth, ply, alpha, beta int) int {
	if r.m.node() {
		return 0
	}
	r.pv.clear(ply)
	moves := othello.MoveMask(own, opp)
	over := moves == 0 && othello.MoveMask(opp, own) == 0
	if over || depth == 0 {
		r.m.leaves++
		return leaf004(own, opp, over)
	}
	if moves == 0 { // pass: the other side moves, at the same depth
		v := -r.alphaBeta(opp, own, depth, ply+1, -beta, -alpha)
		r.pv.set(ply, othello.Pass)
		return v
	}
	var list, flips [64]int // the moves, most flips first, and their flips
	n := 0
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		k := bits.OnesCount64(othello.Flips(own, opp, sq))
		j := n
		for ; j > 0 && flips[j-1] < k; j-- {
			list[j], flips[j] = list[j-1], flips[j-1]
		}
		list[j], flips[j] = sq, k
		n++
	}
	for _, sq := range list[:n] {
		f := othello.Flips(own, opp, sq)
		v := -r.alphaBeta(opp&^f, own|f|1<<sq, depth-1, ply+1, -beta, -alpha)
		if r.m.stopped {
			return 0
		}
		if ply == 0 {
			r.m.rootMove(rules.Move(sq), v)
		}
		if v > alpha {
			alpha = v
			r.pv.set(ply, rules.Move(sq))
		}
		if alpha >= beta {
			r.m.cutoffs++
			return alpha
		}
	}
	return alpha
}
