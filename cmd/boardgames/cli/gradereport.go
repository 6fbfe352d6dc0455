package cli

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"html"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
	"unicode"

	"boardgames/ai/bots"
	"boardgames/ai/lab"
	"boardgames/app/gamefile"
	"boardgames/app/safefile"
	"boardgames/rules/games"
)

// checkDir checks that a report's folder can be made: it is a folder, or
// does not exist yet in a folder that does.
func checkDir(dir string) error { return checkFolder("-o", dir) }

// checkFolder is checkDir for the folder of the flag named flag.
func checkFolder(flag, dir string) error {
	st, err := os.Stat(dir)
	switch {
	case err == nil && !st.IsDir():
		return badInputf("%s %s is a file, not a folder", flag, dir)
	case err == nil:
		return nil
	case !os.IsNotExist(err):
		return badInputf("%s: %v", flag, err)
	}
	parent := filepath.Dir(filepath.Clean(dir))
	if st, err := os.Stat(parent); err != nil || !st.IsDir() {
		return badInputf("%s %s: the folder %s does not exist", flag, dir, parent)
	}
	return nil
}

// gradeJSON is the JSON summary of a grading run.
type gradeJSON struct {
	Game    string         `json:"game"`
	Bot     string         `json:"bot"`
	Spec    string         `json:"spec"`
	Seed    uint64         `json:"seed"`
	Rows    []gradeRowJSON `json:"opponents"`
	Total   gradeRowJSON   `json:"total"`
	Report  string         `json:"report"`
	Seconds float64        `json:"seconds"`
	// Costliest is the bot's costliest moves (gradereview.go).
	Costliest []costlyMove `json:"costliest"`
}

type gradeRowJSON struct {
	Opponent        string         `json:"opponent"`
	Spec            string         `json:"spec,omitempty"`
	Games           int            `json:"games"`
	Wins            int            `json:"wins"`
	Draws           int            `json:"draws"`
	Losses          int            `json:"losses"`
	Score           float64        `json:"score"`
	ScoreLow        float64        `json:"scoreLow"`
	ScoreHigh       float64        `json:"scoreHigh"`
	Elo             float64        `json:"elo"`
	EloLow          float64        `json:"eloLow"`
	EloHigh         float64        `json:"eloHigh"`
	Forfeits        int            `json:"forfeits"`
	Faults          map[string]int `json:"faults,omitempty"`
	MeanMoveSeconds float64        `json:"meanMoveSeconds"`
	MaxMoveSeconds  float64        `json:"maxMoveSeconds"`
}

func rowJSON(r lab.GradeRow) gradeRowJSON {
	return gradeRowJSON{r.Opponent, r.Spec, r.Games, r.Wins, r.Draws, r.Losses, r.Score, r.ScoreLow, r.ScoreHigh,
		r.Elo, r.EloLow, r.EloHigh, r.Forfeits, r.Faults, r.MeanMoveSeconds, r.MaxMoveSeconds}
}

// suiteLabels names a grading run's opponents: their labels in the suite,
// or their own labels.
func suiteLabels(run lab.Run) []string {
	suite := lab.Suite(run.Game)
	var out []string
	for _, p := range run.Pairs {
		spec := run.Bots[p.J]
		name := label(spec)
		for _, o := range suite {
			if o.Spec.String() == spec {
				name = o.Label
			}
		}
		out = append(out, name)
	}
	return out
}

