package lab

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/rules"
	"boardgames/rules/games"
)

// The strength bench: an engine configuration against fixed reference
// opponents, over a seeded suite of openings that each opponent plays with
// both colours, the two games of an opening one after the other (paired
// openings). Its figures are the bot's score and Elo difference with a 95%
// interval against each reference, and its longest move in wall time
// against its budget: the time bots.Think took, as a program that asks the
// bot for a move waits for it. BENCHMARKS.md records them version by
// version.

// StrengthConfig sets up a strength bench.
type StrengthConfig struct {
	Game     string
	Settings games.Settings
	// Bot is the configuration measured, Refs its opponents (at least one).
	Bot  bots.Spec
	Refs []bots.Spec
	// Openings is the number of openings of the suite (each played twice
	// against each reference); OpeningPlies their length in plies.
	Openings, OpeningPlies int
	// Seed chooses the openings and seeds the bots.
	Seed uint64
	// Parallel is the number of games played at once (0: one per core).
	Parallel int
	// Finished are the games of an earlier run of this same bench (the
	// same game, bots, suite and seed), which it resumes: they are checked
	// against the suite and the rules, counted, and not played again.
	Finished []StrengthGame
	// OnGame, if not nil, is told of every game played, one at a time.
	OnGame func(StrengthGame)
}

// StrengthGame is one finished game of a bench.
type StrengthGame struct {
	Ref       int          // the reference's index in Refs
	Opening   int          // the opening's index in the suite
	BotColour rules.Player // the bot's colour
	Moves     string       // every move from the start, the opening's included
	Result    rules.Result
	Score     float64 // the bot's: 1, 0.5 or 0
	// Adjudicated marks a game stopped at the ply limit, scored as a draw.
	Adjudicated bool
	// Longest is the bot's longest move in wall time, RefLongest the
	// reference's; Over counts the bot's moves over OverBudgetLimit times
	// its budget.
	Longest, RefLongest time.Duration
	Over                int
	Done, Total         int // games finished so far (resumed ones included), of all
}

// StrengthRow is the bot's record against one reference.
type StrengthRow struct {
	Ref                  string
	Games                int
	Wins, Draws, Losses  int
	Score                float64 // the bot's score fraction
	Elo, EloLow, EloHigh float64
	// Budget is the bot's time budget per move; Longest its longest move
	// in wall time, Over its moves that took more than 1.2 times the
	// budget, Moves all its moves. RefLongest is the reference's longest.
	Budget     time.Duration
	Longest    time.Duration
	Over       int
	Moves      int
	RefBudget  time.Duration
	RefLongest time.Duration
}

// StrengthResult is what a bench gave.
type StrengthResult struct {
	Game     string
	Bot      string
	Openings []string // the suite, in the game's notation
	Rows     []StrengthRow
	Elapsed  time.Duration
}

// OverBudgetLimit is how far past its budget a move of a strength bench
// may go: 20%.
const OverBudgetLimit = 1.2

// strengthMaxPlies ends a game as a draw (the rules end every game long
// before).
const strengthMaxPlies = 1000

