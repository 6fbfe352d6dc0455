package lab

import (
	"context"
	"maps"
	"slices"
	"strings"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/ai/stats"
	"boardgames/rules"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

// othelloOpenings is the random opening of the many-game versions of the
// Othello experiments: two moves by each side, so that games differ.
const othelloOpenings = 4

// botTally sums up games from one bot's view (P1 of the matches).
type botTally struct {
	games, wins, draws, losses int
	discs, oppDiscs            float64   // sums of the final discs on the board
	own, opp                   []float64 // the final discs of each game
	pairs                      []float64 // per pair of games (one opening, both colours): the mean disc difference
	stuck                      int       // games that ended with the side to move stuck while the other could move
	firstMoves                 map[string]int
	meanMoveSeconds            float64 // of the last match added
	maxMoveSeconds             float64
}

func (t *botTally) add(res ArenaResult) {
	t.games += res.Games
	t.wins += res.P1.Wins
	t.draws += res.P1.Draws
	t.losses += res.P1.Losses
	byPair := map[int][]float64{}
	var order []int
	for _, r := range res.Records {
		black, white := countDiscs(r.final.Rows())
		if r.P1Colour == rules.White {
			black, white = white, black
		}
		t.discs += float64(black)
		t.oppDiscs += float64(white)
		t.own = append(t.own, float64(black))
		t.opp = append(t.opp, float64(white))
		k := (r.Number - 1) / 2
		if _, ok := byPair[k]; !ok {
			order = append(order, k)
		}
		byPair[k] = append(byPair[k], float64(black-white))
		if s, ok := r.final.Native().(othello.Position); ok && stuckEnd(s) {
			t.stuck++
		}
		if t.firstMoves == nil {
			t.firstMoves = map[string]int{}
		}
		if first, _, _ := strings.Cut(r.Moves, " "); r.Opening == 0 && len(first) >= 2 {
			t.firstMoves[first[:2]]++
		}
	}
	for _, k := range order {
		t.pairs = append(t.pairs, stats.Mean(byPair[k]))
	}
	t.meanMoveSeconds = res.P1.MeanMoveSeconds
	t.maxMoveSeconds = max(t.maxMoveSeconds, res.P1.MaxMoveSeconds)
}

// score is the bot's score (wins and half the draws) with Wilson's
// interval.
func (t *botTally) score() stats.Interval { return stats.WilsonScore(t.wins, t.draws, t.games) }

// meanDiscs returns the mean final discs of the bot and of its opponent.
func (t *botTally) meanDiscs() (float64, float64) {
	if t.games == 0 {
		return 0, 0
	}
	return t.discs / float64(t.games), t.oppDiscs / float64(t.games)
}

// stuckEnd reports an Othello game that ended because the side to move
// could not move while the other side could (paper 000's rule).
func stuckEnd(s othello.Position) bool {
	black, white := s.Bitboards()
	own, opp := black, white
	if s.ToMove() == rules.White {
		own, opp = white, black
	}
	return othello.MoveMask(own, opp) == 0 && othello.MoveMask(opp, own) != 0
}

// fixedColours plays n games of cfg, P1 taking the first colour (Black) in
// every one as in a paper's games, each with its own seed; onMove has the
// progress of the n games, move by move.
func fixedColours(ctx context.Context, cfg ArenaConfig, n int, onMove func(Progress)) (botTally, error) {
	var t botTally
	for k := range n {
		c := cfg
		c.Games, c.Seed = 1, mix(cfg.Seed, 20, uint64(k))
		c.OnMove = func(p Progress) { onMove(Progress{Done: k + p.Done, Total: n, Played: float64(k) + p.Played}) }
		res, err := Arena(ctx, c, nil)
		if err != nil {
			return t, err
		}
		t.add(res)
	}
	return t, nil
}

// othelloPositional is paper 000's experiment: its bot under its rules,
// against stand-ins for the human and the online program it played.
func othelloPositional(ctx context.Context, opt ExperimentOptions, progress func(int, int)) (Table, error) {
	const paperGames = 3
	many := opt.games(100, 2)
	paperRules := games.Settings{First: rules.White, NoPass: true}
	bot := bots.Spec{Algo: "paper000"}
	greedy := bots.Spec{Algo: "greedy"}
	mcts := bots.Spec{Algo: "mcts", Params: ai.Params{Iterations: 1000}}
	random := bots.Spec{Algo: "random"}
	t := Table{
		Columns: []string{opt.say("match"), opt.say("colours"), opt.say("games"), opt.say("paper000 wins"), opt.say("draws"),
			opt.say("losses"), opt.say("paper000 score [95%% CI]"), opt.say("paper000 discs [95%% CI]"),
			opt.say("opponent discs [95%% CI]"), opt.say("ended by a stuck side")},
		XLabel: opt.say("opponent"), YLabel: opt.say("paper000's score (%% of the points, 95%% interval)"),
	}
	// MCTS's games weigh 5 in the progress: about their cost.
	steps := &stepper{total: paperGames + 5*paperGames + (1+1+5)*many, progress: progress}
	rowNo := uint64(0)
	row := func(match, colours string, tl botTally) {
		rowNo++
		t.Rows = append(t.Rows, []string{match, colours, itoa(tl.games), itoa(tl.wins), itoa(tl.draws), itoa(tl.losses),
			opt.pctIv(tl.score()), opt.meanIv(stats.BootstrapMean(tl.own, gameSeed(opt, 30, rowNo))),
			opt.meanIv(stats.BootstrapMean(tl.opp, gameSeed(opt, 31, rowNo))), itoa(tl.stuck)})
	}
	// The paper's games: the program Black, the author White moving
	// first; then the program Black moving first against eothello.com.
	vsAuthor, err := fixedColours(ctx, ArenaConfig{Game: "othello", Settings: paperRules, P1: bot, P2: greedy,
		Seed: mix(opt.Seed, 30)}, paperGames, steps.movesW(paperGames, 1))
	if err != nil {
		return stopped(t, err)
	}
	row(opt.say("greedy (for the author)"), opt.say("paper000 Black, White first"), vsAuthor)
	blackFirst := paperRules
	blackFirst.First = rules.Black
	vsOnline, err := fixedColours(ctx, ArenaConfig{Game: "othello", Settings: blackFirst, P1: bot, P2: mcts,
		Seed: mix(opt.Seed, 31)}, paperGames, steps.movesW(paperGames, 5))
	if err != nil {
		return stopped(t, err)
	}
	row(opt.say("mcts 1000 (for eothello.com)"), opt.say("paper000 Black and first"), vsOnline)
	score := Series{Name: opt.say("paper000's score")}
	var manyTallies []botTally
	for i, opp := range []bots.Spec{greedy, random, mcts} {
		res, err := Arena(ctx, ArenaConfig{Game: "othello", Settings: paperRules, P1: bot, P2: opp,
			Games: many, Openings: othelloOpenings, Parallel: opt.Parallel, Seed: mix(opt.Seed, 32, uint64(i)),
			OnMove: steps.movesW(many, []int{1, 1, 5}[i])}, nil)
		if err != nil && (!cancelled(err) || res.Games == 0) {
			return stopped(t, err)
		}
		var tl botTally
		tl.add(res)
		manyTallies = append(manyTallies, tl)
		row(opp.String(), opt.say("alternating, White first"), tl)
		iv := tl.score()
		score.X, score.Y = append(score.X, float64(i)), append(score.Y, 100*iv.Value)
		score.Low, score.High = append(score.Low, 100*iv.Low), append(score.High, 100*iv.High)
		if err != nil {
			t.Series = []Series{score}
			return t, err
		}
	}
	t.Series = []Series{score}

	firsts := slices.Sorted(maps.Keys(vsOnline.firstMoves))
	t.Comparisons = []Comparison{
		{What: opt.say("3 games against the author, a beginner moving first as White"),
			Paper: opt.say("the author won 2, the program 1"),
			Ours:  opt.say("greedy won %d, paper000 %d (%d drawn)", vsAuthor.losses, vsAuthor.wins, vsAuthor.draws),
			Agree: NotComparable, Why: opt.say("a human opponent cannot be replayed; greedy by number stands in for a beginner")},
		{What: opt.say("3 games against eothello.com's computer, the program Black and first"),
			Paper: opt.say("the program won 2, the other computer 1"),
			Ours:  opt.say("paper000 won %d, MCTS %d (%d drawn)", vsOnline.wins, vsOnline.losses, vsOnline.draws),
			Agree: NotComparable, Why: opt.say("an online program of unknown algorithm; Monte-Carlo tree search stands in")},
		{What: opt.say("the program's first move, moving first"),
			Paper: opt.say("always the same"),
			Ours:  opt.say("%s in %d of %d games", strings.Join(firsts, ", "), paperGames, paperGames),
			Agree: agreement(len(firsts) == 1), Games: paperGames,
			Why: opt.say("the search is deterministic: the same position gives the same move")},
		{What: opt.say("all 6 games of the paper"),
			Paper: opt.say("the program won half"),
			Ours:  opt.say("paper000 won %d of %d against the stand-ins", vsAuthor.wins+vsOnline.wins, 2*paperGames),
			Agree: NotComparable, Why: opt.say("the opponents differ (see above)")},
		{What: opt.say("the game's end under the paper's rules"),
			Paper: opt.say("the game ends when a player cannot move"),
			Ours: opt.say("%d of %d games ended with the side to move stuck while the other could still move",
				vsAuthor.stuck+vsOnline.stuck+sumStuck(manyTallies), 2*paperGames+3*many),
			Agree: NotComparable, Why: opt.say("the paper gives no count; the rule is the othello setting nopass")},
	}
	t.Notes = append(t.Notes,
		opt.say("paper000 plays under the paper's rules: White moves first (except against MCTS, where the paper's program moved first as Black) and the game ends as soon as the side to move cannot move"),
		opt.sayN(many, "%d game per opponent in the many-game matches, random %d-ply openings, each opening played once with each colour",
			"%d games per opponent in the many-game matches, random %d-ply openings, each opening played once with each colour", many, othelloOpenings),
		opt.say("score: wins plus half the draws with Wilson's 95%% interval; discs: the mean with a bootstrap 95%% interval; seed %d "+
			"(every game's seed derives from it: the same seed replays the same games)", opt.Seed),
		opt.say("chart: x = 0 greedy, 1 random, 2 mcts (the many-game matches)"))
	return t, nil
}

func sumStuck(ts []botTally) int {
	n := 0
	for _, t := range ts {
		n += t.stuck
	}
	return n
}

// othelloGreedyDepth is paper 004's experiment: its alpha-beta with greedy
// ordering against its greedy bot at depths 1 to 9, 6 games a depth (54
// in all) from the start position, then many games a depth from random
// openings, each opening played once with each colour.
func othelloGreedyDepth(ctx context.Context, opt ExperimentOptions, progress func(int, int)) (Table, error) {
	maxDepth, paperGames := 9, 6
	many := opt.games(40, 2)
	if opt.Quick {
		maxDepth, paperGames = 3, 2
	}
	t := Table{
		Columns: []string{opt.say("games"), opt.say("depth"), opt.say("played"), opt.say("alpha-beta wins"), opt.say("draws"),
			opt.say("greedy wins"), opt.say("alpha-beta score [95%% CI]"), opt.say("alpha-beta discs [95%% CI]"),
			opt.say("greedy discs [95%% CI]"), opt.say("alpha-beta ms/move"), opt.say("longest move ms")},
		XLabel: opt.say("alpha-beta depth"), YLabel: opt.say("mean final discs (95%% interval)"),
	}
	ab := Series{Name: opt.say("alpha-beta (greedy ordering)")}
	gr := Series{Name: opt.say("greedy")}
	// A game's weight in the progress: about its cost, which about
	// doubles with each ply of depth.
	weight := func(d int) int { return 1 << max(0, d-3) }
	total := 0
	for d := 1; d <= maxDepth; d++ {
		total += weight(d) * (paperGames + many)
	}
	steps := &stepper{total: total, progress: progress}
	byDepth := make([]botTally, maxDepth+1)
	manyByDepth := make([]botTally, maxDepth+1)
	match := func(d, n, openings int, label string, into []botTally, seed uint64) error {
		if n == 0 {
			return nil
		}
		res, err := Arena(ctx, ArenaConfig{
			Game:  "othello",
			P1:    bots.Spec{Algo: "paper004-alphabeta", Params: ai.Params{Depth: d}},
			P2:    bots.Spec{Algo: "paper004-greedy"},
			Games: n, Openings: openings, Parallel: opt.Parallel, Seed: seed,
			OnMove: steps.movesW(n, weight(d)),
		}, nil)
		if err != nil && (!cancelled(err) || res.Games == 0) {
			return err
		}
		into[d].add(res)
		tl := into[d]
		t.Rows = append(t.Rows, []string{label, itoa(d), itoa(tl.games), itoa(tl.wins), itoa(tl.draws), itoa(tl.losses),
			opt.pctIv(tl.score()), opt.meanIv(stats.BootstrapMean(tl.own, gameSeed(opt, 10, uint64(d), seed))),
			opt.meanIv(stats.BootstrapMean(tl.opp, gameSeed(opt, 11, uint64(d), seed))),
			opt.f2(tl.meanMoveSeconds * 1000), opt.f1(tl.maxMoveSeconds * 1000)})
		return err
	}
	done := func(err error) (Table, error) {
		t.Series = []Series{ab, gr}
		if cancelled(err) {
			t.Partial = true
			return t, err
		}
		return Table{}, err
	}
	for d := 1; d <= maxDepth; d++ {
		if err := match(d, paperGames, 0, opt.say("the paper's"), byDepth, mix(opt.Seed, 10, uint64(d))); err != nil {
			return done(err)
		}
	}
	for d := 1; d <= maxDepth; d++ {
		if err := match(d, many, othelloOpenings, opt.say("many games"), manyByDepth, mix(opt.Seed, 11, uint64(d))); err != nil {
			return done(err)
		}
	}
	// The chart: every game of a depth, the paper's and the many.
	for d := 1; d <= maxDepth; d++ {
		own := append(slices.Clone(byDepth[d].own), manyByDepth[d].own...)
		opp := append(slices.Clone(byDepth[d].opp), manyByDepth[d].opp...)
		a, g := stats.BootstrapMean(own, gameSeed(opt, 12, uint64(d))), stats.BootstrapMean(opp, gameSeed(opt, 13, uint64(d)))
		ab.X, ab.Y, ab.Low, ab.High = append(ab.X, float64(d)), append(ab.Y, a.Value), append(ab.Low, a.Low), append(ab.High, a.High)
		gr.X, gr.Y, gr.Low, gr.High = append(gr.X, float64(d)), append(gr.Y, g.Value), append(gr.Low, g.Low), append(gr.High, g.High)
	}
	t.Series = []Series{ab, gr}
	t.Comparisons = greedyDepthComparisons(opt, byDepth, opt.say("the paper's games"))
	if many > 0 {
		for _, c := range greedyDepthComparisons(opt, manyByDepth, opt.sayN(many, "%d game a depth", "%d games a depth", many)) {
			if c.Agree != NotComparable {
				t.Comparisons = append(t.Comparisons, c)
			}
		}
	}
	t.Notes = append(t.Notes,
		opt.say("the paper's games: %d a depth from the start position, colours alternating (%d in all)", paperGames, paperGames*maxDepth),
		opt.say("alpha-beta: paper004-alphabeta (moves sorted by discs flipped, a pass not counted in the depth, depth d = d plies "+
			"as the text says; the value of an unfinished leaf, the disc difference, is our assumption: the paper gives none); "+
			"greedy: paper004-greedy (most discs flipped, ties at random)"),
		opt.say("score: wins plus half the draws with Wilson's 95%% interval; discs: the mean with a bootstrap 95%% interval; "+
			"\"rise with the depth\": the least-squares slope of alpha-beta's discs on the depth over every game, with its 95%% interval; "+
			"seed %d (every game's seed derives from it)", opt.Seed))
	if many > 0 {
		t.Notes = append(t.Notes, opt.sayN(many, "many: %d game a depth, random %d-ply openings, each opening played once with each colour",
			"many: %d games a depth, random %d-ply openings, each opening played once with each colour", many, othelloOpenings))
	}
	return t, nil
}

// greedyDepthComparisons sets paper 004's findings beside the tallies of
// alpha-beta (P1) against greedy, indexed by depth, each with a test.
func greedyDepthComparisons(opt ExperimentOptions, byDepth []botTally, label string) []Comparison {
	maxDepth := len(byDepth) - 1
	ab1, gr1 := byDepth[1].meanDiscs()
	diff1 := stats.BootstrapMean(byDepth[1].pairs, gameSeed(opt, 14, uint64(len(byDepth[1].pairs))))
	var xs, ys []float64
	for d := 1; d <= maxDepth; d++ {
		for _, v := range byDepth[d].own {
			xs = append(xs, float64(d))
			ys = append(ys, v)
		}
	}
	trend := stats.TrendOf(xs, ys)
	won, drawn, played := 0, 0, 0
	for d := 3; d <= maxDepth; d++ {
		won += byDepth[d].wins
		drawn += byDepth[d].draws
		played += byDepth[d].games
	}
	deep := stats.WilsonScore(won, drawn, played)
	alwaysVerdict := CannotTell
	switch {
	case played > 0 && won < played:
		alwaysVerdict = Differs // one game not won refutes "always"
	case side(stats.Wilson(won, played), 0.9) > 0:
		alwaysVerdict = Agrees // every game won, and a loss rate above 10% ruled out
	}
	longest := byDepth[maxDepth].maxMoveSeconds
	rises := verdict(side(trend.Slope, 0), 1)
	return []Comparison{
		{What: opt.say("mean final discs at depth 1 (%s)", label),
			Paper: opt.say("greedy has more discs than alpha-beta"),
			Ours: opt.say("greedy %s, alpha-beta %s; alpha-beta minus greedy per pair of games %s", opt.f1(gr1), opt.f1(ab1),
				opt.meanIv(diff1)),
			Agree: verdict(sideOfMean(diff1, len(byDepth[1].pairs), 0), -1), Games: byDepth[1].games,
			Why: opt.say("bootstrap 95%% interval of the disc difference over the pairs of games (at least 8 pairs to tell); at depth 1 both bots play a move " +
				"of most flips and differ only in their tie-breaks, so no lead is to be expected")},
		{What: opt.say("alpha-beta's mean final discs as the depth grows (%s)", label),
			Paper: opt.say("rise with the depth"),
			Ours: opt.say("%s discs a depth [%s–%s] (slope over %d games, depths 1 to %d; Spearman's rho %s, %s)",
				opt.f2(trend.Slope.Value), opt.f2(trend.Slope.Low), opt.f2(trend.Slope.High), trend.N, maxDepth,
				opt.f2(finite(trend.Rho)), opt.pValue(trend.RhoP)),
			Agree: rises, Games: trend.N,
			Why: opt.say("the least-squares slope of alpha-beta's final discs on the depth over every game: rises if its 95%% " +
				"interval lies above 0")},
		{What: opt.say("alpha-beta at depth 3 or more against greedy (%s)", label),
			Paper: opt.say("always wins"),
			Ours: opt.sayN(played, "won %d of %d game (score %s)", "won %d of %d games (score %s)", won, played,
				opt.pctIv(deep)),
			Agree: alwaysVerdict, Games: played,
			Why: opt.say("\"always\" is refuted by one game not won; it is supported when every game was won and Wilson's 95%% " +
				"interval of the win rate lies above 90%%")},
		{What: opt.say("time of alpha-beta's longest move at depth %d", maxDepth),
			Paper: opt.say("up to 30 s at depth 9 (Intel Core Duo T2500, 2 GHz)"),
			Ours:  opt.say("%s ms", opt.words().Decimal(longest*1000, 0)),
			Agree: NotComparable, Why: opt.say("another machine and another program; the paper's figure is an impression of its response time")},
	}
}

// countDiscs counts the X (Black) and O (White) cells of a board.
func countDiscs(rows []string) (black, white int) {
	for _, r := range rows {
		black += strings.Count(r, "X")
		white += strings.Count(r, "O")
	}
	return black, white
}
