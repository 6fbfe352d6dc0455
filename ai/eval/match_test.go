package eval

import (
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"boardgames/rules"
	"boardgames/rules/adjacency"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/othello"
)

// The matches below check that each game's default evaluation beats the
// simpler ones in play. They take a while, so they run only when
// EVAL_MATCH is set (to the number of game pairs; 1 = 20 pairs):
//
//	EVAL_MATCH=1 go test -run Match -v ./ai/eval/

// search is a plain fixed-depth alpha-beta in negamax form, scoring a won
// end winScore-ply, for the matches only (package ai has the real ones).
func search[S rules.State[S]](p S, depth, ply, alpha, beta int, eval func(S) int) int {
	if r := p.Result(); r.Over() {
		w, ok := r.Winner()
		switch {
		case !ok:
			return 0
		case w == p.ToMove():
			return winScore - ply
		}
		return -(winScore - ply)
	}
	if depth == 0 {
		return eval(p)
	}
	var buf [rules.MaxMoves]rules.Move
	for _, m := range p.Moves(buf[:0]) {
		v := -search(p.Play(m), depth-1, ply+1, -beta, -alpha, eval)
		if v > alpha {
			alpha = v
			if alpha >= beta {
				break
			}
		}
	}
	return alpha
}

// bestMove picks the move of best value at depth, ties at random.
func bestMove[S rules.State[S]](p S, depth int, eval func(S) int, rng *rand.Rand) rules.Move {
	var buf [rules.MaxMoves]rules.Move
	moves := p.Moves(buf[:0])
	best, n := -2*winScore, 0
	var pick rules.Move
	for _, m := range moves {
		v := -search(p.Play(m), depth-1, 1, -2*winScore, 2*winScore, eval)
		switch {
		case v > best:
			best, pick, n = v, m, 1
		case v == best:
			if n++; rng.IntN(n) == 0 {
				pick = m
			}
		}
	}
	return pick
}

// match plays pairs of games between evaluations a and b from random
// openings of opening plies, each opening once with each colour, and
// returns a's wins, draws and losses.
func match[S rules.State[S]](start S, a, b func(S) int, depth, opening, pairs int, seed uint64) (win, draw, loss int) {
	rng := rand.New(rand.NewPCG(seed, 1))
	var buf [rules.MaxMoves]rules.Move
	for range pairs {
		o := start
		for range opening {
			moves := o.Moves(buf[:0])
			if len(moves) == 0 {
				break
			}
			o = o.Play(moves[rng.IntN(len(moves))])
		}
		for aSide := range 2 {
			p, plies := o, 0
			for !p.Result().Over() && plies < 300 {
				f := b
				if int(p.ToMove()) == aSide {
					f = a
				}
				p = p.Play(bestMove(p, depth, f, rng))
				plies++
			}
			w, ok := p.Result().Winner()
			switch {
			case !ok:
				draw++
			case int(w) == aSide:
				win++
			default:
				loss++
			}
		}
	}
	return win, draw, loss
}

func TestMatch(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("EVAL_MATCH"))
	if n <= 0 {
		t.Skip("set EVAL_MATCH to play the matches")
	}
	pairs := 20 * n
	adj, _ := adjacency.New(adjacency.Options{Rounds: 20})
	tests := []struct {
		name string
		run  func() (int, int, int)
	}{
		{"othello strong-positional", func() (int, int, int) {
			return match(othello.Start(), othelloStrong, othelloPositional, 3, 6, pairs, 61)
		}},
		{"othello strong-discs", func() (int, int, int) {
			return match(othello.Start(), othelloStrong, othelloDiscs, 3, 6, pairs, 62)
		}},
		{"checkers strong-factors", func() (int, int, int) {
			return match(checkers.Start(), checkersStrong, checkersFactors, 4, 4, pairs, 63)
		}},
		{"connect4 threats-paper", func() (int, int, int) {
			return match(connect4.Start(), connect4Threats, connect4Paper, 5, 2, pairs, 64)
		}},
		{"adjacency vulnerability-marks", func() (int, int, int) {
			return match(adj, adjacencyVulnerability, adjacencyMarks, 2, 2, pairs, 65)
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w, d, l := tc.run()
			t.Logf("%s: %d wins, %d draws, %d losses", tc.name, w, d, l)
			if w <= l {
				t.Errorf("%s: the default evaluation did not win more than it lost", tc.name)
			}
		})
	}
}
