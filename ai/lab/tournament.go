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
	// Pairs lists the pairings to play, each bot's index into the specs
	// (the first plays P1); nil means every pair i < j, a round robin.
	// The grader plays its student's bot (index 0) against each other.
	Pairs []Pair
	// Shard, when N > 1, plays only the games of shard K of N (see
	// Shard); the result then covers those games, for Merge.
	Shard Shard
	// LogDir is ArenaConfig.LogDir.
	LogDir string
	// OnGame is given every game as it finishes (see ArenaConfig.OnGame).
	OnGame func(Played) error
}

// Pair is a pairing of a tournament: the indexes of its two bots.
type Pair struct{ I, J int }

// RoundRobin lists every pair i < j of n bots, in the order (0,1), (0,2),
// ..., (1,2), ...
func RoundRobin(n int) []Pair {
	var out []Pair
	for i := range n {
		for j := i + 1; j < n; j++ {
			out = append(out, Pair{i, j})
		}
	}
	return out
}

// Standing is one bot's line of the final table.
type Standing struct {
	Rank                int // 1 for the winner; equal points share a rank
	Index               int // the bot's index in the specs given
	Bot                 string
	Points              float64
	Games               int
	Wins, Draws, Losses int
	// Elo is the bot's rating against the average of the bots it played,
	// from its wins, draws and losses, with a 95% interval (see EloDiff).
	Elo, EloLow, EloHigh float64
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
	// Pairings has one match per pair, in the order of
	// TournamentOptions.Pairs (RoundRobin's by default); the pair's first
	// bot is its P1.
	Pairings []ArenaResult
	Pairs    []Pair
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
	plan := opt.Pairs
	if plan == nil {
		if n := len(specs); n > MaxGames || gamesPerPair > MaxGames/(n*(n-1)/2) {
			return TournamentResult{}, fmt.Errorf("lab: %d bots with %d games per pairing: a tournament has at most %d games in all",
				n, gamesPerPair, MaxGames)
		}
		plan = RoundRobin(len(specs))
	}
	for _, p := range plan {
		if p.I < 0 || p.J < 0 || p.I >= len(specs) || p.J >= len(specs) || p.I == p.J {
			return TournamentResult{}, fmt.Errorf("lab: pairing %d-%d of %d bots", p.I, p.J, len(specs))
		}
	}
	if len(plan) == 0 || len(specs) > MaxGames || gamesPerPair > MaxGames/len(plan) {
		return TournamentResult{}, fmt.Errorf("lab: %d bots with %d games per pairing: a tournament has at most %d games in all",
			len(specs), gamesPerPair, MaxGames)
	}
	if err := opt.Shard.check(); err != nil {
		return TournamentResult{}, err
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
	var pairs []pairRun
	for _, p := range plan {
		seed := mix(opt.Seed, 3, uint64(p.I), uint64(p.J))
		pairs = append(pairs, pairRun{p,
			newMatch(startPos, settings, specs[p.I], specs[p.J], opt.Openings, seed, opt.MaxPlies),
			newTally(g.Name, specs[p.I], specs[p.J], !opt.SummaryOnly)})
	}
	total := len(pairs) * gamesPerPair
	runErr := runGames(ctx, runner{
		games: opt.Shard.count(total), parallel: cmp.Or(opt.Parallel, DefaultParallel(specs...)),
		job: func(k int) gameJob {
			k = opt.Shard.global(k)
			j := pairs[k/gamesPerPair].match.job(k % gamesPerPair)
			j.pair = k / gamesPerPair
			j.tournament, j.logDir = true, opt.LogDir
			j.index = k + 1
			return j
		},
		done: func(j gameJob, o gameOut) bool {
			t := pairs[j.pair].tally
			t.add(makeRecord(j, o, t.keep))
			return false
		},
		progress: progress, onMove: opt.OnMove, typical: typicalPlies(startPos, settings), onGame: opt.OnGame,
	})
	res := summarize(g.Name, specs, pairs)
	res.Elapsed = time.Since(start)
	return res, runErr
}

// pairRun is one pairing being played or summed up.
type pairRun struct {
	Pair
	match *match
	tally *tally
}

// summarize builds a tournament's tables from its pairings' tallies.
func summarize(game string, specs []bots.Spec, pairs []pairRun) TournamentResult {
	n := len(specs)
	res := TournamentResult{Game: game, Bots: make([]string, n), Points: make([][]float64, n), Games: make([][]int, n)}
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
		res.Pairs = append(res.Pairs, p.Pair)
		res.Points[p.I][p.J], res.Points[p.J][p.I] = m.P1.Points, m.P2.Points
		res.Games[p.I][p.J], res.Games[p.J][p.I] = m.Games, m.Games
		for k, ps := range map[int]PlayerStats{p.I: m.P1, p.J: m.P2} {
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
	for k := range st {
		st[k].Elo, st[k].EloLow, st[k].EloHigh = eloFromCounts(st[k].Wins, st[k].Draws, st[k].Losses)
	}
	res.Standings = st
	return res
}
