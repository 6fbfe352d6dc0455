package cli

import (
	"cmp"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"strconv"
	"text/tabwriter"
	"time"

	"boardgames/ai/bots"
	"boardgames/ai/lab"
	"boardgames/ai/lab/rating"
	"boardgames/app/safefile"
	"boardgames/rules/games"
)

func init() {
	commands["arena"] = command{"bot-vs-bot matches and round-robin tournaments with statistics", staged(prepareArena)}
}

// arenaJSON is the JSON form of a match.
type arenaJSON struct {
	Game     string     `json:"game"`
	Games    int        `json:"games"`
	Asked    int        `json:"gamesAsked"`
	Openings int        `json:"openings"`
	Seed     uint64     `json:"seed"`
	P1       playerJSON `json:"p1"`
	P2       playerJSON `json:"p2"`
	Score    float64    `json:"score"`
	Elo      float64    `json:"elo"`
	EloLow   float64    `json:"eloLow"`
	EloHigh  float64    `json:"eloHigh"`
	Seconds  float64    `json:"seconds"`
	Parallel int        `json:"parallel"`
	Records  []gameJSON `json:"records"`
	// Stopped and Partial: Ctrl+C stopped the match; the numbers cover the
	// finished games.
	Stopped bool `json:"interrupted,omitempty"`
	Partial bool `json:"partial,omitempty"`
	// SPRT is the sequential test of -sprt.
	SPRT *sprtJSON `json:"sprt,omitempty"`
}

type playerJSON struct {
	Spec            string  `json:"spec"`
	Wins            int     `json:"wins"`
	Draws           int     `json:"draws"`
	Losses          int     `json:"losses"`
	Points          float64 `json:"points"`
	MeanMargin      float64 `json:"meanMargin"`
	MeanMoveSeconds float64 `json:"meanMoveSeconds"`
	MeanMoveNodes   float64 `json:"meanMoveNodes"`
	MaxMoveSeconds  float64 `json:"maxMoveSeconds"`
	// BudgetSeconds is the bot's time budget (0: none); OverBudget counts
	// its moves that took more than 110% of it.
	BudgetSeconds float64 `json:"budgetSeconds,omitempty"`
	OverBudget    int     `json:"overBudget,omitempty"`
	// Forfeits counts the games an external program lost by misbehaving,
	// Faults them by kind ("timeout", "crash", "illegal move", ...).
	Forfeits int            `json:"forfeits,omitempty"`
	Faults   map[string]int `json:"faults,omitempty"`
}

type gameJSON struct {
	Game     int    `json:"game"`
	P1       string `json:"p1,omitempty"` // tournaments only
	P2       string `json:"p2,omitempty"`
	P1Colour string `json:"p1Colour"`
	Result   string `json:"result"`
	Winner   string `json:"winner"`
	Margin   int    `json:"margin"`
	Plies    int    `json:"plies"`
	Opening  int    `json:"opening"`
	Moves    string `json:"moves"`
	// Forfeit is "p1" or "p2" when that bot lost by a fault, and Fault
	// says which; Stderr has the external programs' last lines of
	// standard error ([0] P1's, [1] P2's).
	Forfeit string     `json:"forfeit,omitempty"`
	Fault   string     `json:"fault,omitempty"`
	Stderr  [][]string `json:"stderr,omitempty"`
}

// tournamentJSON is the JSON form of a round robin.
type tournamentJSON struct {
	Game         string         `json:"game"`
	GamesPerPair int            `json:"gamesPerPair"`
	Openings     int            `json:"openings"`
	Seed         uint64         `json:"seed"`
	Bots         []string       `json:"bots"`
	Crosstable   [][]float64    `json:"crosstable"`
	Games        [][]int        `json:"games"`
	Standings    []standingJSON `json:"standings"`
	Seconds      float64        `json:"seconds"`
	Parallel     int            `json:"parallel"`
	Records      []gameJSON     `json:"records"`
	Stopped      bool           `json:"interrupted,omitempty"`
	Partial      bool           `json:"partial,omitempty"`
}

