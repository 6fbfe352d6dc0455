package lab

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"boardgames/ai/bots"
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

// short names the paper's bots as the paper does.
var paper002Short = map[string]string{
	"paper002-minimax": "minimax", "paper002-annealing": "SA", "paper002-genetic": "GA",
}

// printedGA stands for the genetic algorithm as the paper prints it: its
// fitness function counts the marks of a new, empty board, so every square
// is worth 0, the stable sort never changes the first population, and the
// bot plays the first empty square of 50 drawn at random: a random move.
var printedGA = bots.Spec{Algo: "random"}

// adjacencyRoundRobin is paper 002's experiment: its three bots in the
// pairings, colours and round limits its figures show, one game each,
// then many games per pairing with colours alternating; and the pairings
// of the genetic algorithm again with the GA as printed in the paper.
func adjacencyRoundRobin(ctx context.Context, opt ExperimentOptions, progress func(int, int)) (Table, error) {
	many := opt.games(20, 0)
	list := paper002Games
	if opt.Quick { // the 8-round games only
		list = slices.DeleteFunc(slices.Clone(list), func(g paper002Game) bool { return g.rounds != 8 })
	}
	gaGames := 0
	for _, pg := range list {
		if pg.x == "paper002-genetic" || pg.o == "paper002-genetic" {
			gaGames++
		}
	}
	t := Table{
		Columns: []string{opt.say("X (first) vs O"), opt.say("rounds"), opt.say("paper's game X-O"), opt.say("our game X-O"),
			opt.say("same winner"), opt.say("games"), opt.say("X bot wins"), opt.say("draws"), opt.say("O bot wins"),
			opt.say("X bot marks"), opt.say("O bot marks")},
		XLabel: opt.say("round limit"), YLabel: opt.say("score (%% of the points)"),
	}
	steps := &stepper{total: len(list)*(1+many) + gaGames*many, progress: progress}
	var tallies, printed pointTally
	type key struct {
		bot    string
		rounds int
	}
	byLimit := map[key][2]float64{} // points, games
	sameWinner := 0
	for i, pg := range list {
		x, o := bots.Spec{Algo: pg.x}, bots.Spec{Algo: pg.o}
		settings := games.Settings{Rounds: pg.rounds}
		single, err := Arena(ctx, ArenaConfig{Game: "adjacency", Settings: settings, P1: x, P2: o, Games: 1,
			Seed: mix(opt.Seed, 40, uint64(i))}, steps.next(1))
		if err != nil {
			return stopped(t, err)
		}
		xm, om := countDiscs(single.Records[0].final.Rows())
		same := sign(xm-om) == sign(pg.xMarks-pg.oMarks)
		if same {
			sameWinner++
		}
		res, err := manyAdjacency(ctx, settings, x, o, many, opt.Parallel, mix(opt.Seed, 41, uint64(i)), steps)
		if err != nil {
			return stopped(t, err)
		}
		names := [2]string{paper002Short[pg.x], paper002Short[pg.o]}
		t.Rows = append(t.Rows, adjacencyRow(opt, opt.say("%s vs %s", names[0], names[1]), pg, fmt.Sprintf("%d-%d", xm, om),
			yesNo(opt, same), res))
		for _, r := range []ArenaResult{single, res} {
			tallies.add(names, r)
			if names[0] != "GA" && names[1] != "GA" {
				printed.add(names, r) // the same games with the GA as printed
			}
			for k, s := range []PlayerStats{r.P1, r.P2} {
				v := byLimit[key{names[k], pg.rounds}]
				byLimit[key{names[k], pg.rounds}] = [2]float64{v[0] + s.Points, v[1] + float64(r.Games)}
			}
		}
		c := Comparison{
			What:  opt.say("%s (X) vs %s (O), %d rounds (section %s)", names[0], names[1], pg.rounds, pg.section),
			Paper: opt.say("%d-%d: %s", pg.xMarks, pg.oMarks, winnerName(opt, names, pg.xMarks-pg.oMarks)),
			Ours: opt.sayN(res.Games, "one game %d-%d: %s; %d game: %s %d, %s %d, %d drawn",
				"one game %d-%d: %s; %d games: %s %d, %s %d, %d drawn", xm, om, winnerName(opt, names, xm-om),
				res.Games, names[0], res.P1.Wins, names[1], res.P2.Wins, res.P1.Draws),
		}
		ga := names[0] == "GA" || names[1] == "GA"
		switch {
		case pg.xMarks == pg.oMarks && ga:
			c.Agree = agreement(same)
			c.Why = opt.say("agreement: our single game drawn too; one drawn game says little of which bot is stronger; " +
				"our GA uses the fitness the paper describes (own marks after the move), which plays as well as SA")
		case pg.xMarks == pg.oMarks:
			c.Agree = agreement(same)
			c.Why = opt.say("agreement: our single game drawn too; one drawn game says little of which bot is stronger")
		case many == 0 && ga:
			c.Agree = agreement(same)
			c.Why = opt.say("agreement: the same winner in our single game; " +
				"our GA uses the fitness the paper describes (own marks after the move), which plays as well as SA")
		case many == 0:
			c.Agree = agreement(same)
			c.Why = opt.say("agreement: the same winner in our single game")
		case ga:
			c.Agree = agreement(same && mostWins(res, pg.xMarks > pg.oMarks))
			c.Why = opt.say("agreement: the same winner in our single game and the most wins in our many games; " +
				"our GA uses the fitness the paper describes (own marks after the move), which plays as well as SA")
		default:
			c.Agree = agreement(same && mostWins(res, pg.xMarks > pg.oMarks))
			c.Why = opt.say("agreement: the same winner in our single game and the most wins in our many games")
		}
		t.Comparisons = append(t.Comparisons, c)
	}
	ranking := func(tl pointTally, order []string) Comparison {
		ranked, scores := tl.ranking(opt, order)
		return Comparison{What: opt.say("ranking of the bots, %s", strings.Join(order, ", ")), Paper: "minimax > SA > GA",
			Ours:  opt.say("%s (%s of the points in all our games)", tl.ranks(ranked), scores),
			Agree: agreement(slices.Equal(ranked, order) && tl.strictlyOrdered(order)),
			Why:   opt.say("agreement: each bot scores strictly more than the next")}
	}
	gaPrinted := opt.say("GA as printed")
	t.Comparisons = append(t.Comparisons, ranking(tallies, []string{"minimax", "SA", "GA"}))

	// The genetic algorithm's games once more, with the GA as printed.
	if many > 0 {
		for i, pg := range list {
			x, o := bots.Spec{Algo: pg.x}, bots.Spec{Algo: pg.o}
			names := [2]string{paper002Short[pg.x], paper002Short[pg.o]}
			switch {
			case pg.x == "paper002-genetic":
				x, names[0] = printedGA, gaPrinted
			case pg.o == "paper002-genetic":
				o, names[1] = printedGA, gaPrinted
			default:
				continue
			}
			res, err := manyAdjacency(ctx, games.Settings{Rounds: pg.rounds}, x, o, many, opt.Parallel,
				mix(opt.Seed, 42, uint64(i)), steps)
			if err != nil {
				return stopped(t, err)
			}
			printed.add(names, res)
			t.Rows = append(t.Rows, adjacencyRow(opt, opt.say("%s vs %s", names[0], names[1]), pg, "-", "-", res))
			t.Comparisons = append(t.Comparisons, Comparison{
				What:  opt.say("%s (X) vs %s (O), %d rounds", names[0], names[1], pg.rounds),
				Paper: opt.say("%d-%d: %s", pg.xMarks, pg.oMarks, winnerName(opt, names, pg.xMarks-pg.oMarks)),
				Ours: opt.sayN(res.Games, "%d game: %s %d, %s %d, %d drawn", "%d games: %s %d, %s %d, %d drawn", res.Games,
					names[0], res.P1.Wins, names[1], res.P2.Wins, res.P1.Draws),
				Agree: agreement(mostWins(res, pg.xMarks > pg.oMarks)),
				Why: opt.say("the fitness function printed in section 3.4 counts the marks of a new, empty board: every square is " +
					"worth 0 and the bot plays a random empty square (our random bot); agreement: the most wins"),
			})
		}
		t.Comparisons = append(t.Comparisons, ranking(printed, []string{"minimax", "SA", gaPrinted}))
	}
	t.Comparisons = append(t.Comparisons,
		Comparison{What: opt.say("the paper's %d single games: the same winner", len(list)),
			Paper: "-", Ours: opt.say("%d of %d", sameWinner, len(list)), Agree: NotComparable,
			Why: opt.say("one game per pairing: the random bots make every game different, so a single game can go either way")},
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
			if v, ok := byLimit[key{b, limit}]; ok && v[1] > 0 {
				s.X = append(s.X, float64(limit))
				s.Y = append(s.Y, 100*v[0]/v[1])
			}
		}
		t.Series = append(t.Series, s)
	}
	t.Notes = append(t.Notes,
		opt.say("X moves first; the bots are the paper's: paper002-minimax, paper002-annealing (SA) and paper002-genetic (GA)"),
		opt.sayN(many, "our game: one game per pairing as in the paper, in its colours; then %d game per pairing with colours alternating, "+
			"the X bot and the O bot being the bots that played X and O in the paper's game",
			"our game: one game per pairing as in the paper, in its colours; then %d games per pairing with colours alternating, "+
				"the X bot and the O bot being the bots that played X and O in the paper's game", many),
		opt.say("the GA as printed: the random bot, which is what the paper's printed fitness function makes of the GA"))
	return t, nil
}

