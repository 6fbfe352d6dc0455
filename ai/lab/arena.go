package lab

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"time"

	"boardgames/ai/bots"
	"boardgames/rules"
	"boardgames/rules/games"
)

// ArenaConfig sets up a match between two bots.
type ArenaConfig struct {
	// Game is the game's name ("othello", "checkers", "connect4",
	// "adjacency"; aliases work) and Settings its settings.
	Game     string
	Settings games.Settings
	// Start is the position every game starts from; nil means the game's
	// start position under Settings.
	Start games.Position
	// P1 and P2 are the two bots. Their Params.Progress and Params.Tree
	// are ignored.
	P1, P2 bots.Spec
	// Games is the number of games (0 means 10). P1 plays the first colour
	// (Black) in the odd-numbered games and White in the even-numbered
	// ones: colours alternate every game.
	Games int
	// Openings is the number of random plies played from Start before the
	// bots take over, so that games differ (0 = none). Games 2k-1 and 2k
	// share one opening with the colours swapped.
	Openings int
	// Parallel is the number of games played at once (0 means
	// runtime.NumCPU()). Bots with a time budget search less deeply when
	// their games share the CPUs.
	Parallel int
	// Seed seeds everything random: the openings and each bot's seed for
	// every move of every game. Fixed-depth bots give the same games for
	// the same seed, whatever Parallel is.
	Seed uint64
	// MaxPlies ends a game that is still going after this many plies
	// (openings included) as a draw (0 means 1000); the rules end every
	// game long before that, so it is only a safety net.
	MaxPlies int
}

// Defaults of ArenaConfig.
const (
	DefaultGames    = 10
	defaultMaxPlies = 1000
)

// PlayerStats are one bot's results in a match.
type PlayerStats struct {
	Spec                string // the bot in ParseSpec's form
	Wins, Draws, Losses int
	Points              float64 // wins + draws/2
	// MeanMargin is the mean final Score() of the games from this bot's
	// view: discs, pieces or marks ahead (negative: behind).
	MeanMargin float64
	// Moves counts the moves the bot chose (opening plies excluded);
	// MeanMoveSeconds and MeanMoveNodes are its mean time and search nodes
	// per move, MaxMoveSeconds its longest move.
	Moves           int
	MeanMoveSeconds float64
	MeanMoveNodes   float64
	MaxMoveSeconds  float64
}

// GameRecord is one game of a match.
type GameRecord struct {
	Number   int          // 1-based
	P1Colour rules.Player // the colour P1 played
	Opening  int          // random plies at the start of Moves
	Moves    string       // every move from the start position, in the game's notation
	Plies    int          // moves played, the opening's included
	Result   rules.Result
	// Winner is "p1", "p2" or "draw".
	Winner   string
	P1Points float64 // 1, 0.5 or 0
	// Margin is the final Score() from P1's view.
	Margin int
	// Adjudicated marks a game stopped at ArenaConfig.MaxPlies and scored
	// as a draw.
	Adjudicated bool
	Final       string // the final position in the game's notation

	final games.Position
}

// ArenaResult is what a match gave. Elo, EloLow and EloHigh are P1's
// rating minus P2's with a 95% confidence interval (see EloDiff).
type ArenaResult struct {
	Game    string
	Games   int // games played (fewer than asked when cancelled)
	P1, P2  PlayerStats
	Score   float64 // P1's score fraction, (wins + draws/2) / games
	Elo     float64
	EloLow  float64
	EloHigh float64
	Records []GameRecord
	Elapsed time.Duration
}

// Arena plays cfg.Games games between cfg.P1 and cfg.P2 and sums them up.
// progress, if not nil, is called with (0, total) and after each game.
// When ctx is cancelled it returns the games finished so far with
// ctx.Err(); other errors (a bad game, setting or bot) come before any
// game is played.
func Arena(ctx context.Context, cfg ArenaConfig, progress func(done, total int)) (ArenaResult, error) {
	start := time.Now()
	g, startPos, err := cfg.prepare()
	if err != nil {
		return ArenaResult{}, err
	}
	jobs := matchJobs(startPos, cfg.P1, cfg.P2, cfg.Games, cfg.Openings, cfg.Seed, cfg.MaxPlies)
	outs, runErr := runGames(ctx, jobs, cfg.Parallel, progress)
	res := summarize(g.Name, cfg.P1, cfg.P2, jobs, outs)
	res.Elapsed = time.Since(start)
	return res, runErr
}

