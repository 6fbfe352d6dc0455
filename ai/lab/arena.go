package lab

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/ai/gtp"
	"boardgames/ai/papers"
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
	// Games is the number of games, at most MaxGames (0 means 10). P1
	// plays the first colour (Black) in the odd-numbered games and White
	// in the even-numbered ones: colours alternate every game. The games
	// are laid out one at a time as they start, so memory does not grow
	// with Games.
	Games int
	// Openings is the number of random plies played from Start before the
	// bots take over, so that games differ (0 = none). Games 2k-1 and 2k
	// share one opening with the colours swapped.
	Openings int
	// Parallel is the number of games played at once; 0 means
	// DefaultParallel of the two bots (one game per core). Bots with a
	// time budget search less deeply when their games share the cores,
	// and overrun their budget when there are more games than cores (see
	// PlayerStats.OverBudget).
	Parallel int
	// Seed seeds everything random: the openings and each bot's seed for
	// every move of every game. Fixed-depth bots give the same games for
	// the same seed, whatever Parallel is.
	Seed uint64
	// MaxPlies ends a game that is still going after this many plies
	// (openings included) as a draw (0 means 1000); the rules end every
	// game long before that, so it is only a safety net.
	MaxPlies int
	// SummaryOnly leaves ArenaResult.Records empty: the games are summed
	// up as they finish and forgotten, so that memory stays the same
	// however many games are played.
	SummaryOnly bool
	// OnMove, if not nil, is called after every move of every game with
	// the match's progress, for progress bars that move during long
	// games. Calls come one at a time from the games' goroutines.
	OnMove func(Progress)
	// Shard, when N > 1, plays only the games of shard K of N (see
	// Shard); the result then covers those games, for Merge.
	Shard Shard
	// Stop, if not nil, is given every finished game (one at a time);
	// once it returns true no further game starts, and the games already
	// started finish (a sequential test such as rating.SPRT).
	Stop func(GameRecord) bool
	// LogDir, if not "", is an existing folder that gets each external
	// program's protocol transcript and standard error, one file per game
	// and program (see LogName and gtp.Transcript).
	LogDir string
	// OnGame, if not nil, is given every game as it finishes, whole (see
	// Played), to keep it: the command line writes each as a record.
	// Calls come one at a time from the games' goroutines; an error stops
	// the run, which returns it.
	OnGame func(Played) error
}

// Played is a finished game as OnGame receives it: its summary, with
// Moves and Final filled whatever SummaryOnly says, its record and who
// played it.
type Played struct {
	GameRecord
	// Index is the game's number in the whole run, from 1: in a
	// tournament its pairings' games are counted one pairing after the
	// other. Shards keep the whole run's numbers.
	Index    int
	Game     *games.Game
	Settings games.Settings
	Record   games.Record
	P1, P2   bots.Spec
}

// Defaults and limits of ArenaConfig.
const (
	DefaultGames    = 10
	defaultMaxPlies = 1000
	// MaxGames is the most games of a match, or of a whole tournament:
	// 100 000 games measure a score to within ±0.3%.
	MaxGames = 100_000
	// OverBudgetFactor is how far past its time budget a move must go to
	// count as over budget: 10% (searches stop within a few milliseconds of
	// their deadline on an idle core).
	OverBudgetFactor = 1.1
)

// Progress is how far a match or a tournament has got.
type Progress struct {
	Done, Total int // games finished, games in all
	// Played is the games' worth played: Done, plus for each game in
	// progress the share of a game it has played (its plies over the
	// plies a game from its start usually takes, at most 0.95). It grows
	// with every move; Played/Total is the fraction done.
	Played float64
}

// DefaultParallel is the games a match of the given bots plays at once by
// default: one per core (the fewer of the CPUs and GOMAXPROCS), divided by
// the threads of the bot that uses most, so that time budgets hold.
func DefaultParallel(specs ...bots.Spec) int {
	cores := min(runtime.NumCPU(), runtime.GOMAXPROCS(0))
	threads := 1
	for _, s := range specs {
		threads = max(threads, s.Params.Threads)
	}
	return max(1, cores/threads)
}

