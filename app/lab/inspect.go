package lab

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai"
	ailab "boardgames/ai/lab"
	"boardgames/ai/textbook"
	"boardgames/ai/textbook/treeplot"
	"boardgames/app/board"
	"boardgames/app/inspector"
	"boardgames/app/internal/classroom"
	"boardgames/app/internal/tr"
	"boardgames/app/match"
	"boardgames/rules/checkers"
	"boardgames/rules/games"
)

// NodeView is what the main board shows of the node the inspector has
// selected: its position, the path from the root as numbered moves, and a
// caption. Root is the searched position's String(): the app drops the
// view once its own position is another.
type NodeView struct {
	Root    string
	View    board.View
	Path    []inspector.PathMark
	Caption string
}

// inspectScreen replays a search step by step: a small search of the main
// window's position, or a textbook tree (typed, or generated). The
// selected node's position shows on the main board (Options.ShowNode) or,
// without it, on a small board beside the controls.
type inspectScreen struct {
	l     *Lab
	mode  *widget.RadioGroup
	algo  *widget.Select // ailab.InspectAlgorithms by their titles
	depth *widget.Select
	eval  *evalSelect
	limit *intField
	task  *task

	// The textbook tree's controls.
	bookAlgo                    *widget.Select // textbook.Algorithms
	spec                        *widget.Entry
	branching, genDepth, cutoff *widget.Select
	leaves, seed                *widget.Entry
	generate                    *widget.Button
	exercise, follow, key       *widget.Check
	svg, png                    *widget.Button

	gameBox, bookBox, nodeBox *fyne.Container
	in                        *inspector.Inspector
	board                     *board.Board
	caption                   *widget.Label
	content                   fyne.CanvasObject

	// The search shown: its root position and tree (nil for a textbook
	// tree), its trace, and the unit of its values.
	root  games.Position
	tree  *ai.Tree
	trace *textbook.Trace
	unit  ailab.Unit
	title string
}

// inspectDepths are the depths offered: a classroom tree is small.
var inspectDepths = []string{"1", "2", "3", "4", "5"}

// exampleTree is the textbook tree the screen starts with: Russell and
// Norvig's alpha-beta example.
const exampleTree = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"

