package papers

import (
	"context"
	"math/bits"

	"boardgames/ai"
	"boardgames/ai/eval"
	"boardgames/rules"
	"boardgames/rules/checkers"
)

// checkers001 runs a bot of paper 001 (NegaScout against alpha-beta in
// English checkers), both fail-soft and with the moves in the order the
// rules generate them (the paper orders nothing; its conclusion blames
// NegaScout's extra nodes on that):
//   - "paper001-negascout" is Reinefeld's NegaScout as the paper's figure 1
//     (Reinefeld 1983) prints it and its text explains it line by line
//     (negascout001); the variant "pvs" is the principal variation search
//     form of package ai instead, which re-searches only when α < t < β;
//   - "paper001-alphabeta" is the alpha-beta of package ai.
//
// The evaluation is paper 001's four factors (pieces, moves, jumps, pieces
// on the edge) by default; the paper gives no weights, so the weights are
// ours (see eval "factors"). Params.Eval may choose "pieces", the first
// factor alone (men 100, kings 160: the factors' weights), or our "strong"
// evaluation, to show how the evaluation's grain changes the node counts.
// A side that cannot move loses.
func checkers001(ctx context.Context, name string, s checkers.Position, depth int, p Params) (ai.Info, error) {
	ev, err := evaluation001(p.Eval)
	if err != nil {
		return ai.Info{}, err
	}
	if name == "paper001-negascout" && !p.has("pvs") {
		return negascout001(ctx, s, ev, depth, p)
	}
	algo := "alphabeta"
	if name == "paper001-negascout" {
		algo = "negascout"
	}
	return ai.Search(ctx, algo, s, ev, ai.Params{Depth: depth, Progress: p.Progress})
}

// evaluation001 returns the checkers evaluation called name ("" is the
// paper's factors).
func evaluation001(name string) (ai.Evaluator[checkers.Position], error) {
	switch name {
	case "", "factors":
		return eval.Checkers("factors")
	case "pieces":
		return pieces001, nil
	}
	return eval.Checkers(name)
}

// pieces001 is the first of paper 001's factors alone, the number of
// pieces: a man 100 and a king 160 (the weights of eval "factors"), own
// minus the opponent's.
func pieces001(s checkers.Position) int {
	black, white, kings := s.Bitboards()
	own, opp := black, white
	if s.ToMove() == rules.White {
		own, opp = white, black
	}
	return 100*(bits.OnesCount32(own&^kings)-bits.OnesCount32(opp&^kings)) +
		160*(bits.OnesCount32(own&kings)-bits.OnesCount32(opp&kings))
}

// negascout001 is NegaScout as Reinefeld (1983) prints it, in the
// numbering of the lines paper 001 explains:
//
//	 4  if p is a leaf: return Evaluate(p)
//	 6  m := −∞
//	 7  n := β
//	 8  for each successor p_i:
//	 9      t := −NegaScout(p_i, −n, −max(α, m))
//	10      if t > m:
//	11          if n = β or depth ≤ 2: m := t
//	13          else: m := −NegaScout(p_i, −β, −t)
//	14      if m ≥ β: return m
//	15      n := max(α, m) + 1
//	    return m
//
// The first successor is searched with the full window (n = β), the
// others with the null window (max(α, m), max(α, m) + 1); a successor
// that fails high (t > m) is searched again with (t, β), except at the two
// lowest levels, where the fail-soft value is already exact. This
// re-searches also where t lies at or below α (m < t ≤ α) and where t ≥ β,
// which the principal variation search form (α < t < β) does not: the
// values are the same, the node counts differ a little.
func negascout001(ctx context.Context, s checkers.Position, ev ai.Evaluator[checkers.Position], depth int, p Params) (ai.Info, error) {
	var buf [rules.MaxMoves]rules.Move
	if len(s.Moves(buf[:0])) == 0 {
		return ai.Info{}, errNoMoves
	}
	r := &run001{m: newMeter(ctx, p, 0), pv: newPV(depth + 1), eval: ev, moves: make([][rules.MaxMoves]rules.Move, depth+1)}
	v := r.negascout(s, depth, 0, -inf001, inf001)
	info := r.m.info(depth)
	if r.m.stopped {
		info.Depth = 0
		if r.m.best < 0 {
			return greedyFallback(s, info), nil
		}
		return info, nil
	}
	info.Score, info.PV = v, r.pv.line()
	info.Move = info.PV[0]
	return info, nil
}

// inf001 is the searches' infinity, beyond every value.
const inf001 = 2 * ai.WinScore

type run001 struct {
	m     *meter
	pv    *pvTable
	eval  ai.Evaluator[checkers.Position]
	moves [][rules.MaxMoves]rules.Move // the move list of each ply

	researches int // re-searches made (line 13)
}

// negascout is Reinefeld's NegaScout (see negascout001) in negamax form:
// values are for the side to move, depth the plies left.
func (r *run001) negascout(s checkers.Position, depth, ply, alpha, beta int) int {
	if r.m.node() {
		return 0
	}
	r.pv.clear(ply)
	moves := s.Moves(r.moves[ply][:0])
	if depth == 0 || len(moves) == 0 {
		r.m.leaves++
		return leaf001(s, r.eval, len(moves) == 0, ply)
	}
	m, n := -inf001, beta
	for _, mv := range moves {
		child := s.Play(mv)
		t := -r.negascout(child, depth-1, ply+1, -n, -max(alpha, m))
		if r.m.stopped {
			return 0
		}
		if t > m {
			if n != beta && depth > 2 {
				r.researches++
				t = -r.negascout(child, depth-1, ply+1, -beta, -t)
				if r.m.stopped {
					return 0
				}
			}
			m = t
			r.pv.set(ply, mv)
		}
		if ply == 0 {
			r.m.rootMove(mv, t)
		}
		if m >= beta {
			r.m.cutoffs++
			return m
		}
		n = max(alpha, m) + 1
	}
	return m
}

// leaf001 scores a leaf for the side to move: a finished game (no move:
// the side to move has lost) as package ai scores it, a sooner win worth
// more, else the evaluation, kept clear of the decided range.
func leaf001(s checkers.Position, ev ai.Evaluator[checkers.Position], over bool, ply int) int {
	if r := s.Result(); over || r.Over() {
		w, ok := r.Winner()
		switch {
		case !ok:
			return 0
		case w == s.ToMove():
			return ai.WinScore - ply
		}
		return -(ai.WinScore - ply)
	}
	return min(max(ev(s), -ai.WinScore/2), ai.WinScore/2)
}
