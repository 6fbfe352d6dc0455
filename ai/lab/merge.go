package lab

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"

	"boardgames/ai/bots"
	"boardgames/rules"
	"boardgames/rules/games"
)

// Run is what decides the games of a match or a tournament, written in
// each shard's results so that Merge can check that the shards belong
// together and rebuild the run's tables.
type Run struct {
	Kind     string // "arena", "tournament" or "grade"
	Game     string
	Settings games.Settings
	Start    string   // the start position in the game's notation ("": the game's start under Settings)
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
	Run   Run
	Shard Shard
	// Hash is Run.Hash() when the shard was written; Merge refuses a shard
	// whose Run no longer gives it (files written before it had one have
	// none, and their games are still replayed).
	Hash    string  `json:",omitempty"`
	Seconds float64 // how long the shard took
	Games   []GameRecord
	// Name names the shard in Merge's messages (its file); it is not
	// written.
	Name string `json:"-"`
}

// Hash is a digest of everything that decides the run's games (the game,
// its settings and start, the bots' specs, the pairings, the games, the
// openings, the seed and the ply limit): the SHA-256 of the run's JSON, in
// hexadecimal. Two shards of one run have the same hash.
func (r Run) Hash() string {
	b, err := json.Marshal(r)
	if err != nil { // a Run is plain data: never
		panic(err)
	}
	sum := sha256.Sum256(append([]byte("boardgames-run-1\n"), b...))
	return hex.EncodeToString(sum[:])
}

// Merge checks that parts are the N shards of one run, each once, with
// each of the run's games exactly once, replays every game from its moves
// and returns the run, all its games in the run's order and the shards'
// seconds added up. A game is refused unless its opening is the one the
// run's seed gives, its moves are legal from the run's start, and its
// plies, final position, result, winner, points, margin and moves per bot
// are those its moves give; a forfeit must name an external program that
// was to move, with its fault, before the game's end. The tables made from
// the games returned are thus made from the moves, not from what the
// files say.
func Merge(parts []ShardResult) (Run, []GameRecord, float64, error) {
	if len(parts) == 0 {
		return Run{}, nil, 0, errors.New("lab: no shard results to merge")
	}
	parts = slices.Clone(parts) // named here, not in the caller's
	for i := range parts {
		if parts[i].Name == "" {
			parts[i].Name = fmt.Sprintf("part %d", i+1)
		}
	}
	for _, p := range parts {
		if s := p.Shard; s.N < 1 || s.N > MaxGames || s.K < 1 || s.K > s.N {
			return Run{}, nil, 0, fmt.Errorf("lab: %s is shard %d of %d: want 1 <= K <= N <= %d", p.Name, s.K, s.N, MaxGames)
		}
		if p.Hash != "" && p.Hash != p.Run.Hash() {
			return Run{}, nil, 0, fmt.Errorf("lab: %s: its run's settings do not give its hash: the file was edited or damaged", p.Name)
		}
	}
	first := parts[0]
	run, n := first.Run, first.Shard.N
	v, err := newVerifier(run)
	if err != nil {
		return Run{}, nil, 0, fmt.Errorf("lab: %s: %w", first.Name, err)
	}
	seen := make([]bool, n)
	played := make([]bool, run.Total())
	var all []GameRecord
	var seconds float64
	for _, p := range parts {
		if !reflect.DeepEqual(p.Run, run) {
			return Run{}, nil, 0, fmt.Errorf("lab: %s is of another run than %s (%s)", p.Name, first.Name, runDiff(run, p.Run))
		}
		if p.Shard.N != n {
			return Run{}, nil, 0, fmt.Errorf("lab: %s is shard %s, %s one of %d", p.Name, p.Shard, first.Name, n)
		}
		k := p.Shard.K
		if seen[k-1] {
			return Run{}, nil, 0, fmt.Errorf("lab: shard %d/%d given twice (%s)", k, n, p.Name)
		}
		seen[k-1] = true
		for _, g := range p.Games {
			if g.Pair < 0 || g.Pair >= max(len(run.Pairs), 1) || g.Number < 1 || g.Number > run.Games || run.Kind == "arena" && g.Pair != 0 {
				return Run{}, nil, 0, fmt.Errorf("lab: %s holds game %d of pairing %d, which the run (%d games%s) does not have",
					p.Name, g.Number, g.Pair, run.Games, pairingsText(run))
			}
			i := run.index(g)
			if !p.Shard.Has(i) {
				return Run{}, nil, 0, fmt.Errorf("lab: %s (shard %s) holds game %d of pairing %d, which is not its own", p.Name, p.Shard, g.Number, g.Pair)
			}
			if played[i] {
				return Run{}, nil, 0, fmt.Errorf("lab: %s holds game %d of pairing %d twice", p.Name, g.Number, g.Pair)
			}
			played[i] = true
			checked, err := v.replay(g)
			if err != nil {
				return Run{}, nil, 0, fmt.Errorf("lab: %s: game %d%s: %w", p.Name, g.Number, v.pairText(g), err)
			}
			all = append(all, checked)
		}
		seconds += p.Seconds
	}
	for k, ok := range seen {
		if !ok {
			return Run{}, nil, 0, fmt.Errorf("lab: shard %d/%d is missing", k+1, n)
		}
	}
	slices.SortFunc(all, func(a, b GameRecord) int { return cmp.Compare(run.index(a), run.index(b)) })
	if len(all) != run.Total() {
		for i, ok := range played {
			if !ok {
				return Run{}, nil, 0, fmt.Errorf("lab: the shards hold %d of the run's %d games (game %d%s is missing): some shard was interrupted",
					len(all), run.Total(), i%run.Games+1, v.pairText(GameRecord{Pair: i / run.Games}))
			}
		}
	}
	return run, all, seconds, nil
}