func newInspectScreen(l *Lab) *inspectScreen {
	s := &inspectScreen{l: l}
	var titles []string
	for _, a := range ailab.InspectAlgorithms {
		titles = append(titles, algoName(a))
	}
	s.algo = widget.NewSelect(titles, nil)
	s.algo.SetSelectedIndex(slices.Index(ailab.InspectAlgorithms, "alphabeta"))
	s.depth = widget.NewSelect(inspectDepths, nil)
	s.depth.SetSelected("3")
	s.eval = newEvalSelect(l.game, nil)
	s.eval.set(ailab.InspectEval(l.game))
	s.limit = newIntField(tr.T("Node limit"), 1, 200_000, "5000", "500", "1000", "5000", "20000")
	s.task = newTask(l, tr.T("Search"), s.run)

	var bookTitles []string
	for _, a := range textbook.Algorithms {
		bookTitles = append(bookTitles, bookAlgoName(a))
	}
	s.bookAlgo = widget.NewSelect(bookTitles, func(string) {
		if s.trace != nil && s.tree == nil {
			s.build()
		}
	})
	s.bookAlgo.SetSelectedIndex(1)
	s.spec = widget.NewMultiLineEntry()
	s.spec.Wrapping = fyne.TextWrapWord
	s.spec.SetText(exampleTree)
	s.spec.SetMinRowsVisible(3)
	s.branching = widget.NewSelect([]string{"2", "3", "4"}, nil)
	s.branching.SetSelected("3")
	s.genDepth = widget.NewSelect([]string{"2", "3", "4"}, nil)
	s.genDepth.SetSelected("3")
	s.cutoff = widget.NewSelect([]string{"0", "1", "2", "3", "4", "5"}, nil)
	s.cutoff.SetSelected("2")
	s.leaves = widget.NewEntry()
	s.leaves.SetText("0..9")
	s.seed = widget.NewEntry()
	s.seed.SetText("1")
	s.generate = widget.NewButtonWithIcon(tr.T("Generate"), theme.ViewRefreshIcon(), s.generateTree)
	s.exercise = widget.NewCheck(tr.T("Exercise mode"), func(on bool) { s.in.SetExercise(on) })
	s.follow = widget.NewCheck(tr.T("Follow on the main board"), func(on bool) {
		if s.in == nil {
			return
		}
		if on {
			s.nodeChanged(s.in.Selected())
		} else {
			s.showOnMain(nil)
		}
	})
	s.follow.SetChecked(l.opts.ShowNode != nil)
	s.key = widget.NewCheck(tr.T("Answer key: values, windows"), nil)
	s.key.SetChecked(true)
	s.svg = widget.NewButtonWithIcon(tr.T("SVG"), theme.DocumentSaveIcon(), func() { s.export(".svg") })
	s.png = widget.NewButtonWithIcon(tr.T("PNG"), theme.DocumentSaveIcon(), func() { s.export(".png") })

	s.in = inspector.New()
	s.in.OnNodeChanged = s.nodeChanged
	s.in.OnTreeChanged = func(t *textbook.Tree, x *textbook.Trace) {
		// A leaf edited or another ordering: the spec says the tree as
		// edited, and the export draws the search shown.
		s.trace = x
		s.spec.SetText(textbook.Format(t))
	}
	s.in.OnExportAnswers = func() {
		s.l.save(s.task, export{
			name:  "exercise-answers.csv",
			ready: func() bool { return s.in.Exercise() },
			write: func(w io.Writer) error { _, err := w.Write(s.in.AnswersCSV()); return err },
		})
	}
	s.in.OnKey, s.in.OnRune = l.opts.OnKey, l.opts.OnRune
	s.in.SetPredict(predictFirst())
	s.board = board.New()
	s.board.Animate = false
	s.caption = note(tr.T("Select a node to see its position."))
	boardBox := container.NewStack(minBox(210, 210), s.board)
	s.nodeBox = container.NewVBox(heading(tr.T("Selected node")), boardBox, s.caption)
	if l.opts.ShowNode != nil {
		s.nodeBox = container.NewVBox(s.follow, s.caption)
	}
	s.gameBox = container.NewVBox(form(
		widget.NewLabel(tr.T("Algorithm")), s.algo,
		widget.NewLabel(tr.T("Depth")), s.depth,
		widget.NewLabel(tr.T("Evaluation")), s.eval.Select,
		widget.NewLabel(s.limit.name), s.limit.e,
	), widget.NewSeparator(), s.nodeBox)
	s.bookBox = container.NewVBox(
		form(widget.NewLabel(tr.T("Algorithm")), s.bookAlgo),
		note(tr.T("Tree (leaf values in nested lists; {…} a chance node):")), s.spec,
		widget.NewSeparator(),
		heading(tr.T("Generate a tree")),
		form(
			widget.NewLabel(tr.T("Branching")), s.branching,
			widget.NewLabel(tr.T("Depth")), s.genDepth,
			widget.NewLabel(tr.T("Leaves")), s.leaves,
			widget.NewLabel(tr.T("Seed")), s.seed,
			widget.NewLabel(tr.T("Cut-offs at least")), s.cutoff,
		),
		s.generate,
		widget.NewSeparator(), s.exercise,
	)
	s.mode = widget.NewRadioGroup([]string{tr.T("This position"), tr.T("Textbook tree")}, func(string) { s.setMode() })
	s.mode.Required = true
	s.mode.SetSelected(tr.T("This position"))
	side := sidePanel(s.task,
		s.mode, widget.NewSeparator(), s.gameBox, s.bookBox, widget.NewSeparator(),
		heading(tr.T("Export the tree")), s.key, container.NewGridWithColumns(2, s.svg, s.png),
	)
	s.task.say(tr.T("Search, click the tree, then step: → or PageDown, ← or PageUp, Home, End."))
	s.content = beside(side, 280, s.in)
	s.setMode()
	s.showPosition(l.src.Position())
	watchPredict(s)
	return s
}

// The screens that follow the setting "predict first": one preference
// listener per app (Fyne cannot remove one), which tells the screens of
// the labs still open.
var predictWatch struct {
	sync.Mutex
	apps    map[fyne.App]bool
	last    map[fyne.App]bool // the setting when last seen
	screens map[fyne.App]map[*inspectScreen]bool
}

