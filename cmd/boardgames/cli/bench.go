package cli

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"strings"
	"text/tabwriter"

	"boardgames/ai/lab"
)

func init() {
	commands["bench"] = command{"the papers' experiments, reproduced (bench -list names them)", runBench}
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
}

// comparisonJSON is one of the paper's figures beside ours.
type comparisonJSON struct {
	What  string `json:"what"`
	Paper string `json:"paper"`
	Ours  string `json:"ours"`
	Agree string `json:"agree"` // "yes", "no" or "n/a"
	Why   string `json:"why"`
}

type seriesJSON struct {
	Name string    `json:"name"`
	X    []float64 `json:"x"`
	Y    []float64 `json:"y"`
}

type experimentJSON struct {
	Name        string `json:"name"`
	Paper       string `json:"paper"`
	Title       string `json:"title"`
	Description string `json:"description"`
}

func runBench(e *env, args []string) error {
	fs := e.newFlags("bench", "-experiment NAME [-quick] [-games N] [-parallel K] [-seed S] [-json] [-csv FILE]\n"+
		"       boardgames bench -list [-json]\n\n"+
		"Runs one of the papers' experiments with the paper's bots and setup, and prints its table, the\n"+
		"paper's published figures beside ours (agree: yes, no, or n/a with the reason), its notes and\n"+
		"its runtime.\n"+
		"Experiments: "+lab.ExperimentNames()+".\n")
	name := fs.String("experiment", "", "the experiment to run: "+lab.ExperimentNames())
	list := fs.Bool("list", false, "list the experiments")
	quick := fs.Bool("quick", false, "a small, fast run (fewer positions, depths or games)")
	n := fs.Int("games", 0, "games per match, for the experiments that play games (default: the experiment's)")
	parallel := fs.Int("parallel", 0, "games played at once (default: one per CPU)")
	seed := fs.Uint64("seed", 1, "seed of the openings and the bots")
	asJSON := fs.Bool("json", false, "print one JSON object")
	csvFile := fs.String("csv", "", "write the table as CSV to this file (- for stdout)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *list {
		if *asJSON {
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
	switch {
	case *name == "":
		return badInputf("-experiment is required (%s), or -list", lab.ExperimentNames())
	case !knownExperiment(*name):
		return badInputf("unknown experiment %q (choose %s)", *name, lab.ExperimentNames())
	case *n < 0:
		return badInputf("-games must not be negative")
	case *parallel < 0:
		return badInputf("-parallel must not be negative")
	case *asJSON && *csvFile == "-":
		return badInputf("-json and -csv - both write to stdout: choose one")
	}
	csvOut, closeCSV, err := e.openCSV(*csvFile)
	if err != nil {
		return err
	}
	defer closeCSV()
	ctx, stop := interruptible()
	defer stop()
	progress, done := e.progressLine(*name)
	t, err := lab.RunExperimentWith(ctx, *name,
		lab.ExperimentOptions{Quick: *quick, Games: *n, Parallel: *parallel, Seed: *seed}, progress)
	done()
	if errors.Is(err, context.Canceled) {
		return errors.New("interrupted")
	}
	if err != nil {
		return err
	}
	if csvOut != nil {
		cw := csv.NewWriter(csvOut)
		cw.Write(t.Columns)
		cw.WriteAll(t.Rows)
		if err := cw.Error(); err != nil {
			return err
		}
	}
	if *asJSON {
		out := benchJSON{Name: t.Name, Paper: t.Paper, Title: t.Title, Columns: t.Columns, Rows: t.Rows,
			Comparisons: []comparisonJSON{}, Series: []seriesJSON{},
			XLabel: t.XLabel, YLabel: t.YLabel, Notes: t.Notes, Seconds: t.Seconds}
		for _, c := range t.Comparisons {
			out.Comparisons = append(out.Comparisons, comparisonJSON(c))
		}
		for _, s := range t.Series {
			out.Series = append(out.Series, seriesJSON{s.Name, s.X, s.Y})
		}
		if out.Notes == nil {
			out.Notes = []string{}
		}
		return e.printJSON(out)
	}
	if csvOut == e.stdout {
		return nil
	}
	fmt.Fprintf(e.stdout, "%s\n\n", t.Title)
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(t.Columns, "\t")+"\t")
	for _, r := range t.Rows {
		fmt.Fprintln(tw, strings.Join(r, "\t")+"\t")
	}
	tw.Flush()
	if len(t.Comparisons) > 0 {
		fmt.Fprintf(e.stdout, "\nThe paper's figures beside ours (paper %s):\n\n", t.Paper)
		tw = tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "what\tpaper\tours\tagree\twhy\t")
		for _, c := range t.Comparisons {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t\n", c.What, c.Paper, c.Ours, c.Agree, c.Why)
		}
		tw.Flush()
	}
	fmt.Fprintln(e.stdout)
	for _, note := range t.Notes {
		fmt.Fprintln(e.stdout, note)
	}
	fmt.Fprintf(e.stdout, "runtime: %.1f s\n", t.Seconds)
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
