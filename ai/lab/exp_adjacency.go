package lab

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"boardgames/ai/bots"
	"boardgames/ai/stats"
	"boardgames/rules"
	"boardgames/rules/games"
)

// paper002Game is one bot-against-bot game of paper 002 (sections 4.3 to
// 4.5): who played X (moving first) and O, the round limit and the final
// marks.
type paper002Game struct {
	x, o           string
	rounds         int
	xMarks, oMarks int
	section        string
}

// paper002Games are the paper's bot-against-bot games, as its figures show
// them.
var paper002Games = []paper002Game{
	{"paper002-annealing", "paper002-minimax", 8, 10, 14, "4.3.1"},
	{"paper002-annealing", "paper002-minimax", 12, 16, 16, "4.3.2"},
	{"paper002-annealing", "paper002-minimax", 28, 32, 32, "4.3.3"},
	{"paper002-genetic", "paper002-minimax", 8, 5, 19, "4.4.1"},
	{"paper002-genetic", "paper002-minimax", 10, 9, 19, "4.4.2"},
	{"paper002-genetic", "paper002-minimax", 28, 27, 37, "4.4.3"},
	{"paper002-annealing", "paper002-genetic", 8, 17, 7, "4.5.1"},
	{"paper002-genetic", "paper002-annealing", 10, 6, 22, "4.5.2"},
	{"paper002-genetic", "paper002-annealing", 28, 24, 40, "4.5.3"},
}

// paper002Short names the paper's bots as the paper does.
var paper002Short = map[string]string{
	"paper002-minimax": "minimax", "paper002-annealing": "SA", "paper002-genetic": "GA",
	"paper002-genetic-intended": "GA (intended)",
}

