package papers

import (
	"cmp"
	"context"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"time"

	"boardgames/ai"
	"boardgames/rules"
	"boardgames/rules/adjacency"
)

// The bots of paper 002 (Willson, Abiyu, Nathan and Copa, "Minimax
// Algorithm and Alpha Beta Pruning in Adjacency Strategy Game", 2023), with
// the values of the authors' code (github.com/bernarduswillson/
// Tubes1_13521021) where the paper names a parameter without its value.
// The board is searched as the paper's bots see it: a grid of 64 squares
// scanned row by row from the top left (a1, b1, ... h8), the bot's marks
// against its opponent's.
const (
	depthCap002 = 4 // "jika round yang dipilih lebih dari 4, maka kedalaman akan hanya sejumlah 4"
	limit002    = 5 * time.Second
	// JavaNodes002 is the number of nodes the authors' Java minimax
	// searches in its 5 s limit: ~1.8 M nodes a second on one core of the
	// machines this project is measured on (PAPERS.md, paper 002, measured
	// by running their MinimaxBot), so 9 M nodes. A node is one call of
	// their minimax, as here (Params.Nodes; the spec's limit=java).
	JavaNodes002  = 9_000_000
	t0002, t1002  = 1.0, 0.01 // INITIAL_TEMPERATURE, FINAL_TEMPERATURE
	cooling002    = 0.995     // COOLING_RATE
	iterations002 = 1000      // MAX_ITERATIONS
	population002 = 50
	generations02 = 50
	mutation002   = 0.1
)

// The columns a and h, which an east or west step must not wrap across.
const (
	fileA uint64 = 0x0101010101010101
	fileH uint64 = fileA << 7
)

// neighbours returns the squares orthogonally next to square b.
func neighbours(b uint64) uint64 { return b<<1&^fileA | b>>1&^fileH | b<<8 | b>>8 }

// adjacencySides returns the marks of the side to move and of the other.
func adjacencySides(s adjacency.Position) (own, opp uint64) {
	black, white := s.Bitboards()
	if s.ToMove() == rules.White {
		return white, black
	}
	return black, white
}

// place returns the marks after the side owning own puts a mark on the
// empty square sq: the mark, and the opponent's marks next to it taken.
func place(own, opp uint64, sq int) (uint64, uint64) {
	b := uint64(1) << sq
	taken := opp & neighbours(b)
	return own | b | taken, opp &^ taken
}

// runCaptures returns the opponent's marks that the authors' bots take
// when the side owning own puts a mark on sq (Bot.captureMarks): in each of
// the four directions, the whole run of opponent marks that starts next to
// sq, up to the first square that is not the opponent's (empty, own or the
// edge). The game itself takes only the adjacent mark of each run.
func runCaptures(opp uint64, sq int) uint64 {
	b := uint64(1) << sq
	var taken uint64
	for x := b << 1 &^ fileA & opp; x != 0; x = x << 1 &^ fileA & opp { // east
		taken |= x
	}
	for x := b >> 1 &^ fileH & opp; x != 0; x = x >> 1 &^ fileH & opp { // west
		taken |= x
	}
	for x := b << 8 & opp; x != 0; x = x << 8 & opp { // south
		taken |= x
	}
	for x := b >> 8 & opp; x != 0; x = x >> 8 & opp { // north
		taken |= x
	}
	return taken
}

