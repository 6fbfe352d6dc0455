package cli

import (
	"cmp"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"boardgames/ai/bots"
	"boardgames/ai/lab"
	"boardgames/ai/lab/pairing"
	"boardgames/app/safefile"
	"boardgames/rules/games"
)

func init() {
	commands["tournament"] = command{"tournaments of many bots: round robin, Swiss, gauntlet or knockout, with a joint rating", staged(prepareTournament)}
}

// tournamentRun is a tournament run, checked.
type tournamentRun struct {
	g        *games.Game
	settings games.Settings
	start    games.Position
	specs    []bots.Spec
	format   pairing.Format
	rounds   int // Swiss
	seeds    int // gauntlet
	games    int // per pairing
	openings int
	parallel int
	seed     uint64
	anchor   int // the bot rated 0, -1 for the mean
	asJSON   bool
	csv      string // "" none, "-" stdout
	dir      string // -o: standings.md, standings.csv, results.json
	logDir   string // -log: the external programs' transcripts, a folder a round
	gamesDir string // -games-dir: every game's files
}

func prepareTournament(e *env, args []string) (func() error, error) {
	var pf posFlags
	fs := e.newFlags("tournament", "-game G (-bots FILE | -players \"S1;S2;...\") -format roundrobin|swiss|gauntlet|knockout\n"+
		"       [-rounds N] [-seeds K] [-tiebreaks N] [-seeding FILE] [-anchor BOT] [-games N] [-openings K]\n"+
		"       [-parallel K] [-seed S] [-json] [-csv FILE] [-o DIR] [-log DIR] [-games-dir DIR]\n\n"+
		"Plays a tournament of bots in one of four formats. roundrobin: every pair of bots (the games\n"+
		"of 'arena -tournament' with the same seed). swiss: -rounds N rounds, each pairing bots of\n"+
		"equal points where it can and never two bots twice; with an odd number of bots one sits out\n"+
		"each round (a bye, worth a match won). gauntlet: the first -seeds K bots (default 1) each\n"+
		"play all the others. knockout: a bracket seeded in the order the bots are given (the first\n"+
		"the top seed), with byes for the top seeds up to a power of two; a pairing that ends level\n"+
		"plays tie-break rounds of 2 games (-tiebreaks, default 3), and then the higher seed goes\n"+
		"through. Each pairing plays -games games (even, default 2), colours alternating, each pair\n"+
		"of games on the same -openings K random plies. -seeding FILE orders the bots (the seeds of\n"+
		"Swiss, gauntlet and knockout) by the standings of an earlier run's JSON output. The\n"+
		"standings give every bot's joint rating from all the games (maximum likelihood, draws\n"+
		"modelled as by Davidson, the mean 0 or -anchor BOT at 0) with a 95% interval. With -o DIR\n"+
		"it writes DIR/standings.md, standings.csv and results.json (every game); -games-dir DIR\n"+
		"writes every game as a record and a saved game, -log DIR each external program's\n"+
		"transcript (a folder a round). Ctrl+C stops the\n"+
		"games and prints the rounds finished, marked as partial (exit status 130).\n")
	fs.StringVar(&pf.game, "game", "", "game: "+games.Names())
	fs.StringVar(&pf.moves, "moves", "", "move list from the start, in the game's notation: the games start there")
	fs.StringVar(&pf.position, "position", "", "position in the game's notation: the games start there")
	fs.StringVar(&pf.first, "first", "", "who moves first: X/black or O/white (othello, adjacency)")
	fs.IntVar(&pf.draw, "draw", 0, "checkers draw rule: moves by each side without capture or man move (default 40)")
	fs.BoolVar(&pf.noPass, "nopass", false, "othello: the game ends when the side to move cannot move")
	fs.IntVar(&pf.rounds, "adjacency-rounds", 0, "adjacency round limit, 1..28 (default 28)")
	players := fs.String("players", "", "the bots, separated by \";\"")
	botsFile := fs.String("bots", "", "a file of bot specs, one a line (# comments), after -players'")
	format := fs.String("format", "", "roundrobin, swiss, gauntlet or knockout")
	rounds := fs.Int("rounds", 0, "swiss: the number of rounds (at most bots-1)")
	seeds := fs.Int("seeds", 0, "gauntlet: how many of the first bots play all the others (default 1)")
	tieBreaks := fs.Int("tiebreaks", pairing.DefaultTieBreaks, "knockout: tie-break rounds of a level pairing")
	n := fs.Int("games", 2, "games per pairing, even (colours alternate)")
	openings := fs.Int("openings", 0, "random plies at the start of each pair of games")
	parallel := fs.Int("parallel", 0, "games played at once (default: one per core)")
	seed := fs.Uint64("seed", 1, "seed of the openings and the bots")
	asJSON := fs.Bool("json", false, "print one JSON object")
	csvFile := fs.String("csv", "", "write one CSV row per game to this file (- for stdout)")
	dir := fs.String("o", "", "write standings.md, standings.csv and results.json to this folder")
	anchor := fs.String("anchor", "", "the bot (its spec or name) whose rating is 0 (default: the mean of all bots)")
	seeding := fs.String("seeding", "", "order the bots by the standings of this JSON output of an earlier tournament or arena -tournament")
	logDir := addLogFlag(fs.FlagSet)
	gamesDir := fs.String("games-dir", "", "write every game to this folder: its record (PDN, GGF or moves) and a saved game")
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	name := strings.ToLower(*format)
	switch {
	case *format == "":
		return nil, badInputf("-format is required: %s", strings.Join(pairing.Names, ", "))
	case *n < 2 || *n%2 != 0:
		return nil, badInputf("-games must be even and at least 2 (each pairing plays both colours equally), not %d", *n)
	case *n > lab.MaxGames:
		return nil, badInputf("-games %d is more than the %d games a run may have", *n, lab.MaxGames)
	case *openings < 0 || *openings > maxOpenings:
		return nil, badInputf("-openings must be 0..%d, not %d", maxOpenings, *openings)
	case *parallel < 0 || *parallel > maxParallel:
		return nil, badInputf("-parallel must be 0..%d, not %d", maxParallel, *parallel)
	case *players == "" && *botsFile == "":
		return nil, badInputf("give the bots with -players \"S1;S2;...\" or -bots FILE")
	case *rounds != 0 && name != "swiss":
		return nil, badInputf("-rounds is for -format swiss")
	case name == "swiss" && *rounds == 0:
		return nil, badInputf("-format swiss needs -rounds N")
	case *seeds != 0 && name != "gauntlet":
		return nil, badInputf("-seeds is for -format gauntlet")
	case *tieBreaks < 0 || *tieBreaks > 100:
		return nil, badInputf("-tiebreaks must be 0..100, not %d", *tieBreaks)
	case *asJSON && *csvFile == "-":
		return nil, badInputf("-json and -csv - both write to stdout: choose one")
	}
	g, rec, settings, err := pf.runStart()
	if err != nil {
		return nil, err
	}
	texts := nonEmpty(splitOutside(*players, ';'))
	if *botsFile != "" {
		more, err := readBotsFile(*botsFile)
		if err != nil {
			return nil, err
		}
		texts = append(texts, more...)
	}
	if len(texts) < 2 {
		return nil, badInputf("a tournament needs at least 2 bots, got %d", len(texts))
	}
	if len(texts) > lab.MaxGames {
		return nil, badInputf("%d bots: at most %d", len(texts), lab.MaxGames)
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
	anchorIndex := -1
	if *anchor != "" {
		for i, s := range specs {
			if s.String() == *anchor || s.Label() == *anchor || strings.TrimSpace(texts[i]) == *anchor {
				anchorIndex = i
				break
			}
		}
		if anchorIndex < 0 {
			return nil, badInputf("-anchor %s is none of the bots", *anchor)
		}
	}
	tb := *tieBreaks
	if tb == 0 {
		tb = -1 // none (0 in pairing.Options is the default)
	}
	if *seeding != "" {
		if specs, err = seedBy(*seeding, specs); err != nil {
			return nil, err
		}
	}
	f, err := pairing.New(name, len(specs), pairing.Options{Rounds: *rounds, Seeds: *seeds, TieBreaks: tb})
	if err != nil {
		return nil, badInputf("%s", strings.TrimPrefix(err.Error(), "pairing: "))
	}
	if total := lab.EventGames(f, len(specs), *n); total > lab.MaxGames {
		return nil, badInputf("%d bots with %d games per pairing is more than the %d games a run may have", len(specs), *n, lab.MaxGames)
	}
	if err := checkOutput(*csvFile); err != nil {
		return nil, err
	}
	if *dir != "" {
		if err := checkDir(*dir); err != nil {
			return nil, err
		}
	}
	if err := checkRecordDirs(*logDir, *gamesDir); err != nil {
		return nil, err
	}
	r := tournamentRun{logDir: *logDir, gamesDir: *gamesDir, g: g, settings: settings, start: rec.Position(), specs: specs, format: f, rounds: *rounds,
		seeds: max(*seeds, 1), games: *n, openings: *openings, parallel: cmp.Or(*parallel, lab.DefaultParallel(specs...)),
		seed: *seed, anchor: anchorIndex, asJSON: *asJSON, csv: *csvFile, dir: *dir}
	if err := bots.CheckMemory(r.parallel, specs...); err != nil {
		return nil, badInput(err)
	}
	return func() error { return e.tournament(r) }, nil
}

// seedBy orders specs by the standings of an earlier run's JSON (its
// "standings", best first, each with its "bot"); the bots it does not
// rank come after, in their order.
func seedBy(name string, specs []bots.Spec) ([]bots.Spec, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, badInputf("-seeding: %v", err)
	}
	var prev struct {
		Standings []struct {
			Bot string `json:"bot"`
		} `json:"standings"`
	}
	if err := json.Unmarshal(data, &prev); err != nil || len(prev.Standings) == 0 {
		return nil, badInputf("-seeding %s: not the JSON of a tournament with standings", name)
	}
	rank := map[string]int{}
	for k, s := range prev.Standings {
		if _, ok := rank[s.Bot]; !ok {
			rank[s.Bot] = k
		}
	}
	out := slices.Clone(specs)
	slices.SortStableFunc(out, func(a, b bots.Spec) int {
		ra, oka := rank[a.String()]
		rb, okb := rank[b.String()]
		switch {
		case oka && okb:
			return ra - rb
		case oka:
			return -1
		case okb:
			return 1
		}
		return 0
	})
	return out, nil
}

