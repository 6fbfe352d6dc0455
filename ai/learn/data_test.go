package learn

import (
	"context"
	"testing"

	"boardgames/ai/eval"
)

// The shipped training games (ai/learn/data) are the pipeline's: as many
// as DefaultConfig asks, made with its settings, and each game is the one
// the self-play player makes from its number (the first and the last are
// played again here).
func TestShippedGames(t *testing.T) {
	for _, game := range []string{"othello", "checkers"} {
		c := DefaultConfig(game)
		c.Dir = "data"
		recs, err := ReadGames(c.gamesPath(1), header(game, c.settings(1)))
		if err != nil {
			t.Fatal(err)
		}
		if len(recs) != c.Games {
			t.Fatalf("%s: %d games, DefaultConfig makes %d", game, len(recs), c.Games)
		}
		var play playFunc
		if game == "othello" {
			ev, _ := eval.Othello("strong")
			play = othelloPlayer(&c, ev)()
		} else {
			ev, _ := eval.Checkers("strong")
			play = checkersPlayer(&c, ev)()
		}
		for _, i := range []int{0, len(recs) - 1} {
			r, err := play(context.Background(), i)
			if err != nil {
				t.Fatal(err)
			}
			if r != recs[i] {
				t.Errorf("%s game %d played again:\n%v\nshipped:\n%v", game, i, r, recs[i])
			}
		}
	}
}