// adjacencyMinimax002 is paper 002's minimax bot (section 3.2) as its
// authors' code (MinimaxBot.java) runs it:
//   - alpha-beta, the bot maximizing the objective "own marks minus the
//     opponent's" and the opponent minimizing it;
//   - the root move, then MAX_DEPTH = min(rounds chosen for the game, 4)
//     more plies, fixed for the whole game ("kedalaman akan sejumlah dengan
//     round yang sudah ditentukan oleh user"): near the end the search
//     looks past the game's last move;
//   - each root move searched with the full window, squares row by row
//     from the top left, a later root move chosen only when strictly
//     better;
//   - the cut-off `break` sits in the inner loop of `for i { for j }`: it
//     ends the row, and the search goes on with the first empty square of
//     each later row (the window stays closed, so each of them is cut off
//     in turn);
//   - moves inside the search are simulated with Bot.captureMarks, which
//     takes whole runs of opponent marks (runCaptures), while the game
//     takes only the adjacent ones: the bot searches a slightly different
//     game from the one it plays;
//   - a time limit of 5 s from the start of the move; when it runs out the
//     authors' fallbackPlan counts the marks of the board before the move,
//     so it never changes the answer: the bot plays the best root move
//     finished in time.
//
// Each of the last four is switched to the text's reading or ours by a
// variant word (Bot.Variants): left, nodebreak, adjacent, greedy.
//
// Left out by default, as outright bugs: a node with no empty square
// before the depth scores Integer.MIN_VALUE (the bot to move) or MAX_VALUE
// (its opponent to move) in the authors' code (here: the objective; the
// variant fullboard scores as they do), and when every root move scores
// MIN_VALUE or not even the first root move finishes in time the authors'
// bot answers square (0, 0), empty or not (here: the first empty square,
// which is a1 when a1 is empty; with fullboard the note says so).
func adjacencyMinimax002(ctx context.Context, s adjacency.Position, p Params) (ai.Info, error) {
	if s.Result().Over() {
		return ai.Info{}, errNoMoves
	}
	bot, foe := adjacencySides(s)
	rounds := s.Limit()
	if p.has("left") {
		rounds = s.RoundsLeft()
	}
	depth := min(rounds, depthCap002)
	r := &run002{m: newMeter(ctx, p, cmp.Or(p.Limit, limit002)), maxDepth: depth, pv: newPV(depth + 1),
		rowBreak: !p.has("nodebreak"), runs: !p.has("adjacent"), fullBoard: p.has("fullboard")}
	r.m.nodes++                          // the root
	best, bestScore := -1, math.MinInt32 // Java's Integer.MIN_VALUE, as every bound here
	for moves := ^(bot | foe); moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		b, f := r.place(bot, foe, sq)
		score := r.minimax(b, f, 0, 1, false, math.MinInt32, math.MaxInt32)
		if r.m.stopped {
			break
		}
		r.m.rootMove(rules.Move(sq), score)
		if score > bestScore {
			best, bestScore = sq, score
			r.pv.set(0, rules.Move(sq))
		}
	}
	info := r.m.info(1 + depth)
	switch {
	case r.m.stopped && p.has("greedy"):
		return fallback002(bot, foe, info), nil
	case best < 0: // stopped before the first root move finished, or every root move scored MIN_VALUE
		if !r.m.stopped && (bot|foe)&1 != 0 {
			info.Note = "the authors' bot would answer a1 here, which is occupied (every move scores Integer.MIN_VALUE: " +
				"the board fills before the search's depth), and their game would stop; this plays the first empty square"
		}
		best = bits.TrailingZeros64(^(bot | foe))
		bestScore = bits.OnesCount64(bot) - bits.OnesCount64(foe)
		r.pv.set(0, rules.Move(best))
	}
	info.Move, info.Score, info.PV = rules.Move(best), bestScore, r.pv.line()
	if r.m.stopped {
		// The authors' fallback ran and kept the best root move finished:
		// the answer of a search cut short.
		info.Searching, info.RootDone, info.RootTotal = 1+depth, len(r.m.root), bits.OnesCount64(^(bot | foe))
	}
	return info, nil
}

type run002 struct {
	m         *meter
	maxDepth  int
	pv        *pvTable
	rowBreak  bool // a cut-off ends only the row (the authors' code)
	runs      bool // moves take whole runs (Bot.captureMarks)
	fullBoard bool // a full board before the depth scores MIN or MAX_VALUE (the authors' code)
}

// place is a move of the side owning own on sq as the bot simulates it.
func (r *run002) place(own, opp uint64, sq int) (uint64, uint64) {
	if !r.runs {
		return place(own, opp, sq)
	}
	taken := runCaptures(opp, sq)
	return own | 1<<sq | taken, opp &^ taken
}

// minimax is the paper's minimax(board, depth, isMaximizing, alpha, beta):
// bot and foe are the marks of the bot and of its opponent, depth counts
// the plies after the root move, ply the plies from the root.
func (r *run002) minimax(bot, foe uint64, depth, ply int, maximizing bool, alpha, beta int) int {
	if r.m.node() {
		return 0
	}
	r.pv.clear(ply)
	result := bits.OnesCount64(bot) - bits.OnesCount64(foe)
	empty := ^(bot | foe)
	if depth == r.maxDepth || empty == 0 {
		r.m.leaves++
		switch {
		case depth == r.maxDepth || !r.fullBoard:
			return result
		case maximizing: // the authors' loop finds no square: its initial best
			return math.MinInt32
		default:
			return math.MaxInt32
		}
	}
	best := math.MaxInt32
	if maximizing {
		best = math.MinInt32
	}
	for row := uint64(0xFF); row != 0; row <<= 8 {
		for sqs := empty & row; sqs != 0; sqs &= sqs - 1 {
			sq := bits.TrailingZeros64(sqs)
			var score int
			if maximizing {
				b, f := r.place(bot, foe, sq)
				score = r.minimax(b, f, depth+1, ply+1, false, alpha, beta)
			} else {
				f, b := r.place(foe, bot, sq)
				score = r.minimax(b, f, depth+1, ply+1, true, alpha, beta)
			}
			if r.m.stopped {
				return 0
			}
			if maximizing && score > best || !maximizing && score < best {
				best = score
				r.pv.set(ply, rules.Move(sq))
			}
			if maximizing {
				alpha = max(alpha, best)
			} else {
				beta = min(beta, best)
			}
			if beta <= alpha {
				r.m.cutoffs++
				if !r.rowBreak {
					return best
				}
				break // the authors' break: the next row goes on
			}
		}
	}
	return best
}