// tournament plays the event and prints it; an interrupted run prints the
// rounds finished, marked as partial.
func (e *env) tournament(r tournamentRun) error {
	if cores := lab.Cores(); r.parallel > cores && timed(r.specs) {
		fmt.Fprintf(e.stderr, "boardgames tournament: note: %d games at once on %d cores: the bots' time budgets will run over\n", r.parallel, cores)
	}
	keep := r.asJSON || r.csv != "" || r.dir != ""
	onMove, done := e.progressLine("tournament", "games")
	var onGame func(lab.Played) error
	if r.gamesDir != "" {
		files, err := newGameFiles(r.gamesDir, "Boardgames tournament", lab.EventGames(r.format, len(r.specs), r.games))
		if err != nil {
			done()
			return err
		}
		onGame = files.add
	}
	res, err := lab.Event(e.ctx, r.g.Name, r.settings, r.specs, r.format, r.games, lab.TournamentOptions{
		Start: r.start, Openings: r.openings, Parallel: r.parallel, Seed: r.seed, SummaryOnly: !keep, OnMove: onMove,
		LogDir: r.logDir, OnGame: onGame}, nil)
	done()
	if err != nil && e.ctx.Err() == nil {
		return err
	}
	if r.anchor >= 0 {
		res.Rate(r.anchor) // fails only without games, leaving the mean's
	}
	stopped := e.ctx.Err() != nil
	out := r.eventJSON(res, stopped, keep)
	if r.asJSON {
		if perr := e.printJSON(out); perr != nil {
			return perr
		}
	} else if r.csv != "-" {
		e.printEvent(r, res, stopped)
	}
	if stopped && res.Played == 0 {
		return interrupted("no game had finished") // and no file is written
	}
	if r.csv != "" {
		if werr := e.writeOutput(r.csv, func(w io.Writer) error { return writeGamesCSV(w, out.Records, true) }); werr != nil {
			return werr
		}
	}
	if r.dir != "" {
		if werr := writeEventDir(r, res, out); werr != nil {
			return werr
		}
	}
	if stopped {
		return interrupted("the results cover the finished games only")
	}
	return nil
}

