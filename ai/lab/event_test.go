package lab

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"boardgames/ai/bots"
	"boardgames/ai/lab/pairing"
	"boardgames/ai/lab/rating"
	"boardgames/rules/games"
)

func mustFormat(t *testing.T, name string, n int, opt pairing.Options) pairing.Format {
	t.Helper()
	f, err := pairing.New(name, n, opt)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// The round robin of an event plays the games of Tournament with the same
// seed.
func TestEventRoundRobinIsTournament(t *testing.T) {
	specs := []bots.Spec{mustSpec(t, "random"), mustSpec(t, "alphabeta:depth=2"), mustSpec(t, "greedy")}
	opt := TournamentOptions{Openings: 2, Parallel: 2, Seed: 9}
	tour, err := Tournament(context.Background(), "connect4", games.Settings{}, specs, 2, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := Event(context.Background(), "connect4", games.Settings{}, specs, mustFormat(t, "roundrobin", 3, pairing.Options{}), 2, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(ev.Points, tour.Points) || !reflect.DeepEqual(ev.Games, tour.Games) {
		t.Errorf("event crosstable %v, tournament's %v", ev.Points, tour.Points)
	}
	for k, m := range ev.Rounds[0].Result.Pairings {
		for g, r := range m.Records {
			if r.Moves != tour.Pairings[k].Records[g].Moves {
				t.Errorf("pairing %d game %d: %s, tournament's %s", k, g+1, r.Moves, tour.Pairings[k].Records[g].Moves)
			}
		}
	}
	if ev.Played != 6 || len(ev.Rating.Ratings) != 3 || ev.Format != "roundrobin" {
		t.Errorf("%d games, %d ratings, format %q", ev.Played, len(ev.Rating.Ratings), ev.Format)
	}
}

func TestEventSwiss(t *testing.T) {
	var specs []bots.Spec
	for _, s := range []string{"random", "greedy", "alphabeta:depth=1", "alphabeta:depth=2", "alphabeta:depth=3", "random", "greedy"} {
		specs = append(specs, mustSpec(t, s))
	}
	f := mustFormat(t, "swiss", len(specs), pairing.Options{Rounds: 3})
	var last, total int
	ev, err := Event(context.Background(), "connect4", games.Settings{}, specs, f, 2,
		TournamentOptions{Parallel: 2, Seed: 4, SummaryOnly: true}, func(d, tot int) { last, total = d, tot })
	if err != nil {
		t.Fatal(err)
	}
	if len(ev.Rounds) != 3 || ev.Played != 3*3*2 || last != 18 || total != 18 {
		t.Fatalf("%d rounds, %d games, progress %d of %d; want 3 rounds of 3 pairings, 18 games", len(ev.Rounds), ev.Played, last, total)
	}
	byes, points := 0, 0.0
	for _, s := range ev.Standings {
		if s.Games+2*s.Byes != 6 || s.Wins+s.Draws+s.Losses != s.Games {
			t.Errorf("standing %+v does not add up to 3 rounds", s)
		}
		byes += s.Byes
		points += s.Points
		if !(s.EloLow <= s.Elo && s.Elo <= s.EloHigh) {
			t.Errorf("%s: Elo %v outside [%v, %v]", s.Bot, s.Elo, s.EloLow, s.EloHigh)
		}
	}
	if byes != 3 || points != 18+3*2 {
		t.Errorf("%d byes, %v points; want 3 byes and 18 games' points plus 2 a bye", byes, points)
	}
	for k := 1; k < len(ev.Standings); k++ {
		a, b := ev.Standings[k-1], ev.Standings[k]
		if a.Points < b.Points || a.Points == b.Points && a.Elo < b.Elo {
			t.Errorf("standings out of order at %d: %+v", k, ev.Standings)
		}
	}
	// The joint rating is that of the games' counts.
	var rs []rating.Result
	for _, r := range ev.Rounds {
		for k, m := range r.Result.Pairings {
			rs = append(rs, rating.Result{I: r.Result.Pairs[k].I, J: r.Result.Pairs[k].J, Wins: m.P1.Wins, Draws: m.P1.Draws, Losses: m.P1.Losses})
		}
	}
	names := []string{"0", "1", "2", "3", "4", "5", "6"}
	tab, err := rating.Estimate(names, rs, rating.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range ev.Standings {
		if r, _ := tab.Of(s.Index); r.Elo != s.Elo {
			t.Errorf("%d: Elo %v, the rating package's %v", s.Index, s.Elo, r.Elo)
		}
	}
}

func TestEventKnockout(t *testing.T) {
	// Seeded strongest first: alpha-beta beats random at Connect Four.
	specs := []bots.Spec{mustSpec(t, "alphabeta:depth=4"), mustSpec(t, "random"), mustSpec(t, "random:seed=2"), mustSpec(t, "random:seed=3"), mustSpec(t, "random:seed=4")}
	f := mustFormat(t, "knockout", len(specs), pairing.Options{TieBreaks: 1})
	ev, err := Event(context.Background(), "connect4", games.Settings{}, specs, f, 2, TournamentOptions{Parallel: 2, Seed: 1, SummaryOnly: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	main := 0
	for _, r := range ev.Rounds {
		if !r.TieBreak {
			main++
		}
	}
	if main != 3 || ev.Standings[0].Index != 0 || ev.Standings[0].KnockoutWins != 3 {
		t.Errorf("%d main rounds, winner %+v; want 3 and the alpha-beta bot with 3 wins", main, ev.Standings[0])
	}
	if got := ev.Rounds[0].Byes; !reflect.DeepEqual(got, []int{0, 1, 2}) {
		t.Errorf("first round byes %v, want the top three seeds", got)
	}
}

func TestEventCancelAndBadInput(t *testing.T) {
	specs := []bots.Spec{mustSpec(t, "alphabeta:depth=2"), mustSpec(t, "random"), mustSpec(t, "greedy"), mustSpec(t, "random:seed=5")}
	f := mustFormat(t, "swiss", 4, pairing.Options{Rounds: 3})
	ctx, cancel := context.WithCancel(context.Background())
	ev, err := Event(ctx, "othello", games.Settings{}, specs, f, 4, TournamentOptions{Parallel: 2}, func(done, _ int) {
		if done == 5 {
			cancel()
		}
	})
	if err != context.Canceled {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if ev.Played < 5 || ev.Played >= 24 || !ev.Rounds[len(ev.Rounds)-1].Partial {
		t.Errorf("%d games, last round %+v after cancelling at 5", ev.Played, ev.Rounds[len(ev.Rounds)-1].Plan)
	}
	_, err = Event(context.Background(), "othello", games.Settings{}, specs, f, 2, TournamentOptions{Shard: Shard{1, 2}}, nil)
	if err == nil || !strings.Contains(err.Error(), "shards") {
		t.Errorf("an event in shards: %v", err)
	}
	// A format made for 4 bots given 3: its pairings are checked.
	if _, err = Event(context.Background(), "othello", games.Settings{}, specs[:3], f, 2, TournamentOptions{}, nil); err == nil {
		t.Error("a Swiss of 4 bots played with 3")
	}
}

// ArenaConfig.Stop ends a match early: no game starts after it says so,
// the games already started finish, and the match is not an error.
func TestArenaStop(t *testing.T) {
	for _, parallel := range []int{1, 2} {
		var seen []int
		res, err := Arena(context.Background(), ArenaConfig{
			Game: "connect4", P1: mustSpec(t, "greedy"), P2: mustSpec(t, "random"), Games: 40, Parallel: parallel,
			Stop: func(g GameRecord) bool { seen = append(seen, g.Number); return len(seen) >= 3 },
		}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Games < 3 || res.Games > 2+parallel || len(seen) != res.Games {
			t.Errorf("parallel %d: %d games, Stop saw %v; want 3 to %d", parallel, res.Games, seen, 2+parallel)
		}
	}
}
