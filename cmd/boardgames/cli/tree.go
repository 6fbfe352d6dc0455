package cli

import (
	"flag"

	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"boardgames/ai/lab"
	"boardgames/ai/textbook"
	"boardgames/ai/textbook/treeplot"
	"boardgames/app/safefile"
)

func init() {
	commands["tree"] = command{"draw a search tree (a game's or a textbook's) as SVG or PNG, for slides and exercise sheets", staged(prepareTree)}
}

// maxTreeNodes bounds a real search's tree in a picture: past it the
// picture is too wide to read.
const maxTreeNodes = 2000

// maxSteps bounds the pictures -steps writes.
const maxSteps = 1000

const treeUsage = `(-game G [-moves M | -position P] [-eval E] | -spec TREE | -branching B -leaves LO..HI [-seed S] [-cutoffs K])
       -algo minimax|alphabeta|negascout|expectimax -depth D -o FILE.svg|FILE.png [-values=false] [-windows=false] [-negamax]
       [-order generated|best|worst] [-collapse auto|on|off] [-steps DIR [-format svg|png] [-predict]]

Draws the tree a search walks, as a textbook does: MAX triangles pointing up, MIN pointing down,
chance circles, leaf squares; each node's value and alpha-beta window; pruned branches dashed and
crossed; the principal variation thick. The file's extension chooses SVG or PNG.

  a game's search:  boardgames tree -game othello -moves f5d6 -algo alphabeta -depth 2 -o tree.svg
                    values in the game's units (discs, marks; checkers in pieces), from the first
                    player's view (MAX) or, with -negamax, the side to move's
  a textbook tree:  boardgames tree -spec "[[3,12,8],[2,4,6],[14,5,2]]" -algo alphabeta -o rn.svg
                    nested lists of leaf values, levels MAX and MIN in turn ("min[...]" says it);
                    {0.5: 3, 0.5: [1, 8]} is a chance node (expectimax), equal chances if none given
  a random one:     boardgames tree -branching 3 -depth 3 -leaves 0..9 -seed 4 -cutoffs 3 -algo alphabeta -o ex.svg
                    at least K cut-offs, one above the leaves (from depth 3); prints its -spec
  exercise sheet:   add -values=false (leaves only); the same command without it is the answer key
  move ordering:    -order best (or worst) tries each node's best (worst) child first; the command
                    prints alpha-beta's node counts for the three orderings side by side
  the steps:        -steps DIR writes each step of the search as its own picture, DIR/step-001.svg
                    (-format png: .png), and DIR/handout.html, one numbered page per step with its
                    sentence (print it from a browser); -o is then optional; -predict adds
                    before each inner node's return a step that asks the class ("?"), as the
                    app's predict first does
  collapse:         -collapse on draws the principal variation and its nodes' children only (a
                    step's picture: the current path); auto (the default) does so for a game's tree
                    more than 4 times as wide as it is high


`