// eventJSON is the JSON form of a tournament, also results.json.
type eventJSON struct {
	Game         string             `json:"game"`
	Format       string             `json:"format"`
	GamesPerPair int                `json:"gamesPerPair"`
	Rounds       int                `json:"rounds,omitempty"` // swiss
	Seeds        int                `json:"seeds,omitempty"`  // gauntlet
	Openings     int                `json:"openings"`
	Seed         uint64             `json:"seed"`
	Bots         []string           `json:"bots"`
	Played       []eventRoundJSON   `json:"played"`
	Standings    []eventStandJSON   `json:"standings"`
	Rating       eventRatingJSON    `json:"rating"`
	Crosstable   [][]float64        `json:"crosstable"`
	Games        [][]int            `json:"games"`
	GamesPlayed  int                `json:"gamesPlayed"`
	Seconds      float64            `json:"seconds"`
	Parallel     int                `json:"parallel"`
	Records      []gameJSON         `json:"records,omitempty"`
	Stopped      bool               `json:"interrupted,omitempty"`
	Partial      bool               `json:"partial,omitempty"`
	Knockout     *knockoutBracketJS `json:"knockout,omitempty"`
}

type eventRoundJSON struct {
	Round    int             `json:"round"`
	Label    string          `json:"label"`
	TieBreak bool            `json:"tieBreak,omitempty"`
	Pairings []eventPairJSON `json:"pairings"`
	Byes     []string        `json:"byes,omitempty"`
	Partial  bool            `json:"partial,omitempty"`
	Games    int             `json:"gamesPerPair"`
}

