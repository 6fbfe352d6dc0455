package lab

import (
	"context"
	"fmt"
	"strings"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/rules"
)

// othelloOpenings is the random opening of the Othello experiments: two
// moves by each side, so that the greedy bot's games differ.
const othelloOpenings = 4

// othelloGreedyDepth is the greedy-ordering paper's experiment: alpha-beta
// with greedy move ordering against greedy at depths 1..6.
func othelloGreedyDepth(ctx context.Context, opt ExperimentOptions, progress func(int, int)) (Table, error) {
	maxDepth := 6
	if opt.Quick {
		maxDepth = 3
	}
	n := opt.games(40, 2)
	t := Table{
		Columns: []string{"depth", "games", "alpha-beta wins", "draws", "greedy wins",
			"alpha-beta discs", "greedy discs", "alpha-beta ms/move"},
		XLabel: "alpha-beta depth", YLabel: "mean final discs",
	}
	ab := Series{Name: "alpha-beta (greedy ordering)"}
	gr := Series{Name: "greedy"}
	steps := &stepper{total: maxDepth * n, progress: progress}
	var runErr error
	for d := 1; d <= maxDepth && runErr == nil; d++ {
		res, err := Arena(ctx, ArenaConfig{
			Game:  "othello",
			P1:    bots.Spec{Algo: "alphabeta", Eval: "discs", Params: ai.Params{Depth: d, Ordering: true}},
			P2:    bots.Spec{Algo: "greedy"},
			Games: n, Openings: othelloOpenings, Parallel: opt.Parallel, Seed: mix(opt.Seed, 10, uint64(d)),
		}, steps.next(n))
		if runErr = err; err != nil && !cancelled(err) {
			return Table{}, err
		}
		if res.Games == 0 {
			break
		}
		discs := meanDiscs(res)
		t.Rows = append(t.Rows, []string{itoa(d), itoa(res.Games), itoa(res.P1.Wins), itoa(res.P1.Draws),
			itoa(res.P2.Wins), f1(discs[0]), f1(discs[1]), f2(res.P1.MeanMoveSeconds * 1000)})
		ab.X, ab.Y = append(ab.X, float64(d)), append(ab.Y, discs[0])
		gr.X, gr.Y = append(gr.X, float64(d)), append(gr.Y, discs[1])
	}
	t.Series = []Series{ab, gr}
	t.Notes = append(t.Notes, fmt.Sprintf("%d games per depth, colours alternating, random %d-ply openings; alpha-beta uses the disc-count evaluation", n, othelloOpenings))
	return t, runErr
}

// othelloPositional is the positional-table paper's experiment: its bot
// against greedy and against random.
func othelloPositional(ctx context.Context, opt ExperimentOptions, progress func(int, int)) (Table, error) {
	n := opt.games(50, 4)
	positional := bots.Spec{Algo: "alphabeta", Eval: "positional", Params: ai.Params{Depth: 4}}
	opponents := []bots.Spec{{Algo: "greedy"}, {Algo: "random"}}
	t := Table{
		Columns: []string{"opponent", "games", "wins", "draws", "losses", "score",
			"positional discs", "opponent discs", "mean margin"},
		XLabel: "opponent", YLabel: "games",
	}
	steps := &stepper{total: len(opponents) * n, progress: progress}
	var wins, draws, losses Series
	wins.Name, draws.Name, losses.Name = "wins", "draws", "losses"
	var runErr error
	for i, opp := range opponents {
		if runErr != nil {
			break
		}
		res, err := Arena(ctx, ArenaConfig{
			Game: "othello", P1: positional, P2: opp,
			Games: n, Openings: othelloOpenings, Parallel: opt.Parallel, Seed: mix(opt.Seed, 11, uint64(i)),
		}, steps.next(n))
		if runErr = err; err != nil && !cancelled(err) {
			return Table{}, err
		}
		if res.Games == 0 {
			break
		}
		discs := meanDiscs(res)
		t.Rows = append(t.Rows, []string{opp.String(), itoa(res.Games), itoa(res.P1.Wins), itoa(res.P1.Draws),
			itoa(res.P1.Losses), pct(int(2*res.P1.Points), 2*res.Games), f1(discs[0]), f1(discs[1]), f1(res.P1.MeanMargin)})
		x := float64(i)
		wins.X, wins.Y = append(wins.X, x), append(wins.Y, float64(res.P1.Wins))
		draws.X, draws.Y = append(draws.X, x), append(draws.Y, float64(res.P1.Draws))
		losses.X, losses.Y = append(losses.X, x), append(losses.Y, float64(res.P1.Losses))
	}
	t.Series = []Series{wins, draws, losses}
	t.Notes = append(t.Notes,
		fmt.Sprintf("%s, %d games per opponent, colours alternating, random %d-ply openings", positional, n, othelloOpenings),
		"chart: x = 0 greedy, 1 random")
	return t, runErr
}

// meanDiscs returns the mean final discs of P1 and of P2 on the board (the
// empty squares the rules give the winner not counted).
func meanDiscs(res ArenaResult) [2]float64 {
	var sum [2]float64
	for _, r := range res.Records {
		black, white := countDiscs(r.final.Rows())
		if r.P1Colour == rules.White {
			black, white = white, black
		}
		sum[0] += float64(black)
		sum[1] += float64(white)
	}
	if res.Games > 0 {
		sum[0] /= float64(res.Games)
		sum[1] /= float64(res.Games)
	}
	return sum
}

// countDiscs counts the X (Black) and O (White) cells of a board.
func countDiscs(rows []string) (black, white int) {
	for _, r := range rows {
		black += strings.Count(r, "X")
		white += strings.Count(r, "O")
	}
	return black, white
}