// Strength runs a strength bench. When ctx ends it returns what finished
// with ctx.Err().
func Strength(ctx context.Context, cfg StrengthConfig) (StrengthResult, error) {
	start := time.Now()
	res := StrengthResult{Bot: cfg.Bot.String()}
	if len(cfg.Refs) == 0 {
		return res, errors.New("lab: a strength bench needs a reference opponent")
	}
	if cfg.Openings < 1 || 2*cfg.Openings*len(cfg.Refs) > MaxGames {
		return res, fmt.Errorf("lab: %d openings: want 1..%d", cfg.Openings, MaxGames/(2*len(cfg.Refs)))
	}
	g, startPos, err := startPosition(cfg.Game, cfg.Settings, nil)
	if err != nil {
		return res, err
	}
	res.Game = g.Name
	for _, s := range append([]bots.Spec{cfg.Bot}, cfg.Refs...) {
		if err := CheckSpec(g.Name, s); err != nil {
			return res, err
		}
	}
	suite := OpeningSuite(startPos, cfg.Openings, cfg.OpeningPlies, cfg.Seed)
	for _, o := range suite {
		res.Openings = append(res.Openings, strings.Join(games.LineStrings(startPos, o), " "))
	}
	res.Rows = make([]StrengthRow, len(cfg.Refs))
	scores := make([][]float64, len(cfg.Refs))
	for r, ref := range cfg.Refs {
		res.Rows[r] = StrengthRow{Ref: ref.String(), Budget: cfg.Bot.Params.Time, RefBudget: ref.Params.Time}
	}
	count := func(ref int, out measured) {
		row := &res.Rows[ref]
		row.Games++
		switch out.score {
		case 1:
			row.Wins++
		case 0.5:
			row.Draws++
		default:
			row.Losses++
		}
		scores[ref] = append(scores[ref], out.score)
		row.Moves += out.moves
		row.Over += out.over
		row.Longest = max(row.Longest, out.longest)
		row.RefLongest = max(row.RefLongest, out.refLongest)
	}
	played := map[[2]int]bool{} // ref, game: the games resumed
	for i, f := range cfg.Finished {
		out, game, err := checkFinished(g, cfg, startPos, suite, f)
		if err != nil {
			return res, fmt.Errorf("%w: game %d: %w", ErrResumed, i+1, err)
		}
		if played[[2]int{f.Ref, game}] {
			return res, fmt.Errorf("%w: game %d: opening %d with %s against reference %d is there twice", ErrResumed, i+1, f.Opening+1, f.BotColour, f.Ref+1)
		}
		played[[2]int{f.Ref, game}] = true
		count(f.Ref, out)
	}
	type job struct{ ref, opening, game int }
	var jobs []job
	for r := range cfg.Refs {
		for o := range suite {
			for _, game := range []int{2 * o, 2*o + 1} {
				if !played[[2]int{r, game}] {
					jobs = append(jobs, job{r, o, game})
				}
			}
		}
	}
	var (
		mu       sync.Mutex
		next     int
		done     = len(cfg.Finished)
		total    = done + len(jobs)
		firstErr error
		wg       sync.WaitGroup
	)
	parallel := cfg.Parallel
	if parallel <= 0 {
		parallel = DefaultParallel(append([]bots.Spec{cfg.Bot}, cfg.Refs...)...)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for range min(parallel, len(jobs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				if next >= len(jobs) || ctx.Err() != nil {
					mu.Unlock()
					return
				}
				j := jobs[next]
				next++
				mu.Unlock()
				colour := rules.Black
				if j.game%2 == 1 {
					colour = rules.White
				}
				seed := mix(cfg.Seed, 3, uint64(j.ref), uint64(j.game))
				out, err := playMeasured(ctx, startPos, suite[j.opening], cfg.Bot, cfg.Refs[j.ref], colour, seed)
				mu.Lock()
				if err != nil {
					if firstErr == nil && ctx.Err() == nil {
						firstErr = err
					}
					cancel()
					mu.Unlock()
					return
				}
				done++
				count(j.ref, out)
				if cfg.OnGame != nil {
					cfg.OnGame(StrengthGame{Ref: j.ref, Opening: j.opening, BotColour: colour, Moves: out.line,
						Result: out.result, Score: out.score, Adjudicated: out.adjudicated,
						Longest: out.longest, RefLongest: out.refLongest, Over: out.over, Done: done, Total: total})
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	for r := range res.Rows {
		row := &res.Rows[r]
		if row.Games > 0 {
			row.Score = (float64(row.Wins) + float64(row.Draws)/2) / float64(row.Games)
		}
		row.Elo, row.EloLow, row.EloHigh = EloDiff(scores[r])
	}
	res.Elapsed = time.Since(start)
	if firstErr != nil {
		return res, firstErr
	}
	return res, ctx.Err()
}

// ErrResumed is the error of a bench whose Finished games are not of it.
var ErrResumed = errors.New("lab: the games resumed are not of this bench")

// checkFinished checks a game of an earlier run against the bench: its
// reference and opening exist, its moves begin with that opening and are
// legal, and its result and score are what the moves give. It returns the
// game counted as a played one would be, and its index (2×opening, +1 for
// the bot as White).
func checkFinished(g *games.Game, cfg StrengthConfig, start games.Position, suite [][]rules.Move, f StrengthGame) (measured, int, error) {
	var out measured
	switch {
	case f.Ref < 0 || f.Ref >= len(cfg.Refs):
		return out, 0, fmt.Errorf("reference %d: the bench has %d", f.Ref+1, len(cfg.Refs))
	case f.Opening < 0 || f.Opening >= len(suite):
		return out, 0, fmt.Errorf("opening %d: the suite has %d", f.Opening+1, len(suite))
	case f.BotColour != rules.Black && f.BotColour != rules.White:
		return out, 0, fmt.Errorf("the bot's colour %d is neither black (0) nor white (1)", f.BotColour)
	case f.Over < 0 || f.Longest < 0 || f.RefLongest < 0:
		return out, 0, errors.New("a negative time or count")
	}
	game := 2 * f.Opening
	if f.BotColour == rules.White {
		game++
	}
	rec, err := g.ReplayMoves(start, f.Moves, cfg.Settings)
	if err != nil {
		return out, 0, err
	}
	moves := rec.Moves()
	opening := suite[f.Opening]
	if len(moves) < len(opening) || !slices.Equal(moves[:len(opening)], opening) {
		return out, 0, fmt.Errorf("its moves do not begin with opening %d (%s)", f.Opening+1, strings.Join(games.LineStrings(start, opening), " "))
	}
	out.result = rec.Result()
	if !out.result.Over() {
		if !f.Adjudicated {
			return out, 0, errors.New("its moves do not end the game, and it is not marked adjudicated")
		}
		out.result, out.adjudicated = rules.Draw, true
	}
	if out.result != f.Result {
		return out, 0, fmt.Errorf("its moves end %s, not %s", out.result, f.Result)
	}
	out.score = sideScore(out.result, f.BotColour)
	if out.score != f.Score {
		return out, 0, fmt.Errorf("the bot's score is %g, not %g", out.score, f.Score)
	}
	for i := len(opening); i < len(moves); i++ {
		if rec.At(i).ToMove() == f.BotColour {
			out.moves++
		}
	}
	out.line, out.over, out.longest, out.refLongest = f.Moves, f.Over, f.Longest, f.RefLongest
	return out, game, nil
}

// OpeningSuite returns n distinct openings of plies random moves from
// start, chosen by seed: the same arguments give the same suite. An
// opening never ends the game; when fewer distinct openings exist, the
// suite repeats them.
func OpeningSuite(start games.Position, n, plies int, seed uint64) [][]rules.Move {
	rng := newRand(mix(seed, 7))
	var out [][]rules.Move
	seen := map[string]bool{}
	for try := 0; len(out) < n && try < 100*n; try++ {
		o := randomOpening(start, plies, rng)
		key := strings.Join(games.LineStrings(start, o), " ")
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, o)
	}
	for i := 0; len(out) < n; i++ {
		out = append(out, slices.Clone(out[i]))
	}
	return out
}

// measured is one game of a strength bench, from the bot's side.
type measured struct {
	line                string
	result              rules.Result
	score               float64
	adjudicated         bool
	moves, over         int
	longest, refLongest time.Duration
}

// playMeasured plays one game from the opening, bot against ref, the bot
// with colour, timing every move in wall time.
func playMeasured(ctx context.Context, start games.Position, opening []rules.Move, bot, ref bots.Spec, colour rules.Player, seed uint64) (measured, error) {
	var out measured
	rec := games.NewRecord(start)
	for _, m := range opening {
		if err := rec.Play(m); err != nil {
			return out, fmt.Errorf("lab: opening: %w", err)
		}
	}
	// Each side's engine keeps its transposition table through the game.
	botTable, refTable := ai.NewTable(), ai.NewTable()
	for !rec.Result().Over() && rec.Len() < strengthMaxPlies {
		pos := rec.Position()
		isBot := pos.ToMove() == colour
		spec := ref
		spec.Params.Table = refTable
		if isBot {
			spec = bot
			spec.Params.Table = botTable
		}
		spec.Params.Progress, spec.Params.Tree = nil, nil
		spec.Params.Seed = mix(seed, uint64(rec.Len()), spec.Params.Seed)
		spec.Params.Past = games.Past(rec)
		t0 := time.Now()
		info, err := bots.Think(ctx, pos, spec)
		took := time.Since(t0)
		if err := ctx.Err(); err != nil {
			return out, err
		}
		if err != nil {
			return out, fmt.Errorf("lab: bot %s: %w", spec, err)
		}
		if err := rec.Play(info.Move); err != nil {
			return out, fmt.Errorf("lab: bot %s played an illegal move: %w", spec, err)
		}
		if isBot {
			out.moves++
			out.longest = max(out.longest, took)
			if b := spec.Params.Time; b > 0 && float64(took) > OverBudgetLimit*float64(b) {
				out.over++
			}
		} else {
			out.refLongest = max(out.refLongest, took)
		}
	}
	out.line = rec.String()
	out.result = rec.Result()
	if !out.result.Over() {
		out.result, out.adjudicated = rules.Draw, true
	}
	out.score = sideScore(out.result, colour)
	return out, nil
}

// sideScore is the score of colour's side in a finished game: 1, 0.5 or 0.
func sideScore(r rules.Result, colour rules.Player) float64 {
	switch w, ok := r.Winner(); {
	case !ok:
		return 0.5
	case w == colour:
		return 1
	}
	return 0
}
