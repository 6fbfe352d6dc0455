package ai

import (
	"math"

	"boardgames/rules"

	"boardgames/ai/internal/search"
)

// annealing is simulated annealing (Kirkpatrick, Gelatt and Vecchi 1983;
// the acceptance rule of Metropolis et al. 1953) over the root moves. The
// state is a candidate move, a neighbour is another legal move drawn at
// random, and a move's value is the position after it searched to a
// shallow depth (Params.Depth, default 1: the evaluation of that position)
// from the mover's view. A better neighbour is always accepted, a worse one
// with probability exp(Δ/(T·spread)), where the temperature T falls from
// T0 by the factor Cooling each step, never below T1, and spread is the
// scale of the evaluation here: the best minus the worst value of up to 8
// root moves scored first (decided games left out; at least 1). So T is
// in units of the spread of the moves' values, whatever the evaluation's
// units: at the default T0 = 10 nearly every worse move is accepted, at
// T1 = 0.01 none (the classic curve). It answers with the best move it
// met. Values are cached: a move is searched once.
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
	c := dfs[S]{search.NewCore(r.Eval, &r.Stop, depth)}
	var value [rules.MaxMoves]int
	var known [rules.MaxMoves]bool
	// score searches move i, ok false if the search was stopped.
	score := func(i int) (int, bool) {
		if !known[i] {
			c.Nodes++ // the root
			v := -c.alphabeta(s.Play(moves[i]), depth-1, 1, -inf, inf)
			if r.Stop.Stopped {
				return 0, false
			}
			value[i], known[i] = v, true
		}
		return value[i], true
	}

	info := Info{Depth: depth}
	tick := search.Ticker{Next: r.Start.Add(search.ProgressEvery)}
	finish := func(best int) Info {
		out := info
		out.Move, out.Score, out.PV = moves[best], value[best], []rules.Move{moves[best]}
		for i := range n {
			if known[i] {
				out.Moves = append(out.Moves, MoveScore{Move: moves[i], Score: value[i]})
			}
		}
		search.SortMoveScores(out.Moves)
		c.Stats(&out)
		// Every move searched to the game's end: the best value is exact.
		out.Exact = len(out.Moves) == n && c.Horizon == 0
		return out
	}

	cur := r.rng.IntN(n)
	curV, ok := score(cur)
	if !ok {
		c.Stats(&info)
		return info, false
	}
	best, bestV := cur, curV
	spread, ok := r.annealingSpread(n, score)
	if !ok {
		return finish(best), true
	}
	sum := 0.0
	temp := t0
	for k := 0; k < iters; k++ {
		if r.Stop.Poll() {
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
			if d := v - curV; d >= 0 || r.rng.Float64() < math.Exp(float64(d)/(temp*spread)) {
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
		if r.p.Progress != nil && tick.Due() {
			r.Report(finish(best))
		}
		temp = max(temp*cool, t1)
	}
	return finish(best), true
}

// annealingSpread scores up to 8 of the n root moves (the first ones
// generated) and returns the scale of their values, the best minus the
// worst of those that are not decided games, at least 1; ok is false if
// the search was stopped.
func (r *run[S]) annealingSpread(n int, score func(int) (int, bool)) (float64, bool) {
	lo, hi := math.MaxInt, math.MinInt
	for i := range min(n, 8) {
		v, ok := score(i)
		if !ok {
			return 1, false
		}
		if !IsDecided(v) {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if hi <= lo {
		return 1, true
	}
	return float64(hi - lo), true
}