// adjacencyRoundRobin is paper 002's experiment: its three bots, as their
// authors ran them, in the pairings, colours and round limits its figures
// show, one game each as in the paper, then many games per pairing with
// the colours alternating (each pair of games one with each colour); and
// the genetic algorithm's pairings again with the GA the text intends.
func adjacencyRoundRobin(ctx context.Context, opt ExperimentOptions, progress func(int, int)) (Table, error) {
	many := opt.games(100, 2)
	list := paper002Games
	if opt.Quick { // the 8-round games only
		list = slices.DeleteFunc(slices.Clone(list), func(g paper002Game) bool { return g.rounds != 8 })
	}
	// A game's weight in the progress: about its cost, the minimax's
	// searches (some 50 times the others' moves) over its rounds.
	weight := func(pg paper002Game, x, o string) int {
		w := 1
		if x == "paper002-minimax" || o == "paper002-minimax" {
			w = 50
		}
		return max(1, w*pg.rounds/8)
	}
	total := 0
	for _, pg := range list {
		w := weight(pg, pg.x, pg.o)
		total += w * (1 + many)
		if pg.x == "paper002-genetic" || pg.o == "paper002-genetic" {
			total += w * many
		}
	}
	t := Table{
		Columns: []string{opt.say("X (first) vs O"), opt.say("rounds"), opt.say("paper's game X-O"), opt.say("our game X-O"),
			opt.say("games"), opt.say("X bot wins"), opt.say("draws"), opt.say("O bot wins"),
			opt.say("X bot score [95%% CI]"), opt.say("X bot marks [95%% CI]"), opt.say("O bot marks [95%% CI]"),
			opt.say("pairs won by X bot / lost / level"), opt.say("minimax's longest move")},
		XLabel: opt.say("round limit"), YLabel: opt.say("score (%% of the points, 95%% interval)"),
	}
	steps := &stepper{total: total, progress: progress}
	var all pairTally
	type key struct {
		bot    string
		rounds int
	}
	byLimit := map[key][3]float64{} // points, draws, games
	row := func(pg paper002Game, names [2]string, single string, res ArenaResult, i uint64) {
		var marks [2][]float64
		for _, r := range res.Records {
			b, w := countDiscs(r.final.Rows())
			if r.P1Colour == rules.White {
				b, w = w, b
			}
			marks[0] = append(marks[0], float64(b))
			marks[1] = append(marks[1], float64(w))
		}
		paired := stats.PairedTest(pairDiffs(res), gameSeed(opt, 40, i))
		longest := "-"
		for k, s := range []PlayerStats{res.P1, res.P2} {
			if names[k] == "minimax" {
				longest = opt.say("%s s", opt.f2(s.MaxMoveSeconds))
			}
		}
		t.Rows = append(t.Rows, []string{opt.say("%s vs %s", names[0], names[1]), itoa(pg.rounds),
			fmt.Sprintf("%d-%d", pg.xMarks, pg.oMarks), single, itoa(res.Games), itoa(res.P1.Wins), itoa(res.P1.Draws),
			itoa(res.P2.Wins), opt.pctIv(scoreOf(res)),
			opt.meanIv(stats.BootstrapMean(marks[0], gameSeed(opt, 41, i))),
			opt.meanIv(stats.BootstrapMean(marks[1], gameSeed(opt, 42, i))),
			opt.say("%d / %d / %d (sign test %s)", paired.Plus, paired.Minus, paired.Ties, opt.pValue(paired.P)), longest})
	}
	for i, pg := range list {
		x, o := bots.Spec{Algo: pg.x}, bots.Spec{Algo: pg.o}
		settings := games.Settings{Rounds: pg.rounds}
		single, err := Arena(ctx, ArenaConfig{Game: "adjacency", Settings: settings, P1: x, P2: o, Games: 1,
			Seed: mix(opt.Seed, 40, uint64(i)), OnMove: steps.movesW(1, weight(pg, pg.x, pg.o))}, nil)
		if err != nil {
			return stopped(t, err)
		}
		xm, om := countDiscs(single.Records[0].final.Rows())
		res, err := manyAdjacency(ctx, settings, x, o, many, opt.Parallel, mix(opt.Seed, 41, uint64(i)), steps.movesW(many, weight(pg, pg.x, pg.o)))
		if err != nil && (!cancelled(err) || res.Games == 0) {
			return stopped(t, err)
		}
		names := [2]string{paper002Short[pg.x], paper002Short[pg.o]}
		row(pg, names, fmt.Sprintf("%d-%d", xm, om), res, uint64(i))
		all.add(names, res)
		for k, s := range []PlayerStats{res.P1, res.P2} {
			v := byLimit[key{names[k], pg.rounds}]
			byLimit[key{names[k], pg.rounds}] = [3]float64{v[0] + s.Points, v[1] + float64(s.Draws), v[2] + float64(res.Games)}
		}
		t.Comparisons = append(t.Comparisons, pairingComparison(opt, pg, names, xm, om, res))
		if err != nil {
			t.Partial = true
			return t, err
		}
	}
	// The genetic algorithm's pairings again, with the GA the text
	// intends (its fitness: own marks after the move).
	var intended pairTally
	for i, pg := range list {
		x, o := bots.Spec{Algo: pg.x}, bots.Spec{Algo: pg.o}
		switch {
		case pg.x == "paper002-genetic":
			x.Algo = "paper002-genetic-intended"
		case pg.o == "paper002-genetic":
			o.Algo = "paper002-genetic-intended"
		default:
			continue
		}
		names := [2]string{paper002Short[x.Algo], paper002Short[o.Algo]}
		res, err := manyAdjacency(ctx, games.Settings{Rounds: pg.rounds}, x, o, many, opt.Parallel,
			mix(opt.Seed, 42, uint64(i)), steps.movesW(many, weight(pg, pg.x, pg.o)))
		if err != nil && (!cancelled(err) || res.Games == 0) {
			return stopped(t, err)
		}
		row(pg, names, "-", res, 100+uint64(i))
		intended.add(names, res)
		if err != nil {
			t.Partial = true
			return t, err
		}
	}
	t.Comparisons = append(t.Comparisons, all.ranking(opt, []string{"minimax", "SA", "GA"}))
	if sa, ok := all.score("SA", "GA"); ok {
		t.Comparisons = append(t.Comparisons, Comparison{
			What:  opt.say("SA against the GA as its authors ran it, all round limits"),
			Paper: opt.say("SA won all three games by a wide margin: 17-7, 22-6, 40-24"),
			Ours:  opt.say("SA scored %s of the points in %d games", opt.pctIv(sa), all.games("SA", "GA")),
			Agree: verdict(side(sa, 0.5), 1), Games: all.games("SA", "GA"),
			Why: opt.say("the printed fitness function counts marks on a new, empty board: every square scores 0 and the GA " +
				"plays a random empty square; Wilson's 95%% interval of SA's score against 50%%"),
		})
	}
	if len(intended.points) > 0 {
		c := intended.ranking(opt, []string{"minimax", "SA", "GA (intended)"})
		c.What = opt.say("the ranking with the GA the text intends (own marks after the move), ours")
		c.Paper = "-"
		c.Agree, c.Why = NotComparable, opt.say("the paper's GA was not this one (its printed fitness is 0 everywhere); "+
			"this shows what the GA the text describes would have given")
		t.Comparisons = append(t.Comparisons, c)
	}
	t.Comparisons = append(t.Comparisons,
		Comparison{What: opt.say("minimax (X) against a human: 8, 9, 10, 12 and 28 rounds"),
			Paper: opt.say("13-10, 14-11, 15-12, 18-13 for minimax; the human won 34-29 at 28"),
			Ours:  "-", Agree: NotComparable, Why: opt.say("human opponents cannot be replayed")},
		Comparison{What: opt.say("SA (X) against a human: 8, 10 and 28 rounds"),
			Paper: opt.say("11-12 and 12-15 for the human; SA won 34-29 at 28"),
			Ours:  "-", Agree: NotComparable, Why: opt.say("human opponents cannot be replayed")},
	)
	for _, b := range []string{"minimax", "SA", "GA"} {
		s := Series{Name: b}
		for _, limit := range []int{8, 10, 12, 28} {
			if v, ok := byLimit[key{b, limit}]; ok && v[2] > 0 {
				iv := stats.WilsonScore(int(v[0]-v[1]/2), int(v[1]), int(v[2]))
				s.X = append(s.X, float64(limit))
				s.Y = append(s.Y, 100*iv.Value)
				s.Low = append(s.Low, 100*iv.Low)
				s.High = append(s.High, 100*iv.High)
			}
		}
		t.Series = append(t.Series, s)
	}
	t.Notes = append(t.Notes,
		opt.say("X moves first; the bots are the paper's as its authors ran them: paper002-minimax (depth min(rounds chosen, 4) "+
			"for the whole game, the row-only cut-off, run capture inside its search, 5 s limit), paper002-annealing (SA) and "+
			"paper002-genetic (GA: the printed fitness, 0 for every square, so a random empty square)"),
		opt.sayN(many, "our game: one game per pairing as in the paper, in its colours; then %d game per pairing with colours "+
			"alternating (games 2k-1 and 2k a pair, one with each colour), the X bot and the O bot being the bots that played X "+
			"and O in the paper's game", "our game: one game per pairing as in the paper, in its colours; then %d games per pairing "+
			"with colours alternating (games 2k-1 and 2k a pair, one with each colour), the X bot and the O bot being the bots "+
			"that played X and O in the paper's game", many),
		opt.say("score: wins plus half the draws, with Wilson's 95%% interval; marks: the mean final marks with a bootstrap 95%% "+
			"interval (%d resamples); pairs: the sign test on the pairs of games, one with each colour", stats.Bootstraps),
		opt.say("seed %d: every game's seed is derived from it, so the same seed replays the same games, except where the minimax's "+
			"5 s limit ran out (it depends on the machine's speed and load: see its longest move)", opt.Seed))
	return t, nil
}