type standingJSON struct {
	Rank   int     `json:"rank"`
	Bot    string  `json:"bot"`
	Points float64 `json:"points"`
	Games  int     `json:"games"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	// Elo against the bots it played, with a 95% interval.
	Elo     float64 `json:"elo"`
	EloLow  float64 `json:"eloLow"`
	EloHigh float64 `json:"eloHigh"`
}

// Limits of arena's flags, checked before anything is played.
const (
	maxOpenings = 100  // random plies: more than any game lasts
	maxParallel = 1024 // games at once
)

// arenaRun is an arena run, checked.
type arenaRun struct {
	g        *games.Game
	settings games.Settings
	start    games.Position
	specs    []bots.Spec
	tour     bool
	games    int // per pairing with a tournament
	openings int
	parallel int
	seed     uint64
	asJSON   bool
	csv      string // "" none, "-" stdout
	shard    lab.Shard
	out      string  // the shard's results file ("": none)
	merged   float64 // the shards' seconds, for a merged run
	sprt     *rating.SPRT
	logDir   string // -log: the external programs' transcripts ("": none)
	gamesDir string // -games-dir: every game's files ("": none)
}

func prepareArena(e *env, args []string) (func() error, error) {
	var pf posFlags
	fs := e.newFlags("arena", "-game G -p1 SPEC -p2 SPEC [-games N] [-openings K] [-parallel K] [-seed S] [-json] [-csv FILE]\n"+
		"       boardgames arena -game G -tournament \"SPEC1;SPEC2;...\" [-games N] [...]\n\n"+
		"Plays bot against bot, colours alternating every game; with -openings K each pair of\n"+
		"games starts from the same K random plies, once with each colour. A bot is a spec such\n"+
		"as greedy, alphabeta:depth=4,eval=positional or mcts:iterations=2000. The same -seed\n"+
		"gives the same games (bots with a time budget aside). Elo is P1's rating minus P2's\n"+
		"with a 95% confidence interval (normal approximation on the per-game scores, solved\n"+
		"as Wilson's interval). -tournament plays a round robin of the bots separated by \";\",\n"+
		"-games games per pairing, and prints a crosstable and standings. The games start from\n"+
		"the position of -moves/-position (default: the start). At most "+strconv.Itoa(lab.MaxGames)+" games in all.\n"+
		"By default one game plays per core, so that time budgets hold; the output says when a\n"+
		"bot went over its budget. A progress line goes to stderr when it is a terminal. Ctrl+C\n"+
		"stops the games and prints the finished ones, marked as partial (exit status 130); -csv\n"+
		"is written whole at the end, replacing FILE only then. -games-dir DIR writes every game\n"+
		"to DIR as it finishes, named by its number and players: its record (PDN for checkers,\n"+
		"GGF for Othello, a move list for the others) and a saved game, forfeits with their reason.\n\n"+
		"External programs play as gtp:\"COMMAND ARGS\" (docs/protocol.md), such as\n"+
		"'gtp:\"python3 bot.py\",time=1s,name=alice'; -bots FILE reads a class's bots, one spec a\n"+
		"line. A program that misbehaves (an illegal move, a malformed reply, a crash, no move in\n"+
		"time) loses that game; the output counts its forfeits. -shard K/N plays the K-th of N\n"+
		"independent parts of the games and -out FILE writes its results, which\n"+
		"'boardgames merge' combines into the tables of the whole run (docs/shards.md). -log DIR\n"+
		"writes each external program's conversation and stderr to DIR, a file per game and bot.\n"+
		"-sprt ELO0,ELO1 stops the match once a sequential probability ratio test (pentanomial,\n"+
		"over the pairs of games on one opening, as fishtest runs it) accepts that p1's Elo\n"+
		"advantage is ELO0 or ELO1, with error rates -alpha and -beta; -games is then the most.\n")
	pf.register(fs.FlagSet)
	p1 := fs.String("p1", "", "first bot (plays Black/first in the odd-numbered games)")
	p2 := fs.String("p2", "", "second bot")
	tour := fs.String("tournament", "", "round robin of the bots separated by \";\" (instead of -p1/-p2)")
	botsFile := fs.String("bots", "", "a file of bot specs, one a line (# comments), added to -tournament's")
	shardText := fs.String("shard", "", "play only part K of N of the games, such as 2/3 (with -out)")
	outFile := fs.String("out", "", "write the games' results to this file, for 'boardgames merge'")
	n := fs.Int("games", lab.DefaultGames, "games (per pairing with -tournament)")
	openings := fs.Int("openings", 0, "random plies at the start of each pair of games")
	parallel := fs.Int("parallel", 0, "games played at once (default: one per core)")
	seed := fs.Uint64("seed", 1, "seed of the openings and the bots")
	asJSON := fs.Bool("json", false, "print one JSON object")
	csvFile := fs.String("csv", "", "write one CSV row per game to this file (- for stdout)")
	sprtText := fs.String("sprt", "", "ELO0,ELO1: stop as soon as a sequential test tells P1's Elo advantage is ELO0 or ELO1 (-games is the most)")
	alpha := fs.Float64("alpha", 0.05, "-sprt: the chance of accepting ELO1 when ELO0 is true")
	beta := fs.Float64("beta", 0.05, "-sprt: the chance of accepting ELO0 when ELO1 is true")
	logDir := addLogFlag(fs.FlagSet)
	gamesDir := fs.String("games-dir", "", "write every game to this folder: its record (PDN, GGF or moves) and a saved game")
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	sprt, err := parseSPRT(*sprtText, *alpha, *beta, *tour != "" || *botsFile != "", *shardText != "")
	if err != nil {
		return nil, err
	}
	switch {
	case *n < 1:
		return nil, badInputf("-games must be at least 1, not %d", *n)
	case *n > lab.MaxGames:
		return nil, badInputf("-games %d is more than the %d games a run may have", *n, lab.MaxGames)
	case *openings < 0 || *openings > maxOpenings:
		return nil, badInputf("-openings must be 0..%d, not %d", maxOpenings, *openings)
	case *parallel < 0 || *parallel > maxParallel:
		return nil, badInputf("-parallel must be 0..%d, not %d", maxParallel, *parallel)
	case (*tour != "" || *botsFile != "") && (*p1 != "" || *p2 != ""):
		return nil, badInputf("-tournament and -bots replace -p1 and -p2: give one or the other")
	case *tour == "" && *botsFile == "" && (*p1 == "" || *p2 == ""):
		return nil, badInputf("-p1 and -p2 are required (or -tournament, or -bots)")
	case *shardText != "" && *outFile == "":
		return nil, badInputf("-shard needs -out FILE: a shard's results are for 'boardgames merge'")
	case *asJSON && *csvFile == "-":
		return nil, badInputf("-json and -csv - both write to stdout: choose one")
	}
	g, rec, settings, err := pf.runStart()
	if err != nil {
		return nil, err
	}
	shard, err := parseShard(*shardText)
	if err != nil {
		return nil, err
	}
	texts := []string{*p1, *p2}
	isTour := *tour != "" || *botsFile != ""
	if isTour {
		texts = nonEmpty(splitOutside(*tour, ';'))
		if *botsFile != "" {
			more, err := readBotsFile(*botsFile)
			if err != nil {
				return nil, err
			}
			texts = append(texts, more...)
		}
		if pairs := len(texts) * (len(texts) - 1) / 2; len(texts) > lab.MaxGames || pairs > 0 && *n > lab.MaxGames/pairs {
			return nil, badInputf("%d bots with %d games per pairing is more than the %d games a run may have", len(texts), *n, lab.MaxGames)
		}
	}
	var specs []bots.Spec
	for _, text := range texts {
		s, err := bots.ParseSpec(text)
		if err != nil {
			return nil, badInput(err)
		}
		if err := lab.CheckSpec(g.Name, s); err != nil {
			return nil, badInput(err)
		}
		specs = append(specs, s)
	}
	if isTour && len(specs) < 2 {
		return nil, badInputf("-tournament needs at least 2 bots separated by \";\", got %d", len(specs))
	}
	for _, f := range []string{*csvFile, *outFile} {
		if err := checkOutput(f); err != nil {
			return nil, err
		}
	}
	r := arenaRun{g: g, settings: settings, start: rec.Position(), specs: specs, tour: isTour, games: *n,
		openings: *openings, parallel: cmp.Or(*parallel, lab.DefaultParallel(specs...)), seed: *seed, asJSON: *asJSON, csv: *csvFile,
		shard: shard, out: *outFile, sprt: sprt, logDir: *logDir, gamesDir: *gamesDir}
	if err := checkRecordDirs(*logDir, *gamesDir); err != nil {
		return nil, err
	}
	if err := bots.CheckMemory(min(r.parallel, *n*max(1, len(specs)*(len(specs)-1)/2)), specs...); err != nil {
		return nil, badInput(err)
	}
	return func() error { return e.arena(r) }, nil
}

// checkOutput checks that an output file can be written, before the work
// that fills it: "" (none) and "-" (stdout) always can.
func checkOutput(name string) error {
	if name == "" || name == "-" {
		return nil
	}
	if err := safefile.Check(name); err != nil {
		return badInput(err)
	}
	return holdPipe(name)
}

// checkRegular refuses an output that exists and is not a regular file
// (a device or a pipe, which checkOutput lets commands write in place),
// for outputs that must be files: why says what needs one.
func checkRegular(name, why string) error {
	if fi, err := os.Stat(name); err == nil && !fi.Mode().IsRegular() {
		return badInputf("%s is not a regular file: %s", name, why)
	}
	return nil
}

// arena plays the games and prints them; an interrupted run prints the
// finished games, marked as partial.
func (e *env) arena(r arenaRun) error {
	if cores := lab.Cores(); r.parallel > cores && timed(r.specs) {
		fmt.Fprintf(e.stderr, "boardgames arena: note: %d games at once on %d cores: the bots' time budgets will run over\n", r.parallel, cores)
	}
	keep := r.asJSON || r.csv != "" || r.out != ""
	onMove, done := e.progressLine("arena", "games")
	var err error
	var write func(io.Writer) error
	played := 0
	var onGame func(lab.Played) error
	if r.gamesDir != "" {
		event := map[bool]string{false: "Boardgames arena", true: "Boardgames tournament"}[r.tour]
		files, err := newGameFiles(r.gamesDir, event, r.games*max(1, len(r.specs)*(len(r.specs)-1)/2))
		if err != nil {
			return err
		}
		onGame = files.add
	}
	if r.tour {
		var res lab.TournamentResult
		res, err = lab.Tournament(e.ctx, r.g.Name, r.settings, r.specs, r.games, lab.TournamentOptions{
			Start: r.start, Openings: r.openings, Parallel: r.parallel, Seed: r.seed, SummaryOnly: !keep, OnMove: onMove,
			Shard: r.shard, LogDir: r.logDir, OnGame: onGame}, nil)
		done()
		if err != nil && e.ctx.Err() == nil {
			return err
		}
		for _, m := range res.Pairings {
			played += m.Games
		}
		records := tournamentRows(r.g, res)
		write = func(w io.Writer) error { return writeGamesCSV(w, records, true) }
		if perr := e.writeTournament(r, res, records); perr != nil {
			return perr
		}
		if err == nil && r.out != "" {
			var games []lab.GameRecord
			for _, m := range res.Pairings {
				games = append(games, m.Records...)
			}
			run := r.labRun("tournament")
			run.Pairs = res.Pairs
			if werr := writeShard(r.out, run, r.shard, res.Elapsed, games); werr != nil {
				return werr
			}
		}
	} else {
		var res lab.ArenaResult
		res, err = lab.Arena(e.ctx, lab.ArenaConfig{
			Game: r.g.Name, Settings: r.settings, Start: r.start, P1: r.specs[0], P2: r.specs[1],
			Games: r.games, Openings: r.openings, Parallel: r.parallel, Seed: r.seed, SummaryOnly: !keep, OnMove: onMove,
			Shard: r.shard, Stop: sprtStop(r.sprt), LogDir: r.logDir, OnGame: onGame,
		}, nil)
		done()
		if err != nil && e.ctx.Err() == nil {
			return err
		}
		played = res.Games
		records := gameRows(r.g, res, "", "")
		write = func(w io.Writer) error { return writeGamesCSV(w, records, false) }
		if perr := e.writeArena(r, res, records); perr != nil {
			return perr
		}
		if err == nil && r.out != "" {
			if werr := writeShard(r.out, r.labRun("arena"), r.shard, res.Elapsed, res.Records); werr != nil {
				return werr
			}
		}
	}
	if err != nil && played == 0 {
		return interrupted("no game had finished") // and -csv FILE is left as it was
	}
	if werr := e.writeOutput(r.csv, write); werr != nil {
		return werr
	}
	if err != nil {
		return interrupted("the results cover the finished games only")
	}
	return nil
}

// timed reports whether a bot has a time budget.
func timed(specs []bots.Spec) bool {
	for _, s := range specs {
		if s.Params.Time > 0 {
			return true
		}
	}
	return false
}

// writeOutput writes an output file atomically (see package safefile):
// "-" is stdout, "" none.
func (e *env) writeOutput(name string, write func(io.Writer) error) error {
	switch name {
	case "":
		return nil
	case "-":
		return write(e.stdout)
	}
	return safefile.WriteFunc(name, write)
}

func (e *env) writeArena(r arenaRun, res lab.ArenaResult, records []gameJSON) error {
	g, stopped := r.g, e.ctx.Err() != nil
	player := func(p lab.PlayerStats) playerJSON {
		return playerJSON{Spec: p.Spec, Wins: p.Wins, Draws: p.Draws, Losses: p.Losses, Points: p.Points,
			MeanMargin: p.MeanMargin, MeanMoveSeconds: p.MeanMoveSeconds, MeanMoveNodes: p.MeanMoveNodes,
			MaxMoveSeconds: p.MaxMoveSeconds, BudgetSeconds: p.Budget.Seconds(), OverBudget: p.OverBudget,
			Forfeits: p.Forfeits, Faults: p.Faults}
	}
	if r.asJSON {
		return e.printJSON(arenaJSON{
			Game: g.Name, Games: res.Games, Asked: r.games, Openings: r.openings, Seed: r.seed,
			P1: player(res.P1), P2: player(res.P2), Score: res.Score,
			Elo: res.Elo, EloLow: res.EloLow, EloHigh: res.EloHigh,
			Seconds: res.Elapsed.Seconds(), Parallel: r.parallel, Records: records, Stopped: stopped, Partial: stopped,
			SPRT: sprtResult(r.sprt),
		})
	}
	if r.csv == "-" {
		return nil
	}
	fmt.Fprintf(e.stdout, "%s: %d games", g.Title, res.Games)
	if !r.shard.Whole() {
		fmt.Fprintf(e.stdout, " (shard %s of the %d)", r.shard, r.games)
	}
	if stopped {
		fmt.Fprintf(e.stdout, " of %d (partial: interrupted)", r.games)
	}
	if r.openings > 0 {
		fmt.Fprintf(e.stdout, ", %d-ply random openings", r.openings)
	}
	fmt.Fprintf(e.stdout, ", seed %d\n\n", r.seed)
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	names := padRight([]string{"bot", label(res.P1.Spec), label(res.P2.Spec)})
	fmt.Fprintf(tw, "\t%s\twins\tdraws\tlosses\tpoints\tmean margin\ttime/move\tnodes/move\t\n", names[0])
	for i, p := range []lab.PlayerStats{res.P1, res.P2} {
		fmt.Fprintf(tw, "p%d\t%s\t%d\t%d\t%d\t%s\t%+.1f\t%s\t%.0f\t\n", i+1, names[i+1], p.Wins, p.Draws, p.Losses,
			points(p.Points), p.MeanMargin, formatSeconds(p.MeanMoveSeconds), p.MeanMoveNodes)
	}
	tw.Flush()
	switch {
	case res.Games == 1: // one game: no rating (its estimate is +0 .. +0 whatever the result)
		fmt.Fprintf(e.stdout, "\np1 scored %.1f%%: %s\n", 100*res.Score, tooFewForElo)
	case res.Games > 1: // no game, no rating
		fmt.Fprintf(e.stdout, "\np1 scored %.1f%%: Elo difference %+.0f (95%% confidence interval %+.0f .. %+.0f)\n",
			100*res.Score, res.Elo, res.EloLow, res.EloHigh)
	}
	if r.sprt != nil {
		e.printSPRT(r.sprt, res.Games, r.games)
	}
	for i, p := range []lab.PlayerStats{res.P1, res.P2} {
		e.overBudget(fmt.Sprintf("p%d %s", i+1, label(p.Spec)), p, r.parallel)
		e.forfeits(fmt.Sprintf("p%d %s", i+1, label(p.Spec)), p)
	}
	e.printTime(r, res.Elapsed.Seconds())
	return nil
}

// overBudget says when a bot went over its time budget.
func (e *env) overBudget(who string, p lab.PlayerStats, parallel int) {
	if p.OverBudget == 0 {
		return
	}
	fmt.Fprintf(e.stdout, "%s went over its %s budget on %d of %d moves (the longest took %s)",
		who, p.Budget, p.OverBudget, p.Moves, formatSeconds(p.MaxMoveSeconds))
	if cores := lab.Cores(); parallel > cores {
		fmt.Fprintf(e.stdout, ": %d games at once on %d cores; -parallel %d keeps budgets\n", parallel, cores, cores)
	} else {
		fmt.Fprintln(e.stdout)
	}
}

// tournamentRows lists a tournament's games for JSON and CSV.
func tournamentRows(g *games.Game, res lab.TournamentResult) []gameJSON {
	records := []gameJSON{}
	for _, m := range res.Pairings {
		records = append(records, gameRows(g, m, m.P1.Spec, m.P2.Spec)...)
	}
	return records
}

func (e *env) writeTournament(r arenaRun, res lab.TournamentResult, records []gameJSON) error {
	g, stopped := r.g, e.ctx.Err() != nil
	if r.asJSON {
		out := tournamentJSON{
			Game: g.Name, GamesPerPair: r.games, Openings: r.openings, Seed: r.seed, Bots: res.Bots,
			Crosstable: res.Points, Games: res.Games, Seconds: res.Elapsed.Seconds(), Parallel: r.parallel,
			Records: records, Stopped: stopped, Partial: stopped,
		}
		for _, s := range res.Standings {
			out.Standings = append(out.Standings, standingJSON{s.Rank, s.Bot, s.Points, s.Games, s.Wins, s.Draws, s.Losses,
				s.Elo, s.EloLow, s.EloHigh})
		}
		return e.printJSON(out)
	}
	if r.csv == "-" {
		return nil
	}
	fmt.Fprintf(e.stdout, "%s round robin: %d bots, %d games per pairing, seed %d", g.Title, len(res.Bots), r.games, r.seed)
	if !r.shard.Whole() {
		fmt.Fprintf(e.stdout, " (shard %s)", r.shard)
	}
	if stopped {
		fmt.Fprint(e.stdout, " (partial: interrupted, the finished games only)")
	}
	fmt.Fprint(e.stdout, "\n\n")
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	labels := []string{"bot"}
	for _, b := range res.Bots {
		labels = append(labels, label(b))
	}
	names := padRight(labels)
	head := "\t" + names[0] + "\t"
	for i := range res.Bots {
		head += strconv.Itoa(i+1) + "\t"
	}
	fmt.Fprintln(tw, head+"points\t")
	total := make([]float64, len(res.Bots))
	for _, s := range res.Standings {
		total[s.Index] = s.Points
	}
	for i := range res.Bots {
		line := fmt.Sprintf("%d\t%s\t", i+1, names[i+1])
		for j := range res.Bots {
			if i == j {
				line += "-\t"
			} else {
				line += fmt.Sprintf("%s/%d\t", points(res.Points[i][j]), res.Games[i][j])
			}
		}
		fmt.Fprintln(tw, line+points(total[i])+"\t")
	}
	tw.Flush()
	fmt.Fprintln(e.stdout, "\nstandings:")
	tw = tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "rank\t%s\tpoints\tgames\twins\tdraws\tlosses\tElo (95%% interval)\t\n", names[0])
	for _, s := range res.Standings {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%d\t%d\t%d\t%s\t\n", s.Rank, names[s.Index+1], points(s.Points),
			s.Games, s.Wins, s.Draws, s.Losses, eloRange(s.Games, s.Elo, s.EloLow, s.EloHigh))
	}
	tw.Flush()
	fmt.Fprintln(e.stdout, "Elo: each bot's rating against the average of the bots it played.")
	for _, m := range res.Pairings {
		for _, p := range []lab.PlayerStats{m.P1, m.P2} {
			who := fmt.Sprintf("%s (against %s)", label(p.Spec), label(other(m, p)))
			e.overBudget(who, p, r.parallel)
			e.forfeits(who, p)
		}
	}
	e.printTime(r, res.Elapsed.Seconds())
	return nil
}

// other returns the opponent of p in match m.
func other(m lab.ArenaResult, p lab.PlayerStats) string {
	if p.Spec == m.P1.Spec {
		return m.P2.Spec
	}
	return m.P1.Spec
}

// points prints a score with a half point when there is one.
func points(p float64) string { return strconv.FormatFloat(p, 'f', -1, 64) }

// gameRows turns a match's games into rows for JSON and CSV.
func gameRows(g *games.Game, res lab.ArenaResult, p1, p2 string) []gameJSON {
	rows := []gameJSON{}
	for _, r := range res.Records {
		rows = append(rows, gameJSON{
			Game: r.Number, P1: p1, P2: p2, P1Colour: playerName(g, r.P1Colour),
			Result: resultText(g, r.Result), Winner: r.Winner, Margin: r.Margin,
			Plies: r.Plies, Opening: r.Opening, Moves: r.Moves, Forfeit: r.Forfeit, Fault: r.Fault,
		})
		if len(r.Stderr[0])+len(r.Stderr[1]) > 0 {
			rows[len(rows)-1].Stderr = [][]string{r.Stderr[0], r.Stderr[1]}
		}
	}
	return rows
}

// writeGamesCSV writes one row per game: game number, P1's colour, result,
// winner, margin (P1's view), plies, opening plies, moves; tournaments
// start each row with the two bots.
func writeGamesCSV(w io.Writer, rows []gameJSON, withBots bool) error {
	cw := csv.NewWriter(w)
	head := []string{"game", "p1_colour", "result", "winner", "margin", "plies", "opening", "moves", "forfeit", "fault"}
	if withBots {
		head = append([]string{"p1", "p2"}, head...)
	}
	cw.Write(head)
	for _, r := range rows {
		rec := []string{strconv.Itoa(r.Game), r.P1Colour, r.Result, r.Winner, strconv.Itoa(r.Margin),
			strconv.Itoa(r.Plies), strconv.Itoa(r.Opening), r.Moves, r.Forfeit, r.Fault}
		if withBots {
			rec = append([]string{r.P1, r.P2}, rec...)
		}
		cw.Write(rec)
	}
	cw.Flush()
	return cw.Error()
}

// tooFewForElo says why one game has no Elo: the estimate clamps a
// score of 0 % or 100 % by half a game, which leaves 50 %, so it and its
// interval would read +0 (+0 .. +0) whatever the result.
const tooFewForElo = "one game is too few for an Elo difference (play 2 or more)"

// eloRange is an Elo difference and its interval, "+35 (-20 .. +90)", or
// "n/a (1 game)" for a single game.
func eloRange(games int, elo, low, high float64) string {
	if games == 1 {
		return "n/a (1 game)"
	}
	return fmt.Sprintf("%+.0f (%+.0f .. %+.0f)", elo, low, high)
}

// progressLine returns a progress callback that rewrites one line on
// stderr, and a function that clears it at the end; the callback is nil
// when stderr is not a terminal, so that logs and pipes stay clean. It
// redraws at most ten times a second. From the first work done on (and a
// second gone), it adds the time left at the pace so far. With unit "" it shows the share only
// (an experiment's steps are weights, not things to count).
func (e *env) progressLine(label, unit string) (func(lab.Progress), func()) {
	f, ok := e.stderr.(*os.File)
	if !ok {
		return nil, func() {}
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return nil, func() {}
	}
	start := time.Now()
	var last time.Time
	shown := false
	progress := func(p lab.Progress) {
		if now := time.Now(); now.Sub(last) >= 100*time.Millisecond || p.Done == p.Total {
			last, shown = now, true
			pct := 0.0
			if p.Total > 0 {
				pct = 100 * p.Played / float64(p.Total)
			}
			el := time.Since(start)
			left := ""
			if p.Played > 0 && p.Played < float64(p.Total) && el >= time.Second {
				rest := time.Duration(float64(el) * (float64(p.Total) - p.Played) / p.Played)
				left = fmt.Sprintf(", about %s left", rest.Round(time.Second))
			}
			if unit == "" {
				fmt.Fprintf(f, "\r\033[K%s: %.1f%% done in %s%s", label, pct, el.Round(time.Second), left)
			} else {
				fmt.Fprintf(f, "\r\033[K%s: %d of %d %s (%.1f%%) %s%s", label, p.Done, p.Total, unit, pct, el.Round(time.Second), left)
			}
		}
	}
	return progress, func() {
		if shown {
			fmt.Fprint(f, "\r\033[K")
		}
	}
}

// printTime prints how long the run took; a merged run's is the shards'
// times added up.
func (e *env) printTime(r arenaRun, seconds float64) {
	if r.merged > 0 {
		fmt.Fprintf(e.stdout, "time: %.1f s (the shards' times added up)\n", seconds)
		return
	}
	fmt.Fprintf(e.stdout, "time: %.1f s\n", seconds)
}
