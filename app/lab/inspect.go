package lab

import (
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai"
	ailab "boardgames/ai/lab"
	"boardgames/app/board"
	"boardgames/app/inspector"
	"boardgames/app/internal/tr"
	"boardgames/app/match"
	"boardgames/rules/games"
)

// inspectScreen records a small search's tree and shows it in the
// inspector, with the selected node's position on a small board.
type inspectScreen struct {
	l     *Lab
	algo  *widget.Select // ailab.InspectAlgorithms by their titles
	depth *widget.Select
	eval  *evalSelect
	limit *intField
	task  *task

	in      *inspector.Inspector
	board   *board.Board
	caption *widget.Label
	content fyne.CanvasObject

	// The search shown: its root position and tree.
	root games.Position
	tree *ai.Tree
	unit unit // of the tree's values
}

// inspectDepths are the depths offered: a classroom tree is small.
var inspectDepths = []string{"1", "2", "3", "4", "5"}

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
	s.limit = newIntField(tr.T("Node limit"), 1, 200_000, "5000", "500", "1000", "5000", "20000")
	s.task = newTask(l, tr.T("Search"), s.run)

	s.in = inspector.New()
	s.in.OnNodeChanged = s.nodeChanged
	s.board = board.New()
	s.board.Animate = false
	s.caption = note(tr.T("Select a node to see its position."))
	boardBox := container.NewStack(minBox(210, 210), s.board)
	right := container.NewVBox(heading(tr.T("Selected node")), boardBox, s.caption)
	side := sidePanel(s.task,
		form(
			widget.NewLabel(tr.T("Algorithm")), s.algo,
			widget.NewLabel(tr.T("Depth")), s.depth,
			widget.NewLabel(tr.T("Evaluation")), s.eval.Select,
			widget.NewLabel(s.limit.name), s.limit.e,
		),
		widget.NewSeparator(),
		right,
	)
	s.task.say(tr.T("Search records every node it visits on the main window's position, " +
		"with the alpha-beta window on entry, the value returned and the cut-offs."))
	s.content = beside(side, 260, s.in)
	s.showPosition(l.src.Position())
	return s
}

// showPosition shows pos on the small board while no tree is shown.
func (s *inspectScreen) showPosition(pos games.Position) {
	if s.tree == nil {
		s.board.SetView(board.View{Game: pos.Game(), Rows: pos.Rows(), Coords: true})
	}
}

func (s *inspectScreen) setGame(game string) { s.eval.setGame(game) }

func (s *inspectScreen) run() {
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
	s.task.start(tr.T("Searching"), func(r *run) func() {
		tree, info, err := ailab.InspectTree(r.ctx, pos, algo, depth, eval, limit)
		if err == nil && r.ctx.Err() != nil {
			err = r.ctx.Err()
		}
		if err != nil {
			return func() { s.task.finish(err, r.j.start, tr.T("No tree to show.")) }
		}
		labels := ailab.NodeLabels(pos, tree)
		pv := ailab.PVNodes(tree, info)
		unit := scoreUnit(pos.Game(), chosenEvalName(pos.Game(), eval))
		return func() {
			s.root, s.tree, s.unit = pos, tree, unit
			s.in.SetTree(tree, labels, pv)
			s.in.SetUnit(unitName(unit))
			best := pos.MoveString(info.Move)
			var msg string
			n := int(info.Nodes)
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

// nodeChanged shows node i's position on the small board.
func (s *inspectScreen) nodeChanged(i int) {
	if s.tree == nil || i < 0 || i >= len(s.tree.Nodes) {
		return
	}
	var path []int
	for n := i; n >= 0; n = int(s.tree.Nodes[n].Parent) {
		path = append(path, n)
	}
	pos := s.root
	var moves []string
	var last []int
	for k := len(path) - 2; k >= 0; k-- { // path[len-1] is the root
		n := s.tree.Nodes[path[k]]
		if !slices.Contains(pos.Legal(), n.Move) {
			break
		}
		moves = append(moves, pos.MoveString(n.Move))
		last = pos.Squares(n.Move)
		pos = pos.Play(n.Move)
	}
	s.board.SetView(board.View{Game: pos.Game(), Rows: pos.Rows(), Last: last, Coords: true})
	g := gameOf(pos.Game())
	value := scoreWithUnit(s.tree.Nodes[i].Value, s.unit)
	line := strings.Join(moves, " ")
	switch {
	case len(moves) == 0:
		s.caption.SetText(tr.F("The root, the position searched: %s to move; its value is %s for them.",
			match.ColourName(g, pos.ToMove()), value))
	case pos.Result().Over():
		s.caption.SetText(tr.F("After %s: game over, %s; the value is %s for the side to move.",
			line, match.ResultWords(g, pos.Result()), value))
	default:
		s.caption.SetText(tr.F("After %s: %s to move; the node's value is %s for them.",
			line, match.ColourName(g, pos.ToMove()), value))
	}
}
