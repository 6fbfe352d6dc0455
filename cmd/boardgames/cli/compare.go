package cli

import (
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/ai/lab"
	"boardgames/rules/games"
)

func init() {
	commands["compare"] = command{"several algorithms on one position, side by side: move, score, nodes, time", staged(prepareCompare)}
}

// compareJSON is the JSON form of compare.
type compareJSON struct {
	Game     string       `json:"game"`
	Position string       `json:"position"`
	ToMove   string       `json:"toMove"`
	Results  []compareRow `json:"results"`
	// Partial: Ctrl+C stopped the comparison; NotRun lists the bots that
	// had not started.
	Partial bool     `json:"partial,omitempty"`
	NotRun  []string `json:"notRun,omitempty"`
}

type compareRow struct {
	Algo     string   `json:"algo"`
	Bot      string   `json:"bot"`
	Move     string   `json:"move"`
	Score    int      `json:"score"`
	Depth    int      `json:"depth"`
	Nodes    uint64   `json:"nodes"`
	Leaves   uint64   `json:"leaves"`
	Cutoffs  uint64   `json:"cutoffs"`
	TTHits   uint64   `json:"ttHits"`
	Seconds  float64  `json:"seconds"`
	NPS      float64  `json:"nodesPerSecond"`
	RelNodes float64  `json:"relNodes"`
	PV       []string `json:"pv"`
	Exact    bool     `json:"exact"`
	Fallback bool     `json:"fallback,omitempty"`
	// Interrupted: the search was stopped by Ctrl+C; the row is its best
	// move so far.
	Interrupted bool `json:"interrupted,omitempty"`
}

// searchAlgos are the algorithms -depth applies to: the ones whose depth
// is a search depth (annealing's is its look-ahead, genetic's its plan
// length; give those inline, as in annealing:depth=2).
var searchAlgos = []string{"minimax", "alphabeta", "negascout", "engine"}

func prepareCompare(e *env, args []string) (func() error, error) {
	var pf posFlags
	fs := e.newFlags("compare", "-game G (-moves LIST | -position POS) [-algos LIST] [-depth D] [-time DUR] [-eval NAME] [-seed S] [-json]\n\n"+
		"Runs each algorithm of -algos on the position. Entries are algorithm names or whole bot specs\n"+
		"(alphabeta:order=true,depth=6), separated by commas or semicolons. -depth, -time, -eval and -seed\n"+
		"are shared: each applies to the algorithms that take it and the others run without it (a note\n"+
		"says which), -depth to minimax, alphabeta, negascout and the engine only; a parameter written in\n"+
		"a spec wins over the flag, and in a spec, as in analyze, a parameter the algorithm does not take\n"+
		"is an error. relNodes is nodes relative to minimax's row (else the first row's). Ctrl+C stops the\n"+
		"comparison and prints the finished rows, the interrupted one marked, and the bots not run\n"+
		"(exit status 130).\n")
	pf.register(fs.FlagSet)
	algos := fs.String("algos", "minimax,alphabeta,negascout", "algorithms or bot specs to compare: "+strings.Join(bots.Names(""), ", "))
	depth := fs.Int("depth", 4, "search depth of minimax, alphabeta, negascout and the engine")
	limit := fs.Duration("time", 0, "time budget of each algorithm that takes one (default none)")
	evalName := fs.String("eval", "", "evaluation for every algorithm that takes one (default the game's)")
	seed := fs.Uint64("seed", 0, "random seed of random, greedy, mcts, annealing and genetic")
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	if *depth < 1 || *depth > maxSearchDepth {
		return nil, badInputf("-depth must be 1..%d, not %d", maxSearchDepth, *depth)
	}
	if *limit < 0 {
		return nil, badInputf("-time must not be negative")
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	g, rec, err := pf.load()
	if err != nil {
		return nil, err
	}
	if res := rec.Result(); res.Over() {
		return nil, badInputf("the game is over (%s): nothing to compare", resultText(g, res))
	}
	texts, err := splitSpecs(*algos)
	if err != nil {
		return nil, err
	}
	// The flags' parameters join each spec that takes them and does not
	// set them itself.
	extra := map[string]string{bots.KeyDepth: strconv.Itoa(*depth)}
	if *limit > 0 {
		extra[bots.KeyTime] = limit.String()
	}
	if *evalName != "" {
		extra[bots.KeyEval] = *evalName
	}
	if *seed != 0 {
		extra[bots.KeySeed] = strconv.FormatUint(*seed, 10)
	}
	var specs []bots.Spec
	var notes []string
	for _, text := range texts {
		full, skipped := withParams(text, extra)
		spec, err := bots.ParseSpec(full)
		if err != nil {
			return nil, badInput(err)
		}
		if err := lab.CheckSpec(g.Name, spec); err != nil {
			return nil, badInput(err)
		}
		specs = append(specs, spec)
		var flags []string
		for _, k := range skipped {
			if given[k] {
				flags = append(flags, k)
			}
		}
		if len(flags) > 0 {
			notes = append(notes, fmt.Sprintf("%s ran without %s, which it does not take", spec, flagList(flags)))
		}
	}
	return func() error { return e.compare(g, rec.Position(), specs, notes, *asJSON) }, nil
}

// maxSearchDepth is the deepest -depth compare takes: the searches' own
// limit, which a depth written in a spec (alphabeta:depth=80) meets too.
const maxSearchDepth = ai.MaxDepth

func (e *env) compare(g *games.Game, pos games.Position, specs []bots.Spec, notes []string, asJSON bool) error {
	rows, err := lab.Compare(e.ctx, pos, specs, nil)
	partial := e.ctx.Err() != nil
	if err != nil && !partial {
		return err
	}
	out := compareJSON{Game: g.Name, Position: pos.String(), ToMove: playerName(g, pos.ToMove()), Results: []compareRow{}, Partial: partial}
	for _, r := range rows {
		out.Results = append(out.Results, compareRow{
			Algo: r.Algo, Bot: r.Bot, Move: r.Move, Score: r.Score, Depth: r.Depth,
			Nodes: r.Nodes, Leaves: r.Leaves, Cutoffs: r.Cutoffs, TTHits: r.TTHits,
			Seconds: r.Seconds, NPS: r.NodesPerSecond, RelNodes: r.RelNodes, PV: r.PV,
			Exact: r.Exact, Fallback: r.Fallback, Interrupted: r.Interrupted,
		})
	}
	for _, s := range specs[len(rows):] {
		out.NotRun = append(out.NotRun, s.String())
	}
	stopped := interrupted(fmt.Sprintf("the table has %d of the %d bots", len(rows), len(specs)))
	if asJSON {
		if err := e.printJSON(out); err != nil || !partial {
			return err
		}
		return stopped
	}
	fmt.Fprintf(e.stdout, "%s, %s to move: %s\n\n", g.Title, out.ToMove, out.Position)
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	names := []string{"algorithm"}
	for _, r := range out.Results {
		name := r.Bot
		if r.Interrupted {
			name += " *"
		}
		names = append(names, name)
	}
	names = padRight(names)
	fmt.Fprintf(tw, "%s\tmove\tscore\tdepth\tnodes\tleaves\tcut-offs\tTT hits\ttime\tnodes/s\trel. nodes\t\n", names[0])
	for i, r := range out.Results {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%.0f\t%.3f\t\n", names[i+1], r.Move, r.Score, r.Depth,
			r.Nodes, r.Leaves, r.Cutoffs, r.TTHits, formatSeconds(r.Seconds), r.NPS, r.RelNodes)
	}
	tw.Flush()
	for _, r := range out.Results {
		if r.Fallback {
			fmt.Fprintf(e.stdout, "(%s: no search finished in time; its move is the greedy fallback)\n", r.Bot)
		}
	}
	for _, n := range notes {
		fmt.Fprintf(e.stdout, "(%s)\n", n)
	}
	if partial {
		fmt.Fprintln(e.stdout, "(partial: interrupted; * marks the search that was stopped, with its best move so far)")
		if len(out.NotRun) > 0 {
			fmt.Fprintf(e.stdout, "(not run: %s)\n", strings.Join(out.NotRun, ", "))
		}
		return stopped
	}
	return nil
}

