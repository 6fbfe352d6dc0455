package lab

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"boardgames/ai/bots"
	"boardgames/rules/games"
)

// TournamentOptions are the settings of a round robin other than its
// game, its bots and its games per pairing; they mean what the fields of
// ArenaConfig of the same names mean.
type TournamentOptions struct {
	Start       games.Position
	Openings    int
	Parallel    int
	Seed        uint64
	MaxPlies    int
	SummaryOnly bool
	OnMove      func(Progress)
}

// Standing is one bot's line of the final table.
type Standing struct {
	Rank                int // 1 for the winner; equal points share a rank
	Index               int // the bot's index in the specs given
	Bot                 string
	Points              float64
	Games               int
	Wins, Draws, Losses int
}

// TournamentResult is a finished round robin.
type TournamentResult struct {
	Game string
	Bots []string // the bots in ParseSpec's form, in the order given
	// Points[i][j] is what bot i scored against bot j (wins + draws/2);
	// Games[i][j] how many games they played (0 on the diagonal).
	Points [][]float64
	Games  [][]int
	// Standings is sorted by points, then by wins, then by the order given.
	Standings []Standing
	// Pairings has one match per pair i < j, in the order (0,1), (0,2), ...,
	// (1,2), ...; the pair's first bot is its P1.
	Pairings []ArenaResult
	Elapsed  time.Duration
}

// Tournament plays a round robin: every pair of bots plays gamesPerPair
// games (colours alternating, openings shared by pairs of games, as in
// Arena), at most MaxGames in all. All the games go to one pool of
// opt.Parallel goroutines (0: DefaultParallel of the bots), laid out one
// at a time as they start. progress, if not nil, is called with (0,
// total) and after each game. A cancelled ctx returns the games finished
// so far with ctx.Err().
func Tournament(ctx context.Context, game string, settings games.Settings, specs []bots.Spec,
	gamesPerPair int, opt TournamentOptions, progress func(done, total int)) (TournamentResult, error) {
	start := time.Now()
	if len(specs) < 2 {
		return TournamentResult{}, fmt.Errorf("lab: a tournament needs at least 2 bots, not %d", len(specs))
	}
	if gamesPerPair <= 0 {
		return TournamentResult{}, fmt.Errorf("lab: %d games per pairing: must be positive", gamesPerPair)
	}
	if pairs := len(specs) * (len(specs) - 1) / 2; len(specs) > MaxGames || gamesPerPair > MaxGames/pairs {
		return TournamentResult{}, fmt.Errorf("lab: %d bots with %d games per pairing: a tournament has at most %d games in all",
			len(specs), gamesPerPair, MaxGames)
	}
	cfg := ArenaConfig{
		Game: game, Settings: settings, Start: opt.Start, P1: specs[0], P2: specs[1],
		Games: gamesPerPair, Openings: opt.Openings, Parallel: opt.Parallel, MaxPlies: opt.MaxPlies,
	}
	g, startPos, err := cfg.prepare()
	if err != nil {
		return TournamentResult{}, err
	}
	for _, s := range specs[2:] {
		if err := CheckSpec(g.Name, s); err != nil {
			return TournamentResult{}, err
		}
	}
	type pair struct {
		i, j  int
		match *match
		tally *tally
	}
	var pairs []pair
	for i := range specs {
		for j := i + 1; j < len(specs); j++ {
			seed := mix(opt.Seed, 3, uint64(i), uint64(j))
			pairs = append(pairs, pair{i, j,
				newMatch(startPos, settings, specs[i], specs[j], opt.Openings, seed, opt.MaxPlies),
				newTally(g.Name, specs[i], specs[j], !opt.SummaryOnly)})
		}
	}
	runErr := runGames(ctx, runner{
		games: len(pairs) * gamesPerPair, parallel: cmp.Or(opt.Parallel, DefaultParallel(specs...)),
		job: func(k int) gameJob {
			j := pairs[k/gamesPerPair].match.job(k % gamesPerPair)
			j.pair = k / gamesPerPair
			return j
		},
		done:     func(j gameJob, o gameOut) { t := pairs[j.pair].tally; t.add(makeRecord(j, o, t.keep)) },
		progress: progress, onMove: opt.OnMove, typical: typicalPlies(startPos),
	})

	n := len(specs)
	res := TournamentResult{Game: g.Name, Bots: make([]string, n), Points: make([][]float64, n), Games: make([][]int, n)}
	for i, s := range specs {
		res.Bots[i] = s.String()
		res.Points[i] = make([]float64, n)
		res.Games[i] = make([]int, n)
	}
	st := make([]Standing, n)
	for i := range st {
		st[i] = Standing{Index: i, Bot: res.Bots[i]}
	}
	for _, p := range pairs {
		m := p.tally.result()
		res.Pairings = append(res.Pairings, m)
		res.Points[p.i][p.j], res.Points[p.j][p.i] = m.P1.Points, m.P2.Points
		res.Games[p.i][p.j], res.Games[p.j][p.i] = m.Games, m.Games
		for k, ps := range map[int]PlayerStats{p.i: m.P1, p.j: m.P2} {
			s := &st[k]
			s.Points += ps.Points
			s.Games += m.Games
			s.Wins += ps.Wins
			s.Draws += ps.Draws
			s.Losses += ps.Losses
		}
	}
	slices.SortStableFunc(st, func(a, b Standing) int {
		switch {
		case a.Points != b.Points:
			if a.Points > b.Points {
				return -1
			}
			return 1
		case a.Wins != b.Wins:
			return b.Wins - a.Wins
		}
		return a.Index - b.Index
	})
	for k := range st {
		st[k].Rank = k + 1
		if k > 0 && st[k].Points == st[k-1].Points {
			st[k].Rank = st[k-1].Rank
		}
	}
	res.Standings = st
	res.Elapsed = time.Since(start)
	return res, runErr
}
