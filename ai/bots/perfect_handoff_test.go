package bots

import (
	"context"
	"fmt"
	"testing"
	"time"

	"boardgames/ai"
	"boardgames/ai/solve/endgame"
	"boardgames/rules"
	"boardgames/rules/othello"
)

// The tests of the handoff between the exact solve and the engine count
// nodes instead of time: a budget buys a fixed number of nodes, so that
// what each search reaches depends on its budget alone, not on the speed
// or the load of the machine.
const (
	// fakeEngineNodesPerMs is what a millisecond of the engine's budget
	// buys in the tests of the handoff.
	fakeEngineNodesPerMs = 4000
	// solveNodesPerSecond is the nodes the exact solver searches in a
	// second of CPU on the project's machine at 22 empty squares, by
	// FForum 20-39 line 18: 25.0 M nodes in 1.35 s of CPU on a quiet core
	// before the evaluation joined the move ordering; 16.6 M nodes in about
	// 1.08 s after; since issue 31's speed-ups of the solver 19.0 M nodes
	// in 0.74-0.78 s of CPU on the busy machine (BENCHMARKS.md), rounded
	// down.
	solveNodesPerSecond = 24_000_000
	// fforum18Budget is the budget on the fake clock with which the
	// player solves FForum line 18 (the solve has 0.9 of it): the target
	// of 1 s (the solve needs 0.88 s of it).
	fforum18Budget = 1000 * time.Millisecond
)

// FForum 20-39 lines 14 (20 empties) and 17 (21 empties).
const (
	fforum14 = "-XXXXXXX--XOOO----OXOOXX-OOXXOXX-OOOOOXX-X-XOOXX---O-X-X--OOOO-- X"
	fforum17 = "---X-O----XXXO-XXXXXXXXXXOOXXOOXXOXOOOXXXXOOOO-XX--OOOO--------- O"
)

