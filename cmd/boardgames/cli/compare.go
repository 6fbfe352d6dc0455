package cli

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"boardgames/ai/bots"
	"boardgames/ai/lab"
)

func init() {
	commands["compare"] = command{"several algorithms on one position, side by side: move, score, nodes, time", runCompare}
}

// compareJSON is the JSON form of compare.
type compareJSON struct {
	Game     string       `json:"game"`
	Position string       `json:"position"`
	ToMove   string       `json:"toMove"`
	Results  []compareRow `json:"results"`
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
}

// searchAlgos are the algorithms -depth applies to: the ones whose depth
// is a search depth (annealing's is its look-ahead, genetic's its plan
// length; give those inline, as in annealing:depth=2).
var searchAlgos = []string{"minimax", "alphabeta", "negascout", "engine"}

func runCompare(e *env, args []string) error {
	var pf posFlags
	fs := e.newFlags("compare", "-game G (-moves LIST | -position POS) [-algos LIST] [-depth D] [-time DUR] [-eval NAME] [-seed S] [-json]\n\n"+
		"Runs each algorithm of -algos on the position. Entries are algorithm names or whole bot specs\n"+
		"(alphabeta:order=true,depth=6), separated by commas or semicolons. -depth applies to minimax,\n"+
		"alphabeta, negascout and the engine; -time, -eval and -seed to every algorithm that takes them;\n"+
		"a parameter written in a spec wins over the flag. relNodes is nodes relative to minimax's row\n"+
		"(else the first row's).\n")
	pf.register(fs.FlagSet)
	algos := fs.String("algos", "minimax,alphabeta,negascout", "algorithms or bot specs to compare: "+strings.Join(bots.Names(""), ", "))
	depth := fs.Int("depth", 4, "search depth of minimax, alphabeta, negascout and the engine")
	limit := fs.Duration("time", 0, "time budget of each algorithm that takes one (default none)")
	evalName := fs.String("eval", "", "evaluation for every algorithm that takes one (default the game's)")
	seed := fs.Uint64("seed", 0, "random seed of random, greedy, mcts, annealing and genetic")
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *depth < 1 {
		return badInputf("-depth must be at least 1, not %d", *depth)
	}
	if *limit < 0 {
		return badInputf("-time must not be negative")
	}
	g, rec, err := pf.load()
	if err != nil {
		return err
	}
	if rec.Result().Over() {
		return badInputf("the game is over (%s): nothing to compare", rec.Result())
	}
	texts, err := splitSpecs(*algos)
	if err != nil {
		return err
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
	for _, text := range texts {
		spec, err := bots.ParseSpec(withParams(text, extra))
		if err != nil {
			return badInput(err)
		}
		if err := lab.CheckSpec(g.Name, spec); err != nil {
			return badInput(err)
		}
		specs = append(specs, spec)
	}
	pos := rec.Position()
	ctx, stop := interruptible()
	defer stop()
	rows, err := lab.Compare(ctx, pos, specs, nil)
	if err != nil && len(rows) == 0 {
		return err
	}
	out := compareJSON{Game: g.Name, Position: pos.String(), ToMove: playerName(g, pos.ToMove()), Results: []compareRow{}}
	for _, r := range rows {
		out.Results = append(out.Results, compareRow{
			Algo: r.Algo, Bot: r.Bot, Move: r.Move, Score: r.Score, Depth: r.Depth,
			Nodes: r.Nodes, Leaves: r.Leaves, Cutoffs: r.Cutoffs, TTHits: r.TTHits,
			Seconds: r.Seconds, NPS: r.NodesPerSecond, RelNodes: r.RelNodes, PV: r.PV,
			Exact: r.Exact, Fallback: r.Fallback,
		})
	}
	if *asJSON {
		if perr := e.printJSON(out); perr != nil {
			return perr
		}
		return err
	}
	fmt.Fprintf(e.stdout, "%s, %s to move: %s\n\n", g.Title, out.ToMove, out.Position)
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	names := []string{"algorithm"}
	for _, r := range out.Results {
		names = append(names, r.Bot)
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
	return err
}

// withParams adds to a bot spec the parameters of extra that its algorithm
// takes and that it does not set itself; depth goes only to the
// algorithms of searchAlgos.
func withParams(text string, extra map[string]string) string {
	name, rest, _ := strings.Cut(text, ":")
	algo := strings.ToLower(strings.TrimSpace(name))
	set := map[string]bool{}
	for _, kv := range strings.Split(rest, ",") {
		k, _, _ := strings.Cut(kv, "=")
		set[strings.ToLower(strings.TrimSpace(k))] = true
	}
	var add []string
	for _, k := range bots.ParamsFor(algo) {
		v, ok := extra[k]
		if !ok || set[k] || k == bots.KeyDepth && !slices.Contains(searchAlgos, algo) {
			continue
		}
		add = append(add, k+"="+v)
	}
	switch {
	case len(add) == 0:
		return text
	case strings.TrimSpace(rest) == "":
		return strings.TrimSpace(name) + ":" + strings.Join(add, ",")
	}
	return text + "," + strings.Join(add, ",")
}

// splitSpecs splits a list of bot specs. Specs are separated by ";" or by
// ","; since a spec's parameters are separated by commas too, an entry
// that is a bare name=value belongs to the spec before it:
// "minimax,alphabeta:order=true,depth=6" is minimax and
// alphabeta:order=true,depth=6.
func splitSpecs(list string) ([]string, error) {
	var specs []string
	for _, group := range strings.Split(list, ";") {
		for _, part := range strings.Split(group, ",") {
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
