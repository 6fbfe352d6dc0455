package lab

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/ai/stats"
	"boardgames/rules"
	"boardgames/rules/games"
)

// CheckersPosition is a named checkers position given by the moves that
// reach it from the start.
type CheckersPosition struct {
	Name, Moves string
}

// CheckersMiddleGames are the five middle-game positions of the
// checkers-negascout experiment. Each starts with the defining moves of a
// classic named opening of English checkers (the Old Fourteenth, the
// Glasgow, the Single Corner, the Ayrshire Lassie and the Dyke), continued
// by this program's engine (fixed depth 10, strong evaluation) to the
// first quiet position (no capture pending, at least six moves to choose
// from) after the 12th move of each side. The move lists are frozen here,
// so the positions do not change when the engine does.
var CheckersMiddleGames = []CheckersPosition{
	{"Old Fourteenth", "11-15 23-19 8-11 22-17 4-8 25-22 9-14 24-20 15x24 28x19 11-15 27-24 " +
		"7-11 17-13 15-18 22x15 11x18 32-28 2-7 29-25 5-9 19-15 10x19 24x15"},
	{"Glasgow", "11-15 23-19 8-11 22-17 11-16 24-20 16x23 27x18x11 7x16 20x11 3-7 28-24 " +
		"7x16 25-22 9-13 24-20 16-19 26-23 19x26 30x23 6-9 32-28 2-7 31-26"},
	{"Single Corner", "11-15 22-18 15x22 25x18 8-11 26-22 9-14 18x9 5x14 24-20 6-9 27-24 " +
		"9-13 24-19 1-5 30-25 14-17 21x14 10x17x26 31x22 7-10 23-18 10-14 18x9 5x14"},
	{"Ayrshire Lassie", "11-15 24-20 8-11 28-24 9-13 23-18 5-9 27-23 10-14 32-28 7-10 24-19 " +
		"15x24 28x19 4-8 19-16 12x19 23x16x7 2x11 26-23 8-12 22-17 13x22 30-26"},
	{"Dyke", "11-15 22-17 15-19 24x15 10x19 23x16 12x19 27-24 7-10 24x15 10x19 26-23 " +
		"19x26 30x23 8-11 28-24 6-10 17-13 10-15 13x6 1x10 21-17 5-9 25-22"},
}

// paper001 holds the figures of paper 001's tables 1 to 3: per depth (4,
// 6, 8) and position (1 to 5), the nodes, the time of the first of the
// three runs (ms), the solution path and the value of NegaScout and of
// alpha-beta.
var paper001 = map[int][5]struct {
	nsNodes, abNodes int
	nsMs, abMs       int
	nsPath, abPath   string
	value            int
}{
	4: {
		{281, 442, 1004, 1736, "P.1.2.1.1", "P.1.2.1.1", 679},
		{275, 262, 881, 872, "P.4.2.1.1", "P.4.2.1.1", 436},
		{347, 369, 1302, 1418, "P.5.4.1.1", "P.5.4.1.1", 662},
		{396, 431, 791, 932, "P.2.1.2.1", "P.2.1.2.1", 232},
		{765, 851, 1695, 1917, "P.9.1.1.1", "P.9.1.1.1", 557},
	},
	6: {
		{2154, 3192, 8082, 12724, "P.1.2.1.1.2.1", "P.1.2.1.1.2.1", 679},
		{1297, 1853, 3966, 5835, "P.1.2.1.1.2.1", "P.1.2.1.1.2.1", 436},
		{1767, 2064, 6446, 7548, "P.4.5.1.2.5.1", "P.4.5.1.2.5.1", 562},
		{1947, 1820, 3931, 3293, "P.1.7.1.10.1.1", "P.1.7.1.10.1.1", 310},
		{5142, 6132, 11913, 13765, "P.8.2.4.2.1.1", "P.8.2.7.2.1.1", 515},
	},
	8: {
		{10964, 24288, 42355, 93497, "P.1.2.1.2.2.2.1.1", "P.1.2.1.2.2.2.1.1", 619},
		{8309, 13064, 25537, 40150, "P.1.2.1.1.2.1.3.1", "P.1.2.1.1.2.1.3.1", 436},
		{8965, 10083, 32410, 36773, "P.2.1.5.1.1.3.1.1", "P.2.1.5.1.1.3.1.1", 594},
		{55831, 64181, 118111, 145078, "P.2.1.2.1.1.1.1.1", "P.2.1.2.1.1.1.1.1", 334},
		{33825, 42725, 76670, 99003, "P.4.2.10.4.8.5.5.1", "P.4.2.10.4.8.5.5.1", 579},
	},
}