// prepare checks the configuration and applies its defaults.
func (cfg *ArenaConfig) prepare() (*games.Game, games.Position, error) {
	if cfg.Games == 0 {
		cfg.Games = DefaultGames
	}
	switch {
	case cfg.Games < 0:
		return nil, nil, fmt.Errorf("lab: %d games: the number of games must be positive", cfg.Games)
	case cfg.Openings < 0:
		return nil, nil, fmt.Errorf("lab: %d opening plies: must not be negative", cfg.Openings)
	case cfg.Parallel < 0:
		return nil, nil, fmt.Errorf("lab: parallel %d: must not be negative", cfg.Parallel)
	case cfg.MaxPlies < 0:
		return nil, nil, fmt.Errorf("lab: max plies %d: must not be negative", cfg.MaxPlies)
	}
	for _, s := range []bots.Spec{cfg.P1, cfg.P2} {
		if err := CheckSpec(cfg.Game, s); err != nil {
			return nil, nil, err
		}
	}
	return startPosition(cfg.Game, cfg.Settings, cfg.Start)
}

// CheckSpec reports a bot that cannot play the game: an unknown algorithm,
// a bad parameter, an evaluation the game does not have, or an engine
// without a depth or a time. The lab's functions check their bots with it
// before they play; callers use it to tell bad input from other errors.
func CheckSpec(game string, s bots.Spec) error {
	g, err := games.Lookup(game)
	if err != nil {
		return fmt.Errorf("lab: %w", err)
	}
	if err := s.Validate(g.Name); err != nil {
		return fmt.Errorf("lab: bot %s: %w", s, err)
	}
	if s.Eval != "" {
		for _, e := range bots.Evals(g.Name) {
			if strings.EqualFold(e, s.Eval) {
				return nil
			}
		}
		return fmt.Errorf("lab: bot %s: %s has no evaluation %q (valid: %v)", s, g.Name, s.Eval, bots.Evals(g.Name))
	}
	return nil
}

// startPosition resolves a game name and an optional start position.
func startPosition(game string, s games.Settings, start games.Position) (*games.Game, games.Position, error) {
	g, err := games.Lookup(game)
	if err != nil {
		return nil, nil, fmt.Errorf("lab: %w", err)
	}
	if start == nil {
		if start, err = g.Start(s); err != nil {
			return nil, nil, fmt.Errorf("lab: %w", err)
		}
	}
	if start.Game() != g.Name {
		return nil, nil, fmt.Errorf("lab: the start position is of %s, not %s", start.Game(), g.Name)
	}
	if start.Result().Over() {
		return nil, nil, fmt.Errorf("lab: the start position is a finished game (%s)", start.Result())
	}
	return g, start, nil
}

// gameJob is one game to play: its start, its opening, who plays which
// colour, and its seed.
type gameJob struct {
	number   int // 1-based
	start    games.Position
	opening  []rules.Move
	p1Colour rules.Player
	bots     [2]bots.Spec // [0] is P1, [1] is P2
	seed     uint64
	maxPlies int
}

// gameOut is a finished game.
type gameOut struct {
	done        bool
	rec         games.Record
	result      rules.Result
	adjudicated bool
	// Per bot: [0] is P1, [1] is P2.
	moves   [2]int
	seconds [2]float64
	longest [2]float64
	nodes   [2]uint64
}

// matchJobs lays out the games of a match: pairs of games on one random
// opening with the colours swapped.
func matchJobs(start games.Position, p1, p2 bots.Spec, n, openings int, seed uint64, maxPlies int) []gameJob {
	if maxPlies <= 0 {
		maxPlies = defaultMaxPlies
	}
	jobs := make([]gameJob, n)
	var opening []rules.Move
	for i := range jobs {
		if i%2 == 0 {
			opening = randomOpening(start, openings, newRand(mix(seed, 1, uint64(i/2))))
		}
		colour := rules.Black
		if i%2 == 1 {
			colour = rules.White
		}
		jobs[i] = gameJob{
			number: i + 1, start: start, opening: opening, p1Colour: colour,
			bots: [2]bots.Spec{p1, p2}, seed: mix(seed, 2, uint64(i)), maxPlies: maxPlies,
		}
	}
	return jobs
}

// randomOpening plays up to plies uniformly random moves from start,
// trying again when they end the game; if every try ends it, it stops
// before the last move.
func randomOpening(start games.Position, plies int, rng *rand.Rand) []rules.Move {
	if plies == 0 {
		return nil
	}
	var moves []rules.Move
	for try := 0; try < 100; try++ {
		moves = moves[:0]
		pos := start
		for len(moves) < plies && !pos.Result().Over() {
			legal := pos.Legal()
			m := legal[rng.IntN(len(legal))]
			moves = append(moves, m)
			pos = pos.Play(m)
		}
		if !pos.Result().Over() {
			return moves
		}
	}
	return moves[:len(moves)-1]
}

