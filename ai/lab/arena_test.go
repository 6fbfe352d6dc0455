package lab

import (
	"context"
	"math"
	"reflect"
	"strings"
	"testing"

	"boardgames/ai/bots"
	"boardgames/ai/stats"
	"boardgames/rules"
	"boardgames/rules/games"
)

func mustSpec(t *testing.T, s string) bots.Spec {
	t.Helper()
	spec, err := bots.ParseSpec(s)
	if err != nil {
		t.Fatalf("ParseSpec(%q): %v", s, err)
	}
	return spec
}

// checkTotals checks that a match's numbers add up.
func checkTotals(t *testing.T, res ArenaResult, games int) {
	t.Helper()
	if res.Games != games || len(res.Records) != games {
		t.Fatalf("%d games, %d records, want %d", res.Games, len(res.Records), games)
	}
	for _, p := range []PlayerStats{res.P1, res.P2} {
		if p.Wins+p.Draws+p.Losses != games {
			t.Errorf("%s: %d+%d+%d != %d games", p.Spec, p.Wins, p.Draws, p.Losses, games)
		}
	}
	if res.P1.Wins != res.P2.Losses || res.P1.Losses != res.P2.Wins || res.P1.Draws != res.P2.Draws {
		t.Errorf("P1 %+v and P2 %+v do not mirror each other", res.P1, res.P2)
	}
	if res.P1.Points+res.P2.Points != float64(games) {
		t.Errorf("points %v + %v != %d games", res.P1.Points, res.P2.Points, games)
	}
	if res.P1.MeanMargin != -res.P2.MeanMargin {
		t.Errorf("mean margins %v and %v are not opposite", res.P1.MeanMargin, res.P2.MeanMargin)
	}
	if !(res.EloLow <= res.Elo && res.Elo <= res.EloHigh) || math.IsNaN(res.Elo) || math.IsInf(res.Elo, 0) {
		t.Errorf("Elo %v not within [%v, %v]", res.Elo, res.EloLow, res.EloHigh)
	}
	var wins, p1Points float64
	for i, r := range res.Records {
		if r.Number != i+1 {
			t.Errorf("record %d has number %d", i, r.Number)
		}
		wantColour := rules.Black
		if i%2 == 1 {
			wantColour = rules.White
		}
		if r.P1Colour != wantColour {
			t.Errorf("game %d: P1 plays %v, want %v (colours alternate)", r.Number, r.P1Colour, wantColour)
		}
		if !r.Result.Over() {
			t.Errorf("game %d is not over: %v", r.Number, r.Result)
		}
		if r.Winner == "p1" {
			wins++
		}
		p1Points += r.P1Points
	}
	if int(wins) != res.P1.Wins || p1Points != res.P1.Points {
		t.Errorf("records give %v wins and %v points, stats %d and %v", wins, p1Points, res.P1.Wins, res.P1.Points)
	}
}

