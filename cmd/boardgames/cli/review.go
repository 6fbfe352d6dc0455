package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"boardgames/ai/lab"
	"boardgames/ai/review"
	"boardgames/app/safefile"
	"boardgames/rules"
	"boardgames/rules/games"
	"boardgames/rules/records"
)

func init() {
	commands["review"] = command{"review finished games: every move's value and label (best to blunder), exact where the game is solved", staged(prepareReview)}
}

// reviewRun is a checked review command.
type reviewRun struct {
	games    []records.Game
	numbers  []int // each game's number in the input, from 1
	opt      review.Options
	out      string // report.html or report.md ("" none)
	graph    string // graph.png or graph.svg ("" none)
	cache    string // the cache file ("" none)
	asJSON   bool
	parallel int
}

// cacheSuffix names the cache file kept next to a report.
const cacheSuffix = ".review-cache"

func prepareReview(e *env, args []string) (func() error, error) {
	fs := e.newFlags("review", "-in FILE [-game G] [-index N] [-depth D | -time T] [-json] [-o report.html|report.md] [-graph FILE.png|FILE.svg] [-parallel K]\n\n"+
		"Reviews finished games: values every position and labels every move best, good,\n"+
		"inaccuracy, mistake or blunder, with the value of the move played and of the best move\n"+
		"(\"best was ...\"). Values are exact where the game is solved: Connect Four everywhere\n"+
		"(the opening book and the solver), Othello from -empties empty squares (the endgame\n"+
		"solver), checkers inside the endgame databases that are built (boardgames egdb build);\n"+
		"a move that turns a win into a draw or a loss, or a draw into a loss, is a blunder.\n"+
		"Elsewhere the engine judges at -depth plies (or -time a position) by the value lost:\n"+
		"Othello 2, 6 and 12 discs for an inaccuracy, a mistake and a blunder, checkers 0.3, 0.7\n"+
		"and 1.5 men, Adjacency 1, 2 and 4 marks. Each move says whether its label is exact.\n"+
		"Accuracy is lichess' formula on the win chance before and after each move.\n\n"+
		"-in reads PDN, GGF, move lists (one game a line, with -game), a saved game, or the\n"+
		"results file of 'boardgames arena -out'. Several games are reviewed -parallel at once\n"+
		"with a progress line on stderr; the values found are kept in a cache file (-cache, by\n"+
		"default the report's name plus "+cacheSuffix+"), so that a review stopped by Ctrl+C\n"+
		"resumes where it was. -o writes a report of every move (HTML with the graph, or\n"+
		"Markdown); -graph draws one game's evaluation graph (PNG or SVG).\n")
	in := fs.String("in", "", "the file of games to review, - for standard input")
	gameName := fs.String("game", "", "the game of a move list: "+games.Names())
	from := fs.String("from", "", "the input's format when its text does not tell: pdn, ggf, moves, bgame")
	index := fs.Int("index", 0, "review only game N of the input (1 = the first)")
	depth := fs.Int("depth", 0, "the engine's depth per position (default othello 10, checkers 14, connect4 14, adjacency 6)")
	moveTime := fs.Duration("time", 0, "the engine's time per position instead of a depth")
	solveTime := fs.Duration("solve", review.DefaultSolveTime, "the cap of each exact solve; a position not solved in it gets the engine's value, marked unproven")
	empties := fs.Int("empties", review.DefaultEmpties, "Othello: exact values from this many empty squares")
	asJSON := fs.Bool("json", false, "print the reviews as one JSON object")
	out := fs.String("o", "", "write a report of every move: report.html or report.md")
	graph := fs.String("graph", "", "draw the evaluation graph of the game: FILE.png or FILE.svg")
	cacheFile := fs.String("cache", "", "the file that keeps the values found (default: the report's name plus "+cacheSuffix+"; none without -o)")
	parallel := fs.Int("parallel", 0, "games reviewed at once (default: one per core)")
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	switch {
	case *in == "":
		return nil, badInputf("-in FILE is required (- for standard input)")
	case *index < 0 || *index > records.MaxGames:
		return nil, badInputf("-index must be 1..%d, got %d", records.MaxGames, *index)
	case *depth < 0 || *depth > 64:
		return nil, badInputf("-depth must be 1..64, not %d", *depth)
	case *moveTime < 0 || *solveTime <= 0:
		return nil, badInputf("-time must not be negative and -solve must be positive")
	case *depth > 0 && *moveTime > 0:
		return nil, badInputf("-depth and -time both limit the engine: give one")
	case *empties < 1 || *empties > 30:
		return nil, badInputf("-empties must be 1..30, not %d", *empties)
	case *parallel < 0 || *parallel > maxParallel:
		return nil, badInputf("-parallel must be 0..%d, not %d", maxParallel, *parallel)
	}
	r := reviewRun{out: *out, graph: *graph, cache: *cacheFile, asJSON: *asJSON, parallel: *parallel,
		opt: review.Options{Depth: *depth, Time: *moveTime, SolveTime: *solveTime, Empties: *empties}}
	if r.out != "" {
		switch strings.ToLower(filepath.Ext(r.out)) {
		case ".html", ".htm", ".md":
		default:
			return nil, badInputf("-o %s: the report is .html or .md", r.out)
		}
		if err := checkOutput(r.out); err != nil {
			return nil, err
		}
		if r.cache == "" {
			r.cache = r.out + cacheSuffix
		}
	}
	if r.graph != "" {
		switch strings.ToLower(filepath.Ext(r.graph)) {
		case ".png", ".svg":
		default:
			return nil, badInputf("-graph %s: the graph is .png or .svg", r.graph)
		}
		if err := checkOutput(r.graph); err != nil {
			return nil, err
		}
	}
	if r.cache != "" {
		if err := checkOutput(r.cache); err != nil {
			return nil, err
		}
	}
	var g *games.Game
	if *gameName != "" {
		var err error
		if g, err = games.Lookup(*gameName); err != nil {
			return nil, badInput(err)
		}
	}
	text, err := readConvertInput(e.ctx, *in)
	if err != nil {
		return nil, err
	}
	var bad []records.Rejected
	if isShardText(text) {
		r.games, err = shardGames(text)
	} else {
		r.games, bad, err = readRecords(text, *from, g)
	}
	if err != nil {
		return nil, err
	}
	// A file's good games are reviewed; each bad one is named.
	for _, b := range bad {
		fmt.Fprintf(e.stderr, "boardgames review: rejected: %s\n", strings.TrimPrefix(b.Err.Error(), "records: "))
	}
	for i, game := range r.games {
		n := i + 1
		if game.N > 0 {
			n = game.N // its number in the file
		}
		r.numbers = append(r.numbers, n)
	}
	if *index > len(r.games) {
		return nil, badInputf("-index %d: %s holds %s", *index, inputName(*in), countGames(len(r.games)))
	}
	if *index > 0 {
		r.games, r.numbers = r.games[*index-1:*index], []int{*index}
	}
	if r.graph != "" && len(r.games) > 1 {
		return nil, badInputf("-graph draws one game and %s holds %d: pick one with -index N", inputName(*in), len(r.games))
	}
	for i, game := range r.games {
		if game.Record.Len() == 0 {
			return nil, badInputf("game %d has no moves: nothing to review", r.numbers[i])
		}
	}
	if r.cache != "" {
		c := review.NewCache()
		if f, err := os.Open(r.cache); err == nil {
			err = c.Load(f)
			f.Close()
			if err != nil {
				return nil, badInputf("-cache %s: %v", r.cache, err)
			}
		} else if !errors.Is(err, os.ErrNotExist) {
			return nil, badInput(err)
		}
		r.opt.Cache = c
	}
	return func() error { return e.review(r) }, nil
}

