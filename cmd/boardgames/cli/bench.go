package cli

import (
	"encoding/csv"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"boardgames/ai/lab"
)

func init() {
	commands["bench"] = command{"the papers' experiments, reproduced (bench -list names them)", staged(prepareBench)}
}

// benchJSON is the JSON form of an experiment's table.
type benchJSON struct {
	Name        string           `json:"name"`
	Paper       string           `json:"paper"`
	Title       string           `json:"title"`
	Columns     []string         `json:"columns"`
	Rows        [][]string       `json:"rows"`
	Comparisons []comparisonJSON `json:"comparisons"`
	Series      []seriesJSON     `json:"series"`
	XLabel      string           `json:"xLabel"`
	YLabel      string           `json:"yLabel"`
	Notes       []string         `json:"notes"`
	Seconds     float64          `json:"seconds"`
	// Partial: Ctrl+C stopped the experiment; the rows are what finished.
	Partial bool `json:"partial,omitempty"`
}

// comparisonJSON is one of the paper's figures beside ours.
type comparisonJSON struct {
	What  string `json:"what"`
	Paper string `json:"paper"`
	Ours  string `json:"ours"`
	Agree string `json:"agree"` // "agrees", "disagrees", "cannot tell" or "n/a"
	// Games is what the verdict rests on (games, positions, draws);
	// Verdict words it: "cannot tell at 40 games".
	Games   int    `json:"games"`
	Verdict string `json:"verdict"`
	Why     string `json:"why"`
}

type seriesJSON struct {
	Name string    `json:"name"`
	X    []float64 `json:"x"`
	Y    []float64 `json:"y"`
	// Low and High are the ends of each point's 95% interval, where the
	// series has them.
	Low  []float64 `json:"low,omitempty"`
	High []float64 `json:"high,omitempty"`
}

type experimentJSON struct {
	Name        string `json:"name"`
	Paper       string `json:"paper"`
	Title       string `json:"title"`
	Description string `json:"description"`
}

func prepareBench(e *env, args []string) (func() error, error) {
	if isStrength(args) {
		return prepareStrength(e, args) // strength.go
	}
	fs := e.newFlags("bench", "-experiment NAME [-quick] [-games N] [-parallel K] [-seed S] [-json] [-csv FILE]\n"+
		"       boardgames bench -list [-json]\n\n"+
		"Runs one of the papers' experiments with the paper's bots and setup, and prints its table, the\n"+
		"paper's published figures beside ours with a verdict from a test at the 5% level (agrees,\n"+
		"disagrees, cannot tell at N games, no evidence against it (p = ...) where a test can only\n"+
		"fail to reject, or n/a with the reason), its notes and its runtime.\n"+
		"Experiments: "+lab.ExperimentNames()+". Ctrl+C stops it and prints the rows that\n"+
		"finished, marked as partial (exit status 130); -csv is written whole at the end.\n")
	name := fs.String("experiment", "", "the experiment to run: "+lab.ExperimentNames())
	list := fs.Bool("list", false, "list the experiments")
	quick := fs.Bool("quick", false, "a small, fast run (fewer positions, depths or games)")
	n := fs.Int("games", 0, "games per match, for the experiments that play games (default: the experiment's)")
	parallel := fs.Int("parallel", 0, "games played at once (default: one per core)")
	seed := fs.Uint64("seed", 1, "seed of the openings and the bots")
	asJSON := fs.Bool("json", false, "print one JSON object")
	csvFile := fs.String("csv", "", "write the table as CSV to this file (- for stdout)")
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	if *list {
		return func() error { return e.listExperiments(*asJSON) }, nil
	}
	switch {
	case *name == "":
		return nil, badInputf("-experiment is required (%s), or -list", lab.ExperimentNames())
	case !knownExperiment(*name):
		return nil, badInputf("unknown experiment %q (choose %s)", *name, lab.ExperimentNames())
	case *n < 0 || *n > lab.MaxGames/benchPairings:
		return nil, badInputf("-games must be 0..%d (games per match; 0 for the experiment's own), not %d", lab.MaxGames/benchPairings, *n)
	case *parallel < 0 || *parallel > maxParallel:
		return nil, badInputf("-parallel must be 0..%d, not %d", maxParallel, *parallel)
	case *asJSON && *csvFile == "-":
		return nil, badInputf("-json and -csv - both write to stdout: choose one")
	}
	if err := checkOutput(*csvFile); err != nil {
		return nil, err
	}
	opt := lab.ExperimentOptions{Quick: *quick, Games: *n, Parallel: *parallel, Seed: *seed}
	return func() error { return e.bench(*name, opt, *asJSON, *csvFile) }, nil
}

