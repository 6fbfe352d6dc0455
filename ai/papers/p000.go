package papers

import (
	"context"
	"math"
	"math/bits"

	"boardgames/ai"
	"boardgames/ai/eval"
	"boardgames/rules"
	"boardgames/rules/othello"
)

// depth000 is paper 000's search depth ("Pengujian akan dilakukan dengan
// nilai depth yaitu 4").
const depth000 = 4

// othello000 is the bot of paper 000 (Wicaksana, "Penerapan Algoritma
// Minimax dengan Alpha-Beta Pruning sebagai Strategi Permainan Othello",
// 2022), as its section III prints it:
//   - minimax with alpha-beta pruning (`if beta <= alpha: break`), the bot
//     maximizing and its opponent minimizing, to depth 4;
//   - the moves of a node generated square by square, row by row from a1,
//     a later move replacing the best only when strictly better;
//   - a node whose side to move has no move is a leaf, like a node at
//     depth 0 ("len(choices)==0"): the paper's game ends there, and its
//     search never passes;
//   - every leaf, finished game included, scored by the table of figure
//     3.1 summed over the bot's own discs (corners 5, edges 3, inside 1).
//
// Left out, as an outright bug: the printed code generates the moves of
// every node from the root's board and side (`valid(self.array,
// self.player, x, y)`); here each node has its own moves.
func othello000(ctx context.Context, s othello.Position, p Params) (ai.Info, error) {
	own, opp := othelloSides(s)
	if info, done, err := forcedOthello(s, own, opp); done {
		return info, err
	}
	r := &run000{m: newMeter(ctx, p, 0), pv: newPV(depth000)}
	v := r.alphaBeta(own, opp, depth000, 0, math.MinInt, math.MaxInt, true)
	info := r.m.info(depth000)
	if !r.m.stopped {
		info.Score = v
		info.PV = r.pv.line()
	} else if r.m.best < 0 {
		return greedyFallback(s, info), nil
	}
	return info, nil
}

type run000 struct {
	m  *meter
	pv *pvTable
}

// alphaBeta searches the position with own to move, the bot to move when
// maximizing. Values are the table summed over the bot's discs.
func (r *run000) alphaBeta(own, opp uint64, depth, ply, alpha, beta int, maximizing bool) int {
	if r.m.node() {
		return 0
	}
	r.pv.clear(ply)
	moves := othello.MoveMask(own, opp)
	if depth == 0 || moves == 0 {
		r.m.leaves++
		if maximizing {
			return eval.PositionalTable(own)
		}
		return eval.PositionalTable(opp)
	}
	v := math.MaxInt
	if maximizing {
		v = math.MinInt
	}
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := othello.Flips(own, opp, sq)
		value := r.alphaBeta(opp&^f, own|f|1<<sq, depth-1, ply+1, alpha, beta, !maximizing)
		if r.m.stopped {
			return 0
		}
		if ply == 0 {
			r.m.rootMove(rules.Move(sq), value)
		}
		if maximizing {
			if value > v {
				v = value
				r.pv.set(ply, rules.Move(sq))
			}
			alpha = max(alpha, v)
		} else {
			if value < v {
				v = value
				r.pv.set(ply, rules.Move(sq))
			}
			beta = min(beta, v)
		}
		if beta <= alpha {
			r.m.cutoffs++
			break
		}
	}
	return v
}

// othelloSides returns the discs of the side to move and of the other.
func othelloSides(s othello.Position) (own, opp uint64) {
	black, white := s.Bitboards()
	if s.ToMove() == rules.White {
		return white, black
	}
	return black, white
}

// forcedOthello answers the positions where there is nothing to search:
// done is true with a forced pass, or with an error when the game is over.
func forcedOthello(s othello.Position, own, opp uint64) (ai.Info, bool, error) {
	if othello.MoveMask(own, opp) != 0 {
		return ai.Info{}, false, nil
	}
	if len(s.Moves(nil)) == 0 {
		return ai.Info{}, true, errNoMoves
	}
	return ai.Info{Move: othello.Pass, Nodes: 1, PV: []rules.Move{othello.Pass},
		Moves: []ai.MoveScore{{Move: othello.Pass}}}, true, nil
}

// greedyFallback is the answer of a search stopped before it finished a
// root move: the move of greatest immediate gain, the first of equals.
func greedyFallback[S rules.State[S]](s S, stats ai.Info) ai.Info {
	var buf [rules.MaxMoves]rules.Move
	moves := s.Moves(buf[:0])
	best, bestGain := moves[0], math.MinInt
	for _, m := range moves {
		g := s.Play(m).Score() - s.Score()
		if s.ToMove() == rules.White {
			g = -g
		}
		if g > bestGain {
			best, bestGain = m, g
		}
	}
	stats.Move, stats.Score, stats.PV = best, bestGain, []rules.Move{best}
	stats.Fallback = true
	return stats
}
