package cli

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"boardgames/ai/bots"
	"boardgames/ai/lab"
	"boardgames/rules/games"
)

func init() {
	commands["grade"] = command{"grade a bot (a student's program) against the papers' bots and ours: a report with intervals", staged(prepareGrade)}
}

// gradeRun is a grading run, checked.
type gradeRun struct {
	cfg    lab.GradeConfig
	g      *games.Game
	start  games.Position
	dir    string // the report's folder
	out    string // a shard's results file
	asJSON bool
}

func prepareGrade(e *env, args []string) (func() error, error) {
	var pf posFlags
	fs := e.newFlags("grade", "-game G -bot \"COMMAND ARGS\" [-time DUR] [-games N] [-opponents \"A;B\"] [-seed S] [-o DIR]\n\n"+
		"Plays a bot, usually a student's program that speaks GTP (examples/bots has starter\n"+
		"kits), against a fixed suite: random, greedy, the papers' bots of the game, our Easy and\n"+
		"Medium presets and the engine at "+lab.GradeTime.String()+" a move. Against each opponent it plays -games\n"+
		"games in pairs on one seeded random opening, once with each colour, so the same -seed\n"+
		"gives the same openings. It writes a report to -o DIR: report.md, report.html (with a\n"+
		"chart), results.csv (one row per opponent), games.csv, and every game as a saved game\n"+
		"(games/*.bgame) that the app replays. The report gives each opponent's score with its\n"+
		"95% interval, the Elo difference with its interval, the bot's forfeits (illegal moves,\n"+
		"malformed replies, crashes, timeouts) with its last lines on stderr, and its time per\n"+
		"move. -bot is a command line, or any bot spec (gtp:\"...\",time=2s or alphabeta:depth=3).\n"+
		"-shard K/N -out FILE plays part of the games; 'boardgames merge' writes the report.\n"+
		"-log DIR writes the graded program's conversation and stderr, a file per game.\n")
	pf.register(fs.FlagSet)
	botText := fs.String("bot", "", "the bot graded: a command line such as \"python3 bot.py\", or a bot spec")
	moveTime := fs.Duration("time", time.Second, "the graded program's time budget per move (unless its spec gives one)")
	total := fs.Duration("total", 0, "the graded program's time budget for a whole game (default none)")
	memory := fs.Int("memory", 0, "the graded program's memory limit in MiB (default 1024)")
	n := fs.Int("games", lab.DefaultGradeGames, "games against each opponent (even: each opening with both colours)")
	openings := fs.Int("openings", 0, "random plies of each opening (default per game: 4 othello and checkers, 2 others)")
	opponents := fs.String("opponents", "", "opponents separated by \";\": labels of the suite or bot specs (default the suite)")
	seed := fs.Uint64("seed", 1, "seed of the openings and the bots")
	parallel := fs.Int("parallel", 0, "games played at once (default: one per core)")
	dir := fs.String("o", "grade-report", "the report's folder")
	asJSON := fs.Bool("json", false, "print the summary as one JSON object")
	shardText := fs.String("shard", "", "play only part K of N of the games, such as 2/3 (with -out)")
	outFile := fs.String("out", "", "write the games' results to this file, for 'boardgames merge'")
	logDir := addLogFlag(fs.FlagSet)
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	switch {
	case *botText == "":
		return nil, badInputf("-bot is required: the program graded, such as -bot \"python3 bot.py\"")
	case *n < 1 || *n > lab.MaxGames:
		return nil, badInputf("-games must be 1..%d, not %d", lab.MaxGames, *n)
	case *openings < 0 || *openings > maxOpenings:
		return nil, badInputf("-openings must be 0..%d, not %d", maxOpenings, *openings)
	case *parallel < 0 || *parallel > maxParallel:
		return nil, badInputf("-parallel must be 0..%d, not %d", maxParallel, *parallel)
	case *moveTime < 0 || *total < 0:
		return nil, badInputf("time budgets must not be negative")
	case *shardText != "" && *outFile == "":
		return nil, badInputf("-shard needs -out FILE: a shard's results are for 'boardgames merge'")
	}
	g, rec, err := pf.load()
	if err != nil {
		return nil, err
	}
	settings, err := pf.settings(g)
	if err != nil {
		return nil, err
	}
	shard, err := parseShard(*shardText)
	if err != nil {
		return nil, err
	}
	bot, err := gradedBot(*botText)
	if err != nil {
		return nil, badInput(err)
	}
	if bot.IsExternal() {
		bot.Params.Time = cmpDur(bot.Params.Time, *moveTime)
		bot.Total = cmpDur(bot.Total, *total)
		if bot.Memory == 0 {
			bot.Memory = *memory
		}
	}
	if err := lab.CheckSpec(g.Name, bot); err != nil {
		return nil, badInput(err)
	}
	cfg := lab.GradeConfig{Game: g.Name, Settings: settings, Bot: bot, Games: *n, Openings: *openings,
		Seed: *seed, Parallel: *parallel, Shard: shard, LogDir: *logDir}
	if *opponents != "" {
		if cfg.Suite, err = lab.PickOpponents(g.Name, *opponents); err != nil {
			return nil, badInput(err)
		}
		for _, o := range cfg.Suite {
			if err := lab.CheckSpec(g.Name, o.Spec); err != nil {
				return nil, badInput(err)
			}
		}
	}
	if *outFile != "" {
		if err := checkOutput(*outFile); err != nil {
			return nil, err
		}
	} else if err := checkDir(*dir); err != nil {
		return nil, err
	}
	if err := makeLogDir(*logDir); err != nil {
		return nil, err
	}
	r := gradeRun{cfg: cfg, g: g, start: rec.Position(), dir: *dir, out: *outFile, asJSON: *asJSON}
	return func() error { return e.grade(r) }, nil
}

