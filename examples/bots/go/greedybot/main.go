// Command greedybot is a bot written in Go with package gtp: it plays
// every game of Boardgames, choosing the move after which the side that
// moved is furthest ahead (discs, pieces or marks), ties at random. A bot
// of your own needs only another choose function.
//
//	go build -o greedybot ./examples/bots/go/greedybot
//	boardgames arena -game othello -p1 'gtp:"./greedybot"' -p2 random
package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"

	"boardgames/ai/gtp"
	"boardgames/rules"
	"boardgames/rules/games"
)

// choose returns the move to play in pos, for the side to move. clock
// says how long it may think (clock.ForMove()); this bot does not need it.
// rng is seeded by the controller (bg-seed), so that a rerun of a
// tournament gives the same games.
func choose(_ context.Context, pos games.Position, _ gtp.Clock, rng *rand.Rand) (rules.Move, error) {
	side := pos.ToMove()
	var best []rules.Move
	bestScore := 0
	for _, m := range pos.Legal() {
		score := pos.Play(m).Score() // Black's margin
		if side == rules.White {
			score = -score
		}
		if len(best) == 0 || score > bestScore {
			best, bestScore = []rules.Move{m}, score
		} else if score == bestScore {
			best = append(best, m)
		}
	}
	return best[rng.IntN(len(best))], nil
}

// bot is a gtp.Bot and a gtp.Seeder: the engine lists bg-seed for it.
type bot struct{ rng *rand.Rand }

func (b *bot) Seed(n uint64) { b.rng = rand.New(rand.NewPCG(n, 0)) }

func (b *bot) Move(ctx context.Context, pos games.Position, clock gtp.Clock) (rules.Move, error) {
	return choose(ctx, pos, clock, b.rng)
}

func main() {
	srv, err := gtp.NewEngine("greedybot", "1.0", &bot{rng: rand.New(rand.NewPCG(rand.Uint64(), 0))})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := srv.Serve(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
