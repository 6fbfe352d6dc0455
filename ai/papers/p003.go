package papers

import (
	"context"
	"math/rand/v2"

	"boardgames/ai"
	"boardgames/ai/eval"
	"boardgames/rules"
	"boardgames/rules/connect4"
)

// depth003 is paper 003's maxReccur: the computer's own move is level 1.
const depth003 = 6

// connect4Minimax003 is the bot of paper 003 (Al Bahr, "Pembuatan
// Kecerdasan Buatan untuk Permainan Catur Jawa dengan Menggunakan
// Algoritma MiniMax", 2008), as its miniMax method prints it:
//   - plain minimax, no alpha-beta ("penulis tidak mengimplementasikan
//     alpha-beta cutoffs"): every column of every node is searched;
//   - six levels, the computer's own move the first;
//   - a four made at level d is worth 7-d to its maker (sooner is
//     better), a loss -(7-d), anything else 0;
//   - the columns of the best value are collected and shuffled, and the
//     first taken: equal columns are chosen at random.
//
// The search is the generic minimax of package ai with the evaluation
// "paper" (0 for every unfinished position); it scores a win at ply d as
// ai.WinScore-d, the same order as 7-d, and the values reported here are
// turned back into the paper's 7-d. Left out, as an outright bug: a full
// board inside the search keeps the sentinel value maxReccur+1 in the
// paper's code, better than any win; here it is a draw, 0.
func connect4Minimax003(ctx context.Context, s connect4.Position, p Params) (ai.Info, error) {
	ev, err := eval.Connect4("paper")
	if err != nil {
		return ai.Info{}, err
	}
	info, err := ai.Search(ctx, "minimax", s, ev, ai.Params{Depth: depth003, Progress: p.Progress})
	if err != nil || info.Fallback || len(info.Moves) == 0 {
		return info, err
	}
	pick := amongEqual(info.Moves, newRand(p.Seed))
	if pick != info.Move {
		info.Move, info.PV = pick, info.PV[:0:0]
		info.PV = append(info.PV, pick)
	}
	info.Score = paperScore003(info.Score)
	for i := range info.Moves {
		info.Moves[i].Score = paperScore003(info.Moves[i].Score)
	}
	return info, nil
}

// amongEqual draws one of the moves that share the best score, uniformly,
// from scores sorted best first: the paper collects them in a list and
// shuffles it (Collections.shuffle), then takes the first.
func amongEqual(scores []ai.MoveScore, rng *rand.Rand) rules.Move {
	ties := 1
	for ties < len(scores) && scores[ties].Score == scores[0].Score {
		ties++
	}
	return scores[rng.IntN(ties)].Move
}

// paperScore003 turns a value of the generic search (a win at ply d is
// ai.WinScore-d) into paper 003's units (7-d).
func paperScore003(v int) int {
	switch {
	case v > ai.WinScore/2:
		return depth003 + 1 - (ai.WinScore - v)
	case v < -ai.WinScore/2:
		return -(depth003 + 1 - (ai.WinScore + v))
	}
	return v
}
