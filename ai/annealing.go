package ai

import (
	"math"

	"boardgames/rules"
)

// annealing is simulated annealing (Kirkpatrick, Gelatt and Vecchi 1983;
// the acceptance rule of Metropolis et al. 1953) over the root moves. The
// state is a candidate move, a neighbour is another legal move drawn at
// random, and a move's value is the position after it searched to a
// shallow depth (Params.Depth, default 1: the evaluation of that position)
// from the mover's view. A better neighbour is always accepted, a worse one
// with probability exp(Δ/T), where the temperature T falls from T0 by the
// factor Cooling each step, never below T1. It answers with the best move
// it met. Values are cached: a move is searched once.
func (r *run[S]) annealing(s S) (Info, bool) {
	depth := r.p.Depth
	if depth == 0 {
		depth = 1
	}
	t0, t1, cool := r.p.t0(), r.p.t1(), r.p.cooling()
	iters := r.p.Iterations
	if iters == 0 {
		// As many steps as it takes to cool from T0 to T1.
		iters = 1 + int(min(math.Ceil(math.Log(t1/t0)/math.Log(cool)), 1e12))
	}
	every := (iters + 998) / 999 // downsampling: at most 999 samples and the last step

	var buf [rules.MaxMoves]rules.Move
	moves := s.Moves(buf[:0])
	n := len(moves)
	c := newCore(r.eval, &r.stop, depth)
	var value [rules.MaxMoves]int
	var known [rules.MaxMoves]bool
	// score searches move i, ok false if the search was stopped.
	score := func(i int) (int, bool) {
		if !known[i] {
			c.nodes++ // the root
			v := -c.alphabeta(s.Play(moves[i]), depth-1, 1, -inf, inf)
			if r.stop.stopped {
				return 0, false
			}
			value[i], known[i] = v, true
		}
		return value[i], true
	}

	info := Info{Depth: depth}
	tick := ticker{next: r.start.Add(progressEvery)}
	finish := func(best int) Info {
		out := info
		out.Move, out.Score, out.PV = moves[best], value[best], []rules.Move{moves[best]}
		for i := range n {
			if known[i] {
				out.Moves = append(out.Moves, MoveScore{Move: moves[i], Score: value[i]})
			}
		}
		sortMoveScores(out.Moves)
		c.stats(&out)
		// Every move searched to the game's end: the best value is exact.
		out.Exact = len(out.Moves) == n && c.horizon == 0
		return out
	}

	cur := r.rng.IntN(n)
	curV, ok := score(cur)
	if !ok {
		c.stats(&info)
		return info, false
	}
	best, bestV := cur, curV
	sum := 0.0
	temp := t0
	for k := 0; k < iters; k++ {
		if r.stop.poll() {
			break
		}
		if n > 1 {
			j := r.rng.IntN(n - 1)
			if j >= cur {
				j++
			}
			v, ok := score(j)
			if !ok {
				break
			}
			if d := v - curV; d >= 0 || r.rng.Float64() < math.Exp(float64(d)/temp) {
				cur, curV = j, v
			}
			if v > bestV {
				best, bestV = j, v
			}
		}
		sum += float64(curV)
		if k%every == 0 || k == iters-1 {
			info.Trace = append(info.Trace, Sample{
				Step: k, Temperature: temp, Current: float64(curV), Best: float64(bestV), Mean: sum / float64(k+1),
			})
		}
		if r.p.Progress != nil && tick.due() {
			r.progress(finish(best))
		}
		temp = max(temp*cool, t1)
	}
	return finish(best), true
}