// gradedBot reads -bot: a bot spec, or else a command line.
func gradedBot(text string) (bots.Spec, error) {
	if strings.HasPrefix(strings.TrimSpace(text), bots.GTP+":") {
		return bots.ParseSpec(text)
	}
	if s, err := bots.ParseSpec(text); err == nil {
		return s, nil
	}
	spec, err := bots.ParseSpec(bots.GTP + ":" + quoteArg(text))
	if err != nil {
		return bots.Spec{}, err
	}
	// The report names the program by its last word: the script or the
	// class ("bot.py", "MyBot"), shorter than its whole command line.
	if argv, err := spec.Argv(); err == nil {
		spec.Name = strings.NewReplacer(",", "", ":", "", `"`, "").Replace(filepath.Base(argv[len(argv)-1]))
	}
	return spec, nil
}

// quoteArg quotes a command line as a gtp spec writes it.
func quoteArg(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(strings.TrimSpace(s)) + `"`
}

func cmpDur(a, b time.Duration) time.Duration {
	if a != 0 {
		return a
	}
	return b
}

// grade plays the suite (or a shard of it) and writes the report (or the
// shard's results).
func (e *env) grade(r gradeRun) error {
	onMove, done := e.progressLine("grade", "games")
	r.cfg.OnMove = onMove
	res, err := lab.Grade(e.ctx, r.cfg)
	done()
	if err != nil && e.ctx.Err() == nil {
		return err
	}
	if err != nil {
		return interrupted("no report: the run was stopped before its games were all played")
	}
	run := r.cfg.Run(r.start)
	if r.out != "" {
		var records []lab.GameRecord
		for _, m := range res.Pairings {
			records = append(records, m.Records...)
		}
		if err := writeShard(r.out, run, r.cfg.Shard, res.Elapsed, records); err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "grade: shard %s: %d games written to %s; 'boardgames merge' makes the report\n",
			r.cfg.Shard, len(records), r.out)
		return nil
	}
	return e.gradeReport(run, res, res.Elapsed.Seconds(), r.dir, r.asJSON)
}

// mergeGrade writes the report of a grading run from its shards.
func (e *env) mergeGrade(run lab.Run, records []lab.GameRecord, seconds float64, dir string, asJSON bool) error {
	if err := checkDir(dir); err != nil {
		return err
	}
	res, err := lab.TournamentFromRecords(run, records)
	if err != nil {
		return err
	}
	return e.gradeReport(run, res, seconds, dir, asJSON)
}