// manyAdjacency plays n games between x and o with colours alternating,
// none when n is 0.
func manyAdjacency(ctx context.Context, s games.Settings, x, o bots.Spec, n, parallel int, seed uint64, steps *stepper) (ArenaResult, error) {
	if n == 0 {
		return ArenaResult{}, nil
	}
	return Arena(ctx, ArenaConfig{Game: "adjacency", Settings: s, P1: x, P2: o, Games: n,
		Parallel: parallel, Seed: seed}, steps.next(n))
}

// adjacencyRow is a row of the experiment's table: the pairing, the
// paper's game and ours, and the many games.
func adjacencyRow(opt ExperimentOptions, pairing string, pg paper002Game, ours, same string, res ArenaResult) []string {
	var marks [2]float64
	for _, r := range res.Records {
		b, w := countDiscs(r.final.Rows())
		if r.P1Colour == rules.White {
			b, w = w, b
		}
		marks[0] += float64(b)
		marks[1] += float64(w)
	}
	n := float64(max(res.Games, 1))
	return []string{pairing, itoa(pg.rounds), fmt.Sprintf("%d-%d", pg.xMarks, pg.oMarks), ours, same,
		itoa(res.Games), itoa(res.P1.Wins), itoa(res.P1.Draws), itoa(res.P2.Wins), opt.f1(marks[0] / n), opt.f1(marks[1] / n)}
}

