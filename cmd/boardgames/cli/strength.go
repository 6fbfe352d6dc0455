package cli

import (
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"boardgames/ai/bots"
	"boardgames/ai/lab"
	"boardgames/app/safefile"
	"boardgames/rules"
	"boardgames/rules/games"
)

// bench -strength: the strength bench of package lab, an engine against
// fixed reference opponents.

// isStrength reports whether bench's arguments ask for the strength bench.
func isStrength(args []string) bool {
	for _, a := range args {
		switch a {
		case "-strength", "--strength", "-strength=true", "--strength=true":
			return true
		}
	}
	return false
}

// Defaults of bench -strength.
const (
	strengthOpenings = 50 // 100 games against each reference
	strengthTime     = time.Second
)

func prepareStrength(e *env, args []string) (func() error, error) {
	fs := e.newFlags("bench", "-strength -game G [-bot SPEC] [-ref SPEC;SPEC...] [-time T] [-openings N] [-plies K] [-seed S] [-parallel K] [-json] [-csv FILE [-resume]]\n\n"+
		"Plays a bot (default: the engine) against fixed reference opponents (default: "+bots.ReferenceEngine+",\n"+
		"the engine as it was before quiescence, endgame databases and books) over a seeded suite of\n"+
		"-openings random openings of -plies plies, each played with both colours against each\n"+
		"reference, and prints the bot's score and Elo difference with a 95% interval, and its longest\n"+
		"move in wall time against its budget (moves over 1.2 times the budget are counted). -time sets\n"+
		"the budget of the bots given without one. Ctrl+C stops it and prints the finished games\n"+
		"(exit status 130). -csv FILE is rewritten after every game, and FILE.bench.json names the\n"+
		"bench; -resume goes on with the games in FILE after a stop, a crash or a killed run.\n")
	var pf posFlags
	fs.StringVar(&pf.game, "game", "", "game: "+games.Names())
	fs.IntVar(&pf.draw, "draw", 0, "checkers draw rule: moves by each side without capture or man move (default 40)")
	fs.Bool("strength", true, "run the strength bench")
	botText := fs.String("bot", "engine", "the bot measured")
	refText := fs.String("ref", bots.ReferenceEngine, "the reference opponents, separated by ;")
	budget := fs.Duration("time", strengthTime, "the time budget of the bots given without one")
	openings := fs.Int("openings", strengthOpenings, "openings in the suite: 2 games each against each reference")
	plies := fs.Int("plies", 0, "plies of each opening (default: 3 in checkers, 4 in othello, 2 in connect4 and adjacency)")
	seed := fs.Uint64("seed", 1, "seed of the openings and the bots")
	parallel := fs.Int("parallel", 0, "games played at once (default: one per core)")
	asJSON := fs.Bool("json", false, "print one JSON object")
	csvFile := fs.String("csv", "", "write one CSV row per game to this file (- for stdout), rewritten after every game")
	resume := fs.Bool("resume", false, "go on with the games in the -csv file of an earlier run of this same bench (same game, bots, openings, seed and program): they are checked and counted, and only the games missing are played")
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	g, _, err := pf.load()
	if err != nil {
		return nil, err
	}
	settings, err := pf.settings(g)
	if err != nil {
		return nil, err
	}
	if *budget <= 0 {
		return nil, badInputf("-time must be positive, not %v", *budget)
	}
	withBudget := func(text string) (bots.Spec, error) {
		text = strings.TrimSpace(text)
		name, rest, _ := strings.Cut(text, ":")
		if takes(strings.ToLower(name), bots.KeyTime) && !strings.Contains(rest, bots.KeyTime+"=") && !strings.Contains(rest, bots.KeyDepth+"=") {
			if rest != "" {
				rest += ","
			}
			text = name + ":" + rest + bots.KeyTime + "=" + budget.String()
		}
		s, err := bots.ParseSpec(text)
		if err != nil {
			return s, badInput(err)
		}
		if err := lab.CheckSpec(g.Name, s); err != nil {
			return s, badInput(err)
		}
		return s, nil
	}
	cfg := lab.StrengthConfig{Game: g.Name, Settings: settings, Openings: *openings, OpeningPlies: *plies, Seed: *seed, Parallel: *parallel}
	if cfg.Bot, err = withBudget(*botText); err != nil {
		return nil, err
	}
	for _, t := range strings.Split(*refText, ";") {
		if strings.TrimSpace(t) == "" {
			continue
		}
		r, err := withBudget(t)
		if err != nil {
			return nil, err
		}
		cfg.Refs = append(cfg.Refs, r)
	}
	switch {
	case len(cfg.Refs) == 0:
		return nil, badInputf("-ref names no bot")
	case *openings < 1 || 2**openings*len(cfg.Refs) > lab.MaxGames:
		return nil, badInputf("-openings must be 1..%d, not %d", lab.MaxGames/(2*len(cfg.Refs)), *openings)
	case *plies < 0 || *plies > 20:
		return nil, badInputf("-plies must be 0..20, not %d", *plies)
	case *parallel < 0 || *parallel > maxParallel:
		return nil, badInputf("-parallel must be 0..%d, not %d", maxParallel, *parallel)
	case *asJSON && *csvFile == "-":
		return nil, badInputf("-json and -csv - both write to stdout: choose one")
	case *resume && (*csvFile == "" || *csvFile == "-"):
		return nil, badInputf("-resume needs -csv FILE: the games of the earlier run")
	}
	if cfg.OpeningPlies == 0 {
		cfg.OpeningPlies = defaultOpeningPlies(g.Name)
	}
	if err := checkOutput(*csvFile); err != nil {
		return nil, err
	}
	run := strengthRun{csvFile: *csvFile, asJSON: *asJSON}
	if *csvFile != "" && *csvFile != "-" && regularOrNew(*csvFile) {
		if run.key, err = newBenchKey(cfg, pf.draw); err != nil {
			return nil, err
		}
	}
	if *resume {
		if run.key == nil {
			return nil, badInputf("-resume: %s is not a regular file", *csvFile)
		}
		if cfg.Finished, run.rows, err = readFinished(*csvFile, run.key); err != nil {
			return nil, err
		}
	}
	return func() error { return e.strength(cfg, run) }, nil
}

