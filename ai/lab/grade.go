package lab

import (
	"context"
	"fmt"
	"strings"
	"time"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/ai/stats"
	"boardgames/rules/games"
)

// The grader plays a student's bot against a fixed suite of opponents
// (the papers' bots of its game and ours at several strengths), in pairs
// of games on seeded random openings, once with each colour, and sums up
// each opponent's games with 95% intervals. It is a tournament with the
// student's bot (index 0) paired with each opponent, so it shards and
// merges like one.

// Opponent is one bot of a grading suite.
type Opponent struct {
	Label string // such as "paper002-minimax" or "Medium"
	Spec  bots.Spec
}

// GradeTime is the engine's time per move in the suites' strongest
// opponent ("engine 200ms").
const GradeTime = 200 * time.Millisecond

// Suite lists the opponents a bot of game is graded against, weakest
// first: random, greedy, the papers' bots of the game, our Easy and Medium
// presets and the engine with GradeTime a move.
func Suite(game string) []Opponent {
	out := []Opponent{
		{"random", bots.Spec{Algo: "random"}},
		{"greedy", bots.Spec{Algo: "greedy"}},
	}
	for _, p := range bots.PaperPresets(game) {
		out = append(out, Opponent{p.Spec.Algo, p.Spec})
	}
	for _, level := range []string{bots.Easy, bots.Medium} {
		out = append(out, Opponent{level, bots.Preset(game, level)})
	}
	engine := bots.Spec{Algo: "engine", Params: ai.Params{Depth: 64, Time: GradeTime}}
	return append(out, Opponent{"engine " + GradeTime.String(), engine})
}

// PickOpponents chooses opponents from a game's suite by label or spec
// (names separated by ";"), or takes other bot specs as they are.
func PickOpponents(game, names string) ([]Opponent, error) {
	suite := Suite(game)
	var out []Opponent
	for _, n := range strings.Split(names, ";") {
		n = strings.TrimSpace(n)
		if n == "" {
			continue
		}
		found := false
		for _, o := range suite {
			if strings.EqualFold(o.Label, n) || o.Spec.String() == n {
				out, found = append(out, o), true
				break
			}
		}
		if found {
			continue
		}
		spec, err := bots.ParseSpec(n)
		if err != nil {
			return nil, fmt.Errorf("lab: opponent %q is none of the suite's (%s) and not a bot: %w", n, suiteLabels(suite), err)
		}
		out = append(out, Opponent{spec.Label(), spec})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("lab: no opponents in %q", names)
	}
	return out, nil
}

func suiteLabels(suite []Opponent) string {
	var l []string
	for _, o := range suite {
		l = append(l, o.Label)
	}
	return strings.Join(l, ", ")
}

// GradeConfig sets up a grading run.
type GradeConfig struct {
	Game     string
	Settings games.Settings
	Bot      bots.Spec  // the bot graded
	Suite    []Opponent // nil: Suite(Game)
	// Games per opponent: pairs of games on one random opening, once with
	// each colour (0: DefaultGradeGames).
	Games int
	// Openings is the random plies of each opening (0: DefaultGradeOpenings
	// of the game).
	Openings int
	Seed     uint64
	Parallel int
	Shard    Shard
	OnMove   func(Progress)
	LogDir   string // see ArenaConfig.LogDir
	// OnGame is given every game as it finishes (see ArenaConfig.OnGame).
	OnGame func(Played) error
}

// DefaultGradeGames is the games against each opponent: 5 openings, each
// played with both colours.
const DefaultGradeGames = 10

// DefaultGradeOpenings is each game's random opening: enough plies that
// the games differ, few enough that they stay balanced.
var DefaultGradeOpenings = map[string]int{"othello": 4, "checkers": 4, "connect4": 2, "adjacency": 2}

// Run returns the run the configuration plays (for shard files).
func (c GradeConfig) Run(start games.Position) Run {
	c = c.withDefaults()
	r := Run{Kind: "grade", Game: c.Game, Settings: c.Settings, Start: start.String(), Bots: []string{c.Bot.String()},
		Games: c.Games, Openings: c.Openings, Seed: c.Seed}
	for i, o := range c.Suite {
		r.Bots = append(r.Bots, o.Spec.String())
		r.Pairs = append(r.Pairs, Pair{0, i + 1})
	}
	return r
}

func (c GradeConfig) withDefaults() GradeConfig {
	if c.Suite == nil {
		c.Suite = Suite(c.Game)
	}
	if c.Games == 0 {
		c.Games = DefaultGradeGames
	}
	if c.Openings == 0 {
		c.Openings = DefaultGradeOpenings[c.Game]
	}
	return c
}

