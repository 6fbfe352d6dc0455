package bots

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"boardgames/ai"
	"boardgames/ai/solve/endgame"
	"boardgames/rules"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

// fforum18 is FForum line 18 of fforum-20-39 (22 empty squares): g2 is
// worth -20, g4 (the engine's move at depth 10-12) -22.
const fforum18 = "--OOOO--O-OOOO--OXXXOOO-OXXOXO--OOXXOXX-OOXXXX--O-XXX-----XX-O-- X"

func fforum18Position(t *testing.T) othello.Position {
	t.Helper()
	gm, _ := games.Lookup("othello")
	pos, err := gm.Parse(fforum18, games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	return pos.Native().(othello.Position)
}

// engineCall is what a stand-in engine saw: the spec and whether its
// context had a deadline or was cancelled.
type engineCall struct {
	spec      Spec
	deadline  bool
	cancelled bool
}

// When the solve does not finish, the perfect Othello player's move is
// the engine's from a search given the whole budget, as the engine alone
// has it (no deadline of the solve's, no share taken), and the answer
// carries that search's depth. The clock plays no part: the stand-in
// solve ends only when its context does, and the stand-in engine answers
// at once with a depth of its own.
func TestPerfectOthelloEngineKeepsBudget(t *testing.T) {
	pos := fforum18Position(t)
	g4, _ := pos.ParseMove("g4")
	calls := make(chan engineCall, 1)
	pl := othelloPlayer{
		engine: func(ctx context.Context, p othello.Position, spec Spec) (ai.Info, error) {
			_, dl := ctx.Deadline()
			calls <- engineCall{spec: spec, deadline: dl}
			return ai.Info{Algo: "engine", Move: g4, Score: -500, Depth: 13, Nodes: 1000}, nil
		},
		solve: func(ctx context.Context, p othello.Position) othelloSolved {
			<-ctx.Done()
			return othelloSolved{part: endgame.Partial{Best: othello.Pass}, tried: 77, err: ctx.Err()}
		},
	}
	budget := 200 * time.Millisecond
	info, err := pl.play(context.Background(), pos, Spec{Algo: "perfect", Params: ai.Params{Time: budget}})
	if err != nil {
		t.Fatal(err)
	}
	c := <-calls
	if c.spec.Algo != "engine" || c.spec.Params.Time != budget || c.spec.Params.Depth != 64 || c.deadline {
		t.Errorf("the engine searched %+v (a deadline of its context: %v), want the engine with the whole %v", c.spec, c.deadline, budget)
	}
	if info.Move != g4 || info.Depth != 13 || info.Exact || !info.Unproven || info.Algo != "perfect" || info.Nodes != 1077 {
		t.Errorf("%+v: want the engine's g4 at depth 13, unproven, 1000+77 nodes", info)
	}
}

// A solve that finishes within the budget answers exactly, and the
// engine searching beside it is stopped.
func TestPerfectOthelloSolveStopsEngine(t *testing.T) {
	pos := fforum18Position(t)
	g2, _ := pos.ParseMove("g2")
	calls := make(chan engineCall, 1)
	pl := othelloPlayer{
		engine: func(ctx context.Context, p othello.Position, spec Spec) (ai.Info, error) {
			<-ctx.Done()
			calls <- engineCall{spec: spec, cancelled: errors.Is(ctx.Err(), context.Canceled)}
			return ai.Info{Algo: "engine", Move: p.Moves(nil)[0], Depth: 3}, nil
		},
		solve: func(ctx context.Context, p othello.Position) othelloSolved {
			return othelloSolved{r: endgame.Result{Score: -20, Best: []rules.Move{g2}, Nodes: 5}, tried: 5}
		},
	}
	info, err := pl.play(context.Background(), pos, Spec{Algo: "perfect", Params: ai.Params{Time: time.Hour}})
	if err != nil {
		t.Fatal(err)
	}
	if c := <-calls; !c.cancelled {
		t.Error("the engine was not stopped when the solve finished")
	}
	if info.Move != g2 || info.Score != -20 || !info.Exact || info.Unproven || info.Depth != 22 {
		t.Errorf("%+v: want the solve's g2, exactly -20", info)
	}
}

// An error of the solve other than the end of its time is the answer's.
func TestPerfectOthelloSolveError(t *testing.T) {
	pos := fforum18Position(t)
	bad := errors.New("broken")
	pl := othelloPlayer{
		engine: func(ctx context.Context, p othello.Position, spec Spec) (ai.Info, error) {
			return ai.Info{Algo: "engine", Move: p.Moves(nil)[0], Depth: 3}, nil
		},
		solve: func(ctx context.Context, p othello.Position) othelloSolved {
			return othelloSolved{err: bad}
		},
	}
	if _, err := pl.play(context.Background(), pos, Spec{Algo: "perfect", Params: ai.Params{Time: time.Hour}}); !errors.Is(err, bad) {
		t.Errorf("error %v, want %v", err, bad)
	}
}

// The real player on FForum line 18 with the engine at a fixed depth in
// place of a clock: the answer is g2, exact (the solve, given an hour,
// finishes), or, when the solve is given no time, the engine's own move
// at the engine's own depth.
func TestPerfectOthelloFForum18(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("a 22-empty solve")
	}
	pos := fforum18Position(t)
	fixed := func(ctx context.Context, p othello.Position, spec Spec) (ai.Info, error) {
		spec.Params.Time, spec.Params.Depth = 0, 6
		return othelloPerfect.engine(ctx, p, spec)
	}
	pl := othelloPlayer{engine: fixed, solve: othelloPerfect.solve}
	info, err := pl.play(context.Background(), pos, Spec{Algo: "perfect", Params: ai.Params{Time: time.Hour}})
	if err != nil || pos.MoveString(info.Move) != "g2" || !info.Exact || info.Score != -20 {
		t.Errorf("%s %+v %v: want g2, exactly -20", pos.MoveString(info.Move), info, err)
	}
	gpos, _ := games.Wrap(pos)
	alone, err := Think(context.Background(), gpos, Spec{Algo: "engine", Params: ai.Params{Depth: 6}})
	if err != nil {
		t.Fatal(err)
	}
	pl.solve = func(ctx context.Context, p othello.Position) othelloSolved {
		return othelloSolved{part: endgame.Partial{Best: othello.Pass}, err: context.DeadlineExceeded}
	}
	info, err = pl.play(context.Background(), pos, Spec{Algo: "perfect", Params: ai.Params{Time: time.Hour}})
	if err != nil || info.Move != alone.Move || info.Depth != alone.Depth || !info.Unproven || !slices.Contains(pos.Moves(nil), info.Move) {
		t.Errorf("unfinished solve: %+v %v, want the engine's %+v", info, err, alone)
	}
}
