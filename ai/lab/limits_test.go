package lab

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"boardgames/ai/bots"
	"boardgames/rules/games"
)

// Asking for more games than a run may have is an error before anything
// is laid out, not a panic or an allocation per game.
func TestTooManyGamesRefusedUpFront(t *testing.T) {
	r := mustSpec(t, "random")
	_, err := Arena(context.Background(), ArenaConfig{Game: "othello", P1: r, P2: r, Games: 1 << 40}, nil)
	if err == nil || !strings.Contains(err.Error(), "at most 100000") {
		t.Fatalf("2^40 games: %v", err)
	}
	specs := []bots.Spec{r, r, r}
	_, err = Tournament(context.Background(), "othello", games.Settings{}, specs, MaxGames/2, TournamentOptions{}, nil)
	if err == nil || !strings.Contains(err.Error(), "at most 100000 games in all") {
		t.Fatalf("3 bots, 50000 games per pairing: %v", err)
	}
	many := make([]bots.Spec, 2*MaxGames)
	for i := range many {
		many[i] = r
	}
	if _, err = Tournament(context.Background(), "othello", games.Settings{}, many, 1, TournamentOptions{}, nil); err == nil {
		t.Fatal("200000 bots accepted")
	}
}

// A run cancelled before it starts (Ctrl+C during setup) returns at once
// and lays nothing out: the games are made one at a time as they start,
// so what a run allocates does not grow with the games asked for.
func TestGamesAreLaidOutLazily(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	alloc := func(games int) uint64 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		res, err := Arena(ctx, ArenaConfig{
			Game: "othello", P1: mustSpec(t, "random"), P2: mustSpec(t, "random"), Games: games, Openings: 8,
		}, nil)
		runtime.ReadMemStats(&after)
		if !errors.Is(err, context.Canceled) || res.Games != 0 {
			t.Fatalf("%d games cancelled before the start: %d played, %v", games, res.Games, err)
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	small, big := alloc(10), alloc(MaxGames)
	if big > small+64<<10 {
		t.Errorf("a cancelled run of %d games allocated %d bytes, one of 10 games %d", MaxGames, big, small)
	}
}

// OnMove reports every move, so that a progress bar moves during a game.
func TestProgressPerMove(t *testing.T) {
	var reports []Progress
	res, err := Arena(context.Background(), ArenaConfig{
		Game: "connect4", P1: mustSpec(t, "random"), P2: mustSpec(t, "random"), Games: 2, Parallel: 1, Seed: 3,
		OnMove: func(p Progress) { reports = append(reports, p) },
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	plies := 0
	for _, r := range res.Records {
		plies += r.Plies
	}
	if len(reports) != plies+2 { // every move, and every game's end
		t.Fatalf("%d reports for %d plies in 2 games", len(reports), plies)
	}
	for i, p := range reports {
		if p.Total != 2 || p.Played < float64(p.Done) || p.Played > 2 {
			t.Fatalf("report %d: %+v", i, p)
		}
		if i > 0 && p.Played < reports[i-1].Played {
			t.Fatalf("progress went back: %+v after %+v", p, reports[i-1])
		}
	}
	if first := reports[0]; first.Done != 0 || first.Played <= 0 {
		t.Errorf("the first move reported %+v", first)
	}
	if last := reports[len(reports)-1]; last.Done != 2 || last.Played != 2 {
		t.Errorf("the end reported %+v", last)
	}
}

// An Adjacency game with a round limit counts its moves against that
// limit: 8 rounds are 16 plies, and the game's last move before its end
// reports it nearly played (not 16 of the board's 56 squares).
func TestProgressPerMoveRoundLimit(t *testing.T) {
	var reports []Progress
	res, err := Arena(context.Background(), ArenaConfig{
		Game: "adjacency", Settings: games.Settings{Rounds: 8}, P1: mustSpec(t, "random"), P2: mustSpec(t, "random"),
		Games: 1, Parallel: 1, Seed: 5, OnMove: func(p Progress) { reports = append(reports, p) },
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n := res.Records[0].Plies; n != 16 || len(reports) != n+1 {
		t.Fatalf("%d plies, %d reports; want 16 and 17", n, len(reports))
	}
	if p := reports[len(reports)-2]; p.Done != 0 || p.Played < 0.9 {
		t.Errorf("the last move reported %+v, want nearly a game played", p)
	}
	if p := reports[7]; p.Played < 0.45 || p.Played > 0.55 {
		t.Errorf("the 8th of 16 plies reported %+v, want about half a game", p)
	}
}

// Moves past their time budget are counted and the longest is kept.
func TestOverBudgetIsReported(t *testing.T) {
	res, err := Arena(context.Background(), ArenaConfig{
		Game: "connect4", P1: mustSpec(t, "mcts:time=1ns"), P2: mustSpec(t, "random"), Games: 2, Parallel: 1,
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p1, p2 := res.P1, res.P2
	if p1.Budget != time.Nanosecond || p1.OverBudget != p1.Moves || p1.Moves == 0 {
		t.Errorf("P1 with a 1 ns budget: %d of %d moves over budget (budget %v)", p1.OverBudget, p1.Moves, p1.Budget)
	}
	if p1.MaxMoveSeconds < p1.MeanMoveSeconds || p1.MaxMoveSeconds <= 0 {
		t.Errorf("longest move %v, mean %v", p1.MaxMoveSeconds, p1.MeanMoveSeconds)
	}
	if p2.Budget != 0 || p2.OverBudget != 0 {
		t.Errorf("P2 has no budget: %+v", p2)
	}
}

func TestDefaultParallel(t *testing.T) {
	cores := Cores()
	if got := DefaultParallel(mustSpec(t, "random")); got != cores {
		t.Errorf("one-thread bots: %d games at once on %d cores", got, cores)
	}
	if got := DefaultParallel(mustSpec(t, "random"), mustSpec(t, "engine:depth=2,threads=2")); got != max(1, cores/2) {
		t.Errorf("a two-thread bot: %d games at once on %d cores", got, cores)
	}
}

// An experiment stopped half-way returns the rows it has, with the
// cancellation, so that bench can print a partial table.
func TestCancelledExperimentKeepsItsRows(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	tab, err := RunExperimentWith(ctx, "othello-positional", ExperimentOptions{Quick: true, Parallel: 1}, func(done, total int) {
		if done > 3*stepGrain { // a move into the second match (the first has 3 games of weight 1)
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v", err)
	}
	if len(tab.Rows) == 0 || !strings.HasPrefix(tab.Rows[0][0], "greedy") || tab.Title == "" || !tab.Partial {
		t.Fatalf("partial table %+v", tab)
	}
}
