package lab

import (
	"context"
	"fmt"
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

// adjacencyRoundRobin is paper 002's experiment: its three bots in the
// pairings, colours and round limits its figures show, one game each,
// then many games per pairing with colours alternating.
func adjacencyRoundRobin(ctx context.Context, opt ExperimentOptions, progress func(int, int)) (Table, error) {
	many := opt.games(20, 0)
	list := paper002Games
	if opt.Quick { // the 8-round games only
		list = slices.DeleteFunc(slices.Clone(list), func(g paper002Game) bool { return g.rounds != 8 })
	}
	t := Table{
		Columns: []string{"X (first) vs O", "rounds", "paper's game X-O", "our game X-O", "same winner",
			"games", "X bot wins", "draws", "O bot wins", "X bot marks", "O bot marks"},
		XLabel: "round limit", YLabel: "score (% of the points)",
	}
	steps := &stepper{total: len(list) * (1 + many), progress: progress}
	points := map[string]float64{}
	played := map[string]int{}
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
			return Table{}, err
		}
		xm, om := countDiscs(single.Records[0].final.Rows())
		same := sign(xm-om) == sign(pg.xMarks-pg.oMarks)
		if same {
			sameWinner++
		}
		var res ArenaResult
		if many > 0 {
			res, err = Arena(ctx, ArenaConfig{Game: "adjacency", Settings: settings, P1: x, P2: o, Games: many,
				Parallel: opt.Parallel, Seed: mix(opt.Seed, 41, uint64(i))}, steps.next(many))
			if err != nil {
				return Table{}, err
			}
		}
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
		t.Rows = append(t.Rows, []string{
			paper002Short[pg.x] + " vs " + paper002Short[pg.o], itoa(pg.rounds),
			fmt.Sprintf("%d-%d", pg.xMarks, pg.oMarks), fmt.Sprintf("%d-%d", xm, om), yesNo(same),
			itoa(res.Games), itoa(res.P1.Wins), itoa(res.P1.Draws), itoa(res.P2.Wins), f1(marks[0] / n), f1(marks[1] / n),
		})
		for _, r := range []ArenaResult{single, res} {
			for k, s := range []PlayerStats{r.P1, r.P2} {
				bot := paper002Short[[]string{pg.x, pg.o}[k]]
				points[bot] += s.Points
				played[bot] += r.Games
				v := byLimit[key{bot, pg.rounds}]
				byLimit[key{bot, pg.rounds}] = [2]float64{v[0] + s.Points, v[1] + float64(r.Games)}
			}
		}
		paperWinner := winnerName(pg.x, pg.o, pg.xMarks-pg.oMarks)
		c := Comparison{
			What:  fmt.Sprintf("%s (X) vs %s (O), %d rounds (section %s)", paper002Short[pg.x], paper002Short[pg.o], pg.rounds, pg.section),
			Paper: fmt.Sprintf("%d-%d: %s", pg.xMarks, pg.oMarks, paperWinner),
			Ours: fmt.Sprintf("one game %d-%d: %s; %s: %s %d, %s %d, %d drawn", xm, om, winnerName(pg.x, pg.o, xm-om),
				plural(res.Games, "game"), paper002Short[pg.x], res.P1.Wins, paper002Short[pg.o], res.P2.Wins, res.P1.Draws),
		}
		switch {
		case pg.xMarks == pg.oMarks:
			c.Agree = agreement(same)
			c.Why = "agreement: our single game drawn too; one drawn game says little of which bot is stronger"
		case many == 0:
			c.Agree = agreement(same)
			c.Why = "agreement: the same winner in our single game"
		default:
			paperX := pg.xMarks > pg.oMarks
			c.Agree = agreement(same && (res.P1.Wins > res.P2.Wins) == paperX && res.P1.Wins != res.P2.Wins)
			c.Why = "agreement: the same winner in our single game and the most wins in our many games"
		}
		t.Comparisons = append(t.Comparisons, c)
	}
	order := []string{"minimax", "SA", "GA"}
	ranked := slices.Clone(order)
	slices.SortStableFunc(ranked, func(a, b string) int {
		fa, fb := points[a]/float64(max(played[a], 1)), points[b]/float64(max(played[b], 1))
		switch {
		case fa > fb:
			return -1
		case fa < fb:
			return 1
		}
		return 0
	})
	var scores []string
	for _, b := range ranked {
		scores = append(scores, fmt.Sprintf("%s %.0f%%", b, 100*points[b]/float64(max(played[b], 1))))
	}
	t.Comparisons = append(t.Comparisons,
		Comparison{What: "ranking of the bots", Paper: "minimax > SA > GA",
			Ours:  strings.Join(ranked, " > ") + " (" + strings.Join(scores, ", ") + " of the points in all our games)",
			Agree: agreement(slices.Equal(ranked, order))},
		Comparison{What: fmt.Sprintf("the paper's %d single games: the same winner", len(list)),
			Paper: "-", Ours: fmt.Sprintf("%d of %d", sameWinner, len(list)), Agree: NotComparable,
			Why: "one game per pairing: the random bots make every game different, so a single game can go either way"},
		Comparison{What: "minimax (X) against a human: 8, 9, 10, 12 and 28 rounds",
			Paper: "13-10, 14-11, 15-12, 18-13 for minimax; the human won 34-29 at 28",
			Ours:  "-", Agree: NotComparable, Why: "human opponents cannot be replayed"},
		Comparison{What: "SA (X) against a human: 8, 10 and 28 rounds",
			Paper: "11-12 and 12-15 for the human; SA won 34-29 at 28",
			Ours:  "-", Agree: NotComparable, Why: "human opponents cannot be replayed"},
	)
	for _, b := range order {
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
		"X moves first; the bots are the paper's: paper002-minimax, paper002-annealing (SA) and paper002-genetic (GA)",
		fmt.Sprintf("our game: one game per pairing as in the paper, in its colours; then %s per pairing with colours alternating, "+
			"the X bot and the O bot being the bots that played X and O in the paper's game", plural(many, "game")))
	return t, nil
}

// winnerName names the winner of a game between the bots x and o, which
// ended margin marks ahead for x.
func winnerName(x, o string, margin int) string {
	switch {
	case margin > 0:
		return paper002Short[x] + " won"
	case margin < 0:
		return paper002Short[o] + " won"
	}
	return "drawn"
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

// plural writes n things: "1 game", "3 games".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return itoa(n) + " " + thing + "s"
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