// Cores is the number of cores the games share: the fewer of the CPUs and
// GOMAXPROCS.
func Cores() int { return min(runtime.NumCPU(), runtime.GOMAXPROCS(0)) }

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
	// Budget is the bot's time budget per move (0: none), and OverBudget
	// counts its moves that took more than OverBudgetFactor times it.
	Budget     time.Duration
	OverBudget int
	// Forfeits counts the games an external program lost by misbehaving,
	// and Faults those games by kind of fault (gtp.FaultKind: "timeout",
	// "crash", "illegal move", ...).
	Forfeits int
	Faults   map[string]int
}

// GameRecord is one game of a match. It is written to shard files (see
// Shard) as JSON, and read back by Merge.
type GameRecord struct {
	Number   int          // 1-based, within its match
	Pair     int          // the tournament's pairing (0 in a match)
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
	// Forfeit is "p1" or "p2" when that bot, an external program, lost
	// the game by misbehaving before its end (Result is then the other's
	// win and Margin the score at that point); Fault says how.
	Forfeit   string `json:",omitempty"`
	Fault     string `json:",omitempty"`
	FaultKind string `json:",omitempty"` // the gtp.FaultKind
	// Stats is what each bot's moves took ([0] P1, [1] P2).
	Stats [2]MoveStats
	// Stderr holds the last lines each external program wrote to its
	// standard error ([0] P1's, [1] P2's; empty for the algorithms).
	Stderr [2][]string `json:",omitempty"`

	final games.Position
}

// MoveStats is what one bot's moves of a game took.
type MoveStats struct {
	Moves      int
	Seconds    float64 // all its moves
	Nodes      uint64
	MaxSeconds float64 // its longest move
	OverBudget int     // its moves over OverBudgetFactor times its budget
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
	// Records lists the games in the order of their numbers (empty with
	// ArenaConfig.SummaryOnly).
	Records []GameRecord
	Elapsed time.Duration
}

// Arena plays cfg.Games games between cfg.P1 and cfg.P2 and sums them up.
// progress, if not nil, is called with (0, total) and after each game.
// When ctx is cancelled (before or during the games) it returns the games
// finished so far with ctx.Err(); other errors (a bad game, setting or bot,
// too many games) come before any game is played.
func Arena(ctx context.Context, cfg ArenaConfig, progress func(done, total int)) (ArenaResult, error) {
	start := time.Now()
	g, startPos, err := cfg.prepare()
	if err != nil {
		return ArenaResult{}, err
	}
	m := newMatch(startPos, cfg.Settings, cfg.P1, cfg.P2, cfg.Openings, cfg.Seed, cfg.MaxPlies)
	t := newTally(g.Name, cfg.P1, cfg.P2, !cfg.SummaryOnly)
	runErr := runGames(ctx, runner{
		games: cfg.Shard.count(cfg.Games), parallel: cmp.Or(cfg.Parallel, DefaultParallel(cfg.P1, cfg.P2)),
		job: func(i int) gameJob { j := m.job(cfg.Shard.global(i)); j.logDir = cfg.LogDir; return j }, progress: progress, onMove: cfg.OnMove, typical: typicalPlies(startPos, cfg.Settings),
		done: func(j gameJob, o gameOut) bool {
			r := makeRecord(j, o, t.keep)
			t.add(r)
			return cfg.Stop != nil && cfg.Stop(r)
		},
		onGame: cfg.OnGame,
	})
	res := t.result()
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
	case cfg.Games > MaxGames:
		return nil, nil, fmt.Errorf("lab: %d games: a match has at most %d", cfg.Games, MaxGames)
	case cfg.Openings < 0:
		return nil, nil, fmt.Errorf("lab: %d opening plies: must not be negative", cfg.Openings)
	case cfg.Parallel < 0:
		return nil, nil, fmt.Errorf("lab: parallel %d: must not be negative", cfg.Parallel)
	case cfg.MaxPlies < 0:
		return nil, nil, fmt.Errorf("lab: max plies %d: must not be negative", cfg.MaxPlies)
	}
	if err := cfg.Shard.check(); err != nil {
		return nil, nil, err
	}
	for _, s := range []bots.Spec{cfg.P1, cfg.P2} {
		if err := CheckSpec(cfg.Game, s); err != nil {
			return nil, nil, err
		}
	}
	return startPosition(cfg.Game, cfg.Settings, cfg.Start)
}

