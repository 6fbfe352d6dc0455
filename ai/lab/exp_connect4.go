package lab

import (
	"context"
	"fmt"
	"math"
	"strings"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/ai/stats"
	"boardgames/rules/games"
)

// chiSquare6P is the upper tail of the chi-square distribution with 6
// degrees of freedom, P(X ≥ x) = e^(−x/2)·(1 + x/2 + (x/2)²/2) (for an
// even number of degrees of freedom the tail is a finite sum).
func chiSquare6P(x float64) float64 {
	h := x / 2
	return math.Exp(-h) * (1 + h + h*h/2)
}

// connect4Minimax is paper 003's experiment. The paper measures nothing;
// it states its bot's properties: a search without alpha-beta (7^6 in the
// worst case), equal columns chosen at random, a sooner win preferred.
// Here they are checked, and the bot plays random, greedy and our engine.
func connect4Minimax(ctx context.Context, opt ExperimentOptions, progress func(int, int)) (Table, error) {
	seeds := 700
	many := opt.games(100, 2)
	if opt.Quick {
		seeds = 35
	}
	g, err := games.Lookup("connect4")
	if err != nil {
		return Table{}, err
	}
	opponents := []bots.Spec{{Algo: "random"}, {Algo: "greedy"},
		{Algo: "alphabeta", Eval: "threats", Params: ai.Params{Depth: 6, Ordering: true}}}
	steps := &stepper{total: seeds + 1 + len(opponents)*many, progress: progress}
	start, err := g.Start(games.Settings{})
	if err != nil {
		return Table{}, err
	}
	// The first move from the empty board, where every column is worth 0,
	// over many seeds.
	counts := make([]float64, 7)
	var first ai.Info
	firstStep := steps.next(seeds)
	for seed := range seeds {
		info, err := bots.Think(ctx, start, bots.Spec{Algo: "paper003", Params: ai.Params{Seed: uint64(seed)}})
		if err != nil {
			return Table{}, err
		}
		counts[info.Move]++
		first = info
		firstStep(seed+1, seeds)
	}
	chi := 0.0
	expected := float64(seeds) / 7
	var dist []string
	for col, n := range counts {
		chi += (n - expected) * (n - expected) / expected
		dist = append(dist, fmt.Sprintf("%d:%.0f", col+1, n))
	}
	chiP := chiSquare6P(chi)
	// At the 5 % level of every verdict: a uniform draw is rejected below
	// p = 0.05; above it the test has found nothing against it, which is
	// not a proof that it is uniform. Fewer than 5 draws expected a column:
	// the test does not hold.
	uniform := CannotTell
	switch {
	case expected >= 5 && chiP < 0.05:
		uniform = Differs
	case expected >= 5:
		uniform = NoEvidence
	}
	// A sooner win: X to move after 4455 makes an open three with 3 or 6
	// and connects at its third stone (7-3 = 4).
	rec, err := g.ParseMoves(nil, "4455", games.Settings{})
	if err != nil {
		return Table{}, err
	}
	soon, err := bots.Think(ctx, rec.Position(), bots.Spec{Algo: "paper003", Params: ai.Params{Seed: opt.Seed}})
	if err != nil {
		return Table{}, err
	}
	steps.next(1)(1, 1)

	t := Table{
		Columns: []string{opt.say("opponent"), opt.say("games"), opt.say("paper003 wins"), opt.say("draws"), opt.say("losses"),
			opt.say("paper003 score [95%% CI]"), opt.say("paper003 ms/move"), opt.say("opponent ms/move")},
		XLabel: opt.say("column"), YLabel: opt.say("share chosen first (%% of %d seeds, 95%% interval)", seeds),
	}
	cols := Series{Name: opt.say("paper003's first move")}
	for col, n := range counts {
		iv := stats.Wilson(int(n), seeds)
		cols.X, cols.Y = append(cols.X, float64(col+1)), append(cols.Y, 100*iv.Value)
		cols.Low, cols.High = append(cols.Low, 100*iv.Low), append(cols.High, 100*iv.High)
	}
	t.Series = []Series{cols}
	for i, opp := range opponents {
		res, err := Arena(ctx, ArenaConfig{Game: "connect4", P1: bots.Spec{Algo: "paper003"}, P2: opp, Games: many,
			Parallel: opt.Parallel, Seed: mix(opt.Seed, 50, uint64(i)), OnMove: steps.movesW(many, 1)}, nil)
		if err != nil && (!cancelled(err) || res.Games == 0) {
			return stopped(t, err)
		}
		t.Rows = append(t.Rows, []string{opp.String(), itoa(res.Games), itoa(res.P1.Wins), itoa(res.P1.Draws),
			itoa(res.P1.Losses), opt.pctIv(scoreOf(res)), opt.f1(res.P1.MeanMoveSeconds * 1000), opt.f1(res.P2.MeanMoveSeconds * 1000)})
		if err != nil {
			t.Partial = true
			return t, err
		}
	}
	t.Comparisons = []Comparison{
		{What: opt.say("a search without alpha-beta to depth 6, from the empty board"),
			Paper: opt.say("the worst case: 7 moves at each of 6 levels, 7^6 leaves"),
			Ours:  opt.say("%d leaves (7^6 = 117649), %d nodes", first.Leaves, first.Nodes),
			Agree: agreement(first.Leaves == 117649 && first.Cutoffs == 0), Games: 1,
			Why: opt.say("an exact count: one search from the empty board, every column of every node searched")},
		{What: opt.say("equal columns"),
			Paper: opt.say("chosen at random (the list is shuffled)"),
			Ours: opt.say("from the empty board, where all 7 are equal, over %d seeds: %s (chi-square %s, 6 degrees of freedom, %s)",
				seeds, strings.Join(dist, " "), opt.f1(chi), opt.pValue(chiP)),
			Agree: uniform, Games: seeds, Unit: UnitSeeds, P: chiP, Null: opt.say("a uniform choice"),
			Why: opt.say("chi-square test of seven equally likely columns at the 5%% level: disagrees below p = 0.05, " +
				"else no evidence against a uniform choice; needs at least 5 draws expected a column (35 seeds) to tell")},
		{What: opt.say("a sooner win is worth more"),
			Paper: opt.say("a four at level d scores 7-d"),
			Ours: opt.say("after 4455, X plays %s scoring %d: the four at its third stone (7-3)",
				rec.Position().MoveString(soon.Move), soon.Score),
			Agree: agreement(soon.Score == 4), Games: 1,
			Why: opt.say("an exact check on one position worked out by hand")},
		{What: opt.say("playing strength"), Paper: opt.say("not measured"), Ours: opt.say("see the table"), Agree: NotComparable,
			Why: opt.say("the paper reports no games")},
	}
	t.Notes = append(t.Notes,
		opt.say("paper003: plain minimax to depth 6 counting its own move, wins scored 7-d, equal columns at random"),
		opt.sayN(many, "%d game per opponent from the start position, colours alternating",
			"%d games per opponent from the start position, colours alternating", many),
		opt.say("score: wins plus half the draws with Wilson's 95%% interval; seeds 0 to %d for the first move; games seeded from %d",
			seeds-1, opt.Seed))
	return t, nil
}