// pairingComparison sets one of the paper's games beside our many games of
// the same pairing: the paper's winner against our score's interval.
func pairingComparison(opt ExperimentOptions, pg paper002Game, names [2]string, xm, om int, res ArenaResult) Comparison {
	iv := scoreOf(res)
	c := Comparison{
		What:  opt.say("%s (X) vs %s (O), %d rounds (section %s)", names[0], names[1], pg.rounds, pg.section),
		Paper: opt.say("%d-%d: %s", pg.xMarks, pg.oMarks, winnerName(opt, names, pg.xMarks-pg.oMarks)),
		Ours: opt.sayN(res.Games, "our single game %d-%d: %s; %d game: %s scored %s", "our single game %d-%d: %s; %d games: %s scored %s",
			xm, om, winnerName(opt, names, xm-om), res.Games, names[0], opt.pctIv(iv)),
		Games: res.Games,
	}
	want := sign(pg.xMarks - pg.oMarks)
	got := side(iv, 0.5)
	switch {
	case want == 0 && got == 0:
		c.Agree = CannotTell
		c.Why = opt.say("the paper's one game was drawn; our interval contains 50%%, so neither bot is shown to be stronger")
	case want == 0:
		c.Agree = Differs
		c.Why = opt.say("the paper's one game was drawn; our interval lies wholly on one side of 50%%: one bot is the stronger")
	default:
		c.Agree = verdict(got, want)
		c.Why = opt.say("Wilson's 95%% interval of the X bot's score against 50%%: above, the X bot is the stronger; below, the O bot")
	}
	return c
}