// mostWins reports whether P1 (when p1 is true) or P2 won the most games.
func mostWins(res ArenaResult, p1 bool) bool {
	if p1 {
		return res.P1.Wins > res.P2.Wins
	}
	return res.P2.Wins > res.P1.Wins
}

// pointTally sums the points and games of named bots.
type pointTally struct {
	points map[string]float64
	games  map[string]int
}

func (t *pointTally) add(names [2]string, r ArenaResult) {
	if t.points == nil {
		t.points, t.games = map[string]float64{}, map[string]int{}
	}
	for k, s := range []PlayerStats{r.P1, r.P2} {
		t.points[names[k]] += s.Points
		t.games[names[k]] += r.Games
	}
}

// share is a bot's share of the points of its games, in percent to one
// decimal, as the table writes it: bots that look equal are equal.
func (t *pointTally) share(bot string) float64 {
	return math.Round(1000*t.points[bot]/float64(max(t.games[bot], 1))) / 10
}

// ranks writes ranked bots with ">" between them, or "=" where their
// shares are equal: "minimax > SA = GA".
func (t *pointTally) ranks(ranked []string) string {
	var b strings.Builder
	for i, bot := range ranked {
		if i > 0 {
			if t.share(ranked[i-1]) == t.share(bot) {
				b.WriteString(" = ")
			} else {
				b.WriteString(" > ")
			}
		}
		b.WriteString(bot)
	}
	return b.String()
}

// ranking orders the bots by their share of the points, the order given
// first among equals, and writes their shares.
func (t *pointTally) ranking(opt ExperimentOptions, order []string) ([]string, string) {
	ranked := slices.Clone(order)
	slices.SortStableFunc(ranked, func(a, b string) int {
		switch fa, fb := t.share(a), t.share(b); {
		case fa > fb:
			return -1
		case fa < fb:
			return 1
		}
		return 0
	})
	var scores []string
	for _, b := range ranked {
		scores = append(scores, opt.say("%s %s%%", b, opt.f1(t.share(b))))
	}
	return ranked, strings.Join(scores, ", ")
}

// strictlyOrdered reports whether each bot of order has a strictly larger
// share than the next.
func (t *pointTally) strictlyOrdered(order []string) bool {
	for i := 1; i < len(order); i++ {
		if t.share(order[i-1]) <= t.share(order[i]) {
			return false
		}
	}
	return true
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

func yesNo(opt ExperimentOptions, b bool) string {
	if b {
		return opt.say("yes")
	}
	return opt.say("no")
}
