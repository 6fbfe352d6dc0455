package lab

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"boardgames/ai/bots"
	"boardgames/rules"
	"boardgames/rules/games"
)

func TestParseShard(t *testing.T) {
	if s, err := ParseShard(" 2/3 "); err != nil || s != (Shard{2, 3}) || s.String() != "2/3" {
		t.Errorf("ParseShard: %v %v", s, err)
	}
	for _, bad := range []string{"", "3", "0/3", "4/3", "a/b", "1/0", "-1/2"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) accepted", bad)
		}
	}
	total := 10
	seen := map[int]int{}
	for k := 1; k <= 3; k++ {
		s := Shard{k, 3}
		for i := range s.count(total) {
			g := s.global(i)
			if !s.Has(g) || g >= total {
				t.Errorf("shard %v: game %d", s, g)
			}
			seen[g]++
		}
	}
	if len(seen) != total {
		t.Errorf("3 shards play %d of %d games", len(seen), total)
	}
}

// TestShardedTournamentMerges: a tournament played as 3 shards and merged
// gives the crosstable, the standings and the games of the whole run with
// the same seed.
func TestShardedTournamentMerges(t *testing.T) {
	specs := []bots.Spec{mustSpec(t, "alphabeta:depth=2"), mustSpec(t, "greedy"), mustSpec(t, "random"), mustSpec(t, "paper003")}
	opt := TournamentOptions{Openings: 2, Seed: 5, Parallel: 2}
	const perPair = 5
	whole, err := Tournament(context.Background(), "connect4", games.Settings{}, specs, perPair, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	run := Run{Kind: "tournament", Game: "connect4", Bots: whole.Bots, Pairs: RoundRobin(len(specs)), Games: perPair, Openings: 2, Seed: 5}
	var parts []ShardResult
	for k := 3; k >= 1; k-- { // in any order
		opt.Shard = Shard{k, 3}
		part, err := Tournament(context.Background(), "connect4", games.Settings{}, specs, perPair, opt, nil)
		if err != nil {
			t.Fatal(err)
		}
		var games []GameRecord
		for _, m := range part.Pairings {
			games = append(games, m.Records...)
		}
		parts = append(parts, ShardResult{Run: run, Shard: opt.Shard, Games: games})
	}
	gotRun, records, _, err := Merge(parts)
	if err != nil {
		t.Fatal(err)
	}
	merged, err := TournamentFromRecords(gotRun, records)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(merged.Points, whole.Points) || !reflect.DeepEqual(merged.Games, whole.Games) {
		t.Errorf("crosstables differ:\nmerged %v %v\nwhole  %v %v", merged.Points, merged.Games, whole.Points, whole.Games)
	}
	if !reflect.DeepEqual(merged.Standings, whole.Standings) {
		t.Errorf("standings differ:\n%+v\n%+v", merged.Standings, whole.Standings)
	}
	for i := range whole.Pairings {
		if !reflect.DeepEqual(untimed(merged.Pairings[i].Records), untimed(whole.Pairings[i].Records)) {
			t.Errorf("pairing %d: the games differ", i)
		}
	}

	// A shard missing, twice, or of another run is refused.
	for name, bad := range map[string][]ShardResult{
		"missing": parts[:2],
		"twice":   {parts[0], parts[0], parts[1]},
		"other":   {parts[0], parts[1], {Run: Run{Kind: "tournament", Seed: 6}, Shard: Shard{1, 3}}},
	} {
		if _, _, _, err := Merge(bad); err == nil {
			t.Errorf("%s: merged", name)
		} else if !strings.Contains(err.Error(), "lab:") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestShardedArenaMerges(t *testing.T) {
	cfg := ArenaConfig{Game: "othello", P1: mustSpec(t, "greedy:seed=3"), P2: mustSpec(t, "random"), Games: 7, Openings: 2, Seed: 9}
	whole, err := Arena(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	run := Run{Kind: "arena", Game: "othello", Bots: []string{whole.P1.Spec, whole.P2.Spec}, Games: 7, Openings: 2, Seed: 9}
	var parts []ShardResult
	for k := 1; k <= 2; k++ {
		cfg.Shard = Shard{k, 2}
		part, err := Arena(context.Background(), cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, ShardResult{Run: run, Shard: cfg.Shard, Games: part.Records})
	}
	gotRun, records, _, err := Merge(parts)
	if err != nil {
		t.Fatal(err)
	}
	merged, err := ArenaFromRecords(gotRun, records)
	if err != nil {
		t.Fatal(err)
	}
	if merged.P1.Wins != whole.P1.Wins || merged.P1.Draws != whole.P1.Draws || merged.Elo != whole.Elo ||
		!reflect.DeepEqual(untimed(merged.Records), untimed(whole.Records)) {
		t.Errorf("merged %+v\nwhole %+v", merged.P1, whole.P1)
	}
}

func TestScoreInterval(t *testing.T) {
	s, lo, hi := ScoreInterval(15, 0, 5) // Wilson's: 15 of 20 in [0.531, 0.888]
	if s != 0.75 || math.Abs(lo-0.53127) > 1e-4 || math.Abs(hi-0.88814) > 1e-4 {
		t.Errorf("15 of 20: %v [%v, %v]", s, lo, hi)
	}
	// Four draws say little: the interval is wide, not a point.
	if s, lo, hi := ScoreInterval(0, 4, 0); s != 0.5 || lo > 0.3 || hi < 0.7 {
		t.Errorf("4 draws: %v [%v, %v]", s, lo, hi)
	}
	// Draws still narrow it against as many wins and losses.
	_, lo1, hi1 := ScoreInterval(4, 0, 4)
	_, lo2, hi2 := ScoreInterval(2, 4, 2)
	if hi2-lo2 >= hi1-lo1 {
		t.Errorf("draws should narrow the interval: %v..%v vs %v..%v", lo2, hi2, lo1, hi1)
	}
	if s, lo, hi := ScoreInterval(0, 0, 0); s != 0 || lo != 0 || hi != 0 {
		t.Errorf("no games: %v %v %v", s, lo, hi)
	}
}

// shardedRun plays a small Connect Four round robin as 3 shards and
// returns the shards (with their hashes), for the forgery tests.
func shardedRun(t *testing.T) []ShardResult {
	t.Helper()
	specs := []bots.Spec{mustSpec(t, "alphabeta:depth=1"), mustSpec(t, "greedy"), mustSpec(t, "random")}
	var names []string
	for _, s := range specs {
		names = append(names, s.String())
	}
	run := Run{Kind: "tournament", Game: "connect4", Bots: names, Pairs: RoundRobin(len(specs)), Games: 4, Openings: 2, Seed: 11}
	var parts []ShardResult
	for k := 1; k <= 3; k++ {
		opt := TournamentOptions{Openings: 2, Seed: 11, Parallel: 1, Shard: Shard{k, 3}}
		res, err := Tournament(context.Background(), "connect4", games.Settings{}, specs, 4, opt, nil)
		if err != nil {
			t.Fatal(err)
		}
		var games []GameRecord
		for _, m := range res.Pairings {
			games = append(games, m.Records...)
		}
		parts = append(parts, ShardResult{Run: run, Shard: opt.Shard, Hash: run.Hash(), Games: games, Name: fmt.Sprintf("part-%d.json", k)})
	}
	return parts
}

// cloneParts copies shards deeply enough to edit their games.
func cloneParts(parts []ShardResult) []ShardResult {
	out := slices.Clone(parts)
	for i := range out {
		out[i].Games = slices.Clone(out[i].Games)
		out[i].Run.Bots = slices.Clone(out[i].Run.Bots)
	}
	return out
}

// TestMergeRefusesForgedShards: Merge replays every game and refuses a
// shard whose games, results or run were edited, with the reason.
func TestMergeRefusesForgedShards(t *testing.T) {
	parts := shardedRun(t)
	if _, _, _, err := Merge(cloneParts(parts)); err != nil {
		t.Fatalf("the real shards: %v", err)
	}
	// Game 0 of part 2 is one its first bot won, lost or drew; the
	// forgeries change one thing each.
	other := map[string]string{"p1": "p2", "p2": "p1", "draw": "p1"}
	for _, tc := range []struct {
		name, want string
		forge      func(p []ShardResult)
	}{
		{"winner", "its Winner says", func(p []ShardResult) { g := &p[1].Games[0]; g.Winner = other[g.Winner] }},
		{"winner, points and result", "its Result says", func(p []ShardResult) {
			g := &p[1].Games[0]
			if g.Winner == "p1" {
				g.Winner, g.P1Points, g.Result = "p2", 0, rules.WinFor(g.P1Colour.Other())
			} else {
				g.Winner, g.P1Points, g.Result = "p1", 1, rules.WinFor(g.P1Colour)
			}
		}},
		{"margin", "its Margin says", func(p []ShardResult) { p[1].Games[0].Margin += 2 }},
		{"illegal move", "its moves do not replay", func(p []ShardResult) {
			g := &p[1].Games[0]
			g.Moves += g.Moves[len(g.Moves)-1:] // a move after the game's end
		}},
		{"garbage moves", "its moves do not replay", func(p []ShardResult) { p[1].Games[0].Moves = "x9 zz" }},
		{"cut moves", "before the game's end", func(p []ShardResult) {
			g := &p[1].Games[0]
			g.Moves = g.Moves[:len(g.Moves)-1] // a Connect Four move is one column's digit
		}},
		{"final position", "its Final says", func(p []ShardResult) {
			g := &p[1].Games[0]
			g.Final = strings.Replace(g.Final, "-", "x", 1)
		}},
		{"plies", "its Plies says", func(p []ShardResult) { p[1].Games[0].Plies++ }},
		{"opening", "opening is not", func(p []ShardResult) { p[1].Games[0].Opening = 0 }},
		{"colours", "its first bot played", func(p []ShardResult) { g := &p[1].Games[0]; g.P1Colour = g.P1Colour.Other() }},
		{"moves counted", "P1's moves says", func(p []ShardResult) { p[1].Games[0].Stats[0].Moves++ }},
		{"forfeit by an algorithm", "no external program", func(p []ShardResult) {
			g := &p[1].Games[0]
			g.Forfeit, g.Fault, g.FaultKind = "p1", "timeout", "timeout"
		}},
		{"K > N", "is shard 5 of 2", func(p []ShardResult) { p[1].Shard = Shard{5, 2} }},
		{"N = 0", "is shard 2 of 0", func(p []ShardResult) { p[1].Shard = Shard{2, 0} }},
		{"K = 0", "is shard 0 of 3", func(p []ShardResult) { p[1].Shard = Shard{0, 3} }},
		{"N differs", "is shard 2/4", func(p []ShardResult) { p[1].Shard = Shard{2, 4} }},
		{"hash", "do not give its hash", func(p []ShardResult) { p[1].Run.Seed++ }},
		{"another run", "another run", func(p []ShardResult) { p[1].Run.Seed++; p[1].Hash = p[1].Run.Hash() }},
		{"another bot", "its Bots differs", func(p []ShardResult) { p[2].Run.Bots[2] = "greedy:seed=2"; p[2].Hash = p[2].Run.Hash() }},
		{"duplicate shard", "given twice", func(p []ShardResult) { p[2] = p[1] }},
		{"duplicate game", "twice", func(p []ShardResult) { p[1].Games[1] = p[1].Games[0] }},
		{"game of another shard", "not its own", func(p []ShardResult) { p[1].Games = append(p[1].Games, p[0].Games[0]) }},
		{"game out of range", "does not have", func(p []ShardResult) { p[1].Games[0].Number = 99 }},
		{"pairing out of range", "does not have", func(p []ShardResult) { p[1].Games[0].Pair = -1 }},
		{"missing game", "missing", func(p []ShardResult) { p[1].Games = p[1].Games[1:] }},
		{"missing shard", "shard 3/3 is missing", func(p []ShardResult) { p[2] = p[0]; p[2].Shard = Shard{1, 3} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := cloneParts(parts)
			tc.forge(p)
			if tc.name == "missing shard" {
				p = p[:2]
			}
			_, _, _, err := Merge(p)
			if err == nil {
				t.Fatal("merged")
			}
			if !strings.HasPrefix(err.Error(), "lab: ") || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %q, want %q", err, tc.want)
			}
		})
	}
}

// TestMergeForfeits: a game an external program forfeited replays and
// keeps its forfeit; claimed by the other bot, or with its fault erased,
// it is refused.
func TestMergeForfeits(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the test bot is an sh script")
	}
	cfg := ArenaConfig{Game: "connect4", P1: mustSpec(t, `gtp:"sh ../gtp/testdata/bots/exiter.sh"`), P2: mustSpec(t, "random"),
		Games: 2, Openings: 1, Seed: 3}
	res, err := Arena(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	run := Run{Kind: "arena", Game: "connect4", Bots: []string{res.P1.Spec, res.P2.Spec}, Games: 2, Openings: 1, Seed: 3}
	part := ShardResult{Run: run, Shard: Shard{1, 1}, Hash: run.Hash(), Games: res.Records}
	_, records, _, err := Merge([]ShardResult{part})
	if err != nil {
		t.Fatal(err)
	}
	if merged, _ := ArenaFromRecords(run, records); merged.P1.Forfeits != 2 || merged.P2.Wins != 2 {
		t.Errorf("merged: P1 %+v, P2 %+v; want two forfeits by P1", merged.P1, merged.P2)
	}
	for name, forge := range map[string]func(g *GameRecord){
		"by the other":   func(g *GameRecord) { g.Forfeit, g.Winner, g.P1Points = "p2", "p1", 1 },
		"no fault":       func(g *GameRecord) { g.Fault = "" },
		"no forfeit":     func(g *GameRecord) { g.Forfeit = "" },
		"by nobody real": func(g *GameRecord) { g.Forfeit = "p3" },
	} {
		p := part
		p.Games = slices.Clone(part.Games)
		forge(&p.Games[1])
		if _, _, _, err := Merge([]ShardResult{p}); err == nil {
			t.Errorf("%s: merged", name)
		}
	}
}

func TestRunHash(t *testing.T) {
	a := Run{Kind: "arena", Game: "othello", Bots: []string{"greedy", "random"}, Games: 4, Seed: 1}
	b := a
	b.Bots = []string{"greedy", "random"}
	if a.Hash() != b.Hash() || len(a.Hash()) != 64 {
		t.Errorf("equal runs: %s %s", a.Hash(), b.Hash())
	}
	for _, change := range []func(r *Run){
		func(r *Run) { r.Seed = 2 }, func(r *Run) { r.Games = 6 }, func(r *Run) { r.Openings = 2 },
		func(r *Run) { r.Bots = []string{"random", "greedy"} }, func(r *Run) { r.Settings.NoPass = true },
		func(r *Run) { r.Start = "x" },
	} {
		c := a
		change(&c)
		if c.Hash() == a.Hash() {
			t.Errorf("%+v has the hash of %+v", c, a)
		}
	}
}

// FuzzMerge: whatever a shard file holds, Merge returns an error or the
// games, never a panic.
func FuzzMerge(f *testing.F) {
	parts := shardedRunForFuzz()
	for _, p := range parts {
		b, err := json.Marshal(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"Run":{"Kind":"arena","Game":"othello","Bots":["greedy","random"],"Games":1},"Shard":{"K":5,"N":2}}`))
	f.Add([]byte(`{"Run":{"Kind":"tournament","Game":"connect4","Bots":["greedy","random"],"Pairs":[{"I":0,"J":1}],"Games":2},"Shard":{"K":1,"N":0}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var p ShardResult
		if json.Unmarshal(data, &p) != nil {
			return
		}
		_, records, _, err := Merge([]ShardResult{p})
		if err == nil && len(records) != p.Run.Total() {
			t.Errorf("merged %d of %d games", len(records), p.Run.Total())
		}
	})
}

// shardedRunForFuzz is a whole 2-game Connect Four match, as one shard.
func shardedRunForFuzz() []ShardResult {
	cfg := ArenaConfig{Game: "connect4", P1: bots.Spec{Algo: "greedy"}, P2: bots.Spec{Algo: "random"}, Games: 2, Openings: 1, Seed: 2}
	res, err := Arena(context.Background(), cfg, nil)
	if err != nil {
		panic(err)
	}
	run := Run{Kind: "arena", Game: "connect4", Bots: []string{res.P1.Spec, res.P2.Spec}, Games: 2, Openings: 1, Seed: 2}
	return []ShardResult{{Run: run, Shard: Shard{1, 1}, Hash: run.Hash(), Games: res.Records}}
}
