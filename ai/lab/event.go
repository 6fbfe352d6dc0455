package lab

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"boardgames/ai/bots"
	"boardgames/ai/lab/pairing"
	"boardgames/ai/lab/rating"
	"boardgames/rules/games"
)

// EventRound is one round of an event: its plan, its matches' scores and
// its games.
type EventRound struct {
	pairing.Round
	// Result holds the round's games: one match per pairing, in the
	// plan's order (Result.Pairings[k] is Matches[k]).
	Result TournamentResult
	// Partial marks a round stopped by a cancelled context; its matches
	// count the games that finished.
	Partial bool
}

// EventStanding is one bot's line of an event's final table.
type EventStanding struct {
	Rank  int // 1 for the winner; bots equal on every key share a rank
	Index int // the bot's index in the specs given
	Bot   string
	// Points are its wins + draws/2, plus a match's games for each bye.
	Points              float64
	Byes                int
	Games               int
	Wins, Draws, Losses int
	// Elo is the joint rating of all the event's games (package rating,
	// the mean of all bots 0), EloLow and EloHigh its 95 % interval.
	Elo, EloLow, EloHigh float64
	// KnockoutWins is the main rounds a knockout's bot went through.
	KnockoutWins int
}

// EventResult is a played event.
type EventResult struct {
	Game         string
	Format       string // pairing.Format's name
	Bots         []string
	GamesPerPair int
	Rounds       []EventRound
	// Points[i][j] is what bot i scored against bot j over the event,
	// Games[i][j] how many games they played.
	Points [][]float64
	Games  [][]int
	// Standings: by points (byes included), then by the joint rating; in
	// a knockout by the rounds won, then by the rating.
	Standings []EventStanding
	Rating    rating.Table
	// Played is the games played in all.
	Played  int
	Elapsed time.Duration

	results []rating.Result // every pairing's games, for Rate
}

// Event plays a tournament of any format round by round: each round's
// pairings come from f given the rounds before, and are played as
// Tournament plays its pairings (gamesPerPair games each, or the plan's
// own number, colours alternating, openings shared by pairs of games, one
// pool of opt.Parallel goroutines). Round r's games are seeded from
// opt.Seed for the first round and from a mix of opt.Seed and r after, so
// that a round robin plays the games of Tournament with the same seed.
// opt.Pairs and opt.Shard must be unset. progress, if not nil, is called
// with the games done and the games expected in all (an estimate before
// the last round when the format has tie-breaks or byes). A cancelled ctx
// returns the rounds played so far, the last one partial, with
// ctx.Err().
func Event(ctx context.Context, game string, settings games.Settings, specs []bots.Spec, f pairing.Format,
	gamesPerPair int, opt TournamentOptions, progress func(done, total int)) (EventResult, error) {
	start := time.Now()
	switch {
	case opt.Pairs != nil:
		return EventResult{}, fmt.Errorf("lab: an event makes its own pairings")
	case !opt.Shard.Whole():
		return EventResult{}, fmt.Errorf("lab: an event's rounds depend on each other: it cannot be cut into shards")
	case len(specs) < 2:
		return EventResult{}, fmt.Errorf("lab: a tournament needs at least 2 bots, not %d", len(specs))
	case gamesPerPair <= 0:
		return EventResult{}, fmt.Errorf("lab: %d games per pairing: must be positive", gamesPerPair)
	}
	res := EventResult{Game: game, Format: f.Name(), GamesPerPair: gamesPerPair}
	for _, s := range specs {
		if err := CheckSpec(game, s); err != nil {
			return EventResult{}, err
		}
		res.Bots = append(res.Bots, s.String())
	}
	if g, err := games.Lookup(game); err == nil {
		res.Game = g.Name
	}
	expected := EventGames(f, len(specs), gamesPerPair)
	onMove := opt.OnMove
	var runErr error
	var played []pairing.Round
	for {
		plan, ok := f.Next(played)
		if !ok {
			break
		}
		r := len(played)
		round := EventRound{Round: pairing.Round{Plan: plan}}
		if len(plan.Pairings) > 0 {
			o := opt
			o.Pairs = make([]Pair, len(plan.Pairings))
			for k, p := range plan.Pairings {
				o.Pairs[k] = Pair{p.First, p.Second}
			}
			if r > 0 {
				o.Seed = mix(opt.Seed, 5, uint64(r))
			}
			before := res.Played
			total := max(expected, before+len(plan.Pairings)*cmp.Or(plan.Games, gamesPerPair))
			// Each round is a run of its own: its games are numbered on
			// from the rounds before, its transcripts kept in a folder
			// of the round.
			if opt.OnGame != nil {
				o.OnGame = func(p Played) error {
					p.Index += before
					return opt.OnGame(p)
				}
			}
			if opt.LogDir != "" {
				o.LogDir = filepath.Join(opt.LogDir, fmt.Sprintf("round-%02d", r+1))
				if err := os.MkdirAll(o.LogDir, 0o755); err != nil {
					return EventResult{}, err
				}
			}
			if onMove != nil {
				o.OnMove = func(p Progress) {
					onMove(Progress{Done: before + p.Done, Total: total, Played: float64(before) + p.Played})
				}
			}
			var roundProgress func(int, int)
			if progress != nil {
				roundProgress = func(done, _ int) { progress(before+done, total) }
			}
			round.Result, runErr = Tournament(ctx, game, settings, specs, cmp.Or(plan.Games, gamesPerPair), o, roundProgress)
			if runErr != nil && ctx.Err() == nil {
				return EventResult{}, runErr
			}
			for k, m := range round.Result.Pairings {
				round.Matches = append(round.Matches, pairing.Match{Pairing: plan.Pairings[k],
					Points: [2]float64{m.P1.Points, m.P2.Points}, Games: m.Games})
				res.Played += m.Games
			}
			round.Partial = runErr != nil
		}
		res.Rounds = append(res.Rounds, round)
		played = append(played, round.Round)
		if runErr != nil {
			break
		}
	}
	res.summarize(specs, f, played)
	res.Elapsed = time.Since(start)
	if runErr != nil {
		return res, runErr
	}
	return res, nil
}