// fallback002 is the minimax bot's fallback plan as the paper describes
// it: the first square, row by row, after which the bot has the most marks
// (the game's own capture).
func fallback002(bot, foe uint64, stats ai.Info) ai.Info {
	best, most := -1, -1
	for moves := ^(bot | foe); moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		b, f := place(bot, foe, sq)
		if n := bits.OnesCount64(b); n > most {
			best, most = sq, n
			stats.Score = n - bits.OnesCount64(f)
		}
	}
	stats.Move, stats.PV, stats.Fallback = rules.Move(best), []rules.Move{rules.Move(best)}, true
	return stats
}

// adjacencyAnnealing002 is paper 002's local-search bot, simulated
// annealing (section 3.3), as its authors ran it (SimulatedAnnealingBot):
//   - the temperature starts at 1.0 and is multiplied by 0.995 after every
//     iteration; the search stops after 1000 iterations or once the
//     temperature is no longer above 0.01 (after 919 iterations);
//   - each iteration draws a square of the 64 at random (row, then
//     column); an occupied square wastes the iteration, the temperature
//     still cooling;
//   - the objective is the bot's own mark count after the move, the move
//     simulated with Bot.captureMarks, which takes whole runs of opponent
//     marks (runCaptures), as the minimax bot simulates its moves, not the
//     game's adjacent capture; the current value starts at the count
//     before it;
//   - a better square is accepted, a worse one with probability
//     exp((new - current) / T); the best accepted square is played.
//
// The variant adjacent counts the objective with the game's own capture.
//
// Left out, as an outright bug: when no empty square is ever drawn (a board
// with one or two empty squares left) the authors' bot answers square
// (0, 0), occupied or not; this one draws an empty square at random.
func adjacencyAnnealing002(ctx context.Context, s adjacency.Position, p Params) (ai.Info, error) {
	if s.Result().Over() {
		return ai.Info{}, errNoMoves
	}
	bot, foe := adjacencySides(s)
	return anneal002(ctx, newRand(p.Seed), bot, foe, paperSchedule, !p.has("adjacent")), nil
}

// schedule is simulated annealing's temperatures and iteration limit.
type schedule struct {
	t0, t1, cooling float64
	iterations      int
}

// paperSchedule is paper 002's: its authors' code's values.
var paperSchedule = schedule{t0002, t1002, cooling002, iterations002}

// anneal002 is the annealing loop of paper 002's bot, whose marks are bot
// against foe's, under the schedule sc; runs: moves take whole runs of
// opponent marks (Bot.captureMarks), else only the adjacent ones.
func anneal002(ctx context.Context, rng *rand.Rand, bot, foe uint64, sc schedule, runs bool) ai.Info {
	sim := run002{runs: runs}
	empty := ^(bot | foe)
	current := bits.OnesCount64(bot)
	best, bestSq := current, -1
	var value [64]int // the objective of each square tried, 0 if not tried
	info := ai.Info{Depth: 1, Nodes: 1, Trace: make([]ai.Sample, 0, min(sc.iterations, 1000))}
	sum := 0.0
	temp := sc.t0
	for it := 0; it < sc.iterations && temp > sc.t1; it++ {
		if it%64 == 0 && ctx.Err() != nil {
			break
		}
		sq := rng.IntN(8)*8 + rng.IntN(8)
		if empty>>sq&1 != 0 {
			b, _ := sim.place(bot, foe, sq)
			next := bits.OnesCount64(b)
			value[sq] = next
			info.Nodes++
			info.Leaves++
			if next > current || rng.Float64() < math.Exp(float64(next-current)/temp) {
				current = next
				if next > best {
					best, bestSq = next, sq
				}
			}
		}
		sum += float64(current)
		info.Trace = append(info.Trace, ai.Sample{Step: it, Temperature: temp,
			Current: float64(current), Best: float64(best), Mean: sum / float64(it+1)})
		temp *= sc.cooling
	}
	if bestSq < 0 {
		bestSq = randomSquare(rng, empty)
		b, _ := sim.place(bot, foe, bestSq)
		best = bits.OnesCount64(b)
	}
	for sq, v := range value {
		if v > 0 {
			info.Moves = append(info.Moves, ai.MoveScore{Move: rules.Move(sq), Score: v})
		}
	}
	info.Moves = sortedScores(info.Moves)
	info.Move, info.Score, info.PV = rules.Move(bestSq), best, []rules.Move{rules.Move(bestSq)}
	return info
}