// runs001 is the number of times paper 001 ran each search.
const runs001 = 3

// checkersNegascout is paper 001's measurement: its NegaScout (Reinefeld's
// condition, and the PVS form beside it) and its alpha-beta on five
// positions at depths 4, 6 and 8, each search run 3 times; then the
// sensitivity of NegaScout's saving to the positions and the evaluation:
// many random middle-game positions under each evaluation the paper's
// bots take.
func checkersNegascout(ctx context.Context, opt ExperimentOptions, progress func(int, int)) (Table, error) {
	g, err := games.Lookup("checkers")
	if err != nil {
		return Table{}, err
	}
	depths := []int{4, 6, 8}
	randomPositions := 100
	if opt.Quick {
		depths, randomPositions = []int{4, 6}, 12
	}
	evals := []string{"factors", "pieces", "strong"}
	t := Table{
		Columns: []string{opt.say("position"), opt.say("depth"), opt.say("NegaScout nodes"), opt.say("NegaScout (PVS form) nodes"),
			opt.say("ms (3 runs)"), opt.say("solution"), opt.say("value"), opt.say("alpha-beta nodes"), opt.say("ms (3 runs)"),
			opt.say("solution"), opt.say("value"), opt.say("paper's nodes NS / AB")},
		XLabel: opt.say("depth"), YLabel: opt.say("NegaScout's nodes / alpha-beta's (mean over random positions, 95%% interval)"),
	}
	// A search's weight in the progress: about its cost, five times more
	// for each two plies.
	weight := map[int]int{4: 1, 6: 5, 8: 25}
	total := 0
	for _, d := range depths {
		total += weight[d] * (len(CheckersMiddleGames)*(2*runs001+1) + randomPositions*len(evals)*3)
	}
	done := 0
	step := func(d int) { done += weight[d]; progress(done, total) }
	progress(0, total)
	type count struct{ fewer, pvsFewer, same, samePath, tests int }
	byDepth := map[int]*count{}
	var all count
	var steady = true // nodes equal in every run
	var slowest float64
	think := func(pos games.Position, algo, ev, variant string, d int) (ai.Info, error) {
		info, err := bots.Think(ctx, pos, bots.Spec{Algo: algo, Eval: ev, Variant: variant, Params: ai.Params{Depth: d}})
		if err == nil {
			err = ctx.Err()
		}
		return info, err
	}
	partial := func(err error) (Table, error) {
		if cancelled(err) {
			t.Partial = true
			return t, err
		}
		return Table{}, err
	}
	for pi, cp := range CheckersMiddleGames {
		rec, err := g.ParseMoves(nil, cp.Moves, games.Settings{})
		if err != nil {
			return Table{}, fmt.Errorf("lab: position %s: %w", cp.Name, err)
		}
		pos := rec.Position()
		for _, d := range depths {
			var infos [2]ai.Info
			var times [2][]string
			for k, algo := range []string{"paper001-negascout", "paper001-alphabeta"} {
				for run := range runs001 {
					info, err := think(pos, algo, "", "", d)
					if err != nil {
						return partial(err)
					}
					if run > 0 && info.Nodes != infos[k].Nodes {
						steady = false
					}
					infos[k] = info
					times[k] = append(times[k], opt.f1(info.Elapsed.Seconds()*1000))
					slowest = max(slowest, info.Elapsed.Seconds())
					step(d)
				}
			}
			pvs, err := think(pos, "paper001-negascout", "", "pvs", d)
			if err != nil {
				return partial(err)
			}
			step(d)
			c := byDepth[d]
			if c == nil {
				c = &count{}
				byDepth[d] = c
			}
			paths := [2]string{solutionPath(pos, infos[0].PV), solutionPath(pos, infos[1].PV)}
			for _, x := range []*count{c, &all} {
				x.tests++
				if infos[0].Nodes < infos[1].Nodes {
					x.fewer++
				}
				if pvs.Nodes < infos[1].Nodes {
					x.pvsFewer++
				}
				if infos[0].Score == infos[1].Score && pvs.Score == infos[1].Score {
					x.same++
				}
				if paths[0] == paths[1] {
					x.samePath++
				}
			}
			paper := paper001[d][pi]
			t.Rows = append(t.Rows, []string{cp.Name, itoa(d),
				u64(infos[0].Nodes), u64(pvs.Nodes), strings.Join(times[0], " "), paths[0], itoa(infos[0].Score),
				u64(infos[1].Nodes), strings.Join(times[1], " "), paths[1], itoa(infos[1].Score),
				fmt.Sprintf("%d / %d", paper.nsNodes, paper.abNodes)})
		}
	}
	for _, d := range depths {
		paperFewer := 0
		var paperNot []string
		for i, p := range paper001[d] {
			if p.nsNodes < p.abNodes {
				paperFewer++
			} else {
				paperNot = append(paperNot, itoa(i+1))
			}
		}
		paperText := opt.say("%d of %d", paperFewer, 5)
		if len(paperNot) > 0 {
			paperText = opt.sayN(len(paperNot), "%d of %d (not position %s)", "%d of %d (not positions %s)",
				paperFewer, 5, strings.Join(paperNot, ", "))
		}
		c := byDepth[d]
		iv := stats.Wilson(c.fewer, c.tests)
		t.Comparisons = append(t.Comparisons, Comparison{
			What:  opt.say("NegaScout searched fewer nodes than alpha-beta, depth %d, our 5 positions", d),
			Paper: paperText,
			Ours:  opt.say("%d of %d (PVS form: %d of %d)", c.fewer, c.tests, c.pvsFewer, c.tests),
			Agree: verdict(side(iv, 0.5), 1), Games: c.tests, Unit: UnitPositions,
			Why: opt.say("Wilson's 95%% interval of the share of positions against 50%%: five positions are too few to tell " +
				"unless all or none go one way; see the random positions below"),
		})
	}

	// The sensitivity: many random middle-game positions, each evaluation.
	type cell struct {
		fewer, pvsFewer, n int
		ratios, pvsRatios  []float64
	}
	sens := map[string]map[int]*cell{}
	rng := newRand(mix(opt.Seed, 60))
	var positions []games.Position
	for len(positions) < randomPositions {
		if p := randomCheckers(g, rng); p != nil {
			positions = append(positions, p)
		}
	}
	for _, ev := range evals {
		sens[ev] = map[int]*cell{}
		for _, d := range depths {
			c := &cell{}
			sens[ev][d] = c
			for _, pos := range positions {
				ns, err := think(pos, "paper001-negascout", ev, "", d)
				if err != nil {
					return partial(err)
				}
				pv, err := think(pos, "paper001-negascout", ev, "pvs", d)
				if err != nil {
					return partial(err)
				}
				ab, err := think(pos, "paper001-alphabeta", ev, "", d)
				if err != nil {
					return partial(err)
				}
				step(d)
				step(d)
				step(d)
				c.n++
				if ns.Nodes < ab.Nodes {
					c.fewer++
				}
				if pv.Nodes < ab.Nodes {
					c.pvsFewer++
				}
				c.ratios = append(c.ratios, float64(ns.Nodes)/float64(ab.Nodes))
				c.pvsRatios = append(c.pvsRatios, float64(pv.Nodes)/float64(ab.Nodes))
				if ns.Score != ab.Score || pv.Score != ab.Score {
					all.same-- // counted against the law below
				}
			}
		}
	}
	var shares []string
	deepest := map[string]stats.Interval{}
	for ei, ev := range evals {
		s := Series{Name: opt.say("NegaScout / alpha-beta, eval %s", ev)}
		for _, d := range depths {
			c := sens[ev][d]
			share := stats.Wilson(c.fewer, c.n)
			ratio := stats.BootstrapMean(c.ratios, gameSeed(opt, 60, uint64(ei), uint64(d)))
			pvsRatio := stats.BootstrapMean(c.pvsRatios, gameSeed(opt, 61, uint64(ei), uint64(d)))
			s.X, s.Y = append(s.X, float64(d)), append(s.Y, ratio.Value)
			s.Low, s.High = append(s.Low, ratio.Low), append(s.High, ratio.High)
			t.Comparisons = append(t.Comparisons, Comparison{
				What: opt.say("NegaScout fewer nodes than alpha-beta: %d random middle-game positions, eval %s, depth %d",
					c.n, ev, d),
				Paper: opt.say("13 of 15 tests (86%%)"),
				Ours: opt.say("fewer in %s of the positions (PVS form %s); nodes NegaScout / alpha-beta %s (PVS form %s)",
					opt.pctIv(share), opt.pctIv(stats.Wilson(c.pvsFewer, c.n)), opt.ratioIv(ratio), opt.ratioIv(pvsRatio)),
				Agree: verdict(side(share, 0.5), 1), Games: c.n, Unit: UnitPositions,
				Why: opt.say("Wilson's 95%% interval of the share of positions where NegaScout searched fewer nodes, against 50%%; " +
					"the ratio's interval is a bootstrap over the positions"),
			})
			if d == depths[len(depths)-1] {
				shares = append(shares, opt.say("%s %s", ev, opt.pctIv(share)))
				deepest[ev] = share
			}
		}
		t.Series = append(t.Series, s)
	}
	paperTests := 5 * len(depths)
	paperFewer := 0
	for _, d := range depths {
		for _, p := range paper001[d] {
			if p.nsNodes < p.abNodes {
				paperFewer++
			}
		}
	}
	steadyText := opt.say("nodes differ between runs")
	if steady {
		steadyText = opt.say("the same nodes in every run")
	}
	lawTests := all.tests + randomPositions*len(depths)*len(evals)
	grain := opt.say("our data does not show the evaluation's grain deciding it: the shares under the coarse evaluation (pieces) " +
		"and the fine ones (factors, strong) overlap")
	if p, f, st := deepest["pieces"], deepest["factors"], deepest["strong"]; p.Low > f.High && p.Low > st.High {
		grain = opt.say("our data shows the evaluation's grain deciding it: with pieces alone (many equal values, so null windows " +
			"fail low at once) NegaScout saves nodes in more positions than with the finer factors or strong evaluations, whose " +
			"intervals lie wholly below")
	}
	t.Comparisons = append(t.Comparisons,
		Comparison{What: opt.say("what decides NegaScout's saving"), Paper: opt.say("move ordering (conclusion b)"),
			Ours:  opt.say("at depth %d NegaScout was fewer in: %s of the random positions", depths[len(depths)-1], strings.Join(shares, ", ")),
			Agree: NotComparable,
			Why: opt.say("%s; in the generation order (no move ordering) the paper's bots use; the paper's five positions are only "+
				"pictures and its weights unknown, so its 13 of 15 depends on both", grain)},
		Comparison{What: opt.say("NegaScout fewer nodes, all tests on our 5 positions"),
			Paper: opt.say("%d of %d (the paper's \"86%%\" of 15 is 13)", paperFewer, paperTests),
			Ours:  opt.say("%d of %d (%s)", all.fewer, all.tests, pct(all.fewer, all.tests)),
			Agree: verdict(side(stats.Wilson(all.fewer, all.tests), 0.5), 1), Games: all.tests, Unit: UnitPositions,
			Why: opt.say("Wilson's 95%% interval of the share against 50%%; the paper's five positions are shown only as pictures; " +
				"ours are five classic openings continued to the middle game")},
		Comparison{What: opt.say("the same value from both"), Paper: opt.say("in all %d tests", paperTests),
			Ours:  opt.say("in %d of %d (both NegaScout forms, every evaluation)", all.same+randomPositions*len(depths)*len(evals), lawTests),
			Agree: agreement(all.same == all.tests), Games: lawTests, Unit: UnitPositions,
			Why: opt.say("both compute the minimax value of the same tree")},
		Comparison{What: opt.say("a different solution path with the same value"), Paper: opt.say("1 (position 5, depth 6)"),
			Ours: itoa(all.tests - all.samePath), Agree: NotComparable,
			Why: opt.say("equal values may be reached along different paths; how often depends on the positions")},
		Comparison{What: opt.say("3 runs of each search"), Paper: opt.say("the same nodes, times within a few percent"),
			Ours: steadyText, Agree: agreement(steady), Games: all.tests, Unit: UnitPositions,
			Why: opt.say("the searches are deterministic")},
	)
	if !opt.Quick { // the quick run has no depth 8
		t.Comparisons = append(t.Comparisons, Comparison{What: opt.say("time of a depth-8 search"),
			Paper: opt.say("24.1 to 118.1 s (NegaScout), 36.6 to 147.0 s (alpha-beta)"),
			Ours:  opt.say("at most %s ms", opt.words().Decimal(slowest*1000, 0)), Agree: NotComparable,
			Why: opt.say("another machine and another program (the paper's timings include its Java program's overhead)")})
	}
	t.Comparisons = append(t.Comparisons,
		Comparison{What: opt.say("games against 2 users, 10 a depth"),
			Paper: opt.say("NegaScout won 60%% (depth 4) and 80%% (depth 6); alpha-beta 50%% and 70%%"),
			Ours:  "-", Agree: NotComparable, Why: opt.say("human opponents cannot be replayed")},
	)
	t.Notes = append(t.Notes,
		opt.say("NegaScout: paper001-negascout, Reinefeld's 1983 listing (re-search when t > m except the first move and the two "+
			"lowest levels); PVS form: the variant pvs (re-search only when alpha < t < beta); alpha-beta: paper001-alphabeta"),
		opt.say("solution: the principal variation as the paper writes it, P.i.j... with each move's number among the legal moves in generation order"),
		opt.say("positions: the Old Fourteenth, the Glasgow, the Single Corner, the Ayrshire Lassie and the Dyke, continued by our engine to the 12th move of each side; "+
			"the evaluation is paper 001's four factors with weights of our own (the paper gives none), so values differ from the paper's"),
		opt.say("random positions: %d, each 16 to 30 random plies from the start with at least 4 moves to choose from and no capture "+
			"pending, drawn from seed %d; evaluations: factors (the paper's four, our weights), pieces (the first factor alone: "+
			"material), strong (ours)", randomPositions, opt.Seed))
	return t, nil
}

// randomCheckers plays 16 to 30 random plies from the start and returns
// the position if it is a quiet middle game (at least 4 moves, no capture
// pending, not over), else nil.
func randomCheckers(g *games.Game, rng *rand.Rand) games.Position {
	pos, err := g.Start(games.Settings{})
	if err != nil {
		return nil
	}
	for range 16 + rng.IntN(15) {
		legal := pos.Legal()
		if len(legal) == 0 {
			return nil
		}
		pos = pos.Play(legal[rng.IntN(len(legal))])
	}
	legal := pos.Legal()
	if pos.Result().Over() || len(legal) < 4 || strings.Contains(pos.MoveString(legal[0]), "x") {
		return nil
	}
	return pos
}

// solutionPath writes a principal variation as paper 001 does: P, then
// for each move its 1-based number among the legal moves of its position.
func solutionPath(pos games.Position, pv []rules.Move) string {
	var b strings.Builder
	b.WriteString("P")
	for _, m := range pv {
		legal := pos.Legal()
		b.WriteString("." + itoa(slices.Index(legal, m)+1))
		pos = pos.Play(m)
	}
	return b.String()
}