// othelloPosition parses a position of the OBF files.
func othelloPosition(t *testing.T, text string) othello.Position {
	t.Helper()
	pos, err := othello.Parse(text, othello.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// clockEngine is the perfect player's engine on the fake clock: its time
// budget buys fakeEngineNodesPerMs nodes a millisecond, and the search
// stops after the first iteration that reaches them (the engine reports
// its nodes after each iteration).
func clockEngine(ctx context.Context, p othello.Position, spec Spec) (ai.Info, error) {
	limit := uint64(spec.Params.Time.Milliseconds()) * fakeEngineNodesPerMs
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	spec.Params.Time = 0
	spec.Params.Progress = func(i ai.Info) {
		if i.Nodes >= limit {
			cancel()
		}
	}
	return othelloPerfect.engine(ctx, p, spec)
}

// clockSolve is the perfect player's solve on the fake clock: it may
// search the nodes its share of budget buys at the solver's speed
// (solveNodesPerSecond), whatever the time (the player's deadline for it
// is left out).
func clockSolve(budget time.Duration) func(context.Context, othello.Position) othelloSolved {
	return func(ctx context.Context, p othello.Position) othelloSolved {
		s := newOthelloSolver()
		s.SetNodeLimit(uint64(solveShare * budget.Seconds() * solveNodesPerSecond))
		return solveOthello(context.WithoutCancel(ctx), s, p)
	}
}

// The player never answers from a shallower search than the engine alone
// with the same budget: on FForum positions of 20 to 22 empties whose
// solve does not fit in the budget, its engine gets the whole budget and
// is not stopped before it has spent it, and the answer is that search's
// (its depth; the same move, unless the unfinished solve proved another
// at least as good). A player that gave its engine less than the whole
// budget, stopped it early or fell back on a quick search fails here.
// (An earlier form compared the depth with a second search of the engine
// alone; that search's depth varied from run to run, 11 or 12 on line 18,
// so it failed now and then. The likely cause, not confirmed: the
// recycled transposition tables, which the garbage collector may drop.)
func TestPerfectOthelloNeverShallower(t *testing.T) {
	if raceEnabled {
		t.Skip("engine searches of a few hundred thousand nodes")
	}
	budget := 100 * time.Millisecond // 400,000 engine nodes, 2.2 M solve nodes
	for _, text := range []string{fforum18, fforum14, fforum17} {
		pos := othelloPosition(t, text)
		name := fmt.Sprintf("%d empties", pos.Empties())
		t.Run(name, func(t *testing.T) {
			var given time.Duration
			var ran ai.Info
			engine := func(ctx context.Context, p othello.Position, spec Spec) (ai.Info, error) {
				given = spec.Params.Time
				info, err := clockEngine(ctx, p, spec)
				ran = info
				return info, err
			}
			pl := othelloPlayer{engine: engine, solve: clockSolve(budget)}
			info, err := pl.play(context.Background(), pos, Spec{Algo: "perfect", Params: ai.Params{Time: budget}})
			if err != nil {
				t.Fatal(err)
			}
			if info.Exact || !info.Unproven {
				t.Fatalf("%+v: the solve was not to finish in %v", info, budget)
			}
			if given != budget {
				t.Errorf("the player gave its engine %v of its %v", given, budget)
			}
			if limit := uint64(budget.Milliseconds()) * fakeEngineNodesPerMs; ran.Nodes < limit {
				t.Errorf("the player stopped its engine at %d nodes, before its budget's %d", ran.Nodes, limit)
			}
			if info.Depth != ran.Depth {
				t.Errorf("the player answered from depth %d, its engine reached %d", info.Depth, ran.Depth)
			}
			if info.Move != ran.Move && info.Note == "" {
				t.Errorf("the player played %s, its engine %s", pos.MoveString(info.Move), pos.MoveString(ran.Move))
			}
			t.Logf("depth %d, %s", info.Depth, pos.MoveString(info.Move))
		})
	}
}

// On the fake clock, with fforum18Budget, the player solves FForum line
// 18 and plays g2 (-20), where the engine alone plays g4 (-22).
func TestPerfectOthelloFForum18Budget(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("a 22-empty solve of 19 M nodes")
	}
	pos := fforum18Position(t)
	pl := othelloPlayer{engine: clockEngine, solve: clockSolve(fforum18Budget)}
	info, err := pl.play(context.Background(), pos, Spec{Algo: "perfect", Params: ai.Params{Time: fforum18Budget}})
	if err != nil || pos.MoveString(info.Move) != "g2" || !info.Exact || info.Score != -20 {
		t.Errorf("%s %+v %v: want g2, exactly -20", pos.MoveString(info.Move), info, err)
	}
}

// A solve that stopped having proved a move at least as good as the
// engine's makes the player play it and say why; one that proved
// nothing of the kind leaves the engine's move.
func TestPerfectOthelloPartialProof(t *testing.T) {
	pos := fforum18Position(t)
	mv := func(s string) rules.Move {
		m, err := pos.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	g2, g4, b7 := mv("g2"), mv("g4"), mv("b7")
	engine := func(ctx context.Context, p othello.Position, spec Spec) (ai.Info, error) {
		return ai.Info{Algo: "engine", Move: g4, PV: []rules.Move{g4}, Score: -300, Depth: 12}, nil
	}
	for _, c := range []struct {
		part endgame.Partial
		want rules.Move
	}{
		{endgame.Partial{Lower: -20, Best: g2, Upper: map[rules.Move]int{g4: -22, b7: -22}}, g2},
		{endgame.Partial{Lower: -22, Best: g2, Upper: map[rules.Move]int{g4: -22}}, g2}, // as good, proven
		{endgame.Partial{Lower: -24, Best: g2, Upper: map[rules.Move]int{g4: -22}}, g4},
		{endgame.Partial{Lower: -20, Best: g2, Upper: map[rules.Move]int{b7: -22}}, g4}, // g4 not refuted
		{endgame.Partial{Lower: -64, Best: othello.Pass, Upper: map[rules.Move]int{g4: -22}}, g4},
	} {
		part := c.part
		pl := othelloPlayer{engine: engine, solve: func(ctx context.Context, p othello.Position) othelloSolved {
			return othelloSolved{part: part, tried: 10, err: context.DeadlineExceeded}
		}}
		info, err := pl.play(context.Background(), pos, Spec{Algo: "perfect", Params: ai.Params{Time: time.Second}})
		if err != nil {
			t.Fatal(err)
		}
		if info.Move != c.want || info.Depth != 12 || !info.Unproven || info.Exact || (info.Note != "") != (c.want != g4) {
			t.Errorf("partial %+v: %s %+v, want %s", part, pos.MoveString(info.Move), info, pos.MoveString(c.want))
		}
	}
}