// runGames plays the jobs on parallel goroutines. It stops at the first
// error, or when ctx ends; the games finished by then are marked done.
func runGames(parent context.Context, jobs []gameJob, parallel int, progress func(done, total int)) ([]gameOut, error) {
	if parallel <= 0 {
		parallel = runtime.NumCPU()
	}
	parallel = min(parallel, max(len(jobs), 1))
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	outs := make([]gameOut, len(jobs))
	var (
		mu       sync.Mutex
		next     int
		finished int
		firstErr error
		wg       sync.WaitGroup
	)
	if progress != nil {
		progress(0, len(jobs))
	}
	for range parallel {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= len(jobs) || ctx.Err() != nil {
					return
				}
				out, err := playGame(ctx, jobs[i])
				mu.Lock()
				if err != nil {
					if firstErr == nil {
						firstErr = err
					}
					cancel()
					mu.Unlock()
					return
				}
				outs[i] = out
				finished++
				if progress != nil {
					progress(finished, len(jobs))
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return outs, firstErr
	}
	if finished < len(jobs) {
		return outs, parent.Err()
	}
	return outs, nil
}

// playGame plays one game to its end.
func playGame(ctx context.Context, j gameJob) (gameOut, error) {
	rec := games.NewRecord(j.start)
	for _, m := range j.opening {
		if err := rec.Play(m); err != nil {
			return gameOut{}, fmt.Errorf("lab: opening: %w", err)
		}
	}
	var out gameOut
	for !rec.Result().Over() && rec.Len() < j.maxPlies {
		pos := rec.Position()
		side := pos.ToMove()
		who := 0 // P1
		if side != j.p1Colour {
			who = 1
		}
		spec := j.bots[who]
		spec.Params.Progress, spec.Params.Tree = nil, nil
		spec.Params.Seed = mix(j.seed, uint64(who), uint64(rec.Len()), spec.Params.Seed)
		info, err := bots.Think(ctx, pos, spec)
		if err := ctx.Err(); err != nil {
			return gameOut{}, err
		}
		if err != nil {
			return gameOut{}, fmt.Errorf("lab: game %d, bot %s: %w", j.number, j.bots[who], err)
		}
		if err := rec.Play(info.Move); err != nil {
			return gameOut{}, fmt.Errorf("lab: game %d, bot %s played an illegal move: %w", j.number, j.bots[who], err)
		}
		out.moves[who]++
		out.seconds[who] += info.Elapsed.Seconds()
		out.longest[who] = max(out.longest[who], info.Elapsed.Seconds())
		out.nodes[who] += info.Nodes
	}
	out.done = true
	out.rec = rec
	out.result = rec.Result()
	if !out.result.Over() {
		out.result, out.adjudicated = rules.Draw, true
	}
	return out, nil
}

// summarize turns the finished games into a result.
func summarize(game string, p1, p2 bots.Spec, jobs []gameJob, outs []gameOut) ArenaResult {
	res := ArenaResult{Game: game, Records: []GameRecord{}}
	var (
		margins [2]float64
		moves   [2]int
		seconds [2]float64
		nodes   [2]float64
		scores  []float64
	)
	stats := [2]*PlayerStats{&res.P1, &res.P2}
	res.P1.Spec, res.P2.Spec = p1.String(), p2.String()
	for i, o := range outs {
		if !o.done {
			continue
		}
		j := jobs[i]
		final := o.rec.Position()
		margin := final.Score()
		if j.p1Colour == rules.White {
			margin = -margin
		}
		r := GameRecord{
			Number: j.number, P1Colour: j.p1Colour, Opening: len(j.opening),
			Moves: o.rec.String(), Plies: o.rec.Len(), Result: o.result,
			Margin: margin, Adjudicated: o.adjudicated, Final: final.String(), final: final,
		}
		w, won := o.result.Winner()
		switch {
		case !won:
			r.Winner, r.P1Points = "draw", 0.5
			res.P1.Draws++
			res.P2.Draws++
		case w == j.p1Colour:
			r.Winner, r.P1Points = "p1", 1
			res.P1.Wins++
			res.P2.Losses++
		default:
			r.Winner, r.P1Points = "p2", 0
			res.P1.Losses++
			res.P2.Wins++
		}
		res.Records = append(res.Records, r)
		scores = append(scores, r.P1Points)
		margins[0] += float64(margin)
		margins[1] -= float64(margin)
		for k, s := range stats {
			moves[k] += o.moves[k]
			seconds[k] += o.seconds[k]
			nodes[k] += float64(o.nodes[k])
			s.MaxMoveSeconds = max(s.MaxMoveSeconds, o.longest[k])
		}
	}
	res.Games = len(res.Records)
	for k, s := range stats {
		s.Points = float64(s.Wins) + float64(s.Draws)/2
		s.Moves = moves[k]
		if res.Games > 0 {
			s.MeanMargin = margins[k] / float64(res.Games)
		}
		if moves[k] > 0 {
			s.MeanMoveSeconds = seconds[k] / float64(moves[k])
			s.MeanMoveNodes = nodes[k] / float64(moves[k])
		}
	}
	if res.Games > 0 {
		res.Score = res.P1.Points / float64(res.Games)
	}
	res.Elo, res.EloLow, res.EloHigh = EloDiff(scores)
	return res
}