// benchPairings is the most matches of one experiment that -games sizes
// (the adjacency round robin: 9 pairings, 6 of them again with the GA as
// printed), so that -games times it stays within lab.MaxGames.
const benchPairings = 15

func (e *env) listExperiments(asJSON bool) error {
	if asJSON {
		out := []experimentJSON{}
		for _, x := range lab.Experiments {
			out = append(out, experimentJSON{x.Name, x.Paper, x.Title, x.Description})
		}
		return e.printJSON(map[string]any{"experiments": out})
	}
	for _, x := range lab.Experiments {
		fmt.Fprintf(e.stdout, "%-22s paper %s  %s\n%22s %s\n", x.Name, x.Paper, x.Title, "", x.Description)
	}
	return nil
}

func (e *env) bench(name string, opt lab.ExperimentOptions, asJSON bool, csvFile string) error {
	onMove, done := e.progressLine(name, "")
	var progress func(int, int)
	if onMove != nil {
		progress = func(d, total int) { onMove(lab.Progress{Done: d, Total: total, Played: float64(d)}) }
	}
	t, err := lab.RunExperimentWith(e.ctx, name, opt, progress)
	done()
	partial := e.ctx.Err() != nil
	if err != nil && !partial {
		return err
	}
	stopped := interrupted("the table has the rows that finished only")
	if werr := e.writeOutput(csvFile, func(w io.Writer) error {
		cw := csv.NewWriter(w)
		cw.Write(t.Columns)
		cw.WriteAll(t.Rows)
		return cw.Error()
	}); werr != nil {
		return werr
	}
	if asJSON {
		out := benchJSON{Name: t.Name, Paper: t.Paper, Title: t.Title, Columns: t.Columns, Rows: append([][]string{}, t.Rows...),
			Comparisons: []comparisonJSON{}, Series: []seriesJSON{},
			XLabel: t.XLabel, YLabel: t.YLabel, Notes: t.Notes, Seconds: t.Seconds, Partial: partial}
		for _, c := range t.Comparisons {
			out.Comparisons = append(out.Comparisons, comparisonJSON{What: c.What, Paper: c.Paper, Ours: c.Ours, Agree: c.Agree,
				Games: c.Games, Verdict: lab.Verdict(nil, c), Why: c.Why})
		}
		for _, s := range t.Series {
			out.Series = append(out.Series, seriesJSON{s.Name, s.X, s.Y, s.Low, s.High})
		}
		if out.Notes == nil {
			out.Notes = []string{}
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
	fmt.Fprintf(e.stdout, "%s\n", t.Title)
	if partial {
		fmt.Fprintln(e.stdout, "(partial: interrupted; the rows that finished)")
	}
	fmt.Fprintln(e.stdout)
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(t.Columns, "\t")+"\t")
	for _, r := range t.Rows {
		fmt.Fprintln(tw, strings.Join(r, "\t")+"\t")
	}
	tw.Flush()
	if len(t.Comparisons) > 0 {
		fmt.Fprintf(e.stdout, "\nThe paper's figures beside ours (paper %s):\n\n", t.Paper)
		tw = tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "what\tpaper\tours\tverdict\twhy\t")
		for _, c := range t.Comparisons {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t\n", c.What, c.Paper, c.Ours, lab.Verdict(nil, c), c.Why)
		}
		tw.Flush()
	}
	fmt.Fprintln(e.stdout)
	for _, note := range t.Notes {
		fmt.Fprintln(e.stdout, note)
	}
	fmt.Fprintf(e.stdout, "runtime: %.1f s\n", t.Seconds)
	if partial {
		return stopped
	}
	return nil
}

func knownExperiment(name string) bool {
	for _, x := range lab.Experiments {
		if x.Name == name {
			return true
		}
	}
	return false
}