// strengthRun is how a strength bench writes its games.
type strengthRun struct {
	csvFile string
	asJSON  bool
	key     *benchKey  // what -csv FILE's games belong to (nil unless FILE is a regular file)
	rows    [][]string // the CSV rows of the games resumed
}

// strengthColumns are bench -strength's CSV columns, one row a game.
var strengthColumns = []string{"ref", "opening", "bot_colour", "bot_score", "result", "adjudicated", "bot_longest_s", "ref_longest_s", "moves", "bot_over"}

// benchKey names a strength bench in FILE.bench.json beside its -csv FILE:
// games of another bench, or of another program, are never resumed into it.
type benchKey struct {
	Game     string   `json:"game"`
	Draw     int      `json:"draw"`
	Bot      string   `json:"bot"`
	Refs     []string `json:"refs"`
	Openings int      `json:"openings"`
	Plies    int      `json:"plies"`
	Seed     uint64   `json:"seed"`
	// Program is the SHA-256 of the boardgames executable that plays.
	Program string `json:"program"`
}

func newBenchKey(cfg lab.StrengthConfig, draw int) (*benchKey, error) {
	k := &benchKey{Game: cfg.Game, Draw: draw, Bot: cfg.Bot.String(), Openings: cfg.Openings, Plies: cfg.OpeningPlies, Seed: cfg.Seed}
	for _, r := range cfg.Refs {
		k.Refs = append(k.Refs, r.String())
	}
	exe, err := os.Executable()
	if err == nil {
		var f *os.File
		if f, err = os.Open(exe); err == nil {
			h := sha256.New()
			_, err = io.Copy(h, f)
			f.Close()
			k.Program = hex.EncodeToString(h.Sum(nil))
		}
	}
	if err != nil {
		return nil, fmt.Errorf("reading this program to name the bench: %w", err)
	}
	return k, nil
}

// keyFile is the file beside a bench's CSV that names the bench.
func keyFile(csvFile string) string { return csvFile + ".bench.json" }

// differs says how an earlier bench's key differs from this one's ("" when
// they are the same bench).
func (k *benchKey) differs(old *benchKey) string {
	switch {
	case old.Game != k.Game:
		return fmt.Sprintf("they are of %s, not %s", old.Game, k.Game)
	case old.Bot != k.Bot:
		return fmt.Sprintf("their bot is %s, not %s", old.Bot, k.Bot)
	case strings.Join(old.Refs, ";") != strings.Join(k.Refs, ";"):
		return fmt.Sprintf("their references are %s, not %s", strings.Join(old.Refs, ";"), strings.Join(k.Refs, ";"))
	case old.Openings != k.Openings || old.Plies != k.Plies || old.Seed != k.Seed:
		return fmt.Sprintf("their suite is -openings %d -plies %d -seed %d, not -openings %d -plies %d -seed %d",
			old.Openings, old.Plies, old.Seed, k.Openings, k.Plies, k.Seed)
	case old.Draw != k.Draw:
		return fmt.Sprintf("their draw rule is -draw %d, not %d", old.Draw, k.Draw)
	case old.Program != k.Program:
		return "they were played by another build of boardgames (its SHA-256 differs): a measurement is of one program"
	}
	return ""
}