func prepareTree(e *env, args []string) (func() error, error) {
	var pf posFlags
	fs := e.newFlags("tree", treeUsage)
	pf.register(fs.FlagSet)
	algo := fs.String("algo", "alphabeta", "minimax, alphabeta, negascout, or expectimax (textbook trees with chance nodes)")
	depth := fs.Int("depth", 0, fmt.Sprintf("a game's search depth 1..%d (default 2); a generated tree's depth 1..6 (default 3)", lab.MaxInspectDepth))
	evalName := fs.String("eval", "", "a game's evaluation (default: the one in the game's units: discs, marks)")
	spec := fs.String("spec", "", "a textbook tree: nested lists of leaf values")
	branching := fs.Int("branching", 0, "a generated tree's children per node, 2..5")
	leaves := fs.String("leaves", "0..9", "a generated tree's leaf values LO..HI")
	seed := fs.Uint64("seed", 1, "a generated tree's seed")
	cutoffs := fs.Int("cutoffs", 0, "a generated tree's least number of alpha-beta cut-offs")
	out := fs.String("o", "", "the file to write: FILE.svg or FILE.png")
	values := fs.Bool("values", true, "show the inner nodes' values (false: an exercise sheet, the leaves only)")
	windows := fs.Bool("windows", true, "show the alpha-beta windows (alphabeta, negascout)")
	negamax := fs.Bool("negamax", false, "values from the side to move's view at each node, not MAX's")
	title := fs.String("title", "", "a title above the tree (default: the algorithm and the tree)")
	scale := fs.Float64("scale", 2, "PNG pixels per point, 1..4")
	order := fs.String("order", textbook.AsGenerated, "a textbook tree's move ordering: generated, best or worst (first)")
	collapse := fs.String("collapse", "auto", "on: the principal variation and its siblings only; off: the whole tree; auto: on for a game's wide tree")
	steps := fs.String("steps", "", "write each step as its own picture into this folder, and a handout")
	stepFormat := fs.String("format", "svg", "the steps' pictures: svg or png")
	predict := fs.Bool("predict", false, "-steps: a step that asks the class (\"?\") before each inner node returns")
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	ext := strings.ToLower(filepath.Ext(*out))
	switch {
	case (*out == "" || *out == "-") && *steps == "":
		return nil, badInputf("-o FILE.svg or -o FILE.png (or -steps DIR) is required")
	case *out == "" && *steps != "":
	case ext != ".svg" && ext != ".png":
		return nil, badInputf("-o %s: the file must end in .svg or .png", *out)
	case *scale < 1 || *scale > 4:
		return nil, badInputf("-scale must be 1..4, got %v", *scale)
	}
	if !slices.Contains([]string{"auto", "on", "off"}, *collapse) {
		return nil, badInputf("-collapse must be auto, on or off, got %q", *collapse)
	}
	if *stepFormat != "svg" && *stepFormat != "png" {
		return nil, badInputf("-format must be svg or png, got %q", *stepFormat)
	}
	if set["format"] && *steps == "" {
		return nil, badInputf("-format goes with -steps")
	}
	if *predict && *steps == "" {
		return nil, badInputf("-predict goes with -steps")
	}
	if *steps != "" {
		if err := checkFolder("-steps", *steps); err != nil {
			return nil, err
		}
	}
	if !slices.Contains(textbook.Orderings, *order) {
		return nil, badInputf("-order must be generated, best or worst, got %q", *order)
	}
	if pf.game != "" && set["order"] {
		return nil, badInputf("-order goes with a textbook tree (-spec or -branching): a game's search orders its moves itself")
	}
	w := treeWriter{out: *out, steps: *steps, format: *stepFormat, collapse: *collapse, values: *values, windows: *windows,
		negamax: *negamax, predict: *predict, scale: *scale}
	sources := 0
	for _, s := range []bool{pf.game != "", *spec != "", set["branching"]} {
		if s {
			sources++
		}
	}
	if sources != 1 {
		return nil, badInputf("give one tree: -game (a search of a position), -spec (a textbook tree) or -branching (a generated tree)")
	}
	if !set["branching"] {
		for _, f := range []string{"leaves", "seed", "cutoffs"} {
			if set[f] {
				return nil, badInputf("-%s goes with -branching (a generated tree)", f)
			}
		}
	}
	if pf.game == "" && (set["eval"] || pf.moves != "" || pf.position != "") {
		return nil, badInputf("-eval, -moves and -position go with -game")
	}
	if *spec != "" && set["depth"] {
		return nil, badInputf("-depth does not go with -spec: the tree's depth is the spec's")
	}
	var tr *textbook.Trace
	var format func(float64) string
	var what string
	if pf.game != "" {
		if *algo == textbook.Expectimax {
			return nil, badInputf("-algo expectimax needs a tree with chance nodes (-spec); a game's search is minimax, alphabeta or negascout")
		}
		if *depth == 0 {
			*depth = 2
		}
		if *depth < 1 || *depth > lab.MaxInspectDepth {
			return nil, badInputf("-depth must be 1..%d for a game's search, got %d", lab.MaxInspectDepth, *depth)
		}
		if !slices.Contains(lab.InspectAlgorithms, *algo) {
			return nil, badInputf("-algo %q: a game's search is minimax, alphabeta or negascout", *algo)
		}
		g, rec, err := pf.load()
		if err != nil {
			return nil, err
		}
		pos := rec.Position()
		if pos.Result().Over() {
			return nil, badInputf("the game is over (%s): there is no tree to search", resultText(g, pos.Result()))
		}
		ev := *evalName
		if ev == "" {
			ev = lab.InspectEval(pos.Game())
		}
		if err := checkOutput(*out); err != nil {
			return nil, err
		}
		return func() error {
			tree, info, err := lab.InspectTree(e.ctx, pos, *algo, *depth, ev, maxTreeNodes)
			if err != nil {
				return err
			}
			if tree.Truncated {
				return badInputf("%s at depth %d visits %d nodes, more than a picture of %d can show: lower -depth", *algo, *depth, info.Nodes, maxTreeNodes)
			}
			unit := lab.InspectUnit(pos.Game(), ev)
			tr := lab.InspectTrace(pos, *algo, tree, info)
			what = fmt.Sprintf("%s, depth %d, values in %s", *algo, *depth, unit.Name)
			if *title == "" {
				*title = fmt.Sprintf("%s, depth %d: %s, %s to move (values in %s)", *algo, *depth, pos.Game(), playerName(g, pos.ToMove()), unit.Name)
			}
			w.valueFormat, w.title, w.what = unit.Value, *title, what
			return e.writeTree(tr, w)
		}, nil
	}
	var t *textbook.Tree
	var err error
	if *spec != "" {
		if t, err = textbook.Parse(*spec); err != nil {
			return nil, badInput(err)
		}
	} else {
		lo, hi, err := leafRange(*leaves)
		if err != nil {
			return nil, err
		}
		if *depth == 0 {
			*depth = 3
		}
		o := textbook.GenOptions{Branching: *branching, Depth: *depth, Lo: lo, Hi: hi, Seed: *seed, Cutoffs: *cutoffs}
		if err := o.Check(); err != nil {
			return nil, badInput(err)
		}
		if t, err = textbook.Generate(o); err != nil {
			return nil, badInput(err)
		}
	}
	orig := t
	if t, err = textbook.Reorder(t, *order); err != nil {
		return nil, badInput(err)
	}
	if tr, err = textbook.Search(t, *algo); err != nil {
		return nil, badInput(err)
	}
	if err := checkOutput(*out); err != nil {
		return nil, err
	}
	orderings := ""
	if tr.Windows {
		var parts []string
		for _, o := range textbook.Orderings {
			r, _ := textbook.Reorder(orig, o)
			if x, err := textbook.Search(r, *algo); err == nil {
				parts = append(parts, fmt.Sprintf("%s %d", orderName[o], len(x.Visits)))
			}
		}
		orderings = fmt.Sprintf("%s's nodes by move ordering: %s\n", *algo, strings.Join(parts, ", "))
	}
	format = textbook.FormatValue
	what = *algo
	if *title == "" {
		*title = *algo
	}
	return func() error {
		fmt.Fprintf(e.stdout, "spec: %s\n", textbook.Format(t))
		fmt.Fprint(e.stdout, orderings)
		w.valueFormat, w.title, w.what = format, *title, what
		return e.writeTree(tr, w)
	}, nil
}

