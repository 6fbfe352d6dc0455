package cli

import (
	"bytes"
	"fmt"
	"html"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"boardgames/ai/lab"
	"boardgames/ai/review"
	"boardgames/rules/games"
)

// gradeCostliest is how many of the graded bot's costliest moves the
// grade report shows.
const gradeCostliest = 3

// gradeReview is the review of a grading run's games: lighter than the
// review command's defaults, since a run has many games: each exact solve
// capped at a quarter of a second, Othello exact from 16 empty squares, the
// engine 4 plies shallower (at least 4).
func gradeReview(game string) review.Options {
	return review.Options{SolveTime: time.Second / 4, Empties: 16, Depth: max(4, review.DefaultDepth(game)-4)}
}

// costlyMove is one of the graded bot's costliest moves.
type costlyMove struct {
	Opponent string   `json:"opponent"`
	Game     int      `json:"game"` // the game's number against that opponent
	File     string   `json:"file"` // the saved game, relative to the report
	Ply      int      `json:"ply"`
	Position string   `json:"position"` // before the move, in the game's notation
	Board    []string `json:"-"`
	Move     string   `json:"move"`
	Best     []string `json:"best"`
	Label    string   `json:"label"`
	Played   string   `json:"played"` // the move's value, in words
	Value    string   `json:"value"`  // the best move's value, in words
	Lost     float64  `json:"lost"`   // in the game's units (0 for a class change judged by the classes)
	Unit     string   `json:"unit"`
	// ChanceLost is the drop of the bot's win chance, in points of 100.
	ChanceLost float64 `json:"chanceLost"`
	Exact      bool    `json:"exact"`
	Basis      string  `json:"basis"`
}

