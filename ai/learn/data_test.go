package learn

import (
	"context"
	"fmt"
	"testing"

	"boardgames/ai/eval"
	"boardgames/ai/solve/endgame"
	"boardgames/rules/othello"
)

// The shipped training games (ai/learn/data) are the pipeline's: as many
// as DefaultConfig asks, made with its settings, and each game is the one
// the self-play player makes from its number (the first and the last are
// played again here). Where an Othello position has several best moves,
// which one the exact solver gives depends on its version: such a game must
// be the same up to the solver's part, with the same result, and each move
// of the shipped game's ending must be a best one.
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
			if r == recs[i] {
				continue
			}
			if game != "othello" {
				t.Errorf("%s game %d played again:\n%v\nshipped:\n%v", game, i, r, recs[i])
				continue
			}
			if err := sameUpToSolver(r, recs[i], c.Exact); err != nil {
				t.Errorf("othello game %d played again: %v\n%v\nshipped:\n%v", i, err, r, recs[i])
			}
		}
	}
}

// sameUpToSolver checks an Othello game played again against the shipped
// one: the same moves until exact empties or fewer remain, the same final
// margin, and every shipped move from there on a best move.
func sameUpToSolver(again, shipped Record, exact int) error {
	if again.Result != shipped.Result {
		return fmt.Errorf("result %d, shipped %d", again.Result, shipped.Result)
	}
	ha, err := othello.ParseMoves(othello.Start(), again.Moves)
	if err != nil {
		return err
	}
	hs, err := othello.ParseMoves(othello.Start(), shipped.Moves)
	if err != nil {
		return err
	}
	k := 0
	for k < min(ha.Len(), hs.Len()) && ha.Moves()[k] == hs.Moves()[k] {
		k++
	}
	if e := hs.At(k).Empties(); e > exact {
		return fmt.Errorf("the games part at move %d with %d empties, before the solver's part (%d)", k+1, e, exact)
	}
	solver := endgame.New(16)
	for j := k; j < hs.Len(); j++ {
		pos, m := hs.At(j), hs.Moves()[j]
		if m == othello.Pass {
			continue
		}
		res, err := solver.Solve(context.Background(), pos)
		if err != nil {
			return err
		}
		if res.Moves[m] != res.Score {
			return fmt.Errorf("shipped move %d (%s) scores %d, the best %d", j+1, pos.MoveString(m), res.Moves[m], res.Score)
		}
	}
	return nil
}