// withParams adds to a bot spec the parameters of extra that its algorithm
// takes and that it does not set itself; depth goes only to the
// algorithms of searchAlgos. skipped lists the parameters of extra that do
// not apply to the spec's algorithm.
func withParams(text string, extra map[string]string) (spec string, skipped []string) {
	name, rest, _ := strings.Cut(text, ":")
	algo := strings.ToLower(strings.TrimSpace(name))
	set := map[string]bool{}
	for _, kv := range strings.Split(rest, ",") {
		k, _, _ := strings.Cut(kv, "=")
		set[strings.ToLower(strings.TrimSpace(k))] = true
	}
	var add []string
	takes := bots.ParamsFor(algo)
	for _, k := range bots.Keys() {
		v, ok := extra[k]
		switch {
		case !ok || set[k]:
		case !slices.Contains(takes, k) || k == bots.KeyDepth && !slices.Contains(searchAlgos, algo):
			skipped = append(skipped, k)
		default:
			add = append(add, k+"="+v)
		}
	}
	switch {
	case len(add) == 0:
		return text, skipped
	case strings.TrimSpace(rest) == "":
		return strings.TrimSpace(name) + ":" + strings.Join(add, ","), skipped
	}
	return text + "," + strings.Join(add, ","), skipped
}

// splitSpecs splits a list of bot specs. Specs are separated by ";" or by
// ","; since a spec's parameters are separated by commas too, an entry
// that is a bare name=value belongs to the spec before it:
// "minimax,alphabeta:order=true,depth=6" is minimax and
// alphabeta:order=true,depth=6.
func splitSpecs(list string) ([]string, error) {
	var specs []string
	for _, group := range splitOutside(list, ';') {
		for _, part := range splitOutside(group, ',') {
			part = strings.TrimSpace(part)
			switch {
			case part == "":
				continue
			case strings.Contains(part, "=") && !strings.Contains(part, ":"):
				if len(specs) == 0 || !strings.Contains(specs[len(specs)-1], ":") {
					return nil, badInputf("%q in %q belongs to no bot spec (write name:param=value)", part, list)
				}
				specs[len(specs)-1] += "," + part
			default:
				specs = append(specs, part)
			}
		}
		// A ";" ends a spec: the next group's parameters cannot join it.
		if len(specs) > 0 {
			specs = append(specs, "")
		}
	}
	var out []string
	for _, s := range specs {
		if s != "" {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return nil, badInputf("no algorithm given in %q", list)
	}
	return out, nil
}

// padRight pads texts with spaces to the same width, so that a column of
// a right-aligned tabwriter table reads left-aligned.
func padRight(texts []string) []string {
	w := 0
	for _, t := range texts {
		w = max(w, utf8.RuneCountInString(t))
	}
	out := make([]string, len(texts))
	for i, t := range texts {
		out[i] = t + strings.Repeat(" ", w-utf8.RuneCountInString(t))
	}
	return out
}

// formatSeconds prints a duration in seconds with a precision that suits
// it.
func formatSeconds(s float64) string {
	d := time.Duration(s * float64(time.Second))
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%.0fµs", s*1e6)
	case d < time.Second:
		return fmt.Sprintf("%.1fms", s*1e3)
	}
	return fmt.Sprintf("%.2fs", s)
}