// Grade plays the suite and returns the tournament it makes (the graded
// bot is bot 0, paired with each opponent); GradeFromTournament sums it
// up.
func Grade(ctx context.Context, c GradeConfig) (TournamentResult, error) {
	g, err := games.Lookup(c.Game)
	if err != nil {
		return TournamentResult{}, fmt.Errorf("lab: %w", err)
	}
	c.Game = g.Name
	c = c.withDefaults()
	specs := []bots.Spec{c.Bot}
	var pairs []Pair
	for i, o := range c.Suite {
		specs = append(specs, o.Spec)
		pairs = append(pairs, Pair{0, i + 1})
	}
	return Tournament(ctx, c.Game, c.Settings, specs, c.Games, TournamentOptions{
		Openings: c.Openings, Parallel: c.Parallel, Seed: c.Seed, Pairs: pairs, Shard: c.Shard, OnMove: c.OnMove,
		LogDir: c.LogDir,
		OnGame: c.OnGame,
	}, nil)
}

// GradeRow is the graded bot's results against one opponent.
type GradeRow struct {
	Opponent            string // its label
	Spec                string // its spec
	Games               int
	Wins, Draws, Losses int
	// Score is the graded bot's share of the points, with a 95% interval
	// (ScoreInterval); Elo the rating difference, with its interval.
	Score, ScoreLow, ScoreHigh float64
	Elo, EloLow, EloHigh       float64
	// The graded bot's forfeits by kind, its moves and their time.
	Forfeits        int
	Faults          map[string]int
	Moves           int
	MeanMoveSeconds float64
	MaxMoveSeconds  float64
	// Records are the games, the graded bot as P1.
	Records []GameRecord
}

// GradeResult is a grading run summed up.
type GradeResult struct {
	Game string
	Bot  string // the graded bot's label
	Spec string
	Rows []GradeRow
	// Total is every game against the suite together.
	Total GradeRow
}

// GradeFromTournament sums up a grading run per opponent. labels names
// the opponents in the order of the run's pairings (nil: their specs).
func GradeFromTournament(res TournamentResult, bot bots.Spec, labels []string) GradeResult {
	out := GradeResult{Game: res.Game, Bot: bot.Label(), Spec: bot.String()}
	var total GradeRow
	var seconds float64
	for i, m := range res.Pairings {
		label := m.P2.Spec
		if i < len(labels) {
			label = labels[i]
		}
		row := gradeRow(label, m)
		out.Rows = append(out.Rows, row)
		total.Games += row.Games
		total.Wins += row.Wins
		total.Draws += row.Draws
		total.Losses += row.Losses
		total.Forfeits += row.Forfeits
		for k, v := range row.Faults {
			if total.Faults == nil {
				total.Faults = map[string]int{}
			}
			total.Faults[k] += v
		}
		total.Moves += row.Moves
		seconds += row.MeanMoveSeconds * float64(row.Moves)
		total.MaxMoveSeconds = max(total.MaxMoveSeconds, row.MaxMoveSeconds)
	}
	total.Opponent = "all"
	if total.Moves > 0 {
		total.MeanMoveSeconds = seconds / float64(total.Moves)
	}
	total.Score, total.ScoreLow, total.ScoreHigh = ScoreInterval(total.Wins, total.Draws, total.Losses)
	total.Elo, total.EloLow, total.EloHigh = eloFromCounts(total.Wins, total.Draws, total.Losses)
	out.Total = total
	return out
}

func gradeRow(label string, m ArenaResult) GradeRow {
	p := m.P1
	r := GradeRow{Opponent: label, Spec: m.P2.Spec, Games: m.Games, Wins: p.Wins, Draws: p.Draws, Losses: p.Losses,
		Forfeits: p.Forfeits, Faults: p.Faults, Moves: p.Moves, MeanMoveSeconds: p.MeanMoveSeconds,
		MaxMoveSeconds: p.MaxMoveSeconds, Records: m.Records, Elo: m.Elo, EloLow: m.EloLow, EloHigh: m.EloHigh}
	r.Score, r.ScoreLow, r.ScoreHigh = ScoreInterval(p.Wins, p.Draws, p.Losses)
	return r
}

// ScoreInterval is a score share (wins + draws/2 over the games) with a
// 95% confidence interval: stats.ScoreCounts. It returns zeros for no
// games.
func ScoreInterval(wins, draws, losses int) (score, low, high float64) {
	e := stats.ScoreCounts(wins, draws, losses)
	return e.Value, e.Low, e.High
}
