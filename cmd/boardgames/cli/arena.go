package cli

import (
	"context"
	"encoding/csv"
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
	"boardgames/rules/games"
)

func init() {
	commands["arena"] = command{"bot-vs-bot matches and round-robin tournaments with statistics", runArena}
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
	Records  []gameJSON `json:"records"`
	Stopped  bool       `json:"interrupted,omitempty"`
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
	Records      []gameJSON     `json:"records"`
	Stopped      bool           `json:"interrupted,omitempty"`
}

type standingJSON struct {
	Rank   int     `json:"rank"`
	Bot    string  `json:"bot"`
	Points float64 `json:"points"`
	Games  int     `json:"games"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
}

func runArena(e *env, args []string) error {
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
		"the position of -moves/-position (default: the start). A progress line goes to stderr\n"+
		"when it is a terminal.\n")
	pf.register(fs.FlagSet)
	p1 := fs.String("p1", "", "first bot (plays Black/first in the odd-numbered games)")
	p2 := fs.String("p2", "", "second bot")
	tour := fs.String("tournament", "", "round robin of the bots separated by \";\" (instead of -p1/-p2)")
	n := fs.Int("games", lab.DefaultGames, "games (per pairing with -tournament)")
	openings := fs.Int("openings", 0, "random plies at the start of each pair of games")
	parallel := fs.Int("parallel", 0, "games played at once (default: one per CPU)")
	seed := fs.Uint64("seed", 1, "seed of the openings and the bots")
	asJSON := fs.Bool("json", false, "print one JSON object")
	csvFile := fs.String("csv", "", "write one CSV row per game to this file (- for stdout)")
	if err := parse(fs, args); err != nil {
		return err
	}
	switch {
	case *n < 1:
		return badInputf("-games must be at least 1, not %d", *n)
	case *openings < 0:
		return badInputf("-openings must not be negative")
	case *parallel < 0:
		return badInputf("-parallel must not be negative")
	case *tour != "" && (*p1 != "" || *p2 != ""):
		return badInputf("-tournament replaces -p1 and -p2: give one or the other")
	case *tour == "" && (*p1 == "" || *p2 == ""):
		return badInputf("-p1 and -p2 are required (or -tournament)")
	case *asJSON && *csvFile == "-":
		return badInputf("-json and -csv - both write to stdout: choose one")
	}
	g, rec, err := pf.load()
	if err != nil {
		return err
	}
	if rec.Result().Over() {
		return badInputf("the game is over (%s): no game to play from there", rec.Result())
	}
	settings, err := pf.settings(g)
	if err != nil {
		return err
	}
	texts := []string{*p1, *p2}
	if *tour != "" {
		texts = nil
		for _, t := range strings.Split(*tour, ";") {
			if strings.TrimSpace(t) != "" {
				texts = append(texts, t)
			}
		}
	}
	var specs []bots.Spec
	for _, text := range texts {
		s, err := bots.ParseSpec(text)
		if err != nil {
			return badInput(err)
		}
		if err := lab.CheckSpec(g.Name, s); err != nil {
			return badInput(err)
		}
		specs = append(specs, s)
	}
	if *tour != "" && len(specs) < 2 {
		return badInputf("-tournament needs at least 2 bots separated by \";\", got %d", len(specs))
	}
	csvOut, closeCSV, err := e.openCSV(*csvFile)
	if err != nil {
		return err
	}
	defer closeCSV()

	ctx, stop := interruptible()
	defer stop()
	progress, done := e.progressLine("arena")
	start := rec.Position()
	if *tour != "" {
		res, err := lab.Tournament(ctx, g.Name, settings, specs, *n,
			lab.TournamentOptions{Start: start, Openings: *openings, Parallel: *parallel, Seed: *seed}, progress)
		done()
		if err != nil && !errors.Is(err, context.Canceled) {
			return err
		}
		stopped := err != nil
		if err := e.writeTournament(g, res, *n, *openings, *seed, stopped, *asJSON, csvOut); err != nil {
			return err
		}
		return interrupted(stopped)
	}
	res, err := lab.Arena(ctx, lab.ArenaConfig{
		Game: g.Name, Settings: settings, Start: start, P1: specs[0], P2: specs[1],
		Games: *n, Openings: *openings, Parallel: *parallel, Seed: *seed,
	}, progress)
	done()
	if err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	stopped := err != nil
	if err := e.writeArena(g, res, *n, *openings, *seed, stopped, *asJSON, csvOut); err != nil {
		return err
	}
	return interrupted(stopped)
}

func interrupted(stopped bool) error {
	if stopped {
		return errors.New("interrupted: the results above cover the finished games only")
	}
	return nil
}

func (e *env) writeArena(g *games.Game, res lab.ArenaResult, asked, openings int, seed uint64, stopped, asJSON bool, csvOut io.Writer) error {
	records := gameRows(g, res, "", "")
	if csvOut != nil {
		if err := writeGamesCSV(csvOut, records, false); err != nil {
			return err
		}
	}
	player := func(p lab.PlayerStats) playerJSON {
		return playerJSON{Spec: p.Spec, Wins: p.Wins, Draws: p.Draws, Losses: p.Losses, Points: p.Points,
			MeanMargin: p.MeanMargin, MeanMoveSeconds: p.MeanMoveSeconds, MeanMoveNodes: p.MeanMoveNodes}
	}
	if asJSON {
		return e.printJSON(arenaJSON{
			Game: g.Name, Games: res.Games, Asked: asked, Openings: openings, Seed: seed,
			P1: player(res.P1), P2: player(res.P2), Score: res.Score,
			Elo: res.Elo, EloLow: res.EloLow, EloHigh: res.EloHigh,
			Seconds: res.Elapsed.Seconds(), Records: records, Stopped: stopped,
		})
	}
	if csvOut == e.stdout {
		return nil
	}
	fmt.Fprintf(e.stdout, "%s: %d games", g.Title, res.Games)
	if openings > 0 {
		fmt.Fprintf(e.stdout, ", %d-ply random openings", openings)
	}
	fmt.Fprintf(e.stdout, ", seed %d\n\n", seed)
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	names := padRight([]string{"bot", res.P1.Spec, res.P2.Spec})
	fmt.Fprintf(tw, "\t%s\twins\tdraws\tlosses\tpoints\tmean margin\ttime/move\tnodes/move\t\n", names[0])
	for i, p := range []lab.PlayerStats{res.P1, res.P2} {
		fmt.Fprintf(tw, "p%d\t%s\t%d\t%d\t%d\t%s\t%+.1f\t%s\t%.0f\t\n", i+1, names[i+1], p.Wins, p.Draws, p.Losses,
			points(p.Points), p.MeanMargin, formatSeconds(p.MeanMoveSeconds), p.MeanMoveNodes)
	}
	tw.Flush()
	fmt.Fprintf(e.stdout, "\np1 scored %.1f%%: Elo difference %+.0f (95%% confidence interval %+.0f .. %+.0f)\n",
		100*res.Score, res.Elo, res.EloLow, res.EloHigh)
	fmt.Fprintf(e.stdout, "time: %.1f s\n", res.Elapsed.Seconds())
	return nil
}

func (e *env) writeTournament(g *games.Game, res lab.TournamentResult, perPair, openings int, seed uint64, stopped, asJSON bool, csvOut io.Writer) error {
	records := []gameJSON{}
	for _, m := range res.Pairings {
		records = append(records, gameRows(g, m, m.P1.Spec, m.P2.Spec)...)
	}
	if csvOut != nil {
		if err := writeGamesCSV(csvOut, records, true); err != nil {
			return err
		}
	}
	if asJSON {
		out := tournamentJSON{
			Game: g.Name, GamesPerPair: perPair, Openings: openings, Seed: seed, Bots: res.Bots,
			Crosstable: res.Points, Games: res.Games, Seconds: res.Elapsed.Seconds(), Records: records, Stopped: stopped,
		}
		for _, s := range res.Standings {
			out.Standings = append(out.Standings, standingJSON{s.Rank, s.Bot, s.Points, s.Games, s.Wins, s.Draws, s.Losses})
		}
		return e.printJSON(out)
	}
	if csvOut == e.stdout {
		return nil
	}
	fmt.Fprintf(e.stdout, "%s round robin: %d bots, %d games per pairing, seed %d\n\n", g.Title, len(res.Bots), perPair, seed)
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	names := padRight(append([]string{"bot"}, res.Bots...))
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
	fmt.Fprintf(tw, "rank\t%s\tpoints\tgames\twins\tdraws\tlosses\t\n", names[0])
	for _, s := range res.Standings {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%d\t%d\t%d\t\n", s.Rank, names[s.Index+1], points(s.Points), s.Games, s.Wins, s.Draws, s.Losses)
	}
	tw.Flush()
	fmt.Fprintf(e.stdout, "time: %.1f s\n", res.Elapsed.Seconds())
	return nil
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
			Plies: r.Plies, Opening: r.Opening, Moves: r.Moves,
		})
	}
	return rows
}

// writeGamesCSV writes one row per game: game number, P1's colour, result,
// winner, margin (P1's view), plies, opening plies, moves; tournaments
// start each row with the two bots.
func writeGamesCSV(w io.Writer, rows []gameJSON, withBots bool) error {
	cw := csv.NewWriter(w)
	head := []string{"game", "p1_colour", "result", "winner", "margin", "plies", "opening", "moves"}
	if withBots {
		head = append([]string{"p1", "p2"}, head...)
	}
	cw.Write(head)
	for _, r := range rows {
		rec := []string{strconv.Itoa(r.Game), r.P1Colour, r.Result, r.Winner, strconv.Itoa(r.Margin),
			strconv.Itoa(r.Plies), strconv.Itoa(r.Opening), r.Moves}
		if withBots {
			rec = append([]string{r.P1, r.P2}, rec...)
		}
		cw.Write(rec)
	}
	cw.Flush()
	return cw.Error()
}

// openCSV opens the -csv destination before the work starts, so that a
// bad path fails at once: nil for none, stdout for "-".
func (e *env) openCSV(name string) (io.Writer, func(), error) {
	switch name {
	case "":
		return nil, func() {}, nil
	case "-":
		return e.stdout, func() {}, nil
	}
	f, err := os.Create(name)
	if err != nil {
		return nil, nil, badInput(err)
	}
	return f, func() { f.Close() }, nil
}

// progressLine returns a progress callback that rewrites one line on
// stderr, and a function that clears it at the end; the callback is nil
// when stderr is not a terminal, so that logs and pipes stay clean.
func (e *env) progressLine(label string) (func(done, total int), func()) {
	f, ok := e.stderr.(*os.File)
	if !ok {
		return nil, func() {}
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return nil, func() {}
	}
	start := time.Now()
	shown := false
	progress := func(done, total int) {
		shown = true
		pct := 0.0
		if total > 0 {
			pct = 100 * float64(done) / float64(total)
		}
		fmt.Fprintf(f, "\r\033[K%s: %d/%d (%.0f%%) %s", label, done, total, pct, time.Since(start).Round(time.Second))
	}
	return progress, func() {
		if shown {
			fmt.Fprint(f, "\r\033[K")
		}
	}
}
