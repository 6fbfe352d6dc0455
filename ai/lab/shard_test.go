package lab

import (
	"context"
	"math"
	"reflect"
	"strings"
	"testing"

	"boardgames/ai/bots"
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