// CheckSpec reports a bot that cannot play the game: an unknown algorithm,
// a bad parameter, an evaluation the game does not have, an engine
// without a depth or a time, or an external program that cannot run here
// (not found, or no sandbox: package proc). The lab's functions check their bots with it
// before they play; callers use it to tell bad input from other errors.
func CheckSpec(game string, s bots.Spec) error {
	g, err := games.Lookup(game)
	if err != nil {
		return fmt.Errorf("lab: %w", err)
	}
	if err := s.Validate(g.Name); err != nil {
		return fmt.Errorf("lab: bot %s: %w", s, err)
	}
	if err := s.CheckProgram(); err != nil {
		return fmt.Errorf("lab: bot %s: %w", s, err)
	}
	if err := s.CheckSandbox(); err != nil {
		return fmt.Errorf("lab: bot %s: %w", s, err)
	}
	if b, ok := papers.Lookup(s.Algo); ok && len(b.Evals) > 0 {
		return nil // a paper's bot checks its own evaluations (Validate did)
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
	number   int // 1-based, within its match
	index    int // 1-based, within the whole run (0: number)
	pair     int // a tournament's pairing (0 in a match)
	start    games.Position
	settings games.Settings
	opening  []rules.Move
	p1Colour rules.Player
	bots     [2]bots.Spec // [0] is P1, [1] is P2
	seed     uint64
	maxPlies int

	// tournament marks a tournament's game; logDir is
	// ArenaConfig.LogDir.
	tournament bool
	logDir     string
}

// gameOut is a finished game.
type gameOut struct {
	rec         games.Record
	result      rules.Result
	adjudicated bool
	forfeit     int // 1 or 2 when P1 or P2 lost by a fault
	fault       *gtp.Fault
	stderr      [2][]string
	// Per bot: [0] is P1, [1] is P2.
	moves      [2]int
	seconds    [2]float64
	nodes      [2]uint64
	maxSeconds [2]float64
	overBudget [2]int
}

// match lays out the games of a match, one at a time: pairs of games on
// one random opening with the colours swapped.
type match struct {
	start       games.Position
	settings    games.Settings
	p1, p2      bots.Spec
	openings    int
	seed        uint64
	maxPlies    int
	lastPair    int // the pair whose opening is cached, -1 for none
	lastOpening []rules.Move
}

func newMatch(start games.Position, settings games.Settings, p1, p2 bots.Spec, openings int, seed uint64, maxPlies int) *match {
	if maxPlies <= 0 {
		maxPlies = defaultMaxPlies
	}
	return &match{start: start, settings: settings, p1: p1, p2: p2, openings: openings, seed: seed, maxPlies: maxPlies, lastPair: -1}
}

// job returns game i (0-based) of the match. Games 2k and 2k+1 share an
// opening, which job keeps until the next pair; calls come one at a time.
func (m *match) job(i int) gameJob {
	if pair := i / 2; pair != m.lastPair {
		m.lastPair = pair
		m.lastOpening = randomOpening(m.start, m.openings, newRand(mix(m.seed, 1, uint64(pair))))
	}
	colour := rules.Black
	if i%2 == 1 {
		colour = rules.White
	}
	return gameJob{
		number: i + 1, start: m.start, settings: m.settings, opening: m.lastOpening, p1Colour: colour,
		bots: [2]bots.Spec{m.p1, m.p2}, seed: mix(m.seed, 2, uint64(i)), maxPlies: m.maxPlies,
	}
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

// typicalPlies is about how many plies a game from start takes, for
// Progress: its empty cells in the games that fill the board (Othello,
// Connect Four, Adjacency without a round limit), 100 in checkers, whose
// pieces leave the board; an Adjacency game with a round limit (s.Rounds)
// ends after that many moves a side.
func typicalPlies(start games.Position, s games.Settings) int {
	if start.Game() == "checkers" {
		return 100
	}
	empty := 0
	for _, r := range start.Rows() {
		empty += strings.Count(r, "-")
	}
	if start.Game() == "adjacency" && s.Rounds > 0 {
		empty = min(empty, 2*s.Rounds)
	}
	return max(empty, 1)
}

// runner is a run of games on parallel goroutines.
type runner struct {
	games, parallel int
	// job lays out game i (0-based); it is called one game at a time.
	job func(i int) gameJob
	// done takes a finished game; it is called one game at a time. When
	// it returns true, no further game starts.
	done     func(gameJob, gameOut) bool
	progress func(done, total int)
	onMove   func(Progress)
	typical  int // plies of a typical game, for onMove
	// onGame, if not nil, is given each finished game after done; an
	// error stops the run.
	onGame func(Played) error
}

// runGames plays r's games on r.parallel goroutines, laying each out as it
// starts. It stops at the first error, or when ctx ends; the games
// finished by then have gone to r.done.
func runGames(parent context.Context, r runner) error {
	if err := parent.Err(); err != nil { // cancelled while setting up
		return err
	}
	parallel := min(max(r.parallel, 1), max(r.games, 1))
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	var (
		mu       sync.Mutex
		next     int
		finished int
		firstErr error
		wg       sync.WaitGroup
		running  = make([]float64, parallel) // each worker's share of its game
		played   float64                     // the sum of running
		stopped  bool                        // done asked to start no more games
	)
	if r.progress != nil {
		r.progress(0, r.games)
	}
	for w := range parallel {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				if i >= r.games || ctx.Err() != nil || stopped {
					mu.Unlock()
					return
				}
				next++
				job := r.job(i)
				mu.Unlock()
				var onPly func(int)
				if r.onMove != nil {
					onPly = func(plies int) {
						share := min(float64(plies)/float64(r.typical), 0.95)
						mu.Lock()
						played += share - running[w]
						running[w] = share
						r.onMove(Progress{Done: finished, Total: r.games, Played: float64(finished) + played})
						mu.Unlock()
					}
				}
				out, err := playGame(ctx, job, onPly)
				mu.Lock()
				played -= running[w]
				running[w] = 0
				if err != nil {
					if firstErr == nil {
						firstErr = err
					}
					cancel()
					mu.Unlock()
					return
				}
				stopped = r.done(job, out) || stopped
				if r.onGame != nil {
					if err := r.onGame(wholeGame(job, out)); err != nil {
						if firstErr == nil {
							firstErr = err
						}
						cancel()
						mu.Unlock()
						return
					}
				}
				finished++
				if r.progress != nil {
					r.progress(finished, r.games)
				}
				if r.onMove != nil {
					r.onMove(Progress{Done: finished, Total: r.games, Played: float64(finished) + played})
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	if finished < r.games && (!stopped || parent.Err() != nil) {
		return parent.Err()
	}
	return nil
}

// playGame plays one game to its end; onPly, if not nil, is told the
// plies played after every move. An external program is started for the
// game and stopped at its end; one that misbehaves loses the game.
func playGame(ctx context.Context, j gameJob, onPly func(int)) (_ gameOut, err error) {
	defer ai.Recover(&err) // a bug in a bot is this game's error, not the process's end
	rec := games.NewRecord(j.start)
	for _, m := range j.opening {
		if err := rec.Play(m); err != nil {
			return gameOut{}, fmt.Errorf("lab: opening: %w", err)
		}
	}
	var out gameOut
	var ext [2]*bots.External
	tables := [2]*ai.Table{ai.NewTable(), ai.NewTable()} // each engine's, kept through the game
	for k, spec := range j.bots {
		if !spec.IsExternal() {
			continue
		}
		g, err := games.Lookup(j.start.Game())
		if err == nil {
			ext[k], err = bots.NewExternal(spec, g, j.settings)
		}
		if err != nil {
			return gameOut{}, fmt.Errorf("lab: bot %s: %w", spec, err)
		}
	}
	g, err := games.Lookup(j.start.Game())
	if err != nil {
		return gameOut{}, fmt.Errorf("lab: %w", err)
	}
	closeLogs, err := openLogs(j, g, ext)
	if err != nil {
		return gameOut{}, err
	}
	stop := func() {
		for k, x := range ext {
			if x != nil {
				out.stderr[k] = x.Close()
			}
		}
	}
	defer closeLogs()
	defer stop() // on the errors' ways out; Close may be called twice
	for !rec.Result().Over() && rec.Len() < j.maxPlies {
		pos := rec.Position()
		side := pos.ToMove()
		who := 0 // P1
		if side != j.p1Colour {
			who = 1
		}
		spec := j.bots[who]
		var info ai.Info
		var err error
		if ext[who] != nil {
			info, err = ext[who].Move(ctx, rec)
		} else {
			spec.Params.Progress, spec.Params.Tree = nil, nil
			spec.Params.Seed = mix(j.seed, uint64(who), uint64(rec.Len()), spec.Params.Seed)
			spec.Params.Past, spec.Params.Table = games.Past(rec), tables[who]
			info, err = bots.Think(ctx, pos, spec)
		}
		if err := ctx.Err(); err != nil {
			return gameOut{}, err
		}
		if f, ok := gtp.AsFault(err); ok && ext[who] != nil {
			out.forfeit, out.fault = who+1, f
			out.moves[who]++
			out.seconds[who] += info.Elapsed.Seconds()
			out.maxSeconds[who] = max(out.maxSeconds[who], info.Elapsed.Seconds())
			break
		}
		if err != nil {
			return gameOut{}, fmt.Errorf("lab: game %d, bot %s: %w", j.number, j.bots[who], err)
		}
		if err := rec.Play(info.Move); err != nil {
			return gameOut{}, fmt.Errorf("lab: game %d, bot %s played an illegal move: %w", j.number, j.bots[who], err)
		}
		secs := info.Elapsed.Seconds()
		out.moves[who]++
		out.seconds[who] += secs
		out.nodes[who] += info.Nodes
		out.maxSeconds[who] = max(out.maxSeconds[who], secs)
		if b := spec.Params.Time; b > 0 && float64(info.Elapsed) > OverBudgetFactor*float64(b) {
			out.overBudget[who]++
		}
		if onPly != nil {
			onPly(rec.Len() - len(j.opening))
		}
	}
	stop()
	out.rec = rec
	out.result = rec.Result()
	switch {
	case out.forfeit != 0:
		loser := j.p1Colour
		if out.forfeit == 2 {
			loser = loser.Other()
		}
		out.result = rules.WinFor(loser.Other())
	case !out.result.Over():
		out.result, out.adjudicated = rules.Draw, true
	}
	return out, nil
}

// wholeGame is a finished game whole, for runner.onGame.
func wholeGame(j gameJob, o gameOut) Played {
	g, _ := games.Lookup(j.start.Game())
	return Played{GameRecord: makeRecord(j, o, true), Index: cmp.Or(j.index, j.number), Game: g,
		Settings: j.settings, Record: o.rec.Clone(), P1: j.bots[0], P2: j.bots[1]}
}

// tally sums up the games of a match as they finish.
type tally struct {
	res     ArenaResult
	keep    bool // keep the records
	margins [2]float64
	seconds [2]float64
	nodes   [2]float64
}

func newTally(game string, p1, p2 bots.Spec, keep bool) *tally {
	t := &tally{keep: keep, res: ArenaResult{Game: game, Records: []GameRecord{}}}
	t.res.P1 = PlayerStats{Spec: p1.String(), Budget: p1.Params.Time}
	t.res.P2 = PlayerStats{Spec: p2.String(), Budget: p2.Params.Time}
	return t
}

// makeRecord sums up a finished game; keep adds its moves and its final
// position.
func makeRecord(j gameJob, o gameOut, keep bool) GameRecord {
	final := o.rec.Position()
	margin := final.Score()
	if j.p1Colour == rules.White {
		margin = -margin
	}
	r := GameRecord{
		Number: j.number, Pair: j.pair, P1Colour: j.p1Colour, Opening: len(j.opening),
		Plies: o.rec.Len(), Result: o.result, Margin: margin, Adjudicated: o.adjudicated,
		Stderr: o.stderr,
	}
	if o.forfeit != 0 {
		r.Forfeit, r.Fault, r.FaultKind = []string{"p1", "p2"}[o.forfeit-1], o.fault.Error(), string(o.fault.Kind)
	}
	w, won := o.result.Winner()
	switch {
	case !won:
		r.Winner, r.P1Points = "draw", 0.5
	case w == j.p1Colour:
		r.Winner, r.P1Points = "p1", 1
	default:
		r.Winner, r.P1Points = "p2", 0
	}
	for k := range r.Stats {
		r.Stats[k] = MoveStats{Moves: o.moves[k], Seconds: o.seconds[k], Nodes: o.nodes[k],
			MaxSeconds: o.maxSeconds[k], OverBudget: o.overBudget[k]}
	}
	if keep {
		r.Moves, r.Final, r.final = o.rec.String(), final.String(), final
	}
	return r
}

// add counts a finished game.
func (t *tally) add(r GameRecord) {
	res := &t.res
	if r.Forfeit != "" {
		s := &res.P1
		if r.Forfeit == "p2" {
			s = &res.P2
		}
		s.Forfeits++
		if s.Faults == nil {
			s.Faults = map[string]int{}
		}
		s.Faults[r.FaultKind]++
	}
	switch r.Winner {
	case "draw":
		res.P1.Draws++
		res.P2.Draws++
	case "p1":
		res.P1.Wins++
		res.P2.Losses++
	default:
		res.P1.Losses++
		res.P2.Wins++
	}
	res.Games++
	if t.keep {
		res.Records = append(res.Records, r)
	}
	t.margins[0] += float64(r.Margin)
	t.margins[1] -= float64(r.Margin)
	for k, s := range []*PlayerStats{&res.P1, &res.P2} {
		st := r.Stats[k]
		s.Moves += st.Moves
		s.OverBudget += st.OverBudget
		s.MaxMoveSeconds = max(s.MaxMoveSeconds, st.MaxSeconds)
		t.seconds[k] += st.Seconds
		t.nodes[k] += float64(st.Nodes)
	}
}

// result returns the sums: means, points, Elo, and the records in the
// order of their numbers.
func (t *tally) result() ArenaResult {
	res := t.res
	res.Records = slices.Clone(res.Records)
	slices.SortFunc(res.Records, func(a, b GameRecord) int { return a.Number - b.Number })
	for k, s := range []*PlayerStats{&res.P1, &res.P2} {
		s.Points = float64(s.Wins) + float64(s.Draws)/2
		if res.Games > 0 {
			s.MeanMargin = t.margins[k] / float64(res.Games)
		}
		if s.Moves > 0 {
			s.MeanMoveSeconds = t.seconds[k] / float64(s.Moves)
			s.MeanMoveNodes = t.nodes[k] / float64(s.Moves)
		}
	}
	if res.Games > 0 {
		res.Score = res.P1.Points / float64(res.Games)
	}
	res.Elo, res.EloLow, res.EloHigh = eloFromCounts(res.P1.Wins, res.P1.Draws, res.P1.Losses)
	return res
}