// leafRange reads "LO..HI".
func leafRange(s string) (int, int, error) {
	a, b, ok := strings.Cut(s, "..")
	lo, err1 := strconv.Atoi(strings.TrimSpace(a))
	hi, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, badInputf("-leaves %q: want LO..HI, like 0..9 or -5..5", s)
	}
	return lo, hi, nil
}

// orderName names a move ordering in the output.
var orderName = map[string]string{textbook.AsGenerated: "as generated", textbook.BestFirst: "best first", textbook.WorstFirst: "worst first"}

// treeWriter is what the tree command writes, and how.
type treeWriter struct {
	out, steps, format, collapse string
	title, what                  string
	values, windows, negamax     bool
	predict                      bool // -steps asks the class before each return
	scale                        float64
	valueFormat                  func(float64) string
}

func (e *env) writeTree(tr *textbook.Trace, w treeWriter) error {
	format := w.valueFormat
	if format == nil {
		format = textbook.FormatValue
	}
	if w.negamax && tr.Tree.HasChance() {
		return badInputf("-negamax: a tree with chance nodes has no side to move at them; draw it from MAX's view")
	}
	o := treeplot.Options{Step: -1, Values: w.values, Windows: w.values && w.windows, Negamax: w.negamax,
		Format: format, Title: w.title, Selected: -1, Collapse: w.collapse == "on"}
	p := treeplot.Draw(tr, o)
	if w.collapse == "auto" && tr.Orig != nil && !p.Slide() {
		o.Collapse = true
		p = treeplot.Draw(tr, o)
	}
	if w.out != "" {
		if err := writePicture(p, w.out, w.scale); err != nil {
			return err
		}
	}
	if w.steps != "" {
		if err := e.writeSteps(tr, o, w); err != nil {
			return err
		}
	}
	sheet := "answer key"
	if !w.values {
		sheet = "exercise sheet"
	}
	pruned := 0 // a textbook tree's pruned nodes, a real search's pruned moves
	for i, p := range tr.PrunedNodes() {
		if p {
			pruned++
		}
		pruned += tr.Tree.Nodes[i].Hidden
	}
	where := w.out
	if where == "" {
		where = w.steps
	}
	collapsed := ""
	if o.Collapse {
		collapsed = ", collapsed to the principal variation"
	}
	fmt.Fprintf(e.stdout, "wrote %s (%s, %s%s): %d nodes, %d visits, %d cut-offs, %d nodes pruned, root value %s\n",
		where, w.what, sheet, collapsed, len(tr.Tree.Nodes), len(tr.Visits), tr.Cutoffs(), pruned, format(tr.Value()))
	return nil
}