// pairingsText is ", P pairings" for a run with pairings.
func pairingsText(r Run) string {
	if r.Kind == "arena" {
		return ""
	}
	return fmt.Sprintf(" in each of %d pairings", len(r.Pairs))
}

// verifier replays the games of a run.
type verifier struct {
	run      Run
	game     *games.Game
	start    games.Position
	specs    []bots.Spec
	matches  []*match // one per pairing (one for a match)
	maxPlies int
}

// newVerifier checks a run's settings and lays out its games' openings.
func newVerifier(run Run) (*verifier, error) {
	switch run.Kind {
	case "arena", "tournament", "grade":
	default:
		return nil, fmt.Errorf("a run of kind %q, not arena, tournament or grade", run.Kind)
	}
	if run.Games < 1 || run.Openings < 0 || run.MaxPlies < 0 {
		return nil, fmt.Errorf("a run of %d games, %d opening plies and %d plies at most", run.Games, run.Openings, run.MaxPlies)
	}
	if run.Kind != "arena" && (len(run.Pairs) == 0 || run.Games > MaxGames/len(run.Pairs)) || run.Games > MaxGames {
		return nil, fmt.Errorf("a run of %d games per pairing in %d pairings: at most %d games in all", run.Games, len(run.Pairs), MaxGames)
	}
	g, err := games.Lookup(run.Game)
	if err != nil {
		return nil, err
	}
	var start games.Position
	if run.Start == "" {
		start, err = g.Start(run.Settings)
	} else {
		start, err = g.Parse(run.Start, run.Settings)
	}
	if err != nil {
		return nil, fmt.Errorf("the run's start position: %w", err)
	}
	specs, err := run.specsOf()
	if err != nil {
		return nil, err
	}
	v := &verifier{run: run, game: g, start: start, specs: specs, maxPlies: cmp.Or(run.MaxPlies, defaultMaxPlies)}
	if run.Kind == "arena" {
		if len(specs) != 2 {
			return nil, fmt.Errorf("a match of %d bots", len(specs))
		}
		v.matches = []*match{newMatch(start, run.Settings, specs[0], specs[1], run.Openings, run.Seed, run.MaxPlies)}
		return v, nil
	}
	for _, p := range run.Pairs {
		if p.I < 0 || p.J < 0 || p.I >= len(specs) || p.J >= len(specs) || p.I == p.J {
			return nil, fmt.Errorf("pairing %d-%d of %d bots", p.I, p.J, len(specs))
		}
		seed := mix(run.Seed, 3, uint64(p.I), uint64(p.J))
		v.matches = append(v.matches, newMatch(start, run.Settings, specs[p.I], specs[p.J], run.Openings, seed, run.MaxPlies))
	}
	return v, nil
}

