package lab

import (
	"context"
	"fmt"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/rules/games"
)

// AdjacencyRoundLimits are the round limits of the adjacency-roundrobin
// experiment.
var AdjacencyRoundLimits = []int{8, 10, 12, 28}

// adjacencyBots are the three bots of the Adjacency papers, all with the
// papers' objective function (the mark difference).
var adjacencyBots = []bots.Spec{
	{Algo: "minimax", Eval: "marks", Params: ai.Params{Depth: 2}},
	{Algo: "annealing", Eval: "marks"},
	{Algo: "genetic", Eval: "marks"},
}

// adjacencyRoundRobin plays a round robin of minimax, annealing and
// genetic at each round limit.
func adjacencyRoundRobin(ctx context.Context, opt ExperimentOptions, progress func(int, int)) (Table, error) {
	n := opt.games(20, 2)
	limits := AdjacencyRoundLimits
	pairs := len(adjacencyBots) * (len(adjacencyBots) - 1) / 2
	t := Table{
		Columns: []string{"round limit", "bot", "games", "wins", "draws", "losses", "points", "ms/move"},
		XLabel:  "round limit", YLabel: "wins",
	}
	series := make([]Series, len(adjacencyBots))
	for i, b := range adjacencyBots {
		series[i].Name = b.String()
	}
	steps := &stepper{total: len(limits) * pairs * n, progress: progress}
	var runErr error
	for li, limit := range limits {
		if runErr != nil {
			break
		}
		res, err := Tournament(ctx, "adjacency", games.Settings{Rounds: limit}, adjacencyBots, n,
			TournamentOptions{Parallel: opt.Parallel, Seed: mix(opt.Seed, 12, uint64(li))}, steps.next(pairs*n))
		if runErr = err; err != nil && !cancelled(err) {
			return Table{}, err
		}
		if len(res.Standings) == 0 || res.Standings[0].Games == 0 {
			break
		}
		for _, s := range res.Standings {
			t.Rows = append(t.Rows, []string{itoa(limit), s.Bot, itoa(s.Games), itoa(s.Wins), itoa(s.Draws),
				itoa(s.Losses), f1(s.Points), f2(meanMoveMs(res, s.Index))})
			series[s.Index].X = append(series[s.Index].X, float64(limit))
			series[s.Index].Y = append(series[s.Index].Y, float64(s.Wins))
		}
	}
	t.Series = series
	t.Notes = append(t.Notes, fmt.Sprintf("%d games per pairing and limit, colours alternating, from the start position", n))
	return t, runErr
}

// meanMoveMs is a tournament bot's mean time per move over all its games.
func meanMoveMs(res TournamentResult, bot int) float64 {
	var secs float64
	var moves int
	for _, p := range res.Pairings {
		for _, ps := range []PlayerStats{p.P1, p.P2} {
			if ps.Spec == res.Bots[bot] {
				secs += ps.MeanMoveSeconds * float64(ps.Moves)
				moves += ps.Moves
			}
		}
	}
	if moves == 0 {
		return 0
	}
	return secs / float64(moves) * 1000
}