// isShardText tells a results file of 'boardgames arena -out'.
func isShardText(text string) bool {
	t := strings.TrimSpace(text)
	return strings.HasPrefix(t, "{") && strings.Contains(t[:min(len(t), 200)], shardFormat)
}

// shardGames reads the games of a results file of arena, tournament or
// grade, each player named by its bot's label.
func shardGames(text string) ([]records.Game, error) {
	var f shardFile
	if err := json.Unmarshal([]byte(text), &f); err != nil {
		return nil, badInputf("not a results file: %v", err)
	}
	run := f.Run
	g, err := games.Lookup(run.Game)
	if err != nil {
		return nil, badInput(err)
	}
	var start games.Position
	if run.Start != "" {
		if start, err = g.Parse(run.Start, run.Settings); err != nil {
			return nil, badInput(err)
		}
	}
	var out []records.Game
	for _, gr := range f.Games {
		rec, err := g.ParseMoves(start, gr.Moves, run.Settings)
		if err != nil {
			return nil, badInputf("game %d of the results: %v", gr.Number, err)
		}
		game := records.NewGame(g, run.Settings, rec)
		p1, p2 := 0, 1
		if run.Kind != "arena" && gr.Pair >= 0 && gr.Pair < len(run.Pairs) {
			p1, p2 = run.Pairs[gr.Pair].I, run.Pairs[gr.Pair].J
		}
		if p1 < len(run.Bots) && p2 < len(run.Bots) {
			game.SetTag(g.PlayerName(gr.P1Colour), label(run.Bots[p1]))
			game.SetTag(g.PlayerName(gr.P1Colour.Other()), label(run.Bots[p2]))
		}
		game.Result = gr.Result
		out = append(out, game)
	}
	if len(out) == 0 {
		return nil, badInputf("the results file holds no games")
	}
	return out, nil
}

