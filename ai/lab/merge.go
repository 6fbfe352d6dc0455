package lab

import (
	"cmp"
	"errors"
	"fmt"
	"reflect"
	"slices"

	"boardgames/ai/bots"
	"boardgames/rules/games"
)

// Run is what decides the games of a match or a tournament, written in
// each shard's results so that Merge can check that the shards belong
// together and rebuild the run's tables.
type Run struct {
	Kind     string // "arena", "tournament" or "grade"
	Game     string
	Settings games.Settings
	Start    string   // the start position in the game's notation
	Bots     []string // the bots' specs in ParseSpec's form
	Pairs    []Pair   // the pairings (tournament, grade)
	Games    int      // the games of a match, or per pairing
	Openings int
	Seed     uint64
	MaxPlies int
}

// Total is the number of games of the whole run.
func (r Run) Total() int {
	if r.Kind == "arena" {
		return r.Games
	}
	return len(r.Pairs) * r.Games
}

// index is a game's index in the run, the one shards are cut by.
func (r Run) index(g GameRecord) int {
	if r.Kind == "arena" {
		return g.Number - 1
	}
	return g.Pair*r.Games + g.Number - 1
}

// ShardResult is the games one shard played, as its file holds them.
type ShardResult struct {
	Run     Run
	Shard   Shard
	Seconds float64 // how long the shard took
	Games   []GameRecord
}

// Merge checks that parts are the N shards of one run, each once, with
// each of the run's games exactly once, and returns the run, all its games
// in the run's order and the shards' seconds added up.
func Merge(parts []ShardResult) (Run, []GameRecord, float64, error) {
	if len(parts) == 0 {
		return Run{}, nil, 0, errors.New("lab: no shard results to merge")
	}
	run, n := parts[0].Run, max(parts[0].Shard.N, 1)
	seen := make([]bool, n)
	var all []GameRecord
	var seconds float64
	for i, p := range parts {
		if !reflect.DeepEqual(p.Run, run) {
			return Run{}, nil, 0, fmt.Errorf("lab: part %d is of another run than part 1 (%s)", i+1, runDiff(run, p.Run))
		}
		if max(p.Shard.N, 1) != n {
			return Run{}, nil, 0, fmt.Errorf("lab: part %d is shard %s, part 1 one of %d", i+1, p.Shard, n)
		}
		k := max(p.Shard.K, 1)
		if seen[k-1] {
			return Run{}, nil, 0, fmt.Errorf("lab: shard %d/%d given twice", k, n)
		}
		seen[k-1] = true
		for _, g := range p.Games {
			if !p.Shard.Has(run.index(g)) {
				return Run{}, nil, 0, fmt.Errorf("lab: shard %s holds game %d of pairing %d, which is not its own", p.Shard, g.Number, g.Pair)
			}
		}
		all = append(all, p.Games...)
		seconds += p.Seconds
	}
	for k, ok := range seen {
		if !ok {
			return Run{}, nil, 0, fmt.Errorf("lab: shard %d/%d is missing", k+1, n)
		}
	}
	slices.SortFunc(all, func(a, b GameRecord) int { return cmp.Compare(run.index(a), run.index(b)) })
	for i, g := range all {
		if run.index(g) != i {
			return Run{}, nil, 0, fmt.Errorf("lab: the shards hold %d of the run's %d games (game %d of pairing %d is missing or twice)",
				len(all), run.Total(), g.Number, g.Pair)
		}
	}
	if len(all) != run.Total() {
		return Run{}, nil, 0, fmt.Errorf("lab: the shards hold %d of the run's %d games: some shard was interrupted", len(all), run.Total())
	}
	return run, all, seconds, nil
}

// runDiff names the first field in which two runs differ.
func runDiff(a, b Run) string {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	for i := range va.NumField() {
		if !reflect.DeepEqual(va.Field(i).Interface(), vb.Field(i).Interface()) {
			return "its " + va.Type().Field(i).Name + " differs"
		}
	}
	return "they differ"
}

// specsOf parses a run's bots.
func (r Run) specsOf() ([]bots.Spec, error) {
	var specs []bots.Spec
	for _, b := range r.Bots {
		s, err := bots.ParseSpec(b)
		if err != nil {
			return nil, fmt.Errorf("lab: %w", err)
		}
		specs = append(specs, s)
	}
	return specs, nil
}

// ArenaFromRecords sums up the games of a match (Run.Kind "arena") as
// Arena does.
func ArenaFromRecords(run Run, records []GameRecord) (ArenaResult, error) {
	specs, err := run.specsOf()
	if err != nil {
		return ArenaResult{}, err
	}
	if len(specs) != 2 {
		return ArenaResult{}, fmt.Errorf("lab: a match of %d bots", len(specs))
	}
	t := newTally(run.Game, specs[0], specs[1], true)
	for _, r := range records {
		t.add(r)
	}
	return t.result(), nil
}

// TournamentFromRecords sums up the games of a tournament or a grading
// run as Tournament does.
func TournamentFromRecords(run Run, records []GameRecord) (TournamentResult, error) {
	specs, err := run.specsOf()
	if err != nil {
		return TournamentResult{}, err
	}
	pairs := make([]pairRun, len(run.Pairs))
	for i, p := range run.Pairs {
		if p.I < 0 || p.J < 0 || p.I >= len(specs) || p.J >= len(specs) {
			return TournamentResult{}, fmt.Errorf("lab: pairing %d-%d of %d bots", p.I, p.J, len(specs))
		}
		pairs[i] = pairRun{Pair: p, tally: newTally(run.Game, specs[p.I], specs[p.J], true)}
	}
	for _, r := range records {
		if r.Pair < 0 || r.Pair >= len(pairs) {
			return TournamentResult{}, fmt.Errorf("lab: game %d of pairing %d, of %d pairings", r.Number, r.Pair, len(pairs))
		}
		pairs[r.Pair].tally.add(r)
	}
	return summarize(run.Game, specs, pairs), nil
}