// gradeReport sums up a grading run, writes its report to dir and prints
// a summary.
func (e *env) gradeReport(run lab.Run, res lab.TournamentResult, seconds float64, dir string, asJSON bool) error {
	g, err := games.Lookup(run.Game)
	if err != nil {
		return err
	}
	bot, err := bots.ParseSpec(run.Bots[0])
	if err != nil {
		return err
	}
	gr := lab.GradeFromTournament(res, bot, suiteLabels(run))
	rep := report{run: run, g: g, res: gr, dir: dir}
	if err := rep.write(); err != nil {
		return err
	}
	if rep.costly, err = e.costliest(&rep, gradeCostliest); err != nil {
		if e.ctx.Err() != nil {
			return interrupted("the report was written without its costliest moves: the review was stopped")
		}
		return err
	}
	if err := rep.write(); err != nil {
		return err
	}
	if asJSON {
		out := gradeJSON{Game: g.Name, Bot: gr.Bot, Spec: gr.Spec, Seed: run.Seed, Total: rowJSON(gr.Total),
			Report: filepath.Join(dir, "report.html"), Seconds: seconds, Costliest: rep.costly}
		for _, r := range gr.Rows {
			out.Rows = append(out.Rows, rowJSON(r))
		}
		return e.printJSON(out)
	}
	fmt.Fprintf(e.stdout, "%s: %s against %d opponents, %d games each, seed %d\n\n", g.Title, gr.Bot, len(gr.Rows), run.Games, run.Seed)
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	names := []string{"opponent"}
	for _, r := range gr.Rows {
		names = append(names, r.Opponent)
	}
	names = padRight(append(names, "all"))
	fmt.Fprintf(tw, "%s\twins\tdraws\tlosses\tscore (95%% interval)\tElo (95%% interval)\tforfeits\t\n", names[0])
	for i, r := range append(gr.Rows, gr.Total) {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%s\t%s\t%d\t\n", names[i+1], r.Wins, r.Draws, r.Losses,
			scoreText(r), eloText(r), r.Forfeits)
	}
	tw.Flush()
	fmt.Fprintf(e.stdout, "\ntime per move: %s on average, %s at most; faults: %s\n",
		formatSeconds(gr.Total.MeanMoveSeconds), formatSeconds(gr.Total.MaxMoveSeconds), faultText(gr.Total.Faults))
	fmt.Fprintf(e.stdout, "report: %s (and report.md, results.csv, games.csv, games/)\n", filepath.Join(dir, "report.html"))
	fmt.Fprintf(e.stdout, "time: %.1f s\n", seconds)
	return nil
}

func scoreText(r lab.GradeRow) string {
	return fmt.Sprintf("%.0f%% (%.0f–%.0f%%)", 100*r.Score, 100*r.ScoreLow, 100*r.ScoreHigh)
}

func eloText(r lab.GradeRow) string {
	return eloRange(r.Games, r.Elo, r.EloLow, r.EloHigh)
}