func TestArenaTotalsAndOpenings(t *testing.T) {
	cfg := ArenaConfig{
		Game: "connect4",
		P1:   mustSpec(t, "alphabeta:depth=2"), P2: mustSpec(t, "random"),
		Games: 8, Openings: 2, Parallel: 2, Seed: 7,
	}
	var calls, last int
	res, err := Arena(context.Background(), cfg, func(done, total int) {
		calls++
		last = done
		if total != 8 {
			t.Errorf("progress total %d, want 8", total)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	checkTotals(t, res, 8)
	if calls != 9 || last != 8 {
		t.Errorf("progress called %d times, last done %d; want 9 and 8", calls, last)
	}
	for i := 0; i < len(res.Records); i += 2 {
		a, b := res.Records[i], res.Records[i+1]
		if a.Opening != 2 || b.Opening != 2 || a.Moves[:2] != b.Moves[:2] {
			t.Errorf("games %d and %d should share a 2-ply opening: %q, %q", a.Number, b.Number, a.Moves, b.Moves)
		}
	}
	if res.P1.Moves == 0 || res.P2.Moves == 0 || res.P1.MeanMoveNodes <= res.P2.MeanMoveNodes {
		t.Errorf("alpha-beta should search more nodes per move than random: %+v %+v", res.P1, res.P2)
	}
}

func TestArenaSameSeedSameGames(t *testing.T) {
	cfg := ArenaConfig{
		Game: "othello",
		P1:   mustSpec(t, "greedy"), P2: mustSpec(t, "random"),
		Games: 6, Openings: 2, Parallel: 3, Seed: 42,
	}
	a, err := Arena(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Parallel = 2
	b, err := Arena(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkTotals(t, a, 6)
	if !reflect.DeepEqual(untimed(a.Records), untimed(b.Records)) || a.P1.Wins != b.P1.Wins || a.Elo != b.Elo {
		t.Errorf("the same seed gave different games:\n%+v\n%+v", a.Records, b.Records)
	}
	cfg.Seed = 43
	c, err := Arena(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if reflect.DeepEqual(untimed(a.Records), untimed(c.Records)) {
		t.Error("another seed gave the same games")
	}
}

// untimed returns copies of records without the times of the moves, the
// one thing the same seed does not repeat.
func untimed(records []GameRecord) []GameRecord {
	out := make([]GameRecord, len(records))
	for i, r := range records {
		for k := range r.Stats {
			r.Stats[k].Seconds, r.Stats[k].MaxSeconds = 0, 0
		}
		out[i] = r
	}
	return out
}

func TestStrongerWins(t *testing.T) {
	res, err := Arena(context.Background(), ArenaConfig{
		Game: "connect4",
		P1:   mustSpec(t, "alphabeta:depth=3"), P2: mustSpec(t, "random"),
		Games: 20, Seed: 1,
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkTotals(t, res, 20)
	if res.P1.Wins < 16 {
		t.Errorf("alpha-beta depth 3 won %d of 20 games against random, want >= 16", res.P1.Wins)
	}
	if res.Elo <= 200 || res.EloLow <= 0 {
		t.Errorf("Elo %v [%v, %v]: want clearly positive", res.Elo, res.EloLow, res.EloHigh)
	}
}

func TestArenaAdjacencyRoundsAndStart(t *testing.T) {
	g, _ := games.Lookup("adjacency")
	rec, err := g.ParseMoves(nil, "c6 f3", games.Settings{Rounds: 4})
	if err != nil {
		t.Fatal(err)
	}
	res, err := Arena(context.Background(), ArenaConfig{
		Game: "adjacency", Settings: games.Settings{Rounds: 4}, Start: rec.Position(),
		P1: mustSpec(t, "greedy"), P2: mustSpec(t, "annealing:iterations=50"), Games: 4,
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkTotals(t, res, 4)
	for _, r := range res.Records {
		if r.Plies != 6 { // 3 rounds left after the first
			t.Errorf("game %d: %d plies from round 1 of 4, want 6: %s", r.Number, r.Plies, r.Moves)
		}
	}
}

func TestArenaCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	res, err := Arena(ctx, ArenaConfig{
		Game: "othello", P1: mustSpec(t, "alphabeta:depth=3"), P2: mustSpec(t, "random"), Games: 50, Parallel: 2,
	}, func(done, total int) {
		if done == 3 {
			cancel()
		}
	})
	if err != context.Canceled {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if res.Games < 3 || res.Games >= 50 {
		t.Errorf("%d games after cancelling at 3", res.Games)
	}
	if res.P1.Wins+res.P1.Draws+res.P1.Losses != res.Games {
		t.Errorf("partial totals do not add up: %+v, %d games", res.P1, res.Games)
	}
}

func TestArenaBadInput(t *testing.T) {
	good := mustSpec(t, "random")
	tests := []struct {
		cfg  ArenaConfig
		want string
	}{
		{ArenaConfig{Game: "chess", P1: good, P2: good}, "unknown game"},
		{ArenaConfig{Game: "othello", P1: good, P2: good, Games: -1}, "positive"},
		{ArenaConfig{Game: "othello", P1: good, P2: good, Openings: -2}, "negative"},
		{ArenaConfig{Game: "othello", P1: bots.Spec{Algo: "alphabeta", Eval: "threats"}, P2: good}, "no evaluation"},
		{ArenaConfig{Game: "othello", P1: bots.Spec{Algo: "engine"}, P2: good}, "engine"},
		{ArenaConfig{Game: "othello", P1: bots.Spec{Algo: "chess"}, P2: good}, "unknown algorithm"},
	}
	for _, tc := range tests {
		_, err := Arena(context.Background(), tc.cfg, nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want one with %q", tc.cfg, err, tc.want)
		}
	}
}

// TestEloDiff checks that the lab's EloDiff is stats.EloDiff (whose
// tests hold the worked values).
// A paper's bot that takes evaluations of its own (paper 001's pieces) is
// accepted in a match; an evaluation it does not take is not.
func TestCheckSpecPaperEvals(t *testing.T) {
	if err := CheckSpec("checkers", mustSpec(t, "paper001-negascout:eval=pieces,depth=2")); err != nil {
		t.Errorf("pieces: %v", err)
	}
	if _, err := bots.ParseSpec("paper001-negascout:eval=threats"); err == nil {
		t.Error("threats accepted for paper 001")
	}
}

func TestEloDiff(t *testing.T) {
	scores := []float64{1, 1, 0.5, 0, 1, 1}
	elo, lo, hi := EloDiff(scores)
	want := stats.EloDiff(scores)
	if elo != want.Value || lo != want.Low || hi != want.High || !(lo < elo && elo < hi) {
		t.Errorf("EloDiff %v [%v, %v], want %+v", elo, lo, hi, want)
	}
}

func TestTournament(t *testing.T) {
	specs := []bots.Spec{mustSpec(t, "random"), mustSpec(t, "alphabeta:depth=3"), mustSpec(t, "greedy")}
	var last int
	res, err := Tournament(context.Background(), "connect4", games.Settings{}, specs, 4,
		TournamentOptions{Openings: 2, Parallel: 2, Seed: 3}, func(done, total int) {
			last = done
			if total != 12 {
				t.Errorf("progress total %d, want 3 pairs × 4 games", total)
			}
		})
	if err != nil {
		t.Fatal(err)
	}
	if last != 12 || len(res.Pairings) != 3 || len(res.Standings) != 3 {
		t.Fatalf("progress %d, %d pairings, %d standings", last, len(res.Pairings), len(res.Standings))
	}
	var total float64
	for i := range specs {
		if res.Games[i][i] != 0 || res.Points[i][i] != 0 {
			t.Errorf("bot %d plays itself", i)
		}
		for j := range specs {
			if i != j && res.Points[i][j]+res.Points[j][i] != float64(res.Games[i][j]) {
				t.Errorf("pairing %d-%d: %v + %v points in %d games", i, j, res.Points[i][j], res.Points[j][i], res.Games[i][j])
			}
			total += res.Points[i][j]
		}
	}
	if total != 12 {
		t.Errorf("%v points in 12 games", total)
	}
	for k, s := range res.Standings {
		if s.Wins+s.Draws+s.Losses != s.Games || s.Games != 8 {
			t.Errorf("standing %+v does not add up", s)
		}
		if k > 0 && s.Points > res.Standings[k-1].Points {
			t.Errorf("standings not sorted: %+v", res.Standings)
		}
	}
	if res.Standings[0].Bot != "alphabeta:depth=3" {
		t.Errorf("alpha-beta should win the tournament: %+v", res.Standings)
	}
	if _, err := Tournament(context.Background(), "connect4", games.Settings{}, specs[:1], 2, TournamentOptions{}, nil); err == nil {
		t.Error("a tournament of one bot should fail")
	}
}