type eventPairJSON struct {
	First  string     `json:"first"`
	Second string     `json:"second"`
	Points [2]float64 `json:"points"`
	Games  int        `json:"games"`
}

type eventStandJSON struct {
	Rank   int     `json:"rank"`
	Bot    string  `json:"bot"`
	Points float64 `json:"points"`
	Byes   int     `json:"byes,omitempty"`
	Games  int     `json:"games"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	// Elo is the joint rating (mean 0) with its 95% interval.
	Elo          float64 `json:"elo"`
	EloLow       float64 `json:"eloLow"`
	EloHigh      float64 `json:"eloHigh"`
	KnockoutWins int     `json:"knockoutWins,omitempty"`
}

type eventRatingJSON struct {
	Model    string  `json:"model"`
	Anchor   string  `json:"anchor,omitempty"` // the bot rated 0 ("": the mean)
	DrawRate float64 `json:"drawRate"`
	Prior    float64 `json:"prior"`
	Games    int     `json:"games"`
}

type knockoutBracketJS struct {
	Bracket []string `json:"bracket"` // the first round's slots, "" for a bye
	Winner  string   `json:"winner,omitempty"`
}

func (r tournamentRun) eventJSON(res lab.EventResult, stopped, keep bool) eventJSON {
	out := eventJSON{
		Game: r.g.Name, Format: res.Format, GamesPerPair: r.games, Openings: r.openings, Seed: r.seed, Bots: res.Bots,
		Crosstable: res.Points, Games: res.Games, GamesPlayed: res.Played, Seconds: res.Elapsed.Seconds(), Parallel: r.parallel,
		Stopped: stopped, Partial: stopped,
		Rating: eventRatingJSON{Model: "davidson", Anchor: res.Rating.Anchor, DrawRate: res.Rating.DrawRate, Prior: res.Rating.Prior, Games: res.Rating.Games},
	}
	switch res.Format {
	case "swiss":
		out.Rounds = r.rounds
	case "gauntlet":
		out.Seeds = r.seeds
	}
	for k, rd := range res.Rounds {
		j := eventRoundJSON{Round: k + 1, Label: rd.Label, TieBreak: rd.TieBreak, Partial: rd.Partial, Games: cmp.Or(rd.Games, r.games),
			Pairings: []eventPairJSON{}}
		for _, m := range rd.Matches {
			j.Pairings = append(j.Pairings, eventPairJSON{res.Bots[m.First], res.Bots[m.Second], m.Points, m.Games})
		}
		for _, b := range rd.Byes {
			j.Byes = append(j.Byes, res.Bots[b])
		}
		out.Played = append(out.Played, j)
		if keep {
			for _, m := range rd.Result.Pairings {
				out.Records = append(out.Records, gameRows(r.g, m, m.P1.Spec, m.P2.Spec)...)
			}
		}
	}
	for _, s := range res.Standings {
		out.Standings = append(out.Standings, eventStandJSON{s.Rank, s.Bot, s.Points, s.Byes, s.Games, s.Wins, s.Draws, s.Losses,
			s.Elo, s.EloLow, s.EloHigh, s.KnockoutWins})
	}
	if k, ok := r.format.(*pairing.Knockout); ok {
		kb := &knockoutBracketJS{}
		for _, s := range k.Bracket() {
			if s == pairing.Bye {
				kb.Bracket = append(kb.Bracket, "")
			} else {
				kb.Bracket = append(kb.Bracket, res.Bots[s])
			}
		}
		if !stopped && len(res.Standings) > 0 {
			kb.Winner = res.Standings[0].Bot
		}
		out.Knockout = kb
	}
	return out
}

// zeroOf says what rating is 0: the anchor's or the mean's.
func zeroOf(res lab.EventResult) string {
	if res.Rating.Anchor != "" {
		return label(res.Rating.Anchor) + " at 0"
	}
	return "the mean of all bots 0"
}

// formatTitle names a format in a heading.
func formatTitle(name string) string {
	switch name {
	case "roundrobin":
		return "round robin"
	case "swiss":
		return "Swiss"
	}
	return name
}

// printEvent prints the rounds (the crosstable of a one-round format),
// the standings with the joint rating, and the bots' forfeits.
func (e *env) printEvent(r tournamentRun, res lab.EventResult, stopped bool) {
	labels := make([]string, len(res.Bots))
	for i, b := range res.Bots {
		labels[i] = label(b)
	}
	fmt.Fprintf(e.stdout, "%s %s: %d bots", r.g.Title, formatTitle(res.Format), len(res.Bots))
	switch res.Format {
	case "swiss":
		fmt.Fprintf(e.stdout, ", %d rounds", r.rounds)
	case "gauntlet":
		fmt.Fprintf(e.stdout, ", %d seed(s)", r.seeds)
	}
	fmt.Fprintf(e.stdout, ", %d games per pairing", r.games)
	if r.openings > 0 {
		fmt.Fprintf(e.stdout, ", %d-ply random openings", r.openings)
	}
	fmt.Fprintf(e.stdout, ", seed %d", r.seed)
	if stopped {
		fmt.Fprint(e.stdout, " (partial: interrupted, the finished games only)")
	}
	fmt.Fprint(e.stdout, "\n\n")
	switch res.Format {
	case "roundrobin", "gauntlet":
		e.printCrosstable(res, labels, r.seeds)
	default:
		if k, ok := r.format.(*pairing.Knockout); ok {
			e.printBracket(k.Bracket(), labels)
		}
		e.printRounds(res, labels)
	}
	fmt.Fprintln(e.stdout, "\nstandings:")
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	names := padRight(append([]string{"bot"}, labels...))
	head := "rank\t" + names[0] + "\tpoints\tgames\twins\tdraws\tlosses\tElo (95% interval)\t"
	if res.Format == "knockout" {
		head = "rank\t" + names[0] + "\trounds won\tgames\twins\tdraws\tlosses\tElo (95% interval)\t"
	}
	fmt.Fprintln(tw, head)
	for _, s := range res.Standings {
		first := points(s.Points)
		if res.Format == "knockout" {
			first = strconv.Itoa(s.KnockoutWins)
		} else if s.Byes > 0 {
			first += fmt.Sprintf(" (%d bye)", s.Byes)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%d\t%d\t%d\t%+.0f (%+.0f .. %+.0f)\t\n", s.Rank, names[s.Index+1], first,
			s.Games, s.Wins, s.Draws, s.Losses, s.Elo, s.EloLow, s.EloHigh)
	}
	tw.Flush()
	fmt.Fprintf(e.stdout, "Elo: the joint rating of all %d games (maximum likelihood, Davidson's draws, %s, a prior of %g virtual games a bot)",
		res.Rating.Games, zeroOf(res), res.Rating.Prior)
	if res.Rating.DrawRate > 0 {
		fmt.Fprintf(e.stdout, "; equal bots draw %.0f%% of games", 100*res.Rating.DrawRate)
	}
	fmt.Fprintln(e.stdout, ".")
	for _, rd := range res.Rounds {
		for _, m := range rd.Result.Pairings {
			for _, p := range []lab.PlayerStats{m.P1, m.P2} {
				who := fmt.Sprintf("%s (%s, against %s)", label(p.Spec), rd.Label, label(other(m, p)))
				e.overBudget(who, p, r.parallel)
				e.forfeits(who, p)
			}
		}
	}
	fmt.Fprintf(e.stdout, "games: %d\ntime: %.1f s\n", res.Played, res.Elapsed.Seconds())
}

// printCrosstable prints the points of every pairing: all bots against
// all in a round robin, the seeds' rows in a gauntlet.
func (e *env) printCrosstable(res lab.EventResult, labels []string, seeds int) {
	n := len(res.Bots)
	rows := n
	if res.Format == "gauntlet" {
		rows = seeds
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	names := padRight(append([]string{"bot"}, labels...))
	head := "\t" + names[0] + "\t"
	for j := range n {
		head += strconv.Itoa(j+1) + "\t"
	}
	fmt.Fprintln(tw, head)
	for i := range rows {
		line := fmt.Sprintf("%d\t%s\t", i+1, names[i+1])
		for j := range n {
			switch {
			case i == j:
				line += "-\t"
			case res.Games[i][j] == 0:
				line += ".\t"
			default:
				line += fmt.Sprintf("%s/%d\t", points(res.Points[i][j]), res.Games[i][j])
			}
		}
		fmt.Fprintln(tw, line)
	}
	tw.Flush()
}

// printBracket prints a knockout's first round, top to bottom: each line
// two slots that meet, the winners of two lines meeting next.
func (e *env) printBracket(slots []int, labels []string) {
	fmt.Fprintln(e.stdout, "bracket:")
	name := func(s int) string {
		if s == pairing.Bye {
			return "bye"
		}
		return fmt.Sprintf("(%d) %s", s+1, labels[s])
	}
	for i := 0; i+1 < len(slots); i += 2 {
		fmt.Fprintf(e.stdout, "  %s – %s\n", name(slots[i]), name(slots[i+1]))
	}
	fmt.Fprintln(e.stdout)
}

// printRounds prints each round's pairings with their scores: a Swiss's
// rounds, a knockout's bracket round by round (the winner marked).
func (e *env) printRounds(res lab.EventResult, labels []string) {
	seed := func(i int) string {
		if res.Format == "knockout" {
			return fmt.Sprintf("(%d) %s", i+1, labels[i])
		}
		return labels[i]
	}
	for _, rd := range res.Rounds {
		fmt.Fprintf(e.stdout, "%s:", rd.Label)
		if rd.Partial {
			fmt.Fprint(e.stdout, " (partial)")
		}
		fmt.Fprintln(e.stdout)
		tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
		for _, m := range rd.Matches {
			mark := ""
			if res.Format == "knockout" && m.Points[0] != m.Points[1] {
				w := m.First
				if m.Points[1] > m.Points[0] {
					w = m.Second
				}
				mark = "→ " + labels[w]
			}
			fmt.Fprintf(tw, "  %s\t%s-%s\t%s\t%s\n", seed(m.First), points(m.Points[0]), points(m.Points[1]), seed(m.Second), mark)
		}
		tw.Flush()
		for _, b := range rd.Byes {
			fmt.Fprintf(e.stdout, "  %s: bye\n", seed(b))
		}
	}
	if res.Format == "knockout" && len(res.Standings) > 0 && res.Standings[0].KnockoutWins > 0 {
		if top := res.Standings[0]; len(res.Standings) < 2 || res.Standings[1].KnockoutWins < top.KnockoutWins {
			fmt.Fprintf(e.stdout, "winner: %s\n", labels[top.Index])
		}
	}
}

// writeEventDir writes standings.md, standings.csv and results.json to
// r.dir, each atomically.
func writeEventDir(r tournamentRun, res lab.EventResult, out eventJSON) error {
	if err := os.MkdirAll(r.dir, 0o755); err != nil {
		return err
	}
	files := map[string]func(io.Writer) error{
		"standings.md": func(w io.Writer) error { return standingsMarkdown(w, r, res, out.Partial) },
		"standings.csv": func(w io.Writer) error {
			cw := csv.NewWriter(w)
			cw.Write([]string{"rank", "bot", "points", "byes", "games", "wins", "draws", "losses", "elo", "elo_low", "elo_high", "knockout_wins"})
			for _, s := range res.Standings {
				cw.Write([]string{strconv.Itoa(s.Rank), s.Bot, points(s.Points), strconv.Itoa(s.Byes), strconv.Itoa(s.Games),
					strconv.Itoa(s.Wins), strconv.Itoa(s.Draws), strconv.Itoa(s.Losses), fmt.Sprintf("%.1f", s.Elo),
					fmt.Sprintf("%.1f", s.EloLow), fmt.Sprintf("%.1f", s.EloHigh), strconv.Itoa(s.KnockoutWins)})
			}
			cw.Flush()
			return cw.Error()
		},
		"results.json": func(w io.Writer) error {
			enc := json.NewEncoder(w)
			enc.SetIndent("", "  ")
			return enc.Encode(out)
		},
	}
	for _, name := range []string{"standings.md", "standings.csv", "results.json"} {
		if err := safefile.WriteFunc(filepath.Join(r.dir, name), files[name]); err != nil {
			return err
		}
	}
	return nil
}

// standingsMarkdown writes the standings as a Markdown page.
func standingsMarkdown(w io.Writer, r tournamentRun, res lab.EventResult, partial bool) error {
	fmt.Fprintf(w, "# %s %s\n\n", r.g.Title, formatTitle(res.Format))
	fmt.Fprintf(w, "%d bots, %d games per pairing, %d games in %d rounds, seed %d.", len(res.Bots), r.games, res.Played, len(res.Rounds), r.seed)
	if partial {
		fmt.Fprint(w, " **Partial: interrupted; the finished games only.**")
	}
	fmt.Fprint(w, "\n\n")
	first := "Points"
	if res.Format == "knockout" {
		first = "Rounds won"
	}
	fmt.Fprintf(w, "| Rank | Bot | %s | Games | Wins | Draws | Losses | Elo | 95%% interval |\n", first)
	fmt.Fprintln(w, "|---:|---|---:|---:|---:|---:|---:|---:|---|")
	for _, s := range res.Standings {
		p := points(s.Points)
		if res.Format == "knockout" {
			p = strconv.Itoa(s.KnockoutWins)
		}
		bot := strings.ReplaceAll(label(s.Bot), "|", "\\|")
		fmt.Fprintf(w, "| %d | %s | %s | %d | %d | %d | %d | %+.0f | %+.0f .. %+.0f |\n", s.Rank, bot, p, s.Games, s.Wins, s.Draws,
			s.Losses, s.Elo, s.EloLow, s.EloHigh)
	}
	_, err := fmt.Fprintf(w, "\nElo is the joint rating of all %d games by maximum likelihood (Davidson's model of draws, %s, a prior of %g virtual games a bot), with 95%% intervals.\n",
		res.Rating.Games, zeroOf(res), res.Rating.Prior)
	return err
}