// watchPredict has s follow the setting.
func watchPredict(s *inspectScreen) {
	a := fyne.CurrentApp()
	if a == nil {
		return
	}
	w := &predictWatch
	w.Lock()
	defer w.Unlock()
	if w.apps == nil {
		w.apps, w.last, w.screens = map[fyne.App]bool{}, map[fyne.App]bool{}, map[fyne.App]map[*inspectScreen]bool{}
	}
	if w.screens[a] == nil {
		w.screens[a] = map[*inspectScreen]bool{}
	}
	w.screens[a][s] = true
	if w.apps[a] {
		return
	}
	w.apps[a] = true
	w.last[a] = a.Preferences().BoolWithFallback(classroom.PredictFirst, false)
	a.Preferences().AddChangeListener(func() {
		w.Lock()
		defer w.Unlock()
		on := a.Preferences().BoolWithFallback(classroom.PredictFirst, false)
		if on == w.last[a] {
			return // another setting changed
		}
		w.last[a] = on
		for s := range w.screens[a] {
			l := s.l
			l.opts.Post(func() {
				if l.closed {
					w.Lock()
					delete(w.screens[a], s)
					w.Unlock()
					return
				}
				s.in.SetPredict(predictFirst())
			})
		}
	})
}

// predictFirst reads the class setting.
func predictFirst() bool {
	if a := fyne.CurrentApp(); a != nil {
		return a.Preferences().BoolWithFallback(classroom.PredictFirst, false)
	}
	return false
}

// bookAlgoName titles a textbook algorithm.
func bookAlgoName(a string) string {
	if a == textbook.Expectimax {
		return tr.T("Expectimax")
	}
	return algoName(a)
}

// textbookMode reports whether the screen shows a textbook tree.
func (s *inspectScreen) textbookMode() bool { return s.mode.Selected == tr.T("Textbook tree") }

// setMode shows the controls of the mode chosen.
func (s *inspectScreen) setMode() {
	if s.gameBox == nil {
		return
	}
	if s.textbookMode() {
		s.gameBox.Hide()
		s.bookBox.Show()
		s.task.runBtn.SetText(tr.T("Draw the tree"))
		s.showOnMain(nil)
		s.build()
		return
	}
	s.bookBox.Hide()
	s.gameBox.Show()
	s.task.runBtn.SetText(tr.T("Search"))
	s.exercise.SetChecked(false)
	s.clear()
}

// clear shows no tree.
func (s *inspectScreen) clear() {
	s.root, s.tree, s.trace = nil, nil, nil
	s.in.SetTrace(nil, nil, "")
	s.showOnMain(nil)
	s.showPosition(s.l.src.Position())
}

// showPosition shows pos on the small board while no search is shown.
func (s *inspectScreen) showPosition(pos games.Position) {
	if s.tree == nil {
		s.board.SetView(board.View{Game: pos.Game(), Rows: pos.Rows(), Coords: true})
	}
}

func (s *inspectScreen) setGame(game string) {
	s.eval.setGame(game)
	s.eval.set(ailab.InspectEval(game))
}

// run searches the main window's position, or draws the textbook tree.
func (s *inspectScreen) run() {
	if s.textbookMode() {
		s.build()
		return
	}
	pos, where := s.l.current()
	if pos.Result().Over() {
		s.task.fail(tr.T("The game on the board is over: there is nothing to search. Undo a move or start a new game."))
		return
	}
	depth, _ := strconv.Atoi(s.depth.Selected)
	limit, err := s.limit.value()
	if err != nil {
		s.task.fail(err.Error())
		return
	}
	algo := "alphabeta"
	if i := s.algo.SelectedIndex(); i >= 0 {
		algo = ailab.InspectAlgorithms[i]
	}
	eval := s.eval.spec()
	evalName := chosenEvalName(pos.Game(), eval)
	s.task.start(tr.T("Searching"), func(r *run) func() {
		tree, info, err := ailab.InspectTree(r.ctx, pos, algo, depth, eval, limit)
		if err == nil && r.ctx.Err() != nil {
			err = r.ctx.Err()
		}
		if err != nil {
			return func() { s.task.finish(err, r.j.start, tr.T("No tree to show.")) }
		}
		trace := ailab.InspectTrace(pos, algo, tree, info)
		unit := ailab.InspectUnit(pos.Game(), evalName)
		return func() {
			s.root, s.tree, s.trace, s.unit = pos, tree, trace, unit
			g := gameOf(pos.Game())
			s.title = tr.F("%s, depth %d: %s, %s to move (values in %s)", algoName(algo), depth, g.Title,
				match.ColourName(g, pos.ToMove()), unitWord(unit))
			s.in.SetPredict(predictFirst())
			s.in.SetTrace(trace, s.formatter(), unitWord(unit))
			best := pos.MoveString(info.Move)
			n := int(info.Nodes)
			var msg string
			if tree.Truncated {
				msg = tr.N("%[1]s at depth %[2]d on %[3]s: %[4]d node, best move %[5]s; the tree shown stops at %[6]d nodes.", n,
					algoName(algo), depth, where, n, best, limit)
			} else {
				msg = tr.N("%[1]s at depth %[2]d on %[3]s: %[4]d node, best move %[5]s.", n, algoName(algo), depth, where, n, best)
			}
			s.task.finish(nil, r.j.start, msg)
		}
	})
}