// pairText is " of pairing P (A vs B)" in a tournament, "" in a match.
func (v *verifier) pairText(g GameRecord) string {
	if v.run.Kind == "arena" || g.Pair < 0 || g.Pair >= len(v.run.Pairs) {
		return ""
	}
	p := v.run.Pairs[g.Pair]
	return fmt.Sprintf(" of pairing %d (%s vs %s)", g.Pair, v.specs[p.I].Label(), v.specs[p.J].Label())
}

// replay plays a game's moves from the run's start and returns the game
// with what they give, or why the game is not the one they give.
func (v *verifier) replay(g GameRecord) (GameRecord, error) {
	j := v.matches[g.Pair].job(g.Number - 1)
	if g.P1Colour != j.p1Colour {
		return GameRecord{}, fmt.Errorf("its first bot played %s, the run has it play %s", g.P1Colour, j.p1Colour)
	}
	rec, err := v.game.ParseMoves(v.start, g.Moves, v.run.Settings)
	if err != nil {
		return GameRecord{}, fmt.Errorf("its moves do not replay: %w", err)
	}
	moves := rec.Moves()
	if g.Opening != len(j.opening) || len(moves) < len(j.opening) || !slices.Equal(moves[:len(j.opening)], j.opening) {
		return GameRecord{}, fmt.Errorf("its opening is not the %d plies the run's seed gives", len(j.opening))
	}
	final := rec.Position()
	out := g
	out.Plies, out.Final, out.final, out.Adjudicated = rec.Len(), final.String(), final, false
	out.Result = rec.Result()
	switch {
	case g.Forfeit != "":
		who := slices.Index([]string{"p1", "p2"}, g.Forfeit)
		switch {
		case who < 0:
			return GameRecord{}, fmt.Errorf("it is forfeited by %q, neither p1 nor p2", g.Forfeit)
		case g.Fault == "" || g.FaultKind == "":
			return GameRecord{}, errors.New("its forfeit gives no fault")
		case !j.bots[who].IsExternal():
			return GameRecord{}, fmt.Errorf("it is forfeited by %s, which is no external program", j.bots[who].Label())
		case out.Result.Over() || out.Plies >= v.maxPlies:
			return GameRecord{}, fmt.Errorf("it is forfeited by %s after the game's end", g.Forfeit)
		}
		loser := j.p1Colour
		if who == 1 {
			loser = loser.Other()
		}
		if final.ToMove() != loser {
			return GameRecord{}, fmt.Errorf("it is forfeited by %s, which was not to move", g.Forfeit)
		}
		out.Result = rules.WinFor(loser.Other())
	case out.Result.Over():
	case out.Plies >= v.maxPlies:
		out.Result, out.Adjudicated = rules.Draw, true
	default:
		return GameRecord{}, fmt.Errorf("its moves stop after %d plies, before the game's end, with no forfeit", out.Plies)
	}
	out.Margin = final.Score()
	if j.p1Colour == rules.White {
		out.Margin = -out.Margin
	}
	w, won := out.Result.Winner()
	switch {
	case !won:
		out.Winner, out.P1Points = "draw", 0.5
	case w == j.p1Colour:
		out.Winner, out.P1Points = "p1", 1
	default:
		out.Winner, out.P1Points = "p2", 0
	}
	var moved [2]int // each bot's moves
	for i := len(j.opening); i < len(moves); i++ {
		moved[boolInt(rec.At(i).ToMove() != j.p1Colour)]++
	}
	if g.Forfeit == "p1" {
		moved[0]++
	} else if g.Forfeit == "p2" {
		moved[1]++
	}
	for _, c := range []struct {
		what        string
		said, moves any
	}{
		{"Plies", g.Plies, out.Plies}, {"Final", g.Final, out.Final}, {"Result", g.Result, out.Result},
		{"Winner", g.Winner, out.Winner}, {"P1Points", g.P1Points, out.P1Points}, {"Margin", g.Margin, out.Margin},
		{"Adjudicated", g.Adjudicated, out.Adjudicated},
		{"P1's moves", g.Stats[0].Moves, moved[0]}, {"P2's moves", g.Stats[1].Moves, moved[1]},
	} {
		if c.said != c.moves {
			return GameRecord{}, fmt.Errorf("its %s says %v, its moves give %v", c.what, c.said, c.moves)
		}
	}
	return out, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
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
