package lab

import (
	"context"
	"errors"
	"slices"
	"testing"

	"boardgames/ai/bots"
	"boardgames/rules/games"
)

// OnGame is given every game of a match whole, even with SummaryOnly: its
// record replays to the result counted, and its numbers cover the run.
func TestOnGameGetsEveryGame(t *testing.T) {
	var got []Played
	cfg := ArenaConfig{Game: "connect4", P1: mustSpec(t, "greedy"), P2: mustSpec(t, "random"), Games: 6, Openings: 2,
		Seed: 5, Parallel: 2, SummaryOnly: true, OnGame: func(p Played) error { got = append(got, p); return nil }}
	res, err := Arena(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 6 || len(res.Records) != 0 {
		t.Fatalf("%d games given, %d records kept", len(got), len(res.Records))
	}
	var indexes []int
	p1Points := 0.0
	for _, p := range got {
		indexes = append(indexes, p.Index)
		p1Points += p.P1Points
		if p.Record.String() != p.Moves || p.Record.Position().String() != p.Final || p.Record.Len() != p.Plies {
			t.Errorf("game %d: record %s, moves %q", p.Index, p.Record, p.Moves)
		}
		if p.Record.Result() != p.Result || p.Game.Name != "connect4" || p.P1.String() != "greedy" || p.P2.String() != "random" {
			t.Errorf("game %d: the record ends in %s, the result is %s", p.Index, p.Record.Result(), p.Result)
		}
	}
	slices.Sort(indexes)
	if !slices.Equal(indexes, []int{1, 2, 3, 4, 5, 6}) || p1Points != res.P1.Points {
		t.Errorf("indexes %v, P1's points %v and %v", indexes, p1Points, res.P1.Points)
	}
}

// A tournament numbers its games through the whole run, shards keeping
// the whole run's numbers; an error from OnGame stops the run.
func TestOnGameInTournaments(t *testing.T) {
	specs := []string{"random", "greedy", "alphabeta:depth=1"}
	var ss []Played
	opt := TournamentOptions{Seed: 2, Shard: Shard{K: 2, N: 2}, OnGame: func(p Played) error { ss = append(ss, p); return nil }}
	var parsed []bots.Spec
	for _, s := range specs {
		parsed = append(parsed, mustSpec(t, s))
	}
	if _, err := Tournament(context.Background(), "connect4", games.Settings{}, parsed, 2, opt, nil); err != nil {
		t.Fatal(err)
	}
	var indexes []int
	for _, p := range ss {
		indexes = append(indexes, p.Index)
		if want := (p.Index - 1) / 2; p.Pair != want || p.Number != (p.Index-1)%2+1 {
			t.Errorf("game %d: pairing %d, number %d", p.Index, p.Pair, p.Number)
		}
	}
	slices.Sort(indexes)
	if !slices.Equal(indexes, []int{2, 4, 6}) {
		t.Errorf("shard 2 of 2 gave the games %v", indexes)
	}
	stop := errors.New("the disk is full")
	opt = TournamentOptions{Seed: 2, Parallel: 1, OnGame: func(Played) error { return stop }}
	res, err := Tournament(context.Background(), "connect4", games.Settings{}, parsed, 2, opt, nil)
	if !errors.Is(err, stop) {
		t.Fatalf("the error of OnGame: %v", err)
	}
	played := 0
	for _, m := range res.Pairings {
		played += m.Games
	}
	if played != 1 {
		t.Errorf("%d games played after the error", played)
	}
}
