package cli

import (
	"flag"

	"bytes"
	"fmt"
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

const treeUsage = `(-game G [-moves M | -position P] [-eval E] | -spec TREE | -branching B -leaves LO..HI [-seed S] [-cutoffs K])
       -algo minimax|alphabeta|negascout|expectimax -depth D -o FILE.svg|FILE.png [-values=false] [-windows=false] [-negamax]

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
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	ext := strings.ToLower(filepath.Ext(*out))
	switch {
	case *out == "" || *out == "-":
		return nil, badInputf("-o FILE.svg or -o FILE.png is required")
	case ext != ".svg" && ext != ".png":
		return nil, badInputf("-o %s: the file must end in .svg or .png", *out)
	case *scale < 1 || *scale > 4:
		return nil, badInputf("-scale must be 1..4, got %v", *scale)
	}
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
			return e.writeTree(tr, unit.Value, *out, *title, what, *values, *windows, *negamax, *scale)
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
	if tr, err = textbook.Search(t, *algo); err != nil {
		return nil, badInput(err)
	}
	if err := checkOutput(*out); err != nil {
		return nil, err
	}
	format = textbook.FormatValue
	what = *algo
	if *title == "" {
		*title = *algo
	}
	return func() error {
		fmt.Fprintf(e.stdout, "spec: %s\n", textbook.Format(t))
		return e.writeTree(tr, format, *out, *title, what, *values, *windows, *negamax, *scale)
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

func (e *env) writeTree(tr *textbook.Trace, format func(float64) string, out, title, what string, values, windows, negamax bool, scale float64) error {
	if negamax && tr.Tree.HasChance() {
		return badInputf("-negamax: a tree with chance nodes has no side to move at them; draw it from MAX's view")
	}
	p := treeplot.Draw(tr, treeplot.Options{Step: -1, Values: values, Windows: values && windows, Negamax: negamax,
		Format: format, Title: title, Selected: -1})
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
	if err := safefile.Write(out, buf.Bytes()); err != nil {
		return err
	}
	sheet := "answer key"
	if !values {
		sheet = "exercise sheet"
	}
	pruned := 0 // a textbook tree's pruned nodes, a real search's pruned moves
	for i, p := range tr.PrunedNodes() {
		if p {
			pruned++
		}
		pruned += tr.Tree.Nodes[i].Hidden
	}
	fmt.Fprintf(e.stdout, "wrote %s (%s, %s): %d nodes, %d visits, %d cut-offs, %d nodes pruned, root value %s\n",
		out, what, sheet, len(tr.Tree.Nodes), len(tr.Visits), tr.Cutoffs(), pruned, format(tr.Value()))
	return nil
}