// seatName is who played a side of a game, from its tags: the saved
// game's and arena's seat (named by the colour), PDN's Black and White,
// GGF's PB and PW; "" when the record does not say.
func seatName(game records.Game, p rules.Player) string {
	keys := []string{game.Game.PlayerName(p), "Black", "PB"}
	if p == rules.White {
		keys = []string{game.Game.PlayerName(p), "White", "PW"}
	}
	for _, k := range keys {
		if v := strings.TrimSpace(game.Tag(k)); v != "" {
			return v
		}
	}
	return ""
}

// reviewed is one game's review, with who played it.
type reviewed struct {
	review.Game
	Number  int            `json:"number"`
	Players [2]string      `json:"players"`
	Result  string         `json:"result"`
	Graph   []review.Point `json:"graph"`
}

// review reviews the games, in parallel, saving the cache as it goes.
func (e *env) review(r reviewRun) error {
	rv, err := review.New(r.opt)
	if err != nil {
		return badInput(err)
	}
	start := time.Now()
	total := 0
	for _, g := range r.games {
		total += g.Record.Len() + 1
	}
	onProgress, done := e.progressLine("review", "games")
	var valued, finished atomic.Int64
	var mu sync.Mutex // guards the progress line and the cache file
	lastSave := time.Now()
	report := func() {
		if onProgress != nil {
			onProgress(lab.Progress{Done: int(finished.Load()), Total: len(r.games),
				Played: float64(len(r.games)) * float64(valued.Load()) / float64(total)})
		}
	}
	save := func(force bool) error {
		if r.cache == "" || !force && time.Since(lastSave) < 10*time.Second {
			return nil
		}
		lastSave = time.Now()
		return safefile.WriteFunc(r.cache, rv.Cache().Save)
	}
	out := make([]reviewed, len(r.games))
	errs := make([]error, len(r.games))
	next := atomic.Int64{}
	workers := r.parallel
	if workers == 0 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, len(r.games))
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= len(r.games) || e.ctx.Err() != nil {
					return
				}
				game := r.games[i]
				var seen int64
				g, err := rv.Review(e.ctx, game.Record, func(p review.Progress) {
					valued.Add(int64(p.Done) - seen)
					seen = int64(p.Done)
					mu.Lock()
					report()
					mu.Unlock()
				})
				if err != nil {
					errs[i] = err
					return
				}
				out[i] = reviewed{Game: g, Number: r.numbers[i], Result: game.Game.ResultText(game.Final()), Graph: review.Graph(g)}
				out[i].Players = [2]string{seatName(game, rules.Black), seatName(game, rules.White)}
				finished.Add(1)
				mu.Lock()
				report()
				err = save(false)
				mu.Unlock()
				if err != nil {
					errs[i] = err
					return
				}
			}
		})
	}
	wg.Wait()
	done()
	if err := save(true); err != nil {
		return err
	}
	if e.ctx.Err() != nil {
		kept := ""
		if r.cache != "" {
			kept = fmt.Sprintf("; %s keeps the %d positions valued: run again to resume", r.cache, rv.Cache().Len())
		}
		return interrupted(fmt.Sprintf("%d of %d games reviewed, no report%s", finished.Load(), len(r.games), kept))
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	seconds := time.Since(start).Seconds()
	if r.graph != "" {
		if err := writeGraph(r.graph, out[0]); err != nil {
			return err
		}
	}
	if r.out != "" {
		if err := writeReviewReport(r.out, out); err != nil {
			return err
		}
	}
	cached := 0
	for _, g := range out {
		cached += g.Cached
	}
	if r.asJSON {
		return e.printJSON(reviewJSON{Games: out, Players: playerSummaries(out), Seconds: seconds,
			Positions: total, Cached: cached})
	}
	e.printReviews(out, seconds, total, cached)
	for _, f := range []string{r.out, r.graph} {
		if f != "" {
			fmt.Fprintf(e.stderr, "boardgames review: wrote %s\n", f)
		}
	}
	return nil
}

// reviewJSON is the JSON of a review.
type reviewJSON struct {
	Games     []reviewed      `json:"games"`
	Players   []playerSummary `json:"players"`
	Positions int             `json:"positions"`
	Cached    int             `json:"cached"`
	Seconds   float64         `json:"seconds"`
}

// playerSummary adds up a player's moves over the games.
type playerSummary struct {
	Name     string               `json:"name"`
	Games    int                  `json:"games"`
	Moves    int                  `json:"moves"`
	Exact    int                  `json:"exact"`
	Count    map[review.Label]int `json:"counts"`
	Accuracy float64              `json:"accuracy"` // the mean over the player's labelled moves
}