// writePicture writes p to out, SVG or PNG by its extension.
func writePicture(p *treeplot.Picture, out string, scale float64) error {
	var buf bytes.Buffer
	var err error
	if strings.EqualFold(filepath.Ext(out), ".svg") {
		err = p.SVG(&buf)
	} else {
		err = p.PNG(&buf, scale)
	}
	if err != nil {
		return err
	}
	return safefile.Write(out, buf.Bytes())
}

// writeSteps writes each step of the replay as its own picture, numbered
// from 1, and the handout, one page per step with its sentence. A
// collapsed tree follows the current path.
func (e *env) writeSteps(tr *textbook.Trace, o treeplot.Options, w treeWriter) error {
	if err := os.MkdirAll(w.steps, 0o755); err != nil {
		return err
	}
	ev := tr.Events(w.predict)
	if len(ev) > maxSteps {
		return badInputf("-steps: the search has %d steps, more than %d files: draw a smaller tree (lower -depth)", len(ev), maxSteps)
	}
	o.Events = ev
	o.Windows = o.Values && w.windows
	digits := len(strconv.Itoa(len(ev)))
	digits = max(digits, 3)
	var pics []*treeplot.Picture
	var captions []string
	for k := range ev {
		o.Step = k
		o.Title = fmt.Sprintf("%s — %d/%d", w.title, k+1, len(ev))
		p := treeplot.Draw(tr, o)
		name := filepath.Join(w.steps, fmt.Sprintf("step-%0*d.%s", digits, k+1, w.format))
		if err := writePicture(p, name, w.scale); err != nil {
			return err
		}
		o.Title = ""
		pics = append(pics, treeplot.Draw(tr, o))
		captions = append(captions, treeplot.StepText(tr, ev, k, o.Format))
	}
	var buf bytes.Buffer
	if err := treeplot.Handout(&buf, w.title, pics, captions); err != nil {
		return err
	}
	if err := safefile.Write(filepath.Join(w.steps, "handout.html"), buf.Bytes()); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "wrote %d steps to %s (step-%s.%s … step-%0*d.%s) and %s\n", len(ev), w.steps,
		strings.Repeat("0", digits-1)+"1", w.format, digits, len(ev), w.format, filepath.Join(w.steps, "handout.html"))
	return nil
}
