package lab

import (
	"context"
	"errors"
	"strings"
	"testing"

	"boardgames/ai/bots"
	"boardgames/rules"
)

// TestStrengthResumeChecksGames resumes a bench from its own games, then
// from games that are not of it: each of those is refused for its fault.
func TestStrengthResumeChecksGames(t *testing.T) {
	cfg := StrengthConfig{Game: "connect4", Bot: mustSpec(t, "engine:depth=2"), Refs: []bots.Spec{mustSpec(t, "greedy")},
		Openings: 2, OpeningPlies: 2, Seed: 3, Parallel: 1}
	var played []StrengthGame
	cfg.OnGame = func(g StrengthGame) { played = append(played, g) }
	whole, err := Strength(context.Background(), cfg)
	if err != nil || len(played) != 4 {
		t.Fatalf("the whole bench: %d games, %v", len(played), err)
	}
	cfg.OnGame = nil
	cfg.Finished = played
	again, err := Strength(context.Background(), cfg)
	if err != nil || again.Rows[0].Games != 4 || again.Rows[0].Moves != whole.Rows[0].Moves || again.Rows[0].Score != whole.Rows[0].Score {
		t.Fatalf("all four games resumed: %+v, %v; want %+v", again.Rows[0], err, whole.Rows[0])
	}
	bad := func(change func(*StrengthGame)) StrengthGame {
		g := played[1]
		change(&g)
		return g
	}
	for _, c := range []struct {
		name string
		game StrengthGame
		want string
	}{
		{"another opening", bad(func(g *StrengthGame) { g.Opening = 1 - g.Opening }), "do not begin with opening"},
		{"no such reference", bad(func(g *StrengthGame) { g.Ref = 1 }), "the bench has 1"},
		{"no such opening", bad(func(g *StrengthGame) { g.Opening = 2 }), "the suite has 2"},
		{"a score that is not the result's", bad(func(g *StrengthGame) { g.Score = 0.25 }), "the bot's score is"},
		{"no such colour", bad(func(g *StrengthGame) { g.BotColour = rules.Player(2) }), "neither black"},
		{"an illegal move", bad(func(g *StrengthGame) { g.Moves += "9" }), ""},
		{"a game cut short", bad(func(g *StrengthGame) { g.Moves = g.Moves[:len(g.Moves)-1] }), "do not end the game"},
	} {
		cfg.Finished = []StrengthGame{c.game}
		_, err := Strength(context.Background(), cfg)
		if !errors.Is(err, ErrResumed) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want ErrResumed with %q", c.name, err, c.want)
		}
	}
	cfg.Finished = []StrengthGame{played[0], played[0]}
	if _, err := Strength(context.Background(), cfg); !errors.Is(err, ErrResumed) || !strings.Contains(err.Error(), "twice") {
		t.Errorf("a game twice: %v", err)
	}
}