// faultText lists faults by kind: "none", or "crash 1, timeout 2".
func faultText(f map[string]int) string {
	if len(f) == 0 {
		return "none"
	}
	var kinds []string
	for k, n := range f {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(kinds)
	return strings.Join(kinds, ", ")
}

// report writes a grading run's files.
type report struct {
	run   lab.Run
	g     *games.Game
	res   lab.GradeResult
	dir   string
	files [][]string // per row, its games' file names (relative to dir)
	// costly is the bot's costliest moves, once reviewed (gradereview.go).
	costly []costlyMove
}

func (r *report) write() error {
	if err := os.MkdirAll(filepath.Join(r.dir, "games"), 0o755); err != nil {
		return err
	}
	if err := r.writeGames(); err != nil {
		return err
	}
	for name, write := range map[string]func(io.Writer) error{
		"report.md": r.markdown, "report.html": r.html, "results.csv": r.resultsCSV, "games.csv": r.gamesCSV,
	} {
		// Regular files only: a pipe in the folder is refused, not waited on.
		if err := safefile.WriteRegularFunc(filepath.Join(r.dir, name), write); err != nil {
			return err
		}
	}
	return nil
}

// slug makes a label fit a file name.
func slug(s string) string {
	var b strings.Builder
	for _, c := range strings.ToLower(s) {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '-':
			b.WriteRune(c)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
	}
	return strings.Trim(b.String(), "-")
}

// writeGames saves every game as a saved game the app opens and in its
// game's record format (see gameFiles): its result, a forfeit with its
// reason, and the programs' last stderr lines as notes.
func (r *report) writeGames() error {
	start, err := r.g.Parse(r.run.Start, r.run.Settings)
	if err != nil {
		return err
	}
	for i, row := range r.res.Rows {
		var names []string
		for _, gr := range row.Records {
			rec, err := r.g.ParseMoves(start, gr.Moves, r.run.Settings)
			if err != nil {
				return fmt.Errorf("game %d against %s: %w", gr.Number, row.Opponent, err)
			}
			f := playedFile(r.g, r.run.Settings, rec, gr, r.res.Spec, row.Spec)
			describe(&f, "Boardgames grade", gr.Number, f.Players[0], f.Players[1], time.Now())
			f.Notes = append([]string{fmt.Sprintf("Graded: %s against %s, game %d of %d (seed %d); %s",
				r.res.Bot, row.Opponent, gr.Number, row.Games, r.run.Seed, outcome(r.g, gr))}, f.Notes...)
			name := filepath.Join("games", fmt.Sprintf("%02d-%s-%02d%s", i+1, slug(row.Opponent), gr.Number, gamefile.Ext))
			if err := writeGameFiles(filepath.Join(r.dir, strings.TrimSuffix(name, gamefile.Ext)), f); err != nil {
				return err
			}
			names = append(names, name)
		}
		r.files = append(r.files, names)
	}
	return nil
}

// outcome says how a game ended, from the graded bot's (P1's) view.
func outcome(g *games.Game, gr lab.GameRecord) string {
	colour := g.PlayerName(gr.P1Colour)
	switch {
	case gr.Forfeit == "p1":
		return fmt.Sprintf("the graded bot (%s) forfeited: %s", colour, gr.Fault)
	case gr.Forfeit == "p2":
		return fmt.Sprintf("the opponent forfeited: %s", gr.Fault)
	case gr.Winner == "p1":
		return fmt.Sprintf("the graded bot (%s) won by %d", colour, gr.Margin)
	case gr.Winner == "p2":
		return fmt.Sprintf("the graded bot (%s) lost by %d", colour, -gr.Margin)
	}
	return fmt.Sprintf("a draw (the graded bot played %s)", colour)
}

func (r *report) title() string { return fmt.Sprintf("%s at %s", r.res.Bot, r.g.Title) }

func (r *report) setup() string {
	return fmt.Sprintf("%d opponents × %d games: %d opening(s) of %d random plies, each played with both colours; seed %d. "+
		"The same seed gives the same openings and the same games for bots that do not depend on time.",
		len(r.res.Rows), r.run.Games, (r.run.Games+1)/2, r.run.Openings, r.run.Seed)
}

func (r *report) markdown(w io.Writer) error {
	var b bytes.Buffer
	t := r.res.Total
	fmt.Fprintf(&b, "# Grade: %s\n\n", mdText(r.title()))
	fmt.Fprintf(&b, "Bot: %s\n\n%s\n\n", mdCode(r.res.Spec), r.setup())
	fmt.Fprintf(&b, "**Overall: score %s, Elo %s against the suite's average; %d forfeits.**\n\n", scoreText(t), eloText(t), t.Forfeits)
	fmt.Fprintln(&b, "## Results per opponent")
	fmt.Fprintln(&b)
	fmt.Fprintln(&b, "| opponent | games | wins | draws | losses | score (95 % interval) | Elo (95 % interval) | forfeits | time per move |")
	fmt.Fprintln(&b, "|---|--:|--:|--:|--:|--:|--:|--:|--:|")
	for _, row := range append(r.res.Rows, t) {
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %s | %s | %d | %s |\n", mdText(row.Opponent), row.Games, row.Wins, row.Draws, row.Losses,
			scoreText(row), eloText(row), row.Forfeits, formatSeconds(row.MeanMoveSeconds))
	}
	fmt.Fprintln(&b)
	fmt.Fprintln(&b, "Score: the bot's share of the points (a draw is half a point), with Wilson's 95 % interval (its variance lowered by the draws). "+
		"Elo: the rating difference that score implies, with the same interval.")
	fmt.Fprintln(&b)
	fmt.Fprintln(&b, "## Fair play")
	fmt.Fprintln(&b)
	fmt.Fprintf(&b, "- Faults (each loses its game): %s.\n", mdText(faultText(t.Faults)))
	fmt.Fprintf(&b, "- Time per move: %s on average, %s at most, over %d moves.\n", formatSeconds(t.MeanMoveSeconds), formatSeconds(t.MaxMoveSeconds), t.Moves)
	if w := r.busyWarning(); w != "" {
		fmt.Fprintf(&b, "- %s\n", w)
	}
	if f := r.forfeited(); len(f) > 0 {
		fmt.Fprintln(&b)
		fmt.Fprintln(&b, "## Forfeited games")
		for _, x := range f {
			fmt.Fprintf(&b, "\n**%s** (against %s): %s\n", mdText(x.file), mdText(x.opponent), mdText(x.game.Fault))
			if len(x.stderr) > 0 {
				b.WriteString("\n" + mdFence(x.stderr))
			}
		}
	}
	fmt.Fprintln(&b)
	if r.costly != nil {
		r.costlyMarkdown(&b)
	}
	fmt.Fprintln(&b, "## Games")
	fmt.Fprintln(&b)
	fmt.Fprintln(&b, "Every game is saved in `games/`; open one in Boardgames (File → Open) to replay it.")
	fmt.Fprintln(&b)
	for i, row := range r.res.Rows {
		fmt.Fprintf(&b, "- %s:", mdText(row.Opponent))
		for k, gr := range row.Records {
			fmt.Fprintf(&b, " [%d %s](%s)", gr.Number, resultMark(gr), filepath.ToSlash(r.files[i][k]))
		}
		fmt.Fprintln(&b)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// busyWarning reminds, when the bot timed out, that budgets are
// wall-clock time, with the machine's load when the report was written
// (Linux), and is empty otherwise.
func (r *report) busyWarning() string {
	if r.res.Total.Faults["timeout"] == 0 {
		return ""
	}
	w := "Time budgets are wall-clock time: on a busy machine the other programs slow the bot down. Grade on a quiet machine (-parallel 1 if it is shared)."
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		if f := strings.Fields(string(b)); len(f) > 0 {
			w += fmt.Sprintf(" The load average was %s on %d cores when this report was written.", f[0], lab.Cores())
		}
	}
	return w
}

// resultMark is a game's result from the graded bot's view: +, =, − or F
// for a forfeit.
func resultMark(gr lab.GameRecord) string {
	switch {
	case gr.Forfeit == "p1":
		return "F"
	case gr.Winner == "p1":
		return "+"
	case gr.Winner == "p2":
		return "−"
	}
	return "="
}

type forfeit struct {
	file, opponent string
	game           lab.GameRecord
	stderr         []string
}

// forfeited lists the graded bot's forfeited games.
func (r *report) forfeited() []forfeit {
	var out []forfeit
	for i, row := range r.res.Rows {
		for k, gr := range row.Records {
			if gr.Forfeit == "p1" {
				out = append(out, forfeit{filepath.ToSlash(r.files[i][k]), row.Opponent, gr, gr.Stderr[0]})
			}
		}
	}
	return out
}

func (r *report) resultsCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"opponent", "spec", "games", "wins", "draws", "losses", "score", "score_low", "score_high",
		"elo", "elo_low", "elo_high", "forfeits", "illegal", "malformed", "crashes", "timeouts", "moves",
		"mean_move_seconds", "max_move_seconds"})
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }
	for _, row := range append(r.res.Rows, r.res.Total) {
		cw.Write([]string{row.Opponent, row.Spec, strconv.Itoa(row.Games), strconv.Itoa(row.Wins), strconv.Itoa(row.Draws),
			strconv.Itoa(row.Losses), f(row.Score), f(row.ScoreLow), f(row.ScoreHigh), f(row.Elo), f(row.EloLow), f(row.EloHigh),
			strconv.Itoa(row.Forfeits), strconv.Itoa(row.Faults["illegal move"]), strconv.Itoa(row.Faults["malformed reply"]),
			strconv.Itoa(row.Faults["crash"]), strconv.Itoa(row.Faults["timeout"]), strconv.Itoa(row.Moves),
			f(row.MeanMoveSeconds), f(row.MaxMoveSeconds)})
	}
	cw.Flush()
	return cw.Error()
}

