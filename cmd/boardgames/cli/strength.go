package cli

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"boardgames/ai/bots"
	"boardgames/ai/lab"
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
	fs := e.newFlags("bench", "-strength -game G [-bot SPEC] [-ref SPEC;SPEC...] [-time T] [-openings N] [-plies K] [-seed S] [-parallel K] [-json] [-csv FILE]\n\n"+
		"Plays a bot (default: the engine) against fixed reference opponents (default: "+bots.ReferenceEngine+",\n"+
		"the engine as it was before quiescence, endgame databases and books) over a seeded suite of\n"+
		"-openings random openings of -plies plies, each played with both colours against each\n"+
		"reference, and prints the bot's score and Elo difference with a 95% interval, and its longest\n"+
		"move in wall time against its budget (moves over 1.2 times the budget are counted). -time sets\n"+
		"the budget of the bots given without one. Ctrl+C stops it and prints the finished games\n"+
		"(exit status 130).\n")
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
	csvFile := fs.String("csv", "", "write one CSV row per game to this file (- for stdout)")
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
	}
	if cfg.OpeningPlies == 0 {
		cfg.OpeningPlies = defaultOpeningPlies(g.Name)
	}
	if err := checkOutput(*csvFile); err != nil {
		return nil, err
	}
	return func() error { return e.strength(cfg, *asJSON, *csvFile) }, nil
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

func (e *env) strength(cfg lab.StrengthConfig, asJSON bool, csvFile string) error {
	onMove, done := e.progressLine("strength", "games")
	var rows [][]string
	cfg.OnGame = func(g lab.StrengthGame) {
		if onMove != nil {
			onMove(lab.Progress{Done: g.Done, Total: g.Total, Played: float64(g.Done)})
		}
		rows = append(rows, []string{strconv.Itoa(g.Ref + 1), strconv.Itoa(g.Opening + 1), g.BotColour.String(),
			strconv.FormatFloat(g.Score, 'g', -1, 64), g.Result.String(), strconv.FormatBool(g.Adjudicated),
			fmt.Sprintf("%.3f", g.Longest.Seconds()), fmt.Sprintf("%.3f", g.RefLongest.Seconds()), g.Moves})
	}
	res, err := lab.Strength(e.ctx, cfg)
	done()
	partial := e.ctx.Err() != nil
	if err != nil && !partial {
		return err
	}
	if werr := e.writeOutput(csvFile, func(w io.Writer) error {
		cw := csv.NewWriter(w)
		cw.Write([]string{"ref", "opening", "bot_colour", "bot_score", "result", "adjudicated", "bot_longest_s", "ref_longest_s", "moves"})
		cw.WriteAll(rows)
		return cw.Error()
	}); werr != nil {
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