// build draws the textbook tree of the spec with the algorithm chosen.
func (s *inspectScreen) build() {
	t, err := textbook.Parse(s.spec.Text)
	if err != nil {
		s.task.fail(tr.F("The tree cannot be read: %s", strings.TrimPrefix(err.Error(), "textbook: ")))
		return
	}
	algo := textbook.AlphaBeta
	if i := s.bookAlgo.SelectedIndex(); i >= 0 {
		algo = textbook.Algorithms[i]
	}
	trace, err := textbook.Search(t, algo)
	if err != nil {
		s.task.fail(strings.TrimPrefix(err.Error(), "textbook: "))
		return
	}
	s.root, s.tree, s.trace, s.unit = nil, nil, trace, ailab.Unit{Scale: 1}
	s.title = bookAlgoName(algo)
	s.in.SetPredict(predictFirst())
	s.in.SetTrace(trace, textbook.FormatValue, "")
	s.exercise.SetChecked(false)
	pruned := 0
	for _, p := range trace.PrunedNodes() {
		if p {
			pruned++
		}
	}
	s.task.say(tr.F("%s on a tree of %d nodes: value %s; cut-offs: %d; nodes pruned: %d.",
		bookAlgoName(algo), len(t.Nodes), textbook.FormatValue(trace.Value()), trace.Cutoffs(), pruned))
}

// generateTree draws a random tree from the generator's fields.
func (s *inspectScreen) generateTree() {
	b, _ := strconv.Atoi(s.branching.Selected)
	d, _ := strconv.Atoi(s.genDepth.Selected)
	k, _ := strconv.Atoi(s.cutoff.Selected)
	lo, hi, ok := parseRange(s.leaves.Text)
	if !ok {
		s.task.fail(tr.F("Leaves %q: write the range as LO..HI, like 0..9.", s.leaves.Text))
		return
	}
	seed, err := strconv.ParseUint(strings.TrimSpace(s.seed.Text), 10, 64)
	if err != nil {
		s.task.fail(tr.F("Seed %q is not a whole number.", s.seed.Text))
		return
	}
	t, err := textbook.Generate(textbook.GenOptions{Branching: b, Depth: d, Lo: lo, Hi: hi, Seed: seed, Cutoffs: k})
	if err != nil {
		s.task.fail(strings.TrimPrefix(err.Error(), "textbook: "))
		return
	}
	s.spec.SetText(textbook.Format(t))
	s.build()
	// The next Generate draws another tree.
	s.seed.SetText(strconv.FormatUint(seed+1, 10))
}

// parseRange reads "LO..HI".
func parseRange(text string) (int, int, bool) {
	a, b, ok := strings.Cut(text, "..")
	lo, err1 := strconv.Atoi(strings.TrimSpace(a))
	hi, err2 := strconv.Atoi(strings.TrimSpace(b))
	return lo, hi, ok && err1 == nil && err2 == nil
}

// unitWord names a unit in the language in use.
func unitWord(u ailab.Unit) string {
	switch u.Name {
	case "discs":
		return tr.T("discs")
	case "pieces":
		return tr.T("pieces")
	case "marks":
		return tr.T("marks")
	case "":
		return ""
	}
	return tr.T("points")
}

// formatter writes the search's values in their unit, a decided game as
// "win 5" (plies to its end).
func (s *inspectScreen) formatter() func(float64) string {
	u := s.unit
	return func(v float64) string {
		if n, ok := ai.DecidedIn(int(v)); ok && v < 1e15 && v > -1e15 {
			if v > 0 {
				return tr.F("win %d", n)
			}
			return tr.F("loss %d", n)
		}
		return u.Value(v)
	}
}