func (r *report) gamesCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"opponent", "game", "bot_colour", "result", "winner", "margin", "plies", "forfeit", "fault", "file", "moves"})
	for i, row := range r.res.Rows {
		for k, gr := range row.Records {
			winner := map[string]string{"p1": "bot", "p2": "opponent", "draw": "draw"}[gr.Winner]
			forf := map[string]string{"p1": "bot", "p2": "opponent"}[gr.Forfeit]
			cw.Write([]string{row.Opponent, strconv.Itoa(gr.Number), r.g.PlayerName(gr.P1Colour), r.g.ResultText(gr.Result),
				winner, strconv.Itoa(gr.Margin), strconv.Itoa(gr.Plies), forf, gr.Fault, filepath.ToSlash(r.files[i][k]), gr.Moves})
		}
	}
	cw.Flush()
	return cw.Error()
}

func (r *report) html(w io.Writer) error {
	var b bytes.Buffer
	esc := html.EscapeString
	t := r.res.Total
	fmt.Fprintf(&b, `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Grade: %s</title>
<style>
body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3em .6em}td{text-align:right}
td:first-child{text-align:left}tr:last-child{font-weight:bold}pre{background:#f4f4f4;padding:.5em;overflow-x:auto}
code{background:#f4f4f4}.f{color:#b00}
</style></head><body>
`, esc(r.title()))
	fmt.Fprintf(&b, "<h1>Grade: %s</h1>\n<p>Bot: <code>%s</code></p>\n<p>%s</p>\n", esc(r.title()), esc(r.res.Spec), esc(r.setup()))
	fmt.Fprintf(&b, "<p><strong>Overall: score %s, Elo %s against the suite's average; %d forfeits.</strong></p>\n",
		esc(scoreText(t)), esc(eloText(t)), t.Forfeits)
	b.WriteString(r.chart())
	b.WriteString("<h2>Results per opponent</h2>\n<table><tr><th>opponent</th><th>games</th><th>wins</th><th>draws</th><th>losses</th>" +
		"<th>score (95 % interval)</th><th>Elo (95 % interval)</th><th>forfeits</th><th>time per move</th></tr>\n")
	for _, row := range append(r.res.Rows, t) {
		fmt.Fprintf(&b, "<tr><td>%s</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td><td>%s</td><td>%s</td><td>%d</td><td>%s</td></tr>\n",
			esc(row.Opponent), row.Games, row.Wins, row.Draws, row.Losses, esc(scoreText(row)), esc(eloText(row)), row.Forfeits,
			esc(formatSeconds(row.MeanMoveSeconds)))
	}
	b.WriteString("</table>\n<p>Score: the bot's share of the points (a draw is half a point), with Wilson's 95 % interval " +
		"(its variance lowered by the draws). Elo: the rating difference that score implies, with the same interval.</p>\n")
	fmt.Fprintf(&b, "<h2>Fair play</h2>\n<ul><li>Faults (each loses its game): %s.</li><li>Time per move: %s on average, %s at most, over %d moves.</li>",
		esc(faultText(t.Faults)), esc(formatSeconds(t.MeanMoveSeconds)), esc(formatSeconds(t.MaxMoveSeconds)), t.Moves)
	if w := r.busyWarning(); w != "" {
		fmt.Fprintf(&b, "<li>%s</li>", esc(w))
	}
	b.WriteString("</ul>\n")
	if f := r.forfeited(); len(f) > 0 {
		b.WriteString("<h2>Forfeited games</h2>\n")
		for _, x := range f {
			fmt.Fprintf(&b, "<p class=f><a href=\"%s\">%s</a> (against %s): %s</p>\n", esc(x.file), esc(x.file), esc(x.opponent), esc(x.game.Fault))
			if len(x.stderr) > 0 {
				fmt.Fprintf(&b, "<pre>%s</pre>\n", esc(strings.Join(x.stderr, "\n")))
			}
		}
	}
	if r.costly != nil {
		r.costlyHTML(&b)
	}
	b.WriteString("<h2>Games</h2>\n<p>Every game is saved in <code>games/</code>; open one in Boardgames (File → Open) to replay it. " +
		"+ won, = drawn, − lost, F forfeited, from the graded bot's view.</p>\n<ul>\n")
	for i, row := range r.res.Rows {
		fmt.Fprintf(&b, "<li>%s:", esc(row.Opponent))
		for k, gr := range row.Records {
			fmt.Fprintf(&b, " <a href=\"%s\">%d %s</a>", esc(filepath.ToSlash(r.files[i][k])), gr.Number, resultMark(gr))
		}
		b.WriteString("</li>\n")
	}
	b.WriteString("</ul>\n</body></html>\n")
	_, err := w.Write(b.Bytes())
	return err
}