// readFinished reads the games of an earlier run of the bench key names
// from its CSV file, after checking FILE.bench.json names the same bench.
// lab.Strength checks the games themselves against the suite and the rules.
func readFinished(csvFile string, key *benchKey) ([]lab.StrengthGame, [][]string, error) {
	data, err := os.ReadFile(keyFile(csvFile))
	if err != nil {
		return nil, nil, badInputf("-resume: %v (it names the bench that %s's games belong to; without it they cannot be resumed)", err, csvFile)
	}
	var old benchKey
	if err := json.Unmarshal(data, &old); err != nil {
		return nil, nil, badInputf("-resume: %s is not a bench's description: %v", keyFile(csvFile), err)
	}
	if why := key.differs(&old); why != "" {
		return nil, nil, badInputf("-resume: the games in %s are not of this bench: %s", csvFile, why)
	}
	f, err := os.Open(csvFile)
	if err != nil {
		return nil, nil, badInputf("-resume: %v", err)
	}
	defer f.Close()
	cr := csv.NewReader(f)
	cr.FieldsPerRecord = -1 // checked below, after the columns' names
	records, err := cr.ReadAll()
	if err != nil {
		return nil, nil, badInputf("-resume: %s: %v", csvFile, err)
	}
	if len(records) == 0 || strings.Join(records[0], ",") != strings.Join(strengthColumns, ",") {
		return nil, nil, badInputf("-resume: %s does not begin with the columns %s", csvFile, strings.Join(strengthColumns, ","))
	}
	var finished []lab.StrengthGame
	for i, r := range records[1:] {
		if len(r) != len(strengthColumns) {
			return nil, nil, badInputf("-resume: %s, line %d: %d fields, not %d", csvFile, i+2, len(r), len(strengthColumns))
		}
		g, err := parseStrengthRow(r)
		if err != nil {
			return nil, nil, badInputf("-resume: %s, line %d: %v", csvFile, i+2, err)
		}
		finished = append(finished, g)
	}
	return finished, records[1:], nil
}

