package lab

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai"
	ailab "boardgames/ai/lab"
	"boardgames/app/board"
	"boardgames/app/inspector"
	"boardgames/rules/games"
)

// inspectScreen records a small search's tree and shows it in the
// inspector, with the selected node's position on a small board.
type inspectScreen struct {
	l     *Lab
	algo  *widget.Select
	depth *widget.Select
	eval  *widget.Select
	limit *intField
	task  *task

	in      *inspector.Inspector
	board   *board.Board
	caption *widget.Label
	content fyne.CanvasObject

	// The search shown: its root position and tree.
	root games.Position
	tree *ai.Tree
}

// inspectDepths are the depths offered: a classroom tree is small.
var inspectDepths = []string{"1", "2", "3", "4", "5"}

func newInspectScreen(l *Lab) *inspectScreen {
	s := &inspectScreen{l: l}
	s.algo = widget.NewSelect(ailab.InspectAlgorithms, nil)
	s.algo.SetSelected("alphabeta")
	s.depth = widget.NewSelect(inspectDepths, nil)
	s.depth.SetSelected("3")
	s.eval = widget.NewSelect(nil, nil)
	setEvals(s.eval, l.game)
	s.limit = newIntField("node limit", 1, 200_000, "5000", "500", "1000", "5000", "20000")
	s.task = newTask(l, "Search", s.run)

	s.in = inspector.New()
	s.in.OnNodeChanged = s.nodeChanged
	s.board = board.New()
	s.board.Animate = false
	s.caption = note("Select a node to see its position.")
	boardBox := container.NewStack(minBox(210, 210), s.board)
	right := container.NewVBox(heading("Selected node"), boardBox, s.caption)
	side := sidePanel(s.task,
		form(
			widget.NewLabel("Algorithm"), s.algo,
			widget.NewLabel("Depth"), s.depth,
			widget.NewLabel("Evaluation"), s.eval,
			widget.NewLabel("Node limit"), s.limit.e,
		),
		widget.NewSeparator(),
		right,
	)
	s.task.say("Search records every node it visits on the main window's position, " +
		"with the alpha-beta window on entry, the value returned and the cut-offs.")
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

func (s *inspectScreen) setGame(game string) { setEvals(s.eval, game) }

func (s *inspectScreen) run() {
	pos, where := s.l.current()
	if pos.Result().Over() {
		s.task.fail("The game on the board is over: there is nothing to search. Undo a move or start a new game.")
		return
	}
	var depth int
	fmt.Sscan(s.depth.Selected, &depth)
	limit, err := s.limit.value()
	if err != nil {
		s.task.fail("%v", err)
		return
	}
	algo := s.algo.Selected
	eval := chosenEval(pos.Game(), s.eval.Selected)
	s.task.start("Searching", func(r *run) func() {
		tree, info, err := ailab.InspectTree(r.ctx, pos, algo, depth, eval, limit)
		if err == nil && r.ctx.Err() != nil {
			err = r.ctx.Err()
		}
		if err != nil {
			return func() { s.task.finish(err, r.j.start, "No tree to show.") }
		}
		labels := ailab.NodeLabels(pos, tree)
		pv := ailab.PVNodes(tree, info)
		unit := scoreUnit(pos.Game(), chosenEvalName(pos.Game(), eval))
		return func() {
			s.root, s.tree = pos, tree
			s.in.SetTree(tree, labels, pv)
			s.in.SetUnit(unit)
			best := pos.MoveString(info.Move)
			var msg string
			n := int(info.Nodes)
			if tree.Truncated {
				msg = fmt.Sprintf(plural(n, "%[1]s at depth %[2]d on %[3]s: %[4]d node, best move %[5]s; the tree shown stops at %[6]d nodes.",
					"%[1]s at depth %[2]d on %[3]s: %[4]d nodes, best move %[5]s; the tree shown stops at %[6]d nodes."),
					algo, depth, where, n, best, limit)
			} else {
				msg = fmt.Sprintf(plural(n, "%[1]s at depth %[2]d on %[3]s: %[4]d node, best move %[5]s.",
					"%[1]s at depth %[2]d on %[3]s: %[4]d nodes, best move %[5]s."), algo, depth, where, n, best)
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
	value := scoreWithUnit(s.tree.Nodes[i].Value, s.in.Unit())
	line := strings.Join(moves, " ")
	switch {
	case len(moves) == 0:
		s.caption.SetText(fmt.Sprintf("The root, the position searched: %s to move; its value is %s for them.",
			g.PlayerName(pos.ToMove()), value))
	case pos.Result().Over():
		s.caption.SetText(fmt.Sprintf("After %s: game over, %s; the value is %s for the side to move.",
			line, g.ResultText(pos.Result()), value))
	default:
		s.caption.SetText(fmt.Sprintf("After %s: %s to move; the node's value is %s for them.",
			line, g.PlayerName(pos.ToMove()), value))
	}
}