// manyAdjacency plays n games between x and o with colours alternating,
// none when n is 0.
func manyAdjacency(ctx context.Context, s games.Settings, x, o bots.Spec, n, parallel int, seed uint64, onMove func(Progress)) (ArenaResult, error) {
	if n == 0 {
		return ArenaResult{}, nil
	}
	return Arena(ctx, ArenaConfig{Game: "adjacency", Settings: s, P1: x, P2: o, Games: n,
		Parallel: parallel, Seed: seed, OnMove: onMove}, nil)
}

// pairTally sums the points and draws of each ordered pair of named bots
// (the first's points against the second).
type pairTally struct {
	points, draws map[[2]string]float64
	n             map[[2]string]int
}

func (t *pairTally) add(names [2]string, r ArenaResult) {
	if r.Games == 0 {
		return
	}
	if t.points == nil {
		t.points, t.draws, t.n = map[[2]string]float64{}, map[[2]string]float64{}, map[[2]string]int{}
	}
	for k, s := range []PlayerStats{r.P1, r.P2} {
		pair := [2]string{names[k], names[1-k]}
		t.points[pair] += s.Points
		t.draws[pair] += float64(s.Draws)
		t.n[pair] += r.Games
	}
}

// games is the number of games between a and b.
func (t *pairTally) games(a, b string) int { return t.n[[2]string{a, b}] }

// score is a's score against b with Wilson's interval; ok is false when
// they played no game.
func (t *pairTally) score(a, b string) (stats.Interval, bool) {
	pair := [2]string{a, b}
	n := t.n[pair]
	if n == 0 {
		return stats.Interval{}, false
	}
	d := t.draws[pair]
	return stats.WilsonScore(int(t.points[pair]-d/2+0.25), int(d), n), true
}

// ranking checks an order of bots, strongest first: each must score above
// 50% against every bot after it.
func (t *pairTally) ranking(opt ExperimentOptions, order []string) Comparison {
	var parts []string
	verdictSide, n := 1, 0
	for i := range order {
		for _, b := range order[i+1:] {
			iv, ok := t.score(order[i], b)
			if !ok {
				continue
			}
			n += t.games(order[i], b)
			parts = append(parts, opt.say("%s against %s %s", order[i], b, opt.pctIv(iv)))
			switch s := side(iv, 0.5); {
			case s < 0:
				verdictSide = -1
			case s == 0 && verdictSide > 0:
				verdictSide = 0
			}
		}
	}
	return Comparison{What: opt.say("ranking of the bots, %s", strings.Join(order, " > ")), Paper: "minimax > SA > GA",
		Ours: strings.Join(parts, "; "), Agree: verdict(verdictSide, 1), Games: n,
		Why: opt.say("each bot's score against each bot ranked below it, with Wilson's 95%% interval: the ranking holds when every " +
			"interval lies above 50%%, fails when one lies below")}
}

// winnerName names the winner of a game between the bots names[0] (X) and
// names[1] (O), which ended margin marks ahead for X.
func winnerName(opt ExperimentOptions, names [2]string, margin int) string {
	switch {
	case margin > 0:
		return opt.say("%s won", names[0])
	case margin < 0:
		return opt.say("%s won", names[1])
	}
	return opt.say("drawn")
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