// chart draws the score against each opponent as a bar with its 95%
// interval, in SVG.
func (r *report) chart() string {
	const (
		left, width, rowH, top = 190.0, 480.0, 28.0, 30.0
	)
	rows := append(append([]lab.GradeRow{}, r.res.Rows...), r.res.Total)
	h := top + rowH*float64(len(rows)) + 30
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" font-family="sans-serif" font-size="13" role="img" aria-label="score against each opponent">`+"\n",
		left+width+70, h)
	fmt.Fprintf(&b, `<text x="%.0f" y="18" font-weight="bold">Score against each opponent, with its 95 %% interval</text>`+"\n", left)
	for _, p := range []float64{0, 0.25, 0.5, 0.75, 1} {
		x := left + p*width
		dash := ""
		if p == 0.5 {
			dash = ` stroke-dasharray="4 3"`
		}
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.0f" x2="%.1f" y2="%.0f" stroke="#bbb"%s/>`+"\n", x, top-4, x, h-26, dash)
		fmt.Fprintf(&b, `<text x="%.1f" y="%.0f" text-anchor="middle" fill="#555">%.0f%%</text>`+"\n", x, h-10, 100*p)
	}
	for i, row := range rows {
		y := top + rowH*float64(i)
		colour := "#4a7ebb"
		if i == len(rows)-1 {
			colour = "#2b4f7a"
		}
		fmt.Fprintf(&b, `<text x="%.0f" y="%.1f" text-anchor="end">%s</text>`+"\n", left-8, y+rowH/2+4, html.EscapeString(row.Opponent))
		fmt.Fprintf(&b, `<rect x="%.0f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`+"\n", left, y+5, row.Score*width, rowH-10, colour)
		lo, hi, mid := left+row.ScoreLow*width, left+row.ScoreHigh*width, y+rowH/2
		fmt.Fprintf(&b, `<path d="M%.1f %.1fH%.1fM%.1f %.1fV%.1fM%.1f %.1fV%.1f" stroke="#111" stroke-width="1.5" fill="none"/>`+"\n",
			lo, mid, hi, lo, mid-6, mid+6, hi, mid-6, mid+6)
		label := fmt.Sprintf("%.0f%%", 100*row.Score)
		if row.Forfeits > 0 {
			label += fmt.Sprintf(" (%d F)", row.Forfeits)
		}
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f">%s</text>`+"\n", left+width+6, mid+4, label)
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// Markdown of what bots and users wrote (names, specs, faults, standard
// error): nothing they wrote is read as Markdown or HTML.

// mdText is s as Markdown text that shows as it is: one line (control
// characters escaped as in messages), every character Markdown or HTML
// could read as markup escaped with a backslash, and a start that could
// open a list, a heading or a quote escaped too.
func mdText(s string) string {
	s = strings.Join(strings.Fields(printable(s)), " ")
	var b strings.Builder
	digits := 0
	for i, c := range s {
		if c >= '0' && c <= '9' && digits == i {
			digits++
		}
		switch {
		case strings.ContainsRune("\\`*_[]<>&|~!#", c),
			i == 0 && strings.ContainsRune("-+=", c),
			i > 0 && i == digits && (c == '.' || c == ')'):
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// mdCode is s as a Markdown code span: fenced by more backticks than any
// run in it, on one line.
func mdCode(s string) string {
	s = strings.Join(strings.Fields(printable(s)), " ")
	fence := strings.Repeat("`", longestRun(s, '`')+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return fence + s + fence
}

// mdFence is lines as a fenced code block: its fence is longer than any
// run of backticks in the lines (so that none closes it), and control
// characters are escaped (a terminal's escapes do nothing in a report).
func mdFence(lines []string) string {
	text := make([]string, len(lines))
	for i, l := range lines {
		text[i] = printable(l)
	}
	body := strings.Join(text, "\n")
	fence := strings.Repeat("`", max(3, longestRun(body, '`')+1))
	return fence + "\n" + body + "\n" + fence + "\n"
}

// printable escapes the control characters of s but tabs and line breaks
// as \xNN, and invalid UTF-8 as the replacement character.
func printable(s string) string {
	var b strings.Builder
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		if unicode.IsControl(r) && r != '\t' && r != '\n' {
			fmt.Fprintf(&b, "\\x%02x", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// longestRun is the length of the longest run of c in s.
func longestRun(s string, c rune) int {
	most, n := 0, 0
	for _, r := range s {
		if r == c {
			n++
			most = max(most, n)
		} else {
			n = 0
		}
	}
	return most
}