// EventGames is about how many games format f plays with n bots and
// games per pairing: exact for round robins, gauntlets and Swisses, and
// for a knockout without its tie-breaks; other formats' first round.
func EventGames(f pairing.Format, n, gamesPerPair int) int {
	switch f := f.(type) {
	case *pairing.RoundRobin:
		return n * (n - 1) / 2 * gamesPerPair
	case *pairing.Gauntlet:
		return f.Seeds() * (n - f.Seeds()) * gamesPerPair
	case *pairing.Swiss:
		return f.Rounds() * (n / 2) * gamesPerPair
	case *pairing.Knockout:
		return (n - 1) * gamesPerPair
	}
	plan, ok := f.Next(nil)
	if !ok {
		return 0
	}
	return len(plan.Pairings) * gamesPerPair
}

// summarize adds up the rounds: the crosstable, the joint rating and the
// standings.
func (res *EventResult) summarize(specs []bots.Spec, f pairing.Format, played []pairing.Round) {
	n := len(specs)
	res.Points, res.Games = make([][]float64, n), make([][]int, n)
	for i := range n {
		res.Points[i], res.Games[i] = make([]float64, n), make([]int, n)
	}
	st := make([]EventStanding, n)
	for i := range st {
		st[i] = EventStanding{Index: i, Bot: res.Bots[i]}
	}
	var results []rating.Result
	for _, r := range res.Rounds {
		for k, m := range r.Result.Pairings {
			p := r.Result.Pairs[k]
			res.Points[p.I][p.J] += m.P1.Points
			res.Points[p.J][p.I] += m.P2.Points
			res.Games[p.I][p.J] += m.Games
			res.Games[p.J][p.I] += m.Games
			for _, x := range []struct {
				i  int
				ps PlayerStats
			}{{p.I, m.P1}, {p.J, m.P2}} {
				s := &st[x.i]
				s.Points += x.ps.Points
				s.Games += m.Games
				s.Wins += x.ps.Wins
				s.Draws += x.ps.Draws
				s.Losses += x.ps.Losses
			}
			if m.Games > 0 {
				results = append(results, rating.Result{I: p.I, J: p.J, Wins: m.P1.Wins, Draws: m.P1.Draws, Losses: m.P1.Losses})
			}
		}
		if r.Partial {
			continue // its byes were not earned yet
		}
		games := 0
		for _, m := range r.Matches {
			games = max(games, m.Games)
		}
		for _, b := range r.Byes {
			if f.Name() == "swiss" {
				st[b].Points += float64(games)
			}
			st[b].Byes++
		}
	}
	res.Standings = st
	res.results = results
	res.Rate(-1)
	knockout, isKO := f.(*pairing.Knockout)
	if isKO {
		if k := len(res.Rounds); k > 0 && res.Rounds[k-1].Partial {
			played = played[:k-1] // an unfinished round decides nothing
		}
		for i, w := range knockout.Wins(played) {
			st[i].KnockoutWins = w
		}
	}
	key := func(s EventStanding) [2]float64 {
		if isKO {
			return [2]float64{float64(s.KnockoutWins), s.Elo}
		}
		return [2]float64{s.Points, s.Elo}
	}
	slices.SortStableFunc(st, func(a, b EventStanding) int {
		ka, kb := key(a), key(b)
		return cmp.Or(cmp.Compare(kb[0], ka[0]), cmp.Compare(kb[1], ka[1]), a.Index-b.Index)
	})
	for k := range st {
		st[k].Rank = k + 1
		if k > 0 && key(st[k])[0] == key(st[k-1])[0] && math.Abs(key(st[k])[1]-key(st[k-1])[1]) < 1e-9 {
			st[k].Rank = st[k-1].Rank
		}
	}
	res.Standings = st
}

// Rate rates the bots again from the event's games, the bot of index
// anchor at 0 (-1: the mean of all bots at 0), and updates Rating and the
// standings' Elo; the order of the standings stays (anchoring moves every
// rating by the same amount).
func (res *EventResult) Rate(anchor int) error {
	n := len(res.Bots)
	names := make([]string, n)
	for i := range names {
		names[i] = strconv.Itoa(i) // unique, unlike two bots' specs may not be
	}
	opt := rating.Options{}
	if anchor >= 0 {
		if anchor >= n {
			return fmt.Errorf("lab: anchor %d of %d bots", anchor, n)
		}
		opt.Anchor = names[anchor]
	}
	tab, err := rating.Estimate(names, res.results, opt)
	if err != nil {
		return err
	}
	for k := range tab.Ratings {
		tab.Ratings[k].Name = res.Bots[tab.Ratings[k].Index]
	}
	tab.Anchor = ""
	if anchor >= 0 {
		tab.Anchor = res.Bots[anchor]
	}
	res.Rating = tab
	for k, s := range res.Standings {
		r, _ := tab.Of(s.Index)
		res.Standings[k].Elo, res.Standings[k].EloLow, res.Standings[k].EloHigh = r.Elo, r.Low, r.High
	}
	return nil
}