// evolve002 runs the genetic algorithm over squares (row*8 + column) with
// the fitness fit and returns the last population, best first; after each
// generation g it shows observe the new population.
func evolve002(ctx context.Context, rng *rand.Rand, fit *[64]int, observe func(g int, pop []int)) []int {
	random := func() int { return rng.IntN(8)*8 + rng.IntN(8) }
	pop := make([]int, population002, 2*population002)
	for i := range pop {
		pop[i] = random()
	}
	byFitness := func(a, b int) int { return fit[b] - fit[a] }
	for g := 0; g < generations02 && ctx.Err() == nil; g++ {
		parents := pop
		for range population002 {
			p1, p2 := parents[rng.IntN(len(parents))], parents[rng.IntN(len(parents))]
			row, col := p2/8, p2%8
			if rng.IntN(2) == 0 {
				row = p1 / 8
			}
			if rng.IntN(2) == 0 {
				col = p1 % 8
			}
			if rng.Float64() < mutation002 {
				row, col = rng.IntN(8), rng.IntN(8)
			}
			pop = append(pop, row*8+col)
		}
		slices.SortStableFunc(pop, byFitness) // parents first among equals
		pop = pop[:population002]
		observe(g, pop)
	}
	return pop
}

// randomSquare draws one of the squares of set (not empty) uniformly.
func randomSquare(rng *rand.Rand, set uint64) int {
	for k := rng.IntN(bits.OnesCount64(set)); k > 0; k-- {
		set &= set - 1
	}
	return bits.TrailingZeros64(set)
}

// adjacencyGenetic002 is paper 002's genetic-algorithm bot (section 3.4),
// with the values of the authors' code:
//   - an individual is one square (row, column), the first population 50
//     squares drawn at random among the 64 (row, then column);
//   - each of 50 generations breeds 50 children, each from two parents
//     drawn at random from the population, the row taken from one parent
//     or the other at random and the column likewise (uniform crossover),
//     and with probability 0.1 both redrawn (mutation); parents and
//     children are merged, sorted by fitness (a stable sort: parents first
//     among equals) and the best 50 kept;
//   - the answer is the first empty square of the last population.
//
// As its authors ran it (intended false), the fitness is the function the
// paper prints: it counts the bot's marks on `new int[rows][cols]`, a
// fresh all-zero board, so every individual scores 0; the stable sort then
// never changes the first population, and the bot plays the first empty
// square of its first random population: a random move. As the text
// intends (intended true), the fitness is the bot's own mark count after a
// mark on the square (an occupied square keeps the count unchanged, below
// every empty square).
//
// Left out, as an outright bug: when no individual is an empty square the
// authors' bot answers an occupied one; this one then draws an empty
// square at random.
func adjacencyGenetic002(ctx context.Context, s adjacency.Position, p Params, intended bool) (ai.Info, error) {
	if s.Result().Over() {
		return ai.Info{}, errNoMoves
	}
	rng := newRand(p.Seed)
	bot, foe := adjacencySides(s)
	empty := ^(bot | foe)
	var fit [64]int // the printed fitness: 0 everywhere
	if intended {
		for sq := range fit {
			fit[sq] = bits.OnesCount64(bot)
			if empty>>sq&1 != 0 {
				b, _ := place(bot, foe, sq)
				fit[sq] = bits.OnesCount64(b)
			}
		}
	}
	info := ai.Info{Depth: 1, Nodes: 1 + population002, Trace: make([]ai.Sample, 0, generations02)}
	best := 0
	pop := evolve002(ctx, rng, &fit, func(g int, pop []int) {
		sum := 0
		for _, sq := range pop {
			sum += fit[sq]
		}
		best = max(best, fit[pop[0]])
		info.Nodes += population002
		info.Leaves += population002
		info.Trace = append(info.Trace, ai.Sample{Step: g, Current: float64(fit[pop[0]]), Best: float64(best),
			Mean: float64(sum) / population002})
	})
	answer := -1
	seen := uint64(0)
	for _, sq := range pop {
		if empty>>sq&1 != 0 && seen>>sq&1 == 0 {
			seen |= 1 << sq
			info.Moves = append(info.Moves, ai.MoveScore{Move: rules.Move(sq), Score: fit[sq]})
			if answer < 0 {
				answer = sq
			}
		}
	}
	if answer < 0 {
		answer = randomSquare(rng, empty)
	}
	info.Move, info.Score, info.PV = rules.Move(answer), fit[answer], []rules.Move{rules.Move(answer)}
	return info, nil
}