// picture draws the tree for an export: the whole search, with or
// without the values and windows.
func (s *inspectScreen) picture() *treeplot.Picture {
	o := s.in.PictureOptions()
	o.Events, o.Step, o.Selected, o.Marks = nil, -1, -1, nil
	o.Values, o.Windows = s.key.Checked, s.key.Checked
	o.Title = s.title
	return treeplot.Draw(s.trace, o)
}

// export saves the tree as SVG or PNG.
func (s *inspectScreen) export(ext string) {
	name := "tree"
	if s.tree == nil {
		name = "textbook-tree"
	}
	if !s.key.Checked {
		name += "-sheet"
	}
	s.l.save(s.task, export{
		name:  name + ext,
		ready: func() bool { return s.trace != nil },
		write: func(w io.Writer) error { return s.writeTree(w, ext) },
	})
}

// writeTree writes the exported picture as ext (".svg" or ".png").
func (s *inspectScreen) writeTree(w io.Writer, ext string) error {
	if s.trace == nil {
		return fmt.Errorf("%s", tr.T("No tree to show."))
	}
	p := s.picture()
	if ext == ".svg" {
		return p.SVG(w)
	}
	var b bytes.Buffer
	if err := p.PNG(&b, 2); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

// showOnMain asks the app to show v on the main board (nil: the game).
func (s *inspectScreen) showOnMain(v *NodeView) {
	if s.l.opts.ShowNode != nil {
		s.l.opts.ShowNode(v)
	}
}

// nodeChanged shows visit v's position: on the main board with the path
// from the root, or on the small board.
func (s *inspectScreen) nodeChanged(v int) {
	if s.tree == nil || s.trace == nil || v < 0 || v >= len(s.trace.Visits) {
		return
	}
	i := s.trace.Orig[v]
	var path []int
	for n := i; n >= 0; n = int(s.tree.Nodes[n].Parent) {
		path = append(path, n)
	}
	pos := s.root
	var moves []string
	var last []int
	var marks []inspector.PathMark
	for k := len(path) - 2; k >= 0; k-- { // path[len-1] is the root
		n := s.tree.Nodes[path[k]]
		if !slices.Contains(pos.Legal(), n.Move) {
			break
		}
		moves = append(moves, pos.MoveString(n.Move))
		last = pos.Squares(n.Move)
		if len(last) > 0 {
			marks = append(marks, inspector.PathMark{Cell: last[len(last)-1], Number: len(moves), First: len(moves)%2 == 1})
		}
		pos = pos.Play(n.Move)
	}
	view := board.View{Game: pos.Game(), Rows: pos.Rows(), Last: last, Coords: true, Numbers: pos.Game() == checkers.Name}
	s.board.SetView(view)
	g := gameOf(pos.Game())
	value := s.in.NodeValue(v)
	line := strings.Join(moves, " ")
	var caption string
	switch {
	case len(moves) == 0:
		caption = tr.F("The root, the position searched: %s to move; its value is %s.", match.ColourName(g, pos.ToMove()), value)
	case pos.Result().Over():
		caption = tr.F("After %s: game over, %s; the value is %s.", line, match.ResultWords(g, pos.Result()), value)
	default:
		caption = tr.F("After %s: %s to move; the node's value is %s.", line, match.ColourName(g, pos.ToMove()), value)
	}
	s.caption.SetText(caption)
	if s.follow.Checked {
		banner := tr.F("Inspector: after %s (tap to return to the game)", line)
		if len(moves) == 0 {
			banner = tr.T("Inspector: the root (tap to return to the game)")
		}
		s.showOnMain(&NodeView{Root: s.root.String(), View: view, Path: marks, Caption: banner})
	}
}

// Inspector returns the lab's inspector, which the app's Lecture view
// shows full-screen (and the app's tests and the clicker's map use).
func (l *Lab) Inspector() *inspector.Inspector { return l.inspect.in }

// Dismissed is called by the app when the main board went back to the
// game (a tap on it): the inspector stops following until the check is
// ticked again.
func (s *inspectScreen) dismissed() {
	s.follow.SetChecked(false)
}

// NodeDismissed tells the lab that the main board went back to the game
// (the user tapped it): the inspector stops showing nodes there until its
// check is ticked again.
func (l *Lab) NodeDismissed() {
	if !l.closed {
		l.inspect.dismissed()
	}
}
