package ai

import (
	"boardgames/rules"

	"boardgames/ai/internal/search"
)

// genetic is a genetic algorithm (Holland 1975) over move plans: own move,
// opponent's reply, own move, ... (Params.Depth long, default 3).
//
// A plan is a string of genes, numbers read modulo the count of legal
// moves where the plan has got to, so that every string is a legal plan
// and crossover and mutation never make an illegal one.
//
// Fitness is the evaluation, from the searching side's view, of the
// position the plan leads to, with the opponent's best reply substituted
// wherever the plan's reply is worse for the opponent. The best reply is
// the one whose resulting position evaluates worst for the searching side
// (a one-ply look, game ends scored as won or lost): the plan must hold up
// against a sensible opponent, not only against the replies it dreamt of.
//
// Each generation keeps its best plan (elitism) and breeds the rest from
// parents picked by tournaments of three, with one-point crossover and a
// per-gene mutation rate. The answer is the first move of the fittest plan
// ever seen; Info.Trace has the best and mean fitness of each generation.
func (r *run[S]) genetic(s S) (Info, bool) {
	plan := r.p.Depth
	if plan == 0 {
		plan = defaultPlanLength
	}
	size, gens, mutation := r.p.population(), r.p.generations(), r.p.mutation()
	me := s.ToMove()
	var rootBuf, buf [rules.MaxMoves]rules.Move
	roots := s.Moves(rootBuf[:0])

	var nodes, leaves uint64
	// value is p's worth to the searching side, ply plies below the root.
	value := func(p S, ply int) int {
		leaves++
		var v int
		if res := p.Result(); res.Over() {
			v = search.Terminal(p, res, ply)
		} else {
			v = search.ClampEval(r.Eval(p))
		}
		if p.ToMove() != me {
			v = -v
		}
		return v
	}
	line := make([]rules.Move, 0, plan)
	// fitness plays genes out and leaves the line actually played in line.
	fitness := func(genes []uint32) int {
		pos := s
		line = line[:0]
		for i := range plan {
			moves := pos.Moves(buf[:0])
			if len(moves) == 0 {
				break
			}
			m := moves[genes[i]%uint32(len(moves))]
			if pos.ToMove() != me && len(moves) > 1 {
				best := value(pos.Play(m), i+1)
				for _, reply := range moves {
					nodes++
					if v := value(pos.Play(reply), i+1); v < best {
						best, m = v, reply
					}
				}
			}
			pos = pos.Play(m)
			nodes++
			line = append(line, m)
		}
		return value(pos, len(line))
	}

	pop := make([]uint32, size*plan)
	next := make([]uint32, size*plan)
	fit := make([]int, size)
	nextFit := make([]int, size)
	for i := range pop {
		pop[i] = r.rng.Uint32()
	}
	var rootScore [rules.MaxMoves]int
	var rootSeen [rules.MaxMoves]bool
	bestFit, bestLine := 0, []rules.Move(nil)
	info := Info{Depth: plan}
	tick := search.Ticker{Next: r.Start.Add(search.ProgressEvery)}
	finish := func() Info {
		out := info
		out.Move, out.Score, out.PV = bestLine[0], bestFit, append([]rules.Move(nil), bestLine...)
		out.Moves = nil
		for i, m := range roots {
			if rootSeen[i] {
				out.Moves = append(out.Moves, MoveScore{Move: m, Score: rootScore[i]})
			}
		}
		search.SortMoveScores(out.Moves)
		out.Nodes, out.Leaves = nodes+1, leaves
		return out
	}
	// evaluate scores individuals from..size-1 of pop into fit; false if
	// the search was stopped.
	evaluate := func(pop []uint32, fit []int, from int) bool {
		for k := from; k < size; k++ {
			if r.Stop.Poll() {
				return false
			}
			genes := pop[k*plan : (k+1)*plan]
			f := fitness(genes)
			fit[k] = f
			if ri := int(genes[0] % uint32(len(roots))); !rootSeen[ri] || f > rootScore[ri] {
				rootScore[ri], rootSeen[ri] = f, true
			}
			if bestLine == nil || f > bestFit {
				bestFit, bestLine = f, append(bestLine[:0], line...)
			}
			if r.p.Progress != nil && tick.Due() {
				r.Report(finish())
			}
		}
		return true
	}
	trace := func(g int, fit []int) {
		genBest, sum := fit[0], 0
		for _, f := range fit {
			genBest = max(genBest, f)
			sum += f
		}
		info.Trace = append(info.Trace, Sample{
			Step: g, Current: float64(genBest), Best: float64(bestFit), Mean: float64(sum) / float64(len(fit)),
		})
	}
	tournament := func() []uint32 {
		w := r.rng.IntN(size)
		for range 2 {
			if k := r.rng.IntN(size); fit[k] > fit[w] {
				w = k
			}
		}
		return pop[w*plan : (w+1)*plan]
	}

	if !evaluate(pop, fit, 0) {
		if bestLine == nil {
			return Info{Depth: plan, Nodes: nodes + 1, Leaves: leaves}, false
		}
		return finish(), true
	}
	trace(0, fit)
	for g := 1; g <= gens; g++ {
		elite := 0
		for k := range fit {
			if fit[k] > fit[elite] {
				elite = k
			}
		}
		copy(next[:plan], pop[elite*plan:(elite+1)*plan])
		nextFit[0] = fit[elite]
		for k := 1; k < size; k++ {
			child := next[k*plan : (k+1)*plan]
			copy(child, tournament())
			if plan > 1 {
				cut := 1 + r.rng.IntN(plan-1)
				copy(child[cut:], tournament()[cut:])
			}
			for i := range child {
				if r.rng.Float64() < mutation {
					child[i] = r.rng.Uint32()
				}
			}
		}
		if !evaluate(next, nextFit, 1) {
			break
		}
		pop, next = next, pop
		fit, nextFit = nextFit, fit
		trace(g, fit)
	}
	return finish(), true
}