// costliest reviews every game of the report (gradeReview's settings,
// one game per core) and returns the graded bot's n costliest
// moves: the worst labels first, then the largest drop of its win chance,
// then the largest value lost. It fails only when the run is stopped.
func (e *env) costliest(r *report, n int) ([]costlyMove, error) {
	start, err := r.g.Parse(r.run.Start, r.run.Settings)
	if err != nil {
		return nil, err
	}
	rv, err := review.New(gradeReview(r.g.Name))
	if err != nil {
		return nil, err
	}
	type job struct {
		row, k int
		rec    games.Record
	}
	var jobs []job
	for i, row := range r.res.Rows {
		for k, gr := range row.Records {
			rec, err := r.g.ParseMoves(start, gr.Moves, r.run.Settings)
			if err != nil {
				return nil, err
			}
			jobs = append(jobs, job{i, k, rec})
		}
	}
	onProgress, done := e.progressLine("grade: reviewing", "games")
	defer done()
	var mu sync.Mutex
	var found []costlyMove
	var next, finished atomic.Int64
	errs := make([]error, len(jobs))
	var wg sync.WaitGroup
	for range min(runtime.NumCPU(), len(jobs)) {
		wg.Go(func() {
			for {
				j := int(next.Add(1)) - 1
				if j >= len(jobs) || e.ctx.Err() != nil {
					return
				}
				jb := jobs[j]
				row := r.res.Rows[jb.row]
				gr := row.Records[jb.k]
				g, err := rv.Review(e.ctx, jb.rec, nil)
				if err != nil {
					errs[j] = err
					return
				}
				var mine []costlyMove
				for _, m := range g.Moves {
					if m.Player != gr.P1Colour || m.Label.Severity() <= review.Good.Severity() {
						continue
					}
					p := jb.rec.At(m.Ply - 1)
					mine = append(mine, costlyMove{Opponent: row.Opponent, Game: gr.Number, File: filepath.ToSlash(r.files[jb.row][jb.k]),
						Ply: m.Ply, Position: p.String(), Board: p.Rows(), Move: m.Text, Best: m.Best, Label: string(m.Label),
						Played: review.Describe(m.Played, g.Unit), Value: review.Describe(m.Before, g.Unit), Lost: m.Loss, Unit: g.Unit,
						ChanceLost: max(0, m.ChanceBefore-m.ChanceAfter), Exact: m.Exact, Basis: m.Basis})
				}
				mu.Lock()
				found = append(found, mine...)
				finished.Add(1)
				if onProgress != nil {
					onProgress(lab.Progress{Done: int(finished.Load()), Total: len(jobs), Played: float64(finished.Load())})
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if err := e.ctx.Err(); err != nil {
		return nil, err
	}
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	sort.SliceStable(found, func(i, j int) bool {
		a, b := found[i], found[j]
		sa, sb := review.Label(a.Label).Severity(), review.Label(b.Label).Severity()
		switch {
		case sa != sb:
			return sa > sb
		case a.ChanceLost != b.ChanceLost:
			return a.ChanceLost > b.ChanceLost
		case a.Lost != b.Lost:
			return a.Lost > b.Lost
		case a.File != b.File:
			return a.File < b.File
		}
		return a.Ply < b.Ply
	})
	return append([]costlyMove{}, found[:min(n, len(found))]...), nil
}

// costlyIntro says what the section shows.
func costlyIntro(r *report) string {
	o := gradeReview(r.g.Name)
	return fmt.Sprintf("The bot's %d costliest moves across its games, found as `boardgames review -depth %d -solve %v -empties %d` finds them: "+
		"the worst labels first, then the largest drop of the bot's win chance. "+
		"Exact labels come from the solvers and databases; the others are the engine's judgement.", gradeCostliest, o.Depth, o.SolveTime, o.Empties)
}

// costlyMarkdown writes the section of the graded bot's costliest moves.
func (r *report) costlyMarkdown(b *bytes.Buffer) {
	fmt.Fprintln(b, "## Costliest moves")
	fmt.Fprintln(b)
	fmt.Fprintln(b, costlyIntro(r))
	fmt.Fprintln(b)
	if len(r.costly) == 0 {
		fmt.Fprintln(b, "None: no move of the bot lost enough to be an inaccuracy.")
		fmt.Fprintln(b)
		return
	}
	for i, c := range r.costly {
		fmt.Fprintf(b, "%d. **%s** at ply %d of [game %d against %s](%s): played %s (%s), best was %s (%s); lost %s. %s.\n\n",
			i+1, c.Label, c.Ply, c.Game, c.Opponent, c.File, c.Move, c.Played, strings.Join(c.Best, " or "), c.Value, lostText(c), c.Basis)
		fmt.Fprintf(b, "   ```\n   %s\n   %s\n   ```\n\n", c.Position, strings.Join(c.Board, "\n   "))
	}
}

// costlyHTML is costlyMarkdown's section in HTML.
func (r *report) costlyHTML(b *bytes.Buffer) {
	esc := html.EscapeString
	fmt.Fprintf(b, "<h2>Costliest moves</h2>\n<p>%s</p>\n", esc(strings.ReplaceAll(costlyIntro(r), "`", "")))
	if len(r.costly) == 0 {
		b.WriteString("<p>None: no move of the bot lost enough to be an inaccuracy.</p>\n")
		return
	}
	b.WriteString("<ol>\n")
	for _, c := range r.costly {
		fmt.Fprintf(b, "<li><p><strong style=\"color:%s\">%s</strong> at ply %d of <a href=\"%s\">game %d against %s</a>: played %s (%s), best was %s (%s); lost %s. %s.</p>\n",
			review.Colour(review.Label(c.Label)), esc(c.Label), c.Ply, esc(c.File), c.Game, esc(c.Opponent), esc(c.Move), esc(c.Played),
			esc(strings.Join(c.Best, " or ")), esc(c.Value), esc(lostText(c)), esc(c.Basis))
		fmt.Fprintf(b, "<pre>%s\n%s</pre></li>\n", esc(c.Position), esc(strings.Join(c.Board, "\n")))
	}
	b.WriteString("</ol>\n")
}

// lostText is what a costly move lost: "18 discs, 100 points of win
// chance".
func lostText(c costlyMove) string {
	var parts []string
	if c.Lost > 0 {
		parts = append(parts, fmt.Sprintf("%.3g %s", c.Lost, c.Unit))
	}
	parts = append(parts, fmt.Sprintf("%.0f points of win chance", c.ChanceLost))
	return strings.Join(parts, ", ")
}