// playerSummaries sums each player's sides up, players in order of first
// appearance; a side without a name counts under its colour.
func playerSummaries(gs []reviewed) []playerSummary {
	var out []playerSummary
	at := map[string]int{}
	acc := map[string]float64{}
	labelled := map[string]int{}
	for _, g := range gs {
		for p := range 2 {
			name := g.Players[p]
			if name == "" {
				name = g.Sides[p].Name
			}
			i, ok := at[name]
			if !ok {
				i = len(out)
				at[name] = i
				out = append(out, playerSummary{Name: name, Count: map[review.Label]int{}})
			}
			s := &out[i]
			s.Games++
			s.Moves += g.Sides[p].Moves
			s.Exact += g.Sides[p].Exact
			n := 0
			for l, c := range g.Sides[p].Count {
				s.Count[l] += c
				if l != review.Unproven {
					n += c
				}
			}
			acc[name] += g.Sides[p].Accuracy * float64(n)
			labelled[name] += n
		}
	}
	for i := range out {
		if n := labelled[out[i].Name]; n > 0 {
			out[i].Accuracy = acc[out[i].Name] / float64(n)
		}
	}
	return out
}

// countsText is a side's labels in order: "best 7, good 3, blunder 1".
func countsText(c map[review.Label]int) string {
	var parts []string
	for _, l := range review.Labels {
		if c[l] > 0 || l != review.Unproven {
			parts = append(parts, fmt.Sprintf("%s %d", l, c[l]))
		}
	}
	return strings.Join(parts, ", ")
}

// sideTitle is "Red (perfect)" or "Red".
func sideTitle(g reviewed, p int) string {
	if g.Players[p] != "" {
		return fmt.Sprintf("%s (%s)", g.Sides[p].Name, g.Players[p])
	}
	return g.Sides[p].Name
}

// printReviews prints one game's every move, or of several games a line
// per game and each player's totals.
func (e *env) printReviews(gs []reviewed, seconds float64, positions, cached int) {
	if len(gs) == 1 {
		g := gs[0]
		fmt.Fprintf(e.stdout, "%s: %s against %s: %s; %d moves, %d exact\n", g.Title, sideTitle(g, 0), sideTitle(g, 1), g.Result,
			len(g.Moves), g.Sides[0].Exact+g.Sides[1].Exact)
		fmt.Fprintf(e.stdout, "values in %s; where none is exact: %s\n\n", g.Unit, g.Engine)
		tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "ply\tside\tmove\tlabel\tplayed\tbest\tbest was\tbasis")
		for _, m := range g.Moves {
			best := ""
			if m.Label != review.Best {
				best = strings.Join(m.Best, " ")
			}
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", m.Ply, m.Side, m.Text, labelText(m.Label),
				review.Describe(m.Played, g.Unit), review.Describe(m.Before, g.Unit), best, m.Basis)
		}
		tw.Flush()
		fmt.Fprintln(e.stdout)
		for p := range 2 {
			s := g.Sides[p]
			fmt.Fprintf(e.stdout, "%s: accuracy %.1f%%; %s (%d moves, %d exact)\n", sideTitle(g, p), s.Accuracy, countsText(s.Count), s.Moves, s.Exact)
		}
	} else {
		tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "game\tmoves\texact\tresult\tfirst\taccuracy\tblunders\tsecond\taccuracy\tblunders")
		for _, g := range gs {
			fmt.Fprintf(tw, "%d\t%d\t%d\t%s\t%s\t%.1f%%\t%d\t%s\t%.1f%%\t%d\n", g.Number, len(g.Moves), g.Sides[0].Exact+g.Sides[1].Exact,
				g.Result, sideTitle(g, 0), g.Sides[0].Accuracy, g.Sides[0].Count[review.Blunder],
				sideTitle(g, 1), g.Sides[1].Accuracy, g.Sides[1].Count[review.Blunder])
		}
		tw.Flush()
		fmt.Fprintln(e.stdout)
		for _, s := range playerSummaries(gs) {
			fmt.Fprintf(e.stdout, "%s: %s, accuracy %.1f%%; %s (%d moves, %d exact)\n", s.Name, countGames(s.Games), s.Accuracy, countsText(s.Count), s.Moves, s.Exact)
		}
	}
	fmt.Fprintf(e.stdout, "time: %.1f s; %d positions, %d from the cache\n", seconds, positions, cached)
}

// labelText is a label with its symbol: "blunder ??".
func labelText(l review.Label) string {
	if s := l.Symbol(); s != "" {
		return string(l) + " " + s
	}
	return string(l)
}

// writeGraph writes a game's evaluation graph as PNG or SVG.
func writeGraph(name string, g reviewed) error {
	return safefile.WriteFunc(name, func(w io.Writer) error {
		if strings.EqualFold(filepath.Ext(name), ".svg") {
			return review.SVG(w, g.Game, sideTitle(g, 0), sideTitle(g, 1))
		}
		return review.PNG(w, g.Game)
	})
}