// parseStrengthRow reads a CSV row that strengthRow wrote.
func parseStrengthRow(r []string) (lab.StrengthGame, error) {
	var g lab.StrengthGame
	ref, err1 := strconv.Atoi(r[0])
	opening, err2 := strconv.Atoi(r[1])
	score, err3 := strconv.ParseFloat(r[3], 64)
	adjudicated, err4 := strconv.ParseBool(r[5])
	longest, err5 := strconv.ParseFloat(r[6], 64)
	refLongest, err6 := strconv.ParseFloat(r[7], 64)
	over, err7 := strconv.Atoi(r[9])
	if err := errors.Join(err1, err2, err3, err4, err5, err6, err7); err != nil {
		return g, err
	}
	colour, err := rules.ParsePlayer("", r[2])
	if err != nil {
		return g, fmt.Errorf("bot_colour %q is not black or white", r[2])
	}
	result, ok := rules.ParseResult(r[4])
	if !ok || result == rules.Ongoing {
		return g, fmt.Errorf("result %q is not black wins, white wins or draw", r[4])
	}
	seconds := func(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
	return lab.StrengthGame{Ref: ref - 1, Opening: opening - 1, BotColour: colour, Moves: r[8], Result: result, Score: score,
		Adjudicated: adjudicated, Longest: seconds(longest), RefLongest: seconds(refLongest), Over: over}, nil
}

// strengthRow is a game's CSV row.
func strengthRow(g lab.StrengthGame) []string {
	return []string{strconv.Itoa(g.Ref + 1), strconv.Itoa(g.Opening + 1), g.BotColour.String(),
		strconv.FormatFloat(g.Score, 'g', -1, 64), g.Result.String(), strconv.FormatBool(g.Adjudicated),
		fmt.Sprintf("%.3f", g.Longest.Seconds()), fmt.Sprintf("%.3f", g.RefLongest.Seconds()), g.Moves, strconv.Itoa(g.Over)}
}

// takes reports whether an algorithm takes a parameter.
func takes(algo, key string) bool {
	for _, k := range bots.ParamsFor(algo) {
		if k == key {
			return true
		}
	}
	return false
}

// defaultOpeningPlies is the length of a strength bench's openings: the
// three-move ballots of checkers tournaments, a few plies elsewhere.
func defaultOpeningPlies(game string) int {
	switch game {
	case "checkers":
		return 3
	case "othello":
		return 4
	}
	return 2
}

// strengthJSON is bench -strength's JSON.
type strengthJSON struct {
	Game     string            `json:"game"`
	Bot      string            `json:"bot"`
	Openings []string          `json:"openings"`
	Refs     []strengthRowJSON `json:"refs"`
	Seconds  float64           `json:"seconds"`
	Partial  bool              `json:"partial,omitempty"`
}

type strengthRowJSON struct {
	Ref              string  `json:"ref"`
	Games            int     `json:"games"`
	Wins             int     `json:"wins"`
	Draws            int     `json:"draws"`
	Losses           int     `json:"losses"`
	Score            float64 `json:"score"`
	Elo              float64 `json:"elo"`
	EloLow           float64 `json:"eloLow"`
	EloHigh          float64 `json:"eloHigh"`
	Budget           float64 `json:"budgetSeconds"`
	LongestMove      float64 `json:"longestMoveSeconds"`
	OverBudget       int     `json:"overBudget"`
	Moves            int     `json:"moves"`
	RefLongestMove   float64 `json:"refLongestMoveSeconds"`
	RefBudgetSeconds float64 `json:"refBudgetSeconds"`
}

func (e *env) strength(cfg lab.StrengthConfig, run strengthRun) error {
	asJSON, csvFile := run.asJSON, run.csvFile
	rows := run.rows
	writeCSV := func() error {
		return e.writeOutput(csvFile, func(w io.Writer) error {
			cw := csv.NewWriter(w)
			cw.Write(strengthColumns)
			cw.WriteAll(rows)
			return cw.Error()
		})
	}
	if run.key != nil {
		data, err := json.MarshalIndent(run.key, "", "  ")
		if err == nil {
			err = safefile.WriteFunc(keyFile(csvFile), func(w io.Writer) error {
				_, err := w.Write(append(data, '\n'))
				return err
			})
		}
		if err != nil {
			return err
		}
	}
	onMove, done := e.progressLine("strength", "games")
	var writeErr error
	cfg.OnGame = func(g lab.StrengthGame) {
		if onMove != nil {
			onMove(lab.Progress{Done: g.Done, Total: g.Total, Played: float64(g.Done)})
		}
		rows = append(rows, strengthRow(g))
		if run.key != nil && writeErr == nil {
			writeErr = writeCSV() // a killed run keeps its finished games
		}
	}
	res, err := lab.Strength(e.ctx, cfg)
	done()
	partial := e.ctx.Err() != nil
	if errors.Is(err, lab.ErrResumed) {
		return badInput(err)
	}
	if err != nil && !partial {
		return err
	}
	if werr := writeCSV(); werr != nil {
		return werr
	}
	stopped := interrupted("the figures are of the finished games only")
	if asJSON {
		out := strengthJSON{Game: res.Game, Bot: res.Bot, Openings: res.Openings, Refs: []strengthRowJSON{}, Seconds: res.Elapsed.Seconds(), Partial: partial}
		for _, r := range res.Rows {
			out.Refs = append(out.Refs, strengthRowJSON{r.Ref, r.Games, r.Wins, r.Draws, r.Losses, r.Score, r.Elo, r.EloLow, r.EloHigh,
				r.Budget.Seconds(), r.Longest.Seconds(), r.Over, r.Moves, r.RefLongest.Seconds(), r.RefBudget.Seconds()})
		}
		if err := e.printJSON(out); err != nil || !partial {
			return err
		}
		return stopped
	}
	if csvFile == "-" {
		if partial {
			return stopped
		}
		return nil
	}
	fmt.Fprintf(e.stdout, "Strength of %s (%s): %d openings of %d plies, both colours\n", res.Bot, res.Game, cfg.Openings, cfg.OpeningPlies)
	if partial {
		fmt.Fprintln(e.stdout, "(partial: interrupted; the finished games)")
	}
	fmt.Fprintln(e.stdout)
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "reference\tgames\twins\tdraws\tlosses\tscore\tElo (95% interval)\tlongest move / budget\tover 1.2×\tref's longest\t")
	for _, r := range res.Rows {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%.1f%%\t%+.0f (%+.0f .. %+.0f)\t%s\t%d of %d\t%s\t\n", r.Ref, r.Games, r.Wins, r.Draws, r.Losses,
			100*r.Score, r.Elo, r.EloLow, r.EloHigh, longestText(r.Longest, r.Budget), r.Over, r.Moves, longestText(r.RefLongest, r.RefBudget))
	}
	tw.Flush()
	fmt.Fprintf(e.stdout, "\nruntime: %s\n", res.Elapsed.Round(time.Second))
	if partial {
		return stopped
	}
	return nil
}

// longestText is a move's time against its budget: "1.03 s / 1 s (103%)".
func longestText(d, budget time.Duration) string {
	if budget <= 0 {
		return fmt.Sprintf("%.2f s", d.Seconds())
	}
	return fmt.Sprintf("%.2f s / %v (%.0f%%)", d.Seconds(), budget, 100*d.Seconds()/budget.Seconds())
}
