package bots

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"boardgames/ai"
	"boardgames/ai/solve/endgame"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

// BenchmarkPerfectConnect4 plays the perfect Connect Four player against
// a random player and against the engine, on both sides, and reports the
// time of its moves: the longest (the 1 s budget), the mean, and the most
// nodes of a solve. PERFECT_GAMES sets the games per opponent and side
// (default 10).
func BenchmarkPerfectConnect4(b *testing.B) {
	n := 10
	if v, err := strconv.Atoi(os.Getenv("PERFECT_GAMES")); err == nil && v > 0 {
		n = v
	}
	gm, _ := games.Lookup("connect4")
	ctx := context.Background()
	var worst, total time.Duration
	var moves int
	var nodes uint64
	var worstLine string
	for range b.N {
		for i := range n {
			for _, other := range []Spec{
				{Algo: "random", Params: ai.Params{Seed: uint64(i + 1)}},
				{Algo: "engine", Params: ai.Params{Depth: 6 + i%4}},
			} {
				for side := range 2 {
					rec, _ := gm.ParseMoves(nil, "", games.Settings{})
					for ply := 0; !rec.Result().Over(); ply++ {
						pos := rec.Position()
						spec := other
						if int(pos.ToMove()) == side {
							spec = Spec{Algo: "perfect"}
						} else if ply < 2 {
							// The opponent's first move varies with the game.
							spec = Spec{Algo: "random", Params: ai.Params{Seed: uint64(100*i + ply + 1)}}
						}
						info, err := Think(ctx, pos, spec)
						if err != nil {
							b.Fatal(err)
						}
						if spec.Algo == "perfect" {
							moves++
							total += info.Elapsed
							nodes = max(nodes, info.Nodes)
							if info.Elapsed > worst {
								worst, worstLine = info.Elapsed, rec.String()
							}
						}
						if err := rec.Play(info.Move); err != nil {
							b.Fatal(err)
						}
					}
				}
			}
		}
	}
	b.ReportMetric(float64(worst.Microseconds())/1e3, "worst-ms/move")
	b.ReportMetric(float64(total.Microseconds())/1e3/float64(moves), "ms/move")
	b.ReportMetric(float64(nodes), "max-nodes/move")
	b.Logf("%d perfect moves; the longest, %v, after %s", moves, worst, worstLine)
}

// BenchmarkPerfectOthelloSwitch measures the exact solve where the
// perfect Othello player switches to it: engine games (random openings)
// are played down to 16 empty squares, and each position of 20 to 16
// empties is solved with the player's table, cold. It reports the
// longest and the mean solve per number of empties, the figures behind
// PerfectEmpties. PERFECT_GAMES sets the number of games (default 20).
func BenchmarkPerfectOthelloSwitch(b *testing.B) {
	n := 20
	if v, err := strconv.Atoi(os.Getenv("PERFECT_GAMES")); err == nil && v > 0 {
		n = v
	}
	gm, _ := games.Lookup("othello")
	ctx := context.Background()
	s := endgame.New(perfectTableMiB)
	worst := map[int]time.Duration{}
	total := map[int]time.Duration{}
	count := map[int]int{}
	nodes := map[int]uint64{}
	var allNodes uint64
	var allTime time.Duration
	for range b.N {
		for i := range n {
			rec, _ := gm.ParseMoves(nil, "", games.Settings{})
			for ply := 0; !rec.Result().Over(); ply++ {
				pos := rec.Position()
				e := pos.Native().(othello.Position).Empties()
				if e <= 20 && e >= 16 {
					s.Reset()
					r, err := s.SolveBest(ctx, pos.Native().(othello.Position))
					if err != nil {
						b.Fatal(err)
					}
					worst[e] = max(worst[e], r.Elapsed)
					total[e] += r.Elapsed
					count[e]++
					nodes[e] = max(nodes[e], r.Nodes)
					allNodes += r.Nodes
					allTime += r.Elapsed
				}
				if e <= 16 {
					break
				}
				spec := Spec{Algo: "engine", Params: ai.Params{Depth: 3}}
				if ply < 8 {
					spec = Spec{Algo: "random", Params: ai.Params{Seed: uint64(100*i + ply + 1)}}
				}
				info, err := Think(ctx, pos, spec)
				if err != nil {
					b.Fatal(err)
				}
				if err := rec.Play(info.Move); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	for e := 16; e <= 20; e++ {
		if count[e] > 0 {
			b.ReportMetric(float64(worst[e].Microseconds())/1e3, fmt.Sprintf("worst-ms@%d", e))
			b.ReportMetric(float64(total[e].Microseconds())/1e3/float64(count[e]), fmt.Sprintf("ms@%d", e))
			b.ReportMetric(float64(nodes[e]), fmt.Sprintf("worst-nodes@%d", e))
		}
	}
	// The solver's speed, to turn node counts into time on a quiet core.
	b.ReportMetric(float64(allNodes)/allTime.Seconds(), "nodes/s")
}
